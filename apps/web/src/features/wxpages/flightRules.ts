import type { MetarEntry } from '@clearway/protocol';
import type { FlightCategoryKey } from '../map';
import type { Indexed } from './advisories';

/**
 * The Flight Rules page's station list: counts per category, stations of the chosen categories worst
 * first (LIFR, IFR, MVFR, VFR, none) then by id, narrowed by an id typed in. Pure.
 */

export const CATEGORY_ORDER: readonly FlightCategoryKey[] = ['LIFR', 'IFR', 'MVFR', 'VFR', 'NONE'];
export const CATEGORY_LABELS: Record<FlightCategoryKey, string> = { LIFR: 'LIFR', IFR: 'IFR', MVFR: 'MVFR', VFR: 'VFR', NONE: 'No category' };

export const categoryOf = (station: Pick<MetarEntry, 'cat'>): FlightCategoryKey => station.cat ?? 'NONE';

export function categoryCounts(stations: readonly MetarEntry[]): Record<FlightCategoryKey, number> {
  const counts: Record<FlightCategoryKey, number> = { LIFR: 0, IFR: 0, MVFR: 0, VFR: 0, NONE: 0 };
  for (const station of stations) counts[categoryOf(station)] += 1;
  return counts;
}

export interface StationList {
  items: Indexed<MetarEntry>[];
  /** How many match before the limit. */
  total: number;
}

/** Stations of `categories` whose id starts with `query` (case-insensitive), worst first, at most `limit`. */
export function stationList(stations: readonly MetarEntry[], categories: ReadonlySet<FlightCategoryKey>, query: string, limit: number): StationList {
  const prefix = query.trim().toUpperCase();
  const rank = (station: MetarEntry) => CATEGORY_ORDER.indexOf(categoryOf(station));
  const matching = stations
    .map((item, i) => ({ i, item }))
    .filter(({ item }) => categories.has(categoryOf(item)) && (prefix === '' || item.id.startsWith(prefix)))
    .sort((a, b) => rank(a.item) - rank(b.item) || a.item.id.localeCompare(b.item.id));
  return { items: matching.slice(0, limit), total: matching.length };
}
