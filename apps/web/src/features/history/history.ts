// Search history: recent searches and favourite airport codes in the prefs database. The search box
// writes and suggests them; the route screen's Recent Routes list reads the same searches.
import type { Table } from 'dexie';
import type { AirportListRow, PropertyStore, SearchRow } from '../../db/prefs';
import { nextRecordTs } from '@clearway/sync';

/** Recent search rows, de-duplicated by uppercased code, newest first. */
export function dedupeRecents<T extends { code: string; ts: number; deleted?: string }>(rows: readonly T[]): T[] {
  const sorted = rows.filter((row) => row.deleted !== 'T').sort((a, b) => b.ts - a.ts);
  const seen = new Set<string>();
  const out: T[] = [];
  for (const row of sorted) {
    const code = row.code.toUpperCase();
    if (seen.has(code)) continue;
    seen.add(code);
    out.push(row);
  }
  return out;
}

/** The prefs tables the search box reads and writes; PrefsDb has them, some test stores do not. */
interface HistoryTables {
  searches: Table<SearchRow, string>;
  fav_airports: Table<AirportListRow, string>;
}

function tables(prefs: PropertyStore | undefined): HistoryTables | null {
  const candidate = prefs as Partial<HistoryTables> | undefined;
  return candidate?.searches && candidate.fav_airports ? (candidate as HistoryTables) : null;
}

/** Favourite airport codes, newest first (deleted 'T' rows left out). */
export async function loadFavouriteCodes(prefs: PropertyStore | undefined): Promise<string[]> {
  const t = tables(prefs);
  if (!t) return [];
  return dedupeRecents(await t.fav_airports.toArray()).map((row) => row.code);
}

/** Recent search codes, de-duplicated by uppercased code, newest first. */
export async function loadRecentSearches(prefs: PropertyStore | undefined): Promise<string[]> {
  const t = tables(prefs);
  if (!t) return [];
  return dedupeRecents(await t.searches.toArray()).map((row) => row.code.toUpperCase());
}

/** Adds a recent search: code uppercased, deleted 'F', ts now (spec part 1 §3 "searches"). */
export async function addRecentSearch(prefs: PropertyStore | undefined, code: string, now = Date.now()): Promise<void> {
  const t = tables(prefs);
  const upper = code.trim().toUpperCase();
  if (!t || !upper) return;
  const previous = await t.searches.get(upper);
  await t.searches.put({ ...previous, code: upper, deleted: 'F', ts: nextRecordTs(previous, now) });
}
