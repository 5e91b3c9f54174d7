import { compareKeys, normalizeKey, wordStarts } from './text.js';

/**
 * How an airport answers a search query, by the search's tiers (search.ts): its id, FAA or ICAO id
 * exactly; one of them starting with the query (the shortest such key); a word of its name or city
 * starting with the query (the alphabetically first such suffix). One rule for the indexed search's
 * oracle (testing/naive.ts) and for any airport list searched without the database (the app's
 * airports overview while the database loads), so their answers come in the same order.
 */
export type AirportMatch = { tier: 0 } | { tier: 1; key: string } | { tier: 2; suffix: string };

/** Name and city from each word start on, normalised: SAN FRANCISCO INTL, FRANCISCO INTL, INTL. */
export function airportWordSuffixes(texts: readonly (string | null)[]): string[] {
  return texts
    .filter((text): text is string => text !== null)
    .map(normalizeKey)
    .flatMap((text) => wordStarts(text).map((at) => text.slice(at)));
}

/** The airport's best match for a normalised query (`normalizeKey`), or null when it does not match. */
export function matchAirport(keys: readonly string[], suffixes: readonly string[], q: string): AirportMatch | null {
  if (q === '') return null;
  if (keys.includes(q)) return { tier: 0 };
  const key = keys.filter((k) => k.startsWith(q)).sort((x, y) => x.length - y.length || compareKeys(x, y))[0];
  if (key !== undefined) return { tier: 1, key };
  const suffix = suffixes.filter((s) => s.startsWith(q)).sort(compareKeys)[0];
  return suffix === undefined ? null : { tier: 2, suffix };
}

/** An airport of a list to search: its normalised keys and word suffixes, and its importance (`airportImportance`). */
export interface SearchableAirport {
  keys: readonly string[];
  suffixes: readonly string[];
  importance: number;
}

/**
 * Indexes into `airports` of the best `limit` matches for `query`, in the search's order: exact ids
 * (list order), id prefixes (shorter key, then key, then list order), name and city words (suffix,
 * then the more important airport, then list order).
 */
export function rankAirports(airports: readonly SearchableAirport[], query: string, limit: number): number[] {
  const q = normalizeKey(query);
  const found: { match: AirportMatch; index: number }[] = [];
  airports.forEach((airport, index) => {
    const match = matchAirport(airport.keys, airport.suffixes, q);
    if (match) found.push({ match, index });
  });
  const compare = (a: (typeof found)[number], b: (typeof found)[number]): number => {
    if (a.match.tier !== b.match.tier) return a.match.tier - b.match.tier;
    if (a.match.tier === 1 && b.match.tier === 1) {
      const byKey = a.match.key.length - b.match.key.length || compareKeys(a.match.key, b.match.key);
      if (byKey !== 0) return byKey;
    }
    if (a.match.tier === 2 && b.match.tier === 2) {
      const bySuffix = compareKeys(a.match.suffix, b.match.suffix) || airports[b.index]!.importance - airports[a.index]!.importance;
      if (bySuffix !== 0) return bySuffix;
    }
    return a.index - b.index;
  };
  return found.sort(compare).slice(0, Math.max(0, Math.floor(limit))).map((entry) => entry.index);
}
