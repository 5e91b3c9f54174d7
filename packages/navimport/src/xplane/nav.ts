/**
 * `nav.dat` version 810. Rows: `type lat lon elev_ft freq range extra ident name...`, where type is
 * 2 NDB (freq kHz), 3 VOR (freq 10 kHz, extra = slaved variation), 4/5 localizer, 6 glide slope,
 * 7/8/9 outer/middle/inner marker (these four add `airport runway` before the name), 12 DME paired
 * with a VOR or ILS, 13 standalone DME or TACAN. The navaid type is read from the name's suffix
 * (`OAKLAND VORTAC`), which the name then loses.
 */
import type { Navaid, NavaidType } from '@clearway/navdb';
import { tacanChannel } from '../cifp/records.js';
import type { DatFileInfo, DatInput, ReadDatOptions } from './datFile.js';
import { num, readDatRows, tokens, validPosition } from './datFile.js';
import type { XPlaneIlsComponent } from './types.js';

export const NAV_VERSIONS = [810] as const;

/** Name suffixes that give a navaid's type, longest first. */
const SUFFIXES: [string, NavaidType][] = [
  [' VORTAC', 'VORTAC'],
  [' VOR-DME', 'VOR-DME'],
  [' VOR/DME', 'VOR-DME'],
  [' NDB-DME', 'NDB-DME'],
  [' TACAN', 'TACAN'],
  [' VOR', 'VOR'],
  [' NDB', 'NDB'],
  [' LOM', 'NDB'],
  [' DME', 'DME'],
];

function typedName(name: string, fallback: NavaidType): { name: string; type: NavaidType } {
  const upper = name.toUpperCase();
  for (const [suffix, type] of SUFFIXES) {
    if (upper.endsWith(suffix)) return { name: name.slice(0, -suffix.length).trim() || name, type };
  }
  return { name, type: fallback };
}

const ILS_KINDS: Record<string, XPlaneIlsComponent['kind']> = { '4': 'LOC', '5': 'LOC', '6': 'GS', '7': 'OM', '8': 'MM', '9': 'IM' };

/** A DME row waiting to be merged into the VOR or NDB it belongs to. */
interface DmeRow {
  navaid: Navaid;
  /** Row 12 is the DME of a VOR or ILS; row 13 stands alone (DME, TACAN, NDB-DME). */
  paired: boolean;
}

/** Degrees of latitude/longitude within which a DME is taken to be co-located with its VOR or NDB. */
const COLOCATED_DEG = 0.05;

export interface NavDatResult {
  navaids: Navaid[];
  ils: XPlaneIlsComponent[];
  dmesMerged: number;
  info: DatFileInfo;
}

/** Reads a nav.dat: VORs, NDBs, DMEs and TACANs as navaids; localizers, glide slopes, markers and ILS DMEs as ILS components. */
export async function readNavDat(dat: DatInput, options: Omit<ReadDatOptions, 'kind' | 'versions'>): Promise<NavDatResult> {
  const { issues } = options;
  const navaids: Navaid[] = [];
  const ils: XPlaneIlsComponent[] = [];
  const dmes: DmeRow[] = [];
  const info = await readDatRows(dat, { ...options, kind: 'nav.dat', versions: NAV_VERSIONS }, (line, number) => {
    const t = tokens(line);
    const code = t[0] as string;
    const lat = num(t[1]);
    const lon = num(t[2]);
    const elev = num(t[3]);
    const freq = num(t[4]);
    const extra = num(t[6]);
    const ident = t[7];
    const isIls = code in ILS_KINDS;
    const minTokens = isIls ? 10 : 8;
    const bad = (why: string): void => issues.error(dat.name, number, `nav.dat: ${why}: '${line.slice(0, 60)}'; row skipped`);
    if (!['2', '3', '12', '13'].includes(code) && !isIls) return bad(`unknown row code ${code}`);
    if (t.length < minTokens || ident === undefined) return bad(`expected at least ${minTokens} fields`);
    if (!validPosition(lat, lon) || freq === null) return bad('unreadable position or frequency');
    const source = { source: 'xplane' as const, file: dat.name, line: number };
    if (isIls) {
      const kind = ILS_KINDS[code] as XPlaneIlsComponent['kind'];
      // Glide slope rows pack the angle (hundredths) before the bearing: 300082.971 is 3.00 degrees on 082.971 true.
      const packed = kind === 'GS' && extra !== null && extra >= 1000;
      ils.push({
        kind,
        id: ident === '----' ? '' : ident,
        airportId: t[8] as string,
        runwayId: t[9] as string,
        name: t.slice(10).join(' '),
        latDeg: lat as number,
        lonDeg: lon as number,
        elevationFt: elev,
        frequencyKhz: kind === 'LOC' || kind === 'GS' ? freq * 10 : null,
        courseTrueDeg: extra === null ? null : packed ? Math.round((extra % 1000) * 1000) / 1000 : extra,
        glideslopeDeg: packed ? Math.floor(extra / 1000) / 100 : null,
        source,
      });
      return;
    }
    const rawName = t.slice(8).join(' ');
    if (code === '12' && /DME-ILS$/i.test(rawName)) {
      ils.push({
        kind: 'DME', id: ident, airportId: t[8] as string, runwayId: t[9] ?? '', name: t.slice(10).join(' '),
        latDeg: lat as number, lonDeg: lon as number, elevationFt: elev, frequencyKhz: freq * 10,
        courseTrueDeg: null, glideslopeDeg: null, source,
      });
      return;
    }
    const fallback: NavaidType = code === '2' ? 'NDB' : code === '3' ? 'VOR' : 'DME';
    const { name, type } = typedName(rawName, fallback);
    const frequencyKhz = code === '2' ? freq : freq * 10;
    const navaid: Navaid = {
      id: ident,
      name,
      type,
      latDeg: lat as number,
      lonDeg: lon as number,
      elevationFt: elev,
      frequencyKhz,
      channel: code === '2' || type === 'VOR' ? null : tacanChannel(frequencyKhz),
      slavedVarDeg: code === '3' ? extra : null,
      region: null,
      state: null,
      country: null,
      source,
    };
    if (code === '12' || code === '13') dmes.push({ navaid, paired: code === '12' });
    else navaids.push(navaid);
  });
  const dmesMerged = mergeDmes(navaids, dmes, (dme) =>
    issues.warning(
      dat.name,
      dme.source.line,
      `nav.dat: DME ${dme.id} (${dme.name}, ${dme.frequencyKhz ?? '?'} kHz) has no VOR of the same ident and frequency within ${COLOCATED_DEG} deg; kept as a DME of its own`,
    ),
  );
  return { navaids, ils, dmesMerged, info };
}

/**
 * Merges each DME row into the VOR or NDB it is paired with (same ident, co-located; a VOR also on
 * the paired frequency), so a VORTAC is one navaid; unpaired DMEs and TACANs stay navaids.
 */
function mergeDmes(navaids: Navaid[], dmes: DmeRow[], unpaired: (dme: Navaid) => void): number {
  const byIdent = new Map<string, Navaid[]>();
  for (const n of navaids) {
    const list = byIdent.get(n.id);
    if (list) list.push(n);
    else byIdent.set(n.id, [n]);
  }
  let merged = 0;
  for (const { navaid: dme, paired } of dmes) {
    const host = (byIdent.get(dme.id) ?? []).find(
      (n) =>
        Math.abs(n.latDeg - dme.latDeg) <= COLOCATED_DEG &&
        Math.abs(n.lonDeg - dme.lonDeg) <= COLOCATED_DEG &&
        (n.type === 'NDB' || n.type === 'NDB-DME' || n.frequencyKhz === dme.frequencyKhz),
    );
    if (!host) {
      // Without its VOR or NDB the station is only what the row itself is: a DME, or a TACAN.
      dme.type = dme.type === 'TACAN' || dme.type === 'VORTAC' ? 'TACAN' : 'DME';
      if (paired) unpaired(dme);
      navaids.push(dme);
      continue;
    }
    merged++;
    host.channel = host.channel ?? dme.channel;
    if (host.type === 'VOR') host.type = 'VOR-DME';
    if (host.type === 'NDB') host.type = 'NDB-DME';
  }
  return merged;
}
