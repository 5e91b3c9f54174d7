import { describe, expect, it } from 'vitest';
import type { AirportSummary, SearchHit } from '@clearway/navdb';
import type { Route } from '@clearway/flightplan';
import type { RoutingWorkerFacade } from '../../worker/facade';
import { fetchAnswers, planQuery, routeWorthShowing, suggestionsFor, type QueryAnswers } from './query';
import { extraSuggestion } from './suggestions';

const summary = (code: string, name: string) => ({ code, icao: `K${code}`, name, municipality: 'X', state: 'CA' }) as AirportSummary;
const airport = (code: string, name: string): SearchHit => ({ type: 'Airport', ident: `K${code}`, name, place: 'X, CA', latDeg: 1, lonDeg: 2, summary: summary(code, name) });
const vor = (ident: string): SearchHit => ({ type: 'VOR', ident, name: ident, place: null, latDeg: 1, lonDeg: 2, summary: null });
const route = (over: Partial<Route>) =>
  ({ final_string: 'KHWD OAK', total_distance: 9.7, airway_errors: [], invalid_tokens: [], waypoints: [{}, {}], ...over }) as unknown as Route;
const none: QueryAnswers = { hits: [], route: null, favourites: [], recents: [] };
const rows = (list: ReturnType<typeof suggestionsFor>) => list.map((s) => `${s.resultType}:${s.text ?? s.code}`);

describe('planQuery', () => {
  it('is null for an empty box and trims and uppercases the text', () => {
    expect(planQuery('   ', 'route')).toBeNull();
    expect(planQuery(' ksfo ', 'route')).toEqual({ query: 'KSFO', tokens: ['KSFO'], searchTerm: 'KSFO', parseRoute: true, withExtras: true });
  });

  it('route mode searches for the token being typed and parses the whole text; airport mode searches the whole text only', () => {
    expect(planQuery('khwd oak ks', 'route')).toMatchObject({ query: 'KHWD OAK KS', searchTerm: 'KS', parseRoute: true, withExtras: false });
    expect(planQuery('san carlos', 'airport')).toMatchObject({ searchTerm: 'SAN CARLOS', parseRoute: false, withExtras: false });
  });
});

describe('routeWorthShowing', () => {
  it('wants two tokens or a token the parser could not build', () => {
    const plan1 = planQuery('KHWD', 'route')!;
    expect(routeWorthShowing(plan1, route({}))).toBe(false);
    expect(routeWorthShowing(plan1, route({ invalid_tokens: ['KHWD'] }))).toBe(true);
    expect(routeWorthShowing(plan1, route({ airway_errors: ['V334: not on airway'] }))).toBe(true);
    expect(routeWorthShowing(planQuery('KHWD OAK', 'route')!, route({}))).toBe(true);
  });
});

describe('suggestionsFor (text + nav results -> rows)', () => {
  it('one token: favourites and recents that match, then the hits, one row per airport', () => {
    const plan = planQuery('ks', 'route')!;
    const answers: QueryAnswers = {
      hits: [airport('SFO', 'SAN FRANCISCO INTL'), airport('SBP', 'SAN LUIS COUNTY')],
      route: null,
      favourites: [extraSuggestion('SFO', summary('SFO', 'SAN FRANCISCO INTL'), 'Favorite'), extraSuggestion('HWD', summary('HWD', 'HAYWARD'), 'Favorite')],
      recents: [extraSuggestion('KSQL', null, 'Recent')],
    };
    expect(rows(suggestionsFor(plan, 'route', answers, 'nm'))).toEqual(['Favorite:SFO', 'Recent:KSQL', 'Search:SBP']);
  });

  it('a single token the parser does not know: "Not recognized" only when nothing else matches', () => {
    const plan = planQuery('zzzz', 'route')!;
    const parsed = route({ final_string: '', invalid_tokens: ['ZZZZ'], waypoints: [] });
    expect(rows(suggestionsFor(plan, 'route', { ...none, route: parsed }, 'nm'))).toEqual(['Error:Not recognized: ZZZZ']);
    expect(rows(suggestionsFor(plan, 'route', { ...none, route: parsed, hits: [vor('ZZZZA')] }, 'nm'))).toEqual(['Search:ZZZZA']);
  });

  it('several tokens: the route row first with its distance, then the last token hits, no favourites', () => {
    const plan = planQuery('khwd oak', 'route')!;
    const answers: QueryAnswers = { ...none, route: route({}), hits: [vor('OAK')], favourites: [extraSuggestion('SFO', null, 'Favorite')] };
    expect(rows(suggestionsFor(plan, 'route', answers, 'nm'))).toEqual(['Route:Select Route: KHWD OAK Distance: 9.7 nm', 'Search:OAK']);
  });

  it('airport mode keeps airports, and recents only when they are known airports', () => {
    const plan = planQuery('s', 'airport')!;
    const answers: QueryAnswers = {
      ...none,
      hits: [airport('SFO', 'SAN FRANCISCO INTL'), vor('SAU')],
      recents: [extraSuggestion('SQL', summary('SQL', 'SAN CARLOS'), 'Recent'), extraSuggestion('SFO OAK', null, 'Recent')],
    };
    expect(rows(suggestionsFor(plan, 'airport', answers, 'nm'))).toEqual(['Recent:SQL', 'Search:SFO']);
  });
});

describe('fetchAnswers', () => {
  it('asks for the last token, parses and analyses a whole route, and answers nothing for a failed call', async () => {
    const calls: string[] = [];
    const routing = {
      call: async (method: string, params: Record<string, unknown>) => {
        calls.push(`${method}:${String(params.query ?? params.text ?? (params.route as Route | undefined)?.final_string ?? params.code)}`);
        if (method === 'search') throw new Error('worker gone');
        if (method === 'parseRoute') return route({ total_distance: 0 });
        if (method === 'runFlightPlan') return { ...(params.route as Route), total_distance: 9.7 };
        throw new Error(method);
      },
    } as unknown as RoutingWorkerFacade;
    const deps = { routing, profile: async () => ({}) as never, summaryOf: async () => null, extras: { favourites: ['SFO'], recents: [] } };
    const answers = await fetchAnswers(planQuery('khwd oak', 'route')!, deps);
    expect(calls).toEqual(['search:OAK', 'parseRoute:KHWD OAK', 'runFlightPlan:KHWD OAK']);
    expect(answers.hits).toEqual([]);
    expect(answers.route?.total_distance).toBe(9.7);
    // Several tokens: no favourites looked up.
    expect(answers.favourites).toEqual([]);
  });
});

describe('while the nav database loads (the airports overview answers)', () => {
  const overviewHit: SearchHit = { type: 'Airport', ident: 'SFO', name: 'SAN FRANCISCO INTL', place: null, latDeg: 37.6, lonDeg: -122.4, summary: null };

  it('takes the search hits from the overview and asks the worker for neither a search nor a route', async () => {
    const calls: string[] = [];
    const routing = {
      call: async (method: string) => {
        calls.push(method);
        throw new Error('no nav database is open');
      },
    } as unknown as RoutingWorkerFacade;
    const asked: string[] = [];
    const overview = async (term: string, limit: number) => {
      asked.push(`${term}:${limit}`);
      return term === 'KSFO' ? [overviewHit] : [];
    };
    const deps = { routing, profile: async () => ({}) as never, summaryOf: async () => null, extras: { favourites: [], recents: [] }, overview };
    const one = await fetchAnswers(planQuery('ksfo', 'route')!, deps);
    expect(one).toMatchObject({ hits: [overviewHit], route: null, fromOverview: true });
    const two = await fetchAnswers(planQuery('khwd ksfo', 'route')!, deps);
    expect(two).toMatchObject({ hits: [overviewHit], route: null, fromOverview: true });
    expect(asked).toEqual(['KSFO:30', 'KSFO:30']);
    expect(calls).toEqual([]);
  });

  it("shows the airport rows, and a route being typed gets 'Nav Database is Loading...' (not selectable) first", () => {
    const loading: QueryAnswers = { ...none, hits: [overviewHit], fromOverview: true };
    const single = suggestionsFor(planQuery('ksfo', 'route')!, 'route', loading, 'nm');
    expect(rows(single)).toEqual(['Search:SFO']);
    expect(single[0]).toMatchObject({ type: 'Airport', selectable: true, latDeg: 37.6, lonDeg: -122.4, summary: null });
    const routeRows = suggestionsFor(planQuery('khwd ksfo', 'route')!, 'route', loading, 'nm');
    expect(rows(routeRows)).toEqual(['Warning:Nav Database is Loading...', 'Search:SFO']);
    expect(routeRows[0]?.selectable).toBe(false);
    // Airport mode parses no route: no such row.
    expect(rows(suggestionsFor(planQuery('san francisco', 'airport')!, 'airport', loading, 'nm'))).toEqual(['Search:SFO']);
    // Once the database is open the same answers without the flag show no waiting row.
    expect(rows(suggestionsFor(planQuery('khwd ksfo', 'route')!, 'route', { ...loading, fromOverview: false }, 'nm'))).toEqual(['Search:SFO']);
  });
});
