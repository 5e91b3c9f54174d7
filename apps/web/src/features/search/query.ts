import type { AirportSummary, SearchHit } from '@clearway/navdb';
import type { AircraftProfile, Route } from '@clearway/flightplan';
import type { DistanceUnit } from '@clearway/geo';
import type { RoutingWorkerFacade } from '../../worker/facade';
import { extraSuggestion, mergeSuggestions, navDbLoadingSuggestion, normalizeQuery, routeSuggestions, SEARCH_LIMIT, suggestionFromHit, type Suggestion } from './suggestions';

/** 'route' (default): routes, airports, VORs, waypoints, airways; 'airport': airports only. */
export type SearchMode = 'route' | 'airport';

/** At most this many favourites and this many recents are looked up for a one-token query. */
const EXTRA_CODES_LOOKED_UP = 10;

/** What one query asks the routing worker, from the box's text (spec part 1 §4 "Search", §5). */
export interface QueryPlan {
  /** The text trimmed and uppercased: the query the rows are for. */
  query: string;
  tokens: string[];
  /** Route mode searches for the token being typed (the last one); airport mode for the whole text. */
  searchTerm: string;
  /** Route mode: the text is also parsed as a route. */
  parseRoute: boolean;
  /** A single token: favourites and recents are offered beside the search hits. */
  withExtras: boolean;
}

/** The plan for a text, or null when the box is empty (no rows). */
export function planQuery(text: string, mode: SearchMode): QueryPlan | null {
  const query = normalizeQuery(text);
  if (!query) return null;
  const tokens = query.split(/\s+/);
  const last = tokens[tokens.length - 1] ?? '';
  return { query, tokens, searchTerm: mode === 'route' ? last : query, parseRoute: mode === 'route', withExtras: tokens.length === 1 };
}

/** Whether a parsed route says something: two or more tokens, or a token it could not build. */
export function routeWorthShowing(plan: Pick<QueryPlan, 'tokens'>, parsed: Pick<Route, 'invalid_tokens' | 'airway_errors'>): boolean {
  return plan.tokens.length >= 2 || parsed.invalid_tokens.length > 0 || parsed.airway_errors.length > 0;
}

/** What the worker and the prefs database answered for a plan. */
export interface QueryAnswers {
  hits: readonly SearchHit[];
  /** The parsed (and, when it is whole, analysed) route, or null when not worth showing. */
  route: Route | null;
  /** Favourite airports and recent searches, newest first, with their summaries when known. */
  favourites: readonly Suggestion[];
  recents: readonly Suggestion[];
  /** The hits came from the airports overview: the nav database is still loading, so no route was parsed. */
  fromOverview?: boolean;
}

/**
 * The suggestion rows for a query (pure): route rows first (the selectable route, or its error
 * rows, then its warnings), then favourites, recents and search hits de-duplicated (mergeSuggestions,
 * one-token queries only). Airport mode keeps airports only, and recents only when they are known
 * airports. While a single token is still being typed, 'Not recognized' shows only when nothing else
 * matches.
 */
export function suggestionsFor(plan: QueryPlan, mode: SearchMode, answers: QueryAnswers, unit: DistanceUnit): Suggestion[] {
  let searchRows = answers.hits.map((hit) => suggestionFromHit(hit));
  if (mode === 'airport') searchRows = searchRows.filter((s) => s.type === 'Airport');
  const recents = mode === 'airport' ? answers.recents.filter((s) => s.summary) : answers.recents;
  const merged = plan.withExtras ? mergeSuggestions(searchRows, answers.favourites, recents, plan.query) : searchRows;
  const routeRows = answers.route && (plan.tokens.length > 1 || merged.length === 0) ? routeSuggestions(answers.route, unit) : [];
  // A route needs the nav database: while it loads, a route being typed gets the top bar's words.
  const waitRows = answers.fromOverview && plan.parseRoute && plan.tokens.length > 1 ? [navDbLoadingSuggestion(plan.query)] : [];
  return [...waitRows, ...routeRows, ...merged];
}

export interface QueryDeps {
  routing: Pick<RoutingWorkerFacade, 'call'>;
  /** The profile a typed route is parsed and analysed with. */
  profile: () => Promise<AircraftProfile>;
  /** An airport's summary by code (cached by the caller), null when unknown. */
  summaryOf: (code: string) => Promise<AirportSummary | null>;
  /** Favourite airport codes and recent search codes, newest first. */
  extras: { favourites: readonly string[]; recents: readonly string[] };
  /**
   * While the nav database is not open: airport hits from the airports overview (features/navdata
   * searchAirportOverview) for a search term. Absent once the database is open: the worker answers.
   */
  overview?: (term: string, limit: number) => Promise<SearchHit[]>;
}

/**
 * Asks the routing worker what a plan needs (search hits, the parsed route, the favourites' and
 * recents' summaries). A failed call answers nothing for its part. With `overview` (the nav database
 * is still loading) the search hits are the overview's airports and no route is parsed.
 */
export async function fetchAnswers(plan: QueryPlan, { routing, profile, summaryOf, extras, overview }: QueryDeps): Promise<QueryAnswers> {
  const searchPromise = overview
    ? overview(plan.searchTerm, SEARCH_LIMIT).catch((): SearchHit[] => [])
    : routing.call('search', { query: plan.searchTerm, limit: SEARCH_LIMIT }).catch((): SearchHit[] => []);
  const routePromise: Promise<Route | null> = plan.parseRoute && !overview
    ? (async () => {
        const p = await profile();
        const parsed = await routing.call('parseRoute', { text: plan.query, profile: p });
        if (!routeWorthShowing(plan, parsed)) return null;
        if (parsed.invalid_tokens.length || parsed.airway_errors.length || parsed.waypoints.length < 2) return parsed;
        return await routing.call('runFlightPlan', { route: parsed, profile: p }).catch(() => parsed);
      })().catch(() => null)
    : Promise.resolve(null);
  const favouriteCodes = plan.withExtras ? extras.favourites.slice(0, EXTRA_CODES_LOOKED_UP) : [];
  const recentCodes = plan.withExtras ? extras.recents.slice(0, EXTRA_CODES_LOOKED_UP) : [];
  const [favouriteSummaries, recentSummaries] = await Promise.all([
    Promise.all(favouriteCodes.map((code) => summaryOf(code))),
    Promise.all(recentCodes.map((code) => summaryOf(code))),
  ]);
  const favourites = favouriteCodes.map((code, i) => extraSuggestion(code, favouriteSummaries[i] ?? null, 'Favorite'));
  const recents = recentCodes.map((code, i) => extraSuggestion(code, recentSummaries[i] ?? null, 'Recent'));
  const [hits, route] = await Promise.all([searchPromise, routePromise]);
  return { hits, route, favourites, recents, fromOverview: overview !== undefined };
}
