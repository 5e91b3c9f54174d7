/** AWY_SEG_ALT (and AWY_BASE): airways with their points resolved against navaids and fixes. */
import { airwayKind, type Airport, type Airway, type Fix, type Navaid, type PointKind } from '@clearway/navdb';
import type { IssueCollector } from '../common/diagnostics.js';
import type { CsvTable } from '../common/csv.js';
import { eachRow, NASR_SOURCE, type TableRun } from './table.js';

export const AWY_SEG_ALT_REQUIRED = ['AWY_ID', 'POINT_SEQ', 'FROM_POINT'] as const;
export const AWY_BASE_REQUIRED = ['AWY_ID'] as const;

const NAVAID_POINT_TYPES: Record<string, Navaid['type'][]> = {
  VOR: ['VOR'],
  VORTAC: ['VORTAC'],
  'VOR/DME': ['VOR-DME'],
  TACAN: ['TACAN'],
  NDB: ['NDB'],
  'NDB/DME': ['NDB-DME'],
  DME: ['DME'],
};

/** What FROM_PT_TYPE says a point is. */
function declaredKind(ptType: string | null): PointKind {
  if (ptType === null) return 'unknown';
  if (ptType in NAVAID_POINT_TYPES) return 'navaid';
  if (ptType === 'AIRPORT' || ptType === 'ARPT') return 'airport';
  if (ptType === 'BORDER') return 'unknown';
  return 'fix';
}

/** Looks points up by ident in what this import has read. */
export class PointResolver {
  private readonly navaids = new Map<string, Navaid[]>();
  private readonly fixes = new Map<string, Fix[]>();
  private readonly airports = new Map<string, Airport>();

  constructor(navaids: readonly Navaid[], fixes: readonly Fix[], airports: readonly Airport[]) {
    for (const n of navaids) push(this.navaids, n.id, n);
    for (const f of fixes) push(this.fixes, f.id, f);
    for (const a of airports) {
      this.airports.set(a.id, a);
      if (a.icaoId !== null && !this.airports.has(a.icaoId)) this.airports.set(a.icaoId, a);
    }
  }

  /**
   * The point `ident`, trying what FROM_PT_TYPE declares first and the other kinds after; several
   * candidates are told apart by navaid type, then state, then nearness to the previous point.
   */
  resolve(
    ident: string,
    ptType: string | null,
    state: string | null,
    prev: { latDeg: number | null; lonDeg: number | null } | null,
  ): { kind: PointKind; latDeg: number; lonDeg: number } | null {
    const declared = declaredKind(ptType);
    const order: PointKind[] =
      declared === 'navaid' ? ['navaid', 'fix', 'airport'] : declared === 'airport' ? ['airport', 'fix', 'navaid'] : ['fix', 'navaid', 'airport'];
    for (const kind of order) {
      let candidates: { latDeg: number; lonDeg: number; state: string | null }[] = [];
      if (kind === 'navaid') {
        const all = this.navaids.get(ident) ?? [];
        const wanted = ptType !== null ? NAVAID_POINT_TYPES[ptType] : undefined;
        const typed = wanted ? all.filter((n) => wanted.includes(n.type)) : [];
        candidates = typed.length > 0 ? typed : all;
      } else if (kind === 'fix') {
        candidates = this.fixes.get(ident) ?? [];
      } else {
        const a = this.airports.get(ident);
        candidates = a ? [a] : [];
      }
      if (candidates.length === 0) continue;
      const best = pick(candidates, state, prev);
      return { kind, latDeg: best.latDeg, lonDeg: best.lonDeg };
    }
    return null;
  }
}

function push<T>(map: Map<string, T[]>, key: string, value: T): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

function pick<T extends { latDeg: number; lonDeg: number; state: string | null }>(
  candidates: T[],
  state: string | null,
  prev: { latDeg: number | null; lonDeg: number | null } | null,
): T {
  let list = candidates;
  if (list.length > 1 && state !== null) {
    const same = list.filter((c) => c.state === state);
    if (same.length > 0) list = same;
  }
  if (list.length > 1 && prev !== null && prev.latDeg !== null && prev.lonDeg !== null) {
    const plat = prev.latDeg;
    const plon = prev.lonDeg;
    const d = (c: T): number => (c.latDeg - plat) ** 2 + ((c.lonDeg - plon) * Math.cos((plat * Math.PI) / 180)) ** 2;
    list = [...list].sort((a, b) => d(a) - d(b));
  }
  return list[0] as T;
}

interface SegRow {
  seq: number;
  ident: string;
  ptType: string | null;
  state: string | null;
  toPoint: string | null;
  meaFt: number | null;
  gap: boolean;
  line: number;
}

/**
 * Reads AWY_SEG_ALT into airways: one per AWY_ID and AWY_LOCATION (an id can be used in both the
 * contiguous US and Alaska), points in POINT_SEQ order. A point's MEA is that of the segment it
 * starts (MIN_ENROUTE_ALT, else the GNSS MEA), null at the last point. Points that resolve to no
 * navaid, fix or airport keep kind `unknown` with no position and are reported.
 */
export async function readAwySegAlt(
  table: CsvTable,
  issues: IssueCollector,
  resolver: PointResolver,
  out: Airway[],
): Promise<TableRun> {
  const c = {
    id: table.column('AWY_ID'),
    location: table.column('AWY_LOCATION'),
    seq: table.column('POINT_SEQ'),
    from: table.column('FROM_POINT'),
    ptType: table.column('FROM_PT_TYPE'),
    state: table.column('STATE_CODE'),
    to: table.column('TO_POINT'),
    gap: table.column('AWY_SEG_GAP_FLAG'),
    mea: table.column('MIN_ENROUTE_ALT'),
    gpsMea: table.column('GPS_MIN_ENROUTE_ALT'),
  };
  const groups = new Map<string, { id: string; rows: SegRow[] }>();
  const run = await eachRow(table, issues, (r) => {
    const id = r.text(c.id);
    const ident = r.text(c.from);
    const seq = r.number(c.seq, 'POINT_SEQ');
    if (id === null || ident === null || seq === null) {
      issues.error(table.file, r.line, 'airway point without AWY_ID, POINT_SEQ or FROM_POINT; row skipped');
      return;
    }
    const key = `${id}|${r.text(c.location) ?? ''}`;
    let group = groups.get(key);
    if (!group) groups.set(key, (group = { id, rows: [] }));
    group.rows.push({
      seq,
      ident,
      ptType: r.text(c.ptType),
      state: r.text(c.state),
      toPoint: r.text(c.to),
      meaFt: r.number(c.mea, 'MIN_ENROUTE_ALT') ?? r.number(c.gpsMea, 'GPS_MIN_ENROUTE_ALT'),
      gap: r.flag(c.gap) === true,
      line: r.line,
    });
  });
  for (const { id, rows } of groups.values()) {
    rows.sort((a, b) => a.seq - b.seq);
    const airway: Airway = { id, kind: airwayKind(id), points: [], source: { source: NASR_SOURCE, file: table.file, line: Math.min(...rows.map((x) => x.line)) } };
    let prev: { latDeg: number | null; lonDeg: number | null } | null = null;
    rows.forEach((row, i) => {
      const found = resolver.resolve(row.ident, row.ptType, row.state, prev);
      if (!found) issues.warning(table.file, row.line, `airway ${id} point ${row.ident} (${row.ptType ?? 'no type'}) is not a known navaid, fix or airport`);
      const last = i === rows.length - 1 || row.toPoint === null;
      const point = {
        ident: row.ident,
        kind: found?.kind ?? ('unknown' as const),
        latDeg: found?.latDeg ?? null,
        lonDeg: found?.lonDeg ?? null,
        meaFt: last ? null : row.meaFt,
        gapAfter: row.gap && i < rows.length - 1,
      };
      airway.points.push(point);
      if (found) prev = point;
    });
    if (airway.points.length < 2) issues.warning(table.file, airway.source.line, `airway ${id} has ${airway.points.length} point; kept`);
    out.push(airway);
  }
  return run;
}

/**
 * Reads AWY_BASE. The FAA layout has AIRWAY_STRING, the airway's points in order; airways that
 * AWY_SEG_ALT did not give are built from it (no MEA). Other layouts only add nothing.
 */
export async function readAwyBase(
  table: CsvTable,
  issues: IssueCollector,
  resolver: PointResolver,
  out: Airway[],
): Promise<TableRun & { added: number }> {
  const c = { id: table.column('AWY_ID'), points: table.column('AIRWAY_STRING') };
  const known = new Set(out.map((a) => a.id));
  let added = 0;
  const run = await eachRow(table, issues, (r) => {
    const id = r.text(c.id);
    const text = r.text(c.points);
    if (id === null || text === null || known.has(id)) return;
    const idents = text.split(/\s+/).filter((s) => s.length > 0);
    let prev: { latDeg: number | null; lonDeg: number | null } | null = null;
    const airway: Airway = { id, kind: airwayKind(id), points: [], source: { source: NASR_SOURCE, file: table.file, line: r.line } };
    for (const ident of idents) {
      const found = resolver.resolve(ident, null, null, prev);
      if (!found) issues.warning(table.file, r.line, `airway ${id} point ${ident} is not a known navaid, fix or airport`);
      const point = { ident, kind: found?.kind ?? ('unknown' as const), latDeg: found?.latDeg ?? null, lonDeg: found?.lonDeg ?? null, meaFt: null, gapAfter: false };
      airway.points.push(point);
      if (found) prev = point;
    }
    known.add(id);
    out.push(airway);
    added++;
  });
  return { ...run, added };
}
