import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AirportSummary, SearchHit } from '@clearway/navdb';
import { DEFAULT_PROFILE, runFlightPlan, type AircraftProfile, type Route, type WaypointType } from '@clearway/flightplan';
import { ServicesContext, type AppServices } from '../../platform/services';
import type { RoutingWorkerFacade } from '../../worker/facade';
import { makeStore } from '../../store';
import { elapse, eventually } from '../../test/eventually';
import { testPrefs } from '../../test/renderApp';
import { fixtureRoute, fixtureWaypoint, startRouteEffectsAsAtBoot, type BootedRouteEffects } from '../../test/route';
import { airportFeatures } from '@clearway/navdb';
import { sampleNavDataSet } from '@clearway/navdb/testing';
import { endpointsForOrigin } from '@clearway/protocol';
import { configLoaded } from '../../store/configSlice';
import { signalSettled } from '../../store/readinessSlice';
import { navDataLoaded } from '../../test/navdata';
import { SearchBox, type SearchMode } from './SearchBox';
import { CLICK_AWAY_CLOSE_MS, SEARCH_DEBOUNCE_MS } from './suggestions';

const HWD = { code: 'HWD', icao: 'KHWD', name: 'HAYWARD EXEC', municipality: 'HAYWARD', state: 'CA' } as AirportSummary;
/** The points the fake parser knows, at their positions in the world database (flightplan's golden case khwd-oak-ksfo-world-2029). */
const POINTS: Record<string, [number, number, WaypointType]> = {
  KHWD: [37.658368, -122.1212625, 'AIRPORT'],
  OAK: [37.7259167, -122.2235833, 'NAVAID'],
  KSFO: [37.6174626, -122.3752952, 'AIRPORT'],
};
const KNOWN = new Set(Object.keys(POINTS));
/** KHWD OAK KSFO by GeographicLib's WGS84 geodesics: 6.335 + 9.720 = 16.055 nm (the oracle, not the engine). */
const KHWD_OAK_KSFO_NM = 16.055;

/** A fake routing facade: one airport, a tiny route parser, and the real engine's runFlightPlan. */
function fakeRouting() {
  const calls: string[] = [];
  const call = async (method: string, params: Record<string, unknown>): Promise<unknown> => {
    calls.push(method);
    switch (method) {
      case 'search': {
        const q = String(params.query);
        const hits: SearchHit[] = [];
        if ('KHWD'.startsWith(q) || 'HAYWARD'.startsWith(q)) hits.push({ type: 'Airport', ident: 'KHWD', name: 'HAYWARD EXEC', place: 'HAYWARD, CA', latDeg: 37.6, lonDeg: -122.1, summary: HWD });
        if ('OAK'.startsWith(q)) hits.push({ type: 'VOR', ident: 'OAK', name: 'OAKLAND', place: null, latDeg: 37.7, lonDeg: -122.2, summary: null });
        return hits;
      }
      case 'airportSummary':
        return ['KHWD', 'HWD'].includes(String(params.code)) ? HWD : { error: 'Airport not found' };
      case 'parseRoute': {
        const tokens = String(params.text).split(/\s+/).filter(Boolean);
        const good = tokens.filter((t) => KNOWN.has(t));
        const waypoints = good.map((ident) => {
          const [lat, lon, type] = POINTS[ident]!;
          return fixtureWaypoint(ident, { location: { lat, lon }, type });
        });
        return fixtureRoute(waypoints, [], { invalid_tokens: tokens.filter((t) => !KNOWN.has(t)) });
      }
      case 'runFlightPlan':
        return runFlightPlan(params.route as Route, { ...DEFAULT_PROFILE, ...(params.profile as Partial<AircraftProfile> | undefined) }, { now: Date.UTC(2026, 10, 21, 18) });
      default:
        throw new Error(`unexpected ${method}`);
    }
  };
  return { routing: { call } as unknown as RoutingWorkerFacade, calls };
}

const LOADED = {
  channel: 'dev',
  region: 'us',
  cycle: '2511',
  effective: '2025-11-27',
  expires: '2025-12-25',
  formatVersion: 1,
  builtAt: '2025-11-20T00:00:00Z',
  counts: { airports: 1, runways: 1, navaids: 1, fixes: 1, airways: 1, procedures: 1 },
  bytes: 1000,
  source: 'cache' as const,
};

let effects: BootedRouteEffects | undefined;
const PROFILE: AircraftProfile = { ...DEFAULT_PROFILE, etd_iso: '2026-11-21T20:00:00.000Z' };

function setup(mode: SearchMode = 'route') {
  const prefs = testPrefs();
  const store = makeStore({ prefs });
  const { routing, calls } = fakeRouting();
  // As at boot (app/boot.ts): the stored profile in the store, the route's effects running.
  effects = startRouteEffectsAsAtBoot({ store, routing, prefs, profile: PROFILE });
  const services: AppServices = { prefs, applyUpdate: () => undefined, appVersion: 't', routing };
  const router = createMemoryRouter(
    [
      { path: '/app/map1', element: <SearchBox mode={mode} /> },
      { path: '/app/airport', element: <div data-testid="airport-page" /> },
    ],
    { initialEntries: ['/app/map1'] },
  );
  render(
    <Provider store={store}>
      <ServicesContext.Provider value={services}>
        <RouterProvider router={router} />
      </ServicesContext.Provider>
    </Provider>,
  );
  const input = screen.getByRole('combobox');
  const type = (text: string) => fireEvent.change(input, { target: { value: text } });
  return { prefs, store, router, calls, input, type };
}

const options = () => screen.queryAllByRole('option').map((o) => o.textContent);

/**
 * The component's timers (500 ms debounce and analysis delay, 1 s click-away close) run on a fake
 * clock: `elapse` moves it on by `ms`, firing the timers due. The in-memory IndexedDB and the fake
 * routing answer on real event-loop turns (setImmediate, not faked), so results are awaited with
 * `eventually`, which counts turns, not time. No test here waits on the real clock.
 */

describe('SearchBox', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  });
  afterEach(() => {
    effects?.stop();
    effects = undefined;
    vi.useRealTimers();
  });

  it('suggests an airport by id after the debounce and selects it with the keyboard', async () => {
    const { input, type, prefs, router, store, calls } = setup();
    expect(input.getAttribute('aria-expanded')).toBe('false');
    type(' khwd');
    // No search before the 500 ms debounce ends, the suggestions right after it.
    await elapse(SEARCH_DEBOUNCE_MS - 1);
    expect(calls).not.toContain('search');
    await elapse(1);
    expect(calls).toContain('search');
    await eventually(() => expect(options().some((t) => t?.includes('HAYWARD EXEC'))).toBe(true));
    expect(input.getAttribute('aria-expanded')).toBe('true');
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(input.getAttribute('aria-activedescendant')).toBe(screen.getAllByRole('option')[0]?.id);
    fireEvent.keyDown(input, { key: 'Enter' });
    await eventually(() => expect(router.state.location.pathname).toBe('/app/airport'));
    expect(await prefs.getProperty('airport_id')).toBe('HWD');
    expect(store.getState().route.selectedAirportId).toBe('HWD');
    expect(store.getState().map.map_location).toMatchObject({ state: 'set', type: 'airport' });
  });

  it('finds an airport by name', async () => {
    const { type } = setup();
    type('Hayward');
    await elapse(SEARCH_DEBOUNCE_MS);
    await eventually(() => expect(options().some((t) => t?.includes('HAYWARD EXEC'))).toBe(true));
  });

  it('shows the parsed route with its distance; Enter stores it, adds a recent search and the route effect analyses it', async () => {
    const { input, type, prefs, store, calls } = setup();
    const analyses = () => calls.filter((c) => c === 'runFlightPlan').length;
    type('khwd oak ksfo');
    await elapse(SEARCH_DEBOUNCE_MS);
    await eventually(() => expect(options()).toContain('Select Route: KHWD OAK KSFO Distance: 16 nm'));
    fireEvent.keyDown(input, { key: 'Enter' });
    await eventually(() => expect(store.getState().route.current?.final_string).toBe('KHWD OAK KSFO'));
    await eventually(async () => expect((await prefs.getProperty('route'))?.final_string).toBe('KHWD OAK KSFO'));
    await eventually(async () => expect(await prefs.searches.toArray()).toEqual([expect.objectContaining({ code: 'KHWD OAK KSFO', deleted: 'F' })]));
    // Analysis 500 ms after the route changed: the analysed route (distance) replaces the parsed one.
    await elapse(SEARCH_DEBOUNCE_MS);
    await eventually(() => expect(Math.abs((store.getState().route.current?.total_distance ?? 0) - KHWD_OAK_KSFO_NM) / KHWD_OAK_KSFO_NM).toBeLessThan(0.003));
    const runs = analyses();
    // Once: the analysed route is a change too, and the analysis its timer starts finds nothing to do
    // (it decides synchronously when its timer fires).
    await elapse(SEARCH_DEBOUNCE_MS);
    expect(analyses()).toBe(runs);
    // A new cruise altitude saved: analysed again.
    act(() => effects?.saveProfile({ ...PROFILE, altitude: 8500 }));
    await elapse(SEARCH_DEBOUNCE_MS);
    await eventually(() => expect(analyses()).toBe(runs + 1));
  });

  it('a list opened under a resting mouse leaves Enter to the typed route; a mouse moved over a row makes it active', async () => {
    const { input, type, store } = setup();
    // The route row, then the last token's matches (the OAK VOR).
    type('khwd oak');
    await elapse(SEARCH_DEBOUNCE_MS);
    await eventually(() => expect(options().length).toBeGreaterThan(1));
    const rows = screen.getAllByTestId('search-option');
    expect(rows[0]!.textContent).toMatch(/^Select Route: KHWD OAK Distance:/);
    const last = rows[rows.length - 1]!;
    expect(rows.length).toBeGreaterThan(1);
    // The event a browser sends where the mouse rests when the rows appear under it: nothing changes.
    fireEvent.mouseMove(last, { clientX: 100, clientY: 200 });
    expect(rows.map((row) => row.getAttribute('aria-selected'))).toEqual(rows.map(() => 'false'));
    // Moved: the row under the pointer is the active one, and back on the route row.
    fireEvent.mouseMove(last, { clientX: 104, clientY: 203 });
    expect(last.getAttribute('aria-selected')).toBe('true');
    fireEvent.mouseMove(rows[0]!, { clientX: 104, clientY: 150 });
    expect(rows[0]!.getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(input, { key: 'Enter' });
    await eventually(() => expect(store.getState().route.current?.final_string).toBe('KHWD OAK'));
  });

  it('stores the recent search before the route, so a page closed as soon as the route is stored keeps it in history', async () => {
    const { input, type, prefs } = setup();
    const seenWhenRouteStored: unknown[][] = [];
    const setProperty = prefs.setProperty.bind(prefs);
    prefs.setProperty = (async (key: string, value: unknown) => {
      if (key === 'route') seenWhenRouteStored.push(await prefs.searches.toArray());
      return setProperty(key as never, value as never);
    }) as typeof prefs.setProperty;
    type('khwd oak ksfo');
    await elapse(SEARCH_DEBOUNCE_MS);
    await eventually(() => expect(options()).toContain('Select Route: KHWD OAK KSFO Distance: 16 nm'));
    fireEvent.keyDown(input, { key: 'Enter' });
    await eventually(async () => expect((await prefs.getProperty('route'))?.final_string).toBe('KHWD OAK KSFO'));
    expect(seenWhenRouteStored[0]).toEqual([expect.objectContaining({ code: 'KHWD OAK KSFO', deleted: 'F' })]);
  });

  it('hides the previous query rows at once when the text changes, and Enter then picks none of them (issue 27 point 2)', async () => {
    const { input, type, router, calls } = setup();
    type('khwd');
    await elapse(SEARCH_DEBOUNCE_MS);
    await eventually(() => expect(options().some((t) => t?.includes('HAYWARD EXEC'))).toBe(true));
    expect(screen.getByRole('listbox').getAttribute('data-query')).toBe('KHWD');
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(input.getAttribute('aria-activedescendant')).toBeTruthy();
    // One more character: no row of 'KHWD' is left, before and throughout the new debounce.
    type('khwdx');
    expect(options()).toEqual([]);
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(input.getAttribute('aria-activedescendant')).toBeNull();
    await elapse(SEARCH_DEBOUNCE_MS - 1);
    expect(options()).toEqual([]);
    // Enter now submits the text, not the Hayward row that was active.
    const summaries = calls.filter((c) => c === 'airportSummary').length;
    fireEvent.keyDown(input, { key: 'Enter' });
    await eventually(() => expect(calls.filter((c) => c === 'parseRoute').length).toBeGreaterThan(1));
    expect(calls.filter((c) => c === 'airportSummary').length).toBe(summaries);
    expect(router.state.location.pathname).toBe('/app/map1');
  });

  it('keeps the route figures when the box is mounted, unmounted and mounted again (issue 27 point 1)', async () => {
    const { store, prefs, type, input } = setup();
    type('khwd oak ksfo');
    await elapse(SEARCH_DEBOUNCE_MS);
    await eventually(() => expect(options()).toContain('Select Route: KHWD OAK KSFO Distance: 16 nm'));
    fireEvent.keyDown(input, { key: 'Enter' });
    await eventually(async () => expect((await prefs.getProperty('route'))?.final_string).toBe('KHWD OAK KSFO'));
    await elapse(SEARCH_DEBOUNCE_MS);
    await eventually(() => expect(store.getState().route.current?.total_distance).toBeGreaterThan(16));
    const analysed = store.getState().route.current;
    const legs = analysed?.all_legs.length;
    expect(legs).toBe(2);
    cleanup();
    // The tablet's taller top bar: another box mounts (twice: portrait, then landscape again).
    for (let i = 0; i < 2; i++) {
      const view = render(
        <Provider store={store}>
          <ServicesContext.Provider value={{ prefs, applyUpdate: () => undefined, appVersion: 't', routing: fakeRouting().routing }}>
            <RouterProvider router={createMemoryRouter([{ path: '/', element: <SearchBox /> }])} />
          </ServicesContext.Provider>
        </Provider>,
      );
      await elapse(SEARCH_DEBOUNCE_MS * 2);
      await act(async () => undefined);
      expect(store.getState().route.current).toBe(analysed);
      view.unmount();
    }
    expect(store.getState().route.current?.all_legs.length).toBe(legs);
  });

  it('shows invalid tokens as not recognized and not selectable', async () => {
    const { type } = setup();
    type('KHWD ZZZZZ');
    await elapse(SEARCH_DEBOUNCE_MS);
    await eventually(() => expect(options()).toContain('Not recognized: ZZZZZ'));
    const row = screen.getAllByRole('option').find((o) => o.textContent === 'Not recognized: ZZZZZ');
    expect(row?.getAttribute('aria-disabled')).toBe('true');
    expect(options().some((t) => t?.startsWith('Select Route'))).toBe(false);
  });

  it('clear empties the box and clears the route', async () => {
    const { input, type, store } = setup();
    type('KHWD OAK');
    await elapse(SEARCH_DEBOUNCE_MS);
    await eventually(() => expect(options().some((t) => t?.startsWith('Select Route'))).toBe(true));
    fireEvent.keyDown(input, { key: 'Enter' });
    await eventually(() => expect(store.getState().route.current).not.toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'clear search' }));
    expect((input as HTMLInputElement).value).toBe('');
    expect(store.getState().route.current).toBeNull();
  });

  it('airport mode: Enter checks the summary, stores airport_id and clears the box; a failed summary selects nothing', async () => {
    const { input, type, prefs, router, calls } = setup('airport');
    type('ZZZZ');
    fireEvent.keyDown(input, { key: 'Enter' });
    await eventually(() => expect(calls).toContain('airportSummary'));
    // The refused summary is answered at once; what follows it runs in the promises it settles.
    await act(async () => undefined);
    expect(router.state.location.pathname).toBe('/app/map1');
    expect(await prefs.getProperty('airport_id')).toBeUndefined();
    type('khwd');
    fireEvent.keyDown(input, { key: 'Enter' });
    await eventually(() => expect(router.state.location.pathname).toBe('/app/airport'));
    expect(await prefs.getProperty('airport_id')).toBe('HWD');
  });

  it('adds favourites and recent searches to the suggestions, and closes 1 s after focus leaves', async () => {
    const prefs = testPrefs();
    await prefs.fav_airports.put({ code: 'HWD', deleted: 'F', ts: 1 });
    await prefs.searches.bulkPut([
      { code: 'KHWD OAK', deleted: 'F', ts: 2 },
      { code: 'KSFO', deleted: 'T', ts: 3 },
    ]);
    const store = makeStore({ prefs });
    const { routing } = fakeRouting();
    const router = createMemoryRouter([{ path: '/', element: <SearchBox /> }]);
    render(
      <Provider store={store}>
        <ServicesContext.Provider value={{ prefs, applyUpdate: () => undefined, appVersion: 't', routing }}>
          <RouterProvider router={router} />
        </ServicesContext.Provider>
      </Provider>,
    );
    const input = screen.getByRole('combobox');
    fireEvent.change(input, { target: { value: 'K' } });
    await elapse(SEARCH_DEBOUNCE_MS);
    // The favourite HWD and the search hit KHWD (summary code HWD) are one row; the deleted recent is absent.
    await eventually(() => expect(options()).toEqual(['HWD / KHWD HAYWARD EXECFavorite · HAYWARD, CA', 'KHWD OAKRecent']));
    fireEvent.blur(input);
    await elapse(CLICK_AWAY_CLOSE_MS - 1);
    expect(input.getAttribute('aria-expanded')).toBe('true');
    await elapse(1);
    expect(input.getAttribute('aria-expanded')).toBe('false');
  });
  it('answers an airport from the overview while the nav database loads; picking it opens the airport page; the database then answers', async () => {
    const { store, type, router, prefs, calls } = setup();
    // The map's airports overview, as the server builds it (navdb airportFeatures).
    const origin = 'https://overview-search.test';
    const overview = airportFeatures([{ ...sampleNavDataSet().airports.find((a) => a.id === 'HWD')!, id: 'SFO', icaoId: 'KSFO', name: 'SAN FRANCISCO INTL', latDeg: 37.619, lonDeg: -122.375 }]);
    const asked: string[] = [];
    vi.stubGlobal('fetch', async (input: string | URL | Request) => {
      asked.push(String(input));
      return new Response(JSON.stringify(overview), { status: 200 });
    });
    try {
      act(() => {
        store.dispatch(configLoaded({ config: { env: 'localhost', version: '1', dataChannel: 'dev', remoteLogging: false, endpoints: endpointsForOrigin(origin) }, source: 'server' }));
      });
      type('ksfo');
      await elapse(SEARCH_DEBOUNCE_MS);
      await eventually(() => expect(options()).toEqual(['SFO SAN FRANCISCO INTLAirport']));
      expect(screen.getByRole('listbox').dataset.source).toBe('overview');
      expect(asked).toEqual([`${origin}/downloads/dev/navdata/us.airports.geojson`]);
      expect(calls).not.toContain('search');
      expect(calls).not.toContain('parseRoute');

      // A route needs the database: it says it is loading, and the airport rows stay.
      type('khwd ksfo');
      await elapse(SEARCH_DEBOUNCE_MS);
      await eventually(() => expect(options()).toEqual(['Nav Database is Loading...Routes are checked once it has loaded', 'SFO SAN FRANCISCO INTLAirport']));
      expect(screen.getAllByRole('option')[0]?.getAttribute('aria-disabled')).toBe('true');

      type('ksfo');
      await elapse(SEARCH_DEBOUNCE_MS);
      await eventually(() => expect(options()).toEqual(['SFO SAN FRANCISCO INTLAirport']));
      fireEvent.click(screen.getAllByRole('option')[0]!);
      await eventually(() => expect(router.state.location.pathname).toBe('/app/airport'));
      expect(store.getState().route.selectedAirportId).toBe('SFO');
      expect(store.getState().map.map_location).toMatchObject({ state: 'set', type: 'airport', lat: 37.619, lon: -122.375 });
      await eventually(async () => expect(await prefs.getProperty('airport_id')).toBe('SFO'));
      expect(calls).not.toContain('airportSummary');
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('asks the routing worker again for the text shown once the nav database opens', async () => {
    const { store, type, calls } = setup();
    const overview = airportFeatures(sampleNavDataSet().airports.filter((a) => a.id === 'HWD'));
    vi.stubGlobal('fetch', async () => new Response(JSON.stringify(overview), { status: 200 }));
    try {
      act(() => {
        store.dispatch(configLoaded({ config: { env: 'localhost', version: '1', dataChannel: 'dev', remoteLogging: false, endpoints: endpointsForOrigin('https://reask.test') }, source: 'server' }));
      });
      type('khwd');
      await elapse(SEARCH_DEBOUNCE_MS);
      await eventually(() => expect(screen.getByRole('listbox').dataset.source).toBe('overview'));
      expect(options()).toEqual(['HWD HAYWARD EXECUTIVEAirport']);
      expect(calls).not.toContain('search');
      act(() => {
        store.dispatch(navDataLoaded({ loaded: LOADED, timings: { waitWorkerMs: 1, fetchMs: 1, loadMs: 1, totalMs: 3 } }));
      });
      await elapse(SEARCH_DEBOUNCE_MS);
      await eventually(() => expect(screen.getByRole('listbox').dataset.source).toBe('navdb'));
      expect(calls).toContain('search');
      expect(options()).toEqual(['HWD / KHWD HAYWARD EXECAirport · HAYWARD, CA']);
    } finally {
      vi.unstubAllGlobals();
    }
  });
  it('reads the overview ahead once the map is drawn, while the nav database loads', async () => {
    const { store } = setup();
    const asked: string[] = [];
    vi.stubGlobal('fetch', async (input: string | URL | Request) => {
      asked.push(String(input));
      return new Response(JSON.stringify(airportFeatures([])), { status: 200 });
    });
    try {
      act(() => {
        store.dispatch(configLoaded({ config: { env: 'localhost', version: '1', dataChannel: 'dev', remoteLogging: false, endpoints: endpointsForOrigin('https://ahead.test') }, source: 'server' }));
      });
      expect(asked).toEqual([]);
      act(() => {
        store.dispatch(signalSettled({ signal: 'map', state: 'ready' }));
      });
      await eventually(() => expect(asked).toEqual(['https://ahead.test/downloads/dev/navdata/us.airports.geojson']));
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
