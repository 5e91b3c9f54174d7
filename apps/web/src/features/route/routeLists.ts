import type { PropertyStore, RouteRow } from '../../db/prefs';
import { nextRecordTs } from '@clearway/sync';
import { loadRecentSearches } from '../history';

/** Recent and saved lists hold up to 30 items (spec part 2 §9). */
export const ROUTE_LIST_LIMIT = 30;

/** Empty-list texts (spec part 2 §8). */
export const RECENT_EMPTY_TEXT =
  'No recent routes. As you search routes they are automatically added to history. You can recall and edit or save them for future';
export const SAVED_EMPTY_TEXT = 'No saved routes. Saved routes can be recalled and edited later';

/** A list entry: the route string and when it was stored. */
export interface RouteListEntry {
  code: string;
}

interface RoutesTable {
  routes: {
    put(row: RouteRow): Promise<unknown>;
    get(key: string): Promise<RouteRow | undefined>;
    toArray(): Promise<RouteRow[]>;
  };
}

function routesOf(prefs: PropertyStore | undefined): RoutesTable['routes'] | null {
  return (prefs as Partial<RoutesTable> | undefined)?.routes ?? null;
}

/** Recent Routes: the automatic search history (prefs `searches`), newest first, de-duplicated, up to 30. */
export async function loadRecentRoutes(prefs: PropertyStore | undefined): Promise<RouteListEntry[]> {
  const codes = await loadRecentSearches(prefs);
  return codes.slice(0, ROUTE_LIST_LIMIT).map((code) => ({ code }));
}

/** Saved Routes: prefs `routes` rows not deleted, newest first, up to 30. */
export async function loadSavedRoutes(prefs: PropertyStore | undefined): Promise<RouteListEntry[]> {
  const rows = (await routesOf(prefs)?.toArray()) ?? [];
  return rows
    .filter((row) => row.deleted !== 'T')
    .sort((a, b) => b.ts - a.ts)
    .slice(0, ROUTE_LIST_LIMIT)
    .map((row) => ({ code: row.final_string }));
}

/** Saves a route string: a `routes` row with deleted 'F' and ts now (spec part 2 §4 "Saving"). */
export async function saveRoute(prefs: PropertyStore | undefined, finalString: string, now: number): Promise<void> {
  const table = routesOf(prefs);
  const code = finalString.trim();
  if (!table || !code) return;
  const existing = await table.get(code);
  await table.put({ ...existing, final_string: code, deleted: 'F', ts: nextRecordTs(existing, now) });
}

/** Deletes a saved route: soft delete, deleted 'T' with a new ts. */
export async function deleteSavedRoute(prefs: PropertyStore | undefined, finalString: string, now: number): Promise<void> {
  const table = routesOf(prefs);
  if (!table) return;
  const existing = await table.get(finalString);
  await table.put({ ...existing, final_string: finalString, deleted: 'T', ts: nextRecordTs(existing, now) });
}
