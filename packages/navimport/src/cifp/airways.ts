/**
 * Enroute airway records (ER, ARINC 424-18 4.1.6): one record per airway point, in sequence order
 * within a route identifier.
 */
import { airwayKind, type Airway, type AirwayPoint, type SourceRef } from '@clearway/navdb';
import { col, numberField, text } from './fields.js';
import type { RecordContext } from './fields.js';
import { airwayMinimumAltitudeFt } from './records.js';

export interface AirwayPointRecord {
  routeId: string;
  sequence: number;
  fixRegion: string | null;
  /** Section key of the fix (cols 37-38): `EA`, `D `, `DB`. */
  fixSection: string;
  point: AirwayPoint;
  source: SourceRef;
}

/** One airway point record; null (with an issue) when it has no route, sequence or fix. */
export function readAirwayPoint(ctx: RecordContext, record: string): AirwayPointRecord | null {
  const routeId = text(record, 14, 18);
  const sequence = numberField(ctx, record, 26, 29, 'sequence number');
  const ident = text(record, 30, 34);
  if (!routeId || sequence === null || !ident) {
    ctx.issues.error(ctx.file, ctx.line, 'airway record without a route ident, sequence number or fix; record skipped');
    return null;
  }
  return {
    routeId,
    sequence,
    fixRegion: text(record, 35, 36),
    fixSection: col(record, 37, 38),
    point: {
      ident,
      kind: 'unknown',
      latDeg: null,
      lonDeg: null,
      meaFt: airwayMinimumAltitudeFt(ctx, record),
      // Description col 41 `E`: end of a continuous segment, a published gap follows.
      gapAfter: col(record, 41, 41) === 'E',
    },
    source: { source: 'faa-cifp', file: ctx.file, line: ctx.line },
  };
}

/**
 * Airways from point records: one airway per route ident, points in sequence order. The last
 * point's gap flag and minimum altitude are cleared (no segment starts there).
 */
export function assembleAirways(records: readonly AirwayPointRecord[]): Airway[] {
  const byRoute = new Map<string, AirwayPointRecord[]>();
  for (const rec of records) {
    const list = byRoute.get(rec.routeId);
    if (list) list.push(rec);
    else byRoute.set(rec.routeId, [rec]);
  }
  const airways: Airway[] = [];
  for (const [id, list] of byRoute) {
    const sorted = [...list].sort((a, b) => a.sequence - b.sequence);
    const points = sorted.map((r) => r.point);
    const last = points[points.length - 1];
    if (last) {
      last.gapAfter = false;
      last.meaFt = null;
    }
    airways.push({ id, kind: airwayKind(id), points, source: (sorted[0] as AirwayPointRecord).source });
  }
  return airways;
}
