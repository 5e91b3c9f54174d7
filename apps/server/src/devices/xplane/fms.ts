import { writeFms as writePlanFms, type FlightPlanFile, type PlanPointKind } from '@clearway/planfiles';
import { FMS_DEFAULT_CYCLE, type SimFlightPlanWaypoint, type SimWaypointType } from '@clearway/protocol';

/**
 * The X-Plane 11/12 `.fms` flight plan, version 1100 (spec part 2 §7 sendDirectToXPlane: ADEP, ADES,
 * NUMENR and waypoint lines, cycle 2502), for the simulator's flight plan command. The file itself is
 * written by @clearway/planfiles' writer (one writer for the route screen's download and for the
 * X-Plane folder, issue 24); this module only turns the command's waypoints into its plan:
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
 * Waypoint line: type (1 airport, 2 NDB, 3 VOR, 11 fix, 28 lat/lon), ident, via (ADEP/DEP on the first
 * point, ADES/DES on the last, DRCT otherwise: the command carries no airways), altitude ft, lat, lon.
 */

const KINDS: Record<SimWaypointType, PlanPointKind> = { AIRPORT: 'airport', NDB: 'ndb', VOR: 'vor', 'VOR-DME': 'vor', VORTAC: 'vor', FIX: 'fix', LATLON: 'user' };

/** X-Plane idents carry no spaces; anything else becomes '_'. */
const ident = (id: string): string => id.trim().toUpperCase().replace(/[^A-Z0-9+\-_/.]/g, '_').slice(0, 16) || 'WPT';

/** The command's waypoints as a planfiles plan (altitudes in feet, every leg direct). */
export function simPlanFile(waypoints: readonly SimFlightPlanWaypoint[], cycle: string = FMS_DEFAULT_CYCLE): FlightPlanFile {
  const points = waypoints.map((w) => ({ ident: ident(w.id), kind: KINDS[w.type], lat: w.lat, lon: w.lon, altitudeFt: w.altitude }));
  const first = points[0];
  const last = points[points.length - 1];
  return {
    points,
    procedures: {},
    navCycle: cycle,
    ...(first?.kind === 'airport' ? { departure: first.ident } : {}),
    ...(last?.kind === 'airport' ? { destination: last.ident } : {}),
  };
}

/** The `.fms` text of the simulator's flight plan command. */
export function writeFms(waypoints: readonly SimFlightPlanWaypoint[], cycle: string = FMS_DEFAULT_CYCLE): string {
  if (waypoints.length < 2) throw new Error(`an .fms flight plan needs at least 2 waypoints (got ${waypoints.length})`);
  return writePlanFms(simPlanFile(waypoints, cycle));
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
