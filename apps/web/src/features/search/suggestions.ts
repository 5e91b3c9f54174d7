import type { AirportSummary, SearchHit } from '@clearway/navdb';
import type { Route } from '@clearway/flightplan';
import { formatDistance, type DistanceUnit } from '@clearway/geo';
import { NAV_DB_LOADING } from '../navdata';

/** Spec part 1 §9. */
export const SEARCH_LIMIT = 30;
export const EXTRA_FAVOURITES = 3;
export const EXTRA_RECENTS = 3;
export const SEARCH_DEBOUNCE_MS = 500;
export const CLICK_AWAY_CLOSE_MS = 1000;

/** Search suggestion (spec part 1 §3). */
export interface Suggestion {
  /** Unique key in the list. */
  key: string;
  type: SearchHit['type'] | 'Route' | 'Error' | 'Warning';
  resultType: 'Route' | 'Recent' | 'Favorite' | 'Search' | 'Error' | 'Warning';
  ident: string;
  name: string;
  place: string | null;
  code: string;
  summary: AirportSummary | null;
  /** Where a search hit is, when known (an airport of the overview has its position but no summary). */
  latDeg?: number | null;
  lonDeg?: number | null;
  /** Route suggestions: the parsed route. */
  rte?: Route;
  /** Shown text for route and error rows. */
  text?: string;
  /** Error and warning rows: why, in a pilot's words (the route's token note), shown under the text. */
  detail?: string;
  selectable: boolean;
}

/** Spec part 1 §5: trimmed and uppercased before matching. */
export function normalizeQuery(text: string): string {
  return text.trim().toUpperCase();
}

function hitKey(s: Pick<Suggestion, 'summary' | 'ident'>): string {
  return (s.summary?.code ?? s.ident).toUpperCase();
}

export function suggestionFromHit(hit: SearchHit, resultType: Suggestion['resultType'] = 'Search'): Suggestion {
  const code = hit.summary?.code ?? hit.ident;
  return {
    key: `${resultType}:${hit.type}:${code}:${hit.latDeg ?? ''}`,
    type: hit.type,
    resultType,
    ident: hit.ident,
    name: hit.name,
    place: hit.place,
    code,
    summary: hit.summary,
    latDeg: hit.latDeg,
    lonDeg: hit.lonDeg,
    selectable: true,
  };
}

/** A row that says a route cannot be checked yet: the top bar's 'Nav Database is Loading...' (spec part 1 §2). */
export function navDbLoadingSuggestion(query: string): Suggestion {
  return {
    key: 'NavDbLoading',
    type: 'Warning',
    resultType: 'Warning',
    ident: '',
    name: '',
    place: null,
    code: query,
    summary: null,
    text: NAV_DB_LOADING,
    detail: 'Routes are checked once it has loaded',
    selectable: false,
  };
}

/** A favourite airport or recent search as a suggestion (summary when it is a known airport). */
export function extraSuggestion(code: string, summary: AirportSummary | null, resultType: 'Recent' | 'Favorite'): Suggestion {
  return {
    key: `${resultType}:${code}`,
    type: summary ? 'Airport' : 'Waypoint',
    resultType,
    ident: summary?.icao ?? code,
    name: summary?.name ?? code,
    place: summary ? [summary.municipality, summary.state].filter(Boolean).join(', ') || null : null,
    code: summary?.code ?? code,
    summary,
    selectable: true,
  };
}

/** Whether a favourite or recent matches the query (prefix of code, ident or name). */
export function extraMatches(s: Suggestion, query: string): boolean {
  if (!query) return true;
  return [s.code, s.ident, s.name].some((field) => field.toUpperCase().startsWith(query));
}

/**
 * Search results plus up to 3 favourites and 3 recents, de-duplicated by summary code or ident
 * (spec part 1 §4, §5, §9); favourites and recents first.
 */
export function mergeSuggestions(hits: readonly Suggestion[], favourites: readonly Suggestion[], recents: readonly Suggestion[], query: string): Suggestion[] {
  const out: Suggestion[] = [];
  const seen = new Set<string>();
  const add = (s: Suggestion) => {
    const key = hitKey(s);
    if (seen.has(key)) return;
    seen.add(key);
    out.push(s);
  };
  favourites.filter((s) => extraMatches(s, query)).slice(0, EXTRA_FAVOURITES).forEach(add);
  recents.filter((s) => extraMatches(s, query)).slice(0, EXTRA_RECENTS).forEach(add);
  hits.slice(0, SEARCH_LIMIT).forEach(add);
  return out;
}

/** Selectable only when airway_errors and invalid_tokens are both empty (spec part 1 §5). */
export function routeIsSelectable(route: Pick<Route, 'airway_errors' | 'invalid_tokens'>): boolean {
  return route.airway_errors.length === 0 && route.invalid_tokens.length === 0;
}

/** 'Select Route: {final string} Distance: {value} {unit}'. */
export function routeSuggestionText(route: Pick<Route, 'final_string' | 'total_distance'>, unit: DistanceUnit): string {
  return `Select Route: ${route.final_string} Distance: ${formatDistance(route.total_distance, unit)}`;
}

/** The message of a route's error note on a token, when it says more than `shown`. */
function errorDetail(route: Route, token: string, shown: string): string | undefined {
  const note = route.token_notes?.find((n) => n.severity === 'error' && n.token === token);
  return note && note.message !== shown ? note.message : undefined;
}

/**
 * The route row(s): the selectable route, or one error row per airway error and invalid token
 * ('Not recognized: {token}', with the token note's reason under it); then one warning row per
 * warning note (a radial that misses the next point, ...), which does not block selection.
 */
export function routeSuggestions(route: Route, unit: DistanceUnit): Suggestion[] {
  const base = { ident: '', name: '', place: null, code: route.final_string, summary: null, rte: route };
  const warnings = (route.token_notes ?? [])
    .filter((n) => n.severity === 'warning')
    .map((n, i) => ({ ...base, key: `Warning:${i}:${n.token}`, type: 'Warning' as const, resultType: 'Warning' as const, text: n.message, selectable: false }));
  if (routeIsSelectable(route)) {
    return [{ ...base, key: `Route:${route.final_string}`, type: 'Route', resultType: 'Route', text: routeSuggestionText(route, unit), selectable: true }, ...warnings];
  }
  return [
    ...route.airway_errors.map((error, i) => ({
      ...base,
      key: `AirwayError:${i}`,
      type: 'Error' as const,
      resultType: 'Error' as const,
      text: error,
      detail: errorDetail(route, error.split(':')[0] ?? error, error),
      selectable: false,
    })),
    ...route.invalid_tokens.map((token, i) => ({
      ...base,
      key: `Invalid:${i}:${token}`,
      type: 'Error' as const,
      resultType: 'Error' as const,
      text: `Not recognized: ${token}`,
      detail: errorDetail(route, token, `Not recognized: ${token}`),
      selectable: false,
    })),
    ...warnings,
  ];
}

/** The primary and secondary text of a search row. */
export function suggestionLabel(s: Suggestion): { primary: string; secondary: string } {
  if (s.text) return { primary: s.text, secondary: s.detail ?? '' };
  const id = s.summary ? [s.summary.code, s.summary.icao && s.summary.icao !== s.summary.code ? s.summary.icao : null].filter(Boolean).join(' / ') : s.ident;
  const tag = s.resultType === 'Recent' ? 'Recent' : s.resultType === 'Favorite' ? 'Favorite' : s.type;
  const primary = s.name && s.name !== id ? `${id} ${s.name}` : id;
  return { primary: primary.trim(), secondary: [tag, s.place].filter(Boolean).join(' · ') };
}
