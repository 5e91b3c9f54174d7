import { plateFilePath, plateGroupOf, type PlateAirportList, type PlateChart, type PlateGeoref, type PlateUserAction } from '@clearway/protocol';
import { rowNumber, type Database } from '../db/index.js';

export interface PlateCycle {
  cycle: string;
  effectiveFrom: string;
  effectiveTo: string;
}

/**
 * The cycle served at `now`: the newest complete cycle already in effect, else (nothing in effect
 * yet) the oldest complete one; null before any import. An expired cycle is still served: the app
 * shows its dates in a red banner rather than nothing.
 */
export async function servedCycle(db: Database, now: number = Date.now()): Promise<PlateCycle | null> {
  const rows = await db.kysely.selectFrom('plate_cycles').select(['cycle', 'from_date', 'to_date']).where('complete', '=', 1).orderBy('from_date', 'desc').execute();
  const iso = new Date(now).toISOString();
  const row = rows.find((candidate) => candidate.from_date <= iso) ?? rows.at(-1);
  return row === undefined ? null : { cycle: row.cycle, effectiveFrom: row.from_date, effectiveTo: row.to_date };
}

/** An airport's charts (by ICAO or FAA ident) in the served cycle, in the FAA's order; null when it has none. */
export async function airportPlates(db: Database, airport: string, cycle: PlateCycle): Promise<PlateAirportList | null> {
  const ident = airport.trim().toUpperCase();
  const rows = await db.kysely
    .selectFrom('plate_charts')
    .selectAll()
    .where('cycle', '=', cycle.cycle)
    .where((eb) => eb.or([eb('airport', '=', ident), eb('faa_ident', '=', ident)]))
    .orderBy('chart_seq')
    .orderBy('pdf_name')
    .execute();
  const first = rows[0];
  if (first === undefined) return null;
  const charts: PlateChart[] = rows.flatMap((row) => {
    const group = plateGroupOf(row.chart_code);
    if (group === undefined) return [];
    return [{
      pdfName: row.pdf_name,
      chartCode: row.chart_code,
      chartName: row.chart_name,
      group,
      seq: row.chart_seq,
      procedureId: row.proc_uid,
      userAction: row.user_action as PlateUserAction,
      changedThisCycle: row.user_action === 'A' || row.user_action === 'C',
      amendment: row.amendment,
      bytes: rowNumber(row.pdf_bytes),
      url: plateFilePath(cycle.cycle, row.pdf_name),
      georef: row.georef === null ? null : (JSON.parse(row.georef) as PlateGeoref),
    }];
  });
  return {
    airport: first.airport,
    faaIdent: first.faa_ident,
    name: first.airport_name,
    city: first.city,
    state: first.state,
    cycle: cycle.cycle,
    effectiveFrom: cycle.effectiveFrom,
    effectiveTo: cycle.effectiveTo,
    charts,
  };
}
