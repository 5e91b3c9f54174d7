import { nextRecordTs } from '@clearway/sync';
import type { AirportListRow, EpochMs, PrefsDb } from '../../db/prefs';

/**
 * Favourite and recent airports in the prefs database (spec part 1 §3 fav_airports / recent_airports,
 * §4 "Favourites and recents"): rows are never removed, only soft-deleted (`deleted: 'T'`) with a new
 * `ts`, so a later sync can pass the removal on. Lists show rows with `deleted: 'F'`, newest first.
 */

/** Spec part 2 §9: recent lists hold 30 entries. */
export const RECENT_AIRPORTS_MAX = 30;

export type AirportListTables = Pick<PrefsDb, 'fav_airports' | 'recent_airports' | 'transaction'>;

function normalize(code: string): string {
  return code.trim().toUpperCase();
}

async function liveRows(table: AirportListTables['fav_airports']): Promise<AirportListRow[]> {
  const rows = await table.toArray();
  return rows.filter((row) => row.deleted === 'F').sort((a, b) => b.ts - a.ts);
}

/** Live favourites, newest first. */
export function listFavoriteAirports(db: AirportListTables): Promise<AirportListRow[]> {
  return liveRows(db.fav_airports);
}

/** Live recents, newest first. */
export function listRecentAirports(db: AirportListTables): Promise<AirportListRow[]> {
  return liveRows(db.recent_airports);
}

export async function isFavoriteAirport(db: AirportListTables, code: string): Promise<boolean> {
  const row = await db.fav_airports.get(normalize(code));
  return row?.deleted === 'F';
}

/**
 * Saves (`favorite` true: deleted 'F', new ts, the row created when missing) or removes (deleted 'T',
 * new ts) a favourite. A `gid` from an earlier sync is kept.
 */
export async function setFavoriteAirport(db: AirportListTables, code: string, favorite: boolean, now: EpochMs = Date.now()): Promise<void> {
  const key = normalize(code);
  await db.transaction('rw', db.fav_airports, async () => {
    const row = await db.fav_airports.get(key);
    if (!row && !favorite) return;
    await db.fav_airports.put({ ...row, code: key, deleted: favorite ? 'F' : 'T', ts: nextRecordTs(row, now) });
  });
}

/**
 * Opening an airport: its recent row becomes the newest (created or undeleted, new ts); live rows past
 * the newest `max` are soft-deleted.
 */
export async function addRecentAirport(db: AirportListTables, code: string, now: EpochMs = Date.now(), max = RECENT_AIRPORTS_MAX): Promise<void> {
  const key = normalize(code);
  await db.transaction('rw', db.recent_airports, async () => {
    const row = await db.recent_airports.get(key);
    const ts = nextRecordTs(row, now);
    await db.recent_airports.put({ ...row, code: key, deleted: 'F', ts });
    const live = await liveRows(db.recent_airports);
    const stale = live.slice(max).map((r): AirportListRow => ({ ...r, deleted: 'T', ts: nextRecordTs(r, now) }));
    if (stale.length > 0) await db.recent_airports.bulkPut(stale);
  });
}
