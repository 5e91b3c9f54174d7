import { FMS_DEFAULT_CYCLE, type SimFlightPlanWaypoint, type SimWaypointType } from '@clearway/protocol';

/**
 * The X-Plane 11 `.fms` flight plan, version 1100 (spec part 2 §7 sendDirectToXPlane: ADEP, ADES,
 * NUMENR and waypoint lines, cycle 2502). Written here because @clearway/planfiles did not exist
 * when the simulator link was built; it can move there.
 *
 *   I
 *   1100 Version
 *   CYCLE 2502
 *   ADEP KEYW
 *   ADES KHWO
 *   NUMENR 3
 *   1 KEYW ADEP 3.000000 24.556110 -81.759552
 *   3 EYW DRCT 2500.000000 24.585878 -81.800476
 *   1 KHWO ADES 5.000000 26.001223 -80.240723
 *
 * Waypoint line: type (1 airport, 2 NDB, 3 VOR, 11 fix, 28 lat/lon), ident, via (ADEP for the
 * departure airport, ADES for the destination airport, DRCT otherwise), altitude ft, lat, lon.
 */

const TYPE_CODES: Record<SimWaypointType, number> = { AIRPORT: 1, NDB: 2, VOR: 3, 'VOR-DME': 3, VORTAC: 3, FIX: 11, LATLON: 28 };

/** X-Plane idents carry no spaces; anything else becomes '_'. */
const ident = (id: string): string => id.trim().toUpperCase().replace(/[^A-Z0-9+\-_/.]/g, '_').slice(0, 16) || 'WPT';

export function writeFms(waypoints: readonly SimFlightPlanWaypoint[], cycle: string = FMS_DEFAULT_CYCLE): string {
  if (waypoints.length < 2) throw new Error(`an .fms flight plan needs at least 2 waypoints (got ${waypoints.length})`);
  const first = waypoints[0]!;
  const last = waypoints[waypoints.length - 1]!;
  const lines = ['I', '1100 Version', `CYCLE ${cycle}`, `ADEP ${ident(first.id)}`, `ADES ${ident(last.id)}`, `NUMENR ${waypoints.length}`];
  waypoints.forEach((point, i) => {
    const via = i === 0 && point.type === 'AIRPORT' ? 'ADEP' : i === waypoints.length - 1 && point.type === 'AIRPORT' ? 'ADES' : 'DRCT';
    lines.push(`${TYPE_CODES[point.type]} ${ident(point.id)} ${via} ${point.altitude.toFixed(6)} ${point.lat.toFixed(6)} ${point.lon.toFixed(6)}`);
  });
  return `${lines.join('\n')}\n`;
}

export interface FmsPlan {
  version: number;
  cycle: string;
  adep: string | null;
  ades: string | null;
  numenr: number;
  waypoints: Array<{ type: number; id: string; via: string; altitude: number; lat: number; lon: number }>;
}

/** Reads a v1100 `.fms` (for checks); throws with the line number on a malformed line. */
export function readFms(text: string): FmsPlan {
  const lines = text.split(/\r?\n/).map((l) => l.trim()).filter((l) => l !== '');
  if (lines[0] !== 'I' && lines[0] !== 'A') throw new Error(`.fms line 1: "I" or "A" expected (got "${lines[0] ?? ''}")`);
  const version = /^(\d+) Version$/.exec(lines[1] ?? '');
  if (!version) throw new Error(`.fms line 2: "<n> Version" expected (got "${lines[1] ?? ''}")`);
  const plan: FmsPlan = { version: Number(version[1]), cycle: '', adep: null, ades: null, numenr: -1, waypoints: [] };
  lines.slice(2).forEach((line, i) => {
    const parts = line.split(/\s+/);
    const [key, value] = parts;
    if (key === 'CYCLE') plan.cycle = value ?? '';
    else if (key === 'ADEP' || key === 'DEP') plan.adep = value ?? null;
    else if (key === 'ADES' || key === 'DES') plan.ades = value ?? null;
    else if (key === 'NUMENR') plan.numenr = Number(value);
    else if (/^\d+$/.test(key ?? '') && parts.length >= 6) {
      const [type, id, via, altitude, lat, lon] = parts;
      const numbers = [Number(type), Number(altitude), Number(lat), Number(lon)];
      if (numbers.some((n) => !Number.isFinite(n))) throw new Error(`.fms line ${i + 3}: a waypoint line with bad numbers: "${line}"`);
      plan.waypoints.push({ type: numbers[0]!, id: id!, via: via!, altitude: numbers[1]!, lat: numbers[2]!, lon: numbers[3]! });
    } else if (!/^(DEPRWY|ARRRWY|SID|SIDTRANS|STAR|STARTRANS|APP|APPTRANS|DESRWY|DEPRWY)$/.test(key ?? '')) {
      throw new Error(`.fms line ${i + 3}: unknown line "${line}"`);
    }
  });
  return plan;
}
