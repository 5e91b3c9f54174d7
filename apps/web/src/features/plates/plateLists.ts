import { nextRecordTs } from '@clearway/sync';
import type { EpochMs, PlateInfo, PlateListRow, PrefsDb } from '../../db/prefs';

/**
 * Favourite and recent plates in the prefs database (spec part 1 §3 fav_plates / recent_plates: code
 * = the plate's PDF name, info = the plate info object), kept like the airport lists
 * (features/airport/airportLists.ts): rows are only soft-deleted (`deleted: 'T'`, new ts) so a sync
 * passes removals on; lists show live rows, newest first.
 */

/** Spec part 2 §9: recent lists hold 30 entries. */
export const RECENT_PLATES_MAX = 30;

export type PlateListTables = Pick<PrefsDb, 'fav_plates' | 'recent_plates' | 'transaction'>;

async function liveRows(table: PlateListTables['fav_plates']): Promise<PlateListRow[]> {
  const rows = await table.toArray();
  return rows.filter((row) => row.deleted === 'F').sort((a, b) => b.ts - a.ts);
}

export function listFavoritePlates(db: PlateListTables): Promise<PlateListRow[]> {
  return liveRows(db.fav_plates);
}

export function listRecentPlates(db: PlateListTables): Promise<PlateListRow[]> {
  return liveRows(db.recent_plates);
}

export async function isFavoritePlate(db: PlateListTables, code: string): Promise<boolean> {
  return (await db.fav_plates.get(code))?.deleted === 'F';
}

/** Saves (deleted 'F') or removes (deleted 'T') a favourite plate, with a new ts; a sync's gid is kept. */
export async function setFavoritePlate(db: PlateListTables, code: string, info: PlateInfo, favorite: boolean, now: EpochMs = Date.now()): Promise<void> {
  await db.transaction('rw', db.fav_plates, async () => {
    const row = await db.fav_plates.get(code);
    if (!row && !favorite) return;
    await db.fav_plates.put({ ...row, code, info: favorite ? info : (row?.info ?? info), deleted: favorite ? 'F' : 'T', ts: nextRecordTs(row, now) });
  });
}

/** Opening a plate: its recent row becomes the newest; live rows past the newest `max` are soft-deleted. */
export async function addRecentPlate(db: PlateListTables, code: string, info: PlateInfo, now: EpochMs = Date.now(), max = RECENT_PLATES_MAX): Promise<void> {
  await db.transaction('rw', db.recent_plates, async () => {
    const row = await db.recent_plates.get(code);
    await db.recent_plates.put({ ...row, code, info, deleted: 'F', ts: nextRecordTs(row, now) });
    const stale = (await liveRows(db.recent_plates)).slice(max).map((r): PlateListRow => ({ ...r, deleted: 'T', ts: nextRecordTs(r, now) }));
    if (stale.length > 0) await db.recent_plates.bulkPut(stale);
  });
}
