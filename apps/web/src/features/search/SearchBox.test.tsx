import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { AirportSummary, SearchHit } from '@clearway/navdb';
import { DEFAULT_PROFILE, runFlightPlan, type AircraftProfile, type Route, type WaypointType } from '@clearway/flightplan';
import { ServicesContext, type AppServices } from '../../app/services';
import type { RoutingWorkerFacade } from '../../worker/facade';
import { makeStore } from '../../store';
import { testPrefs } from '../../test/renderApp';
import { fixtureRoute, fixtureWaypoint } from '../flightplan/navlogFixture';
import { profileChanged } from '../route/routeSlice';
import { SearchBox, type SearchMode } from './SearchBox';

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

function setup(mode: SearchMode = 'route') {
  const prefs = testPrefs();
  const store = makeStore({ prefs });
  const { routing, calls } = fakeRouting();
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
const WAIT = { timeout: 3000 };

describe('SearchBox', () => {
  it('suggests an airport by id after the debounce and selects it with the keyboard', async () => {
    const { input, type, prefs, router, store } = setup();
    expect(input.getAttribute('aria-expanded')).toBe('false');
    type(' khwd');
    await waitFor(() => expect(options().some((t) => t?.includes('HAYWARD EXEC'))).toBe(true), WAIT);
    expect(input.getAttribute('aria-expanded')).toBe('true');
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(input.getAttribute('aria-activedescendant')).toBe(screen.getAllByRole('option')[0]?.id);
    fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/airport'), WAIT);
    expect(await prefs.getProperty('airport_id')).toBe('HWD');
    expect(store.getState().route.selectedAirportId).toBe('HWD');
    expect(store.getState().map.map_location).toMatchObject({ state: 'set', type: 'airport' });
  });

  it('finds an airport by name', async () => {
    const { type } = setup();
    type('Hayward');
    await waitFor(() => expect(options().some((t) => t?.includes('HAYWARD EXEC'))).toBe(true), WAIT);
  });

  it('shows the parsed route with its distance; Enter stores it, adds a recent search and analyses it', async () => {
    const { input, type, prefs, store, calls } = setup();
    type('khwd oak ksfo');
    await waitFor(() => expect(options()).toContain('Select Route: KHWD OAK KSFO Distance: 16 nm'), WAIT);
    fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() => expect(store.getState().route.current?.final_string).toBe('KHWD OAK KSFO'), WAIT);
    await waitFor(async () => expect((await prefs.getProperty('route'))?.final_string).toBe('KHWD OAK KSFO'), WAIT);
    const searches = await prefs.searches.toArray();
    expect(searches).toEqual([expect.objectContaining({ code: 'KHWD OAK KSFO', deleted: 'F' })]);
    // Analysis after 500 ms: the analysed route (distance) replaces the parsed one, once.
    await waitFor(() => expect(Math.abs((store.getState().route.current?.total_distance ?? 0) - KHWD_OAK_KSFO_NM) / KHWD_OAK_KSFO_NM).toBeLessThan(0.003), WAIT);
    const runs = calls.filter((c) => c === 'runFlightPlan').length;
    await act(() => new Promise((resolve) => setTimeout(resolve, 700)));
    expect(calls.filter((c) => c === 'runFlightPlan').length).toBe(runs);
    // A new cruise altitude: analysed again.
    await prefs.setProperty('profile', { tail: 'N1', altitude: 8500 });
    act(() => {
      store.dispatch(profileChanged());
    });
    await waitFor(() => expect(calls.filter((c) => c === 'runFlightPlan').length).toBe(runs + 1), WAIT);
  });

  it('shows invalid tokens as not recognized and not selectable', async () => {
    const { type } = setup();
    type('KHWD ZZZZZ');
    await waitFor(() => expect(options()).toContain('Not recognized: ZZZZZ'), WAIT);
    const row = screen.getAllByRole('option').find((o) => o.textContent === 'Not recognized: ZZZZZ');
    expect(row?.getAttribute('aria-disabled')).toBe('true');
    expect(options().some((t) => t?.startsWith('Select Route'))).toBe(false);
  });

  it('clear empties the box and clears the route', async () => {
    const { input, type, store } = setup();
    type('KHWD OAK');
    await waitFor(() => expect(options().some((t) => t?.startsWith('Select Route'))).toBe(true), WAIT);
    fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() => expect(store.getState().route.current).not.toBeNull(), WAIT);
    fireEvent.click(screen.getByRole('button', { name: 'clear search' }));
    expect((input as HTMLInputElement).value).toBe('');
    expect(store.getState().route.current).toBeNull();
  });

  it('airport mode: Enter checks the summary, stores airport_id and clears the box; a failed summary selects nothing', async () => {
    const { input, type, prefs, router } = setup('airport');
    type('ZZZZ');
    fireEvent.keyDown(input, { key: 'Enter' });
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
    expect(router.state.location.pathname).toBe('/app/map1');
    expect(await prefs.getProperty('airport_id')).toBeUndefined();
    type('khwd');
    fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/airport'), WAIT);
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
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    fireEvent.change(input, { target: { value: 'K' } });
    await waitFor(() => expect(options().length).toBeGreaterThan(0), WAIT);
    // The favourite HWD and the search hit KHWD (summary code HWD) are one row; the deleted recent is absent.
    expect(options()).toEqual(['HWD / KHWD HAYWARD EXECFavorite · HAYWARD, CA', 'KHWD OAKRecent']);
    fireEvent.blur(input);
    await act(() => new Promise((resolve) => setTimeout(resolve, 600)));
    expect(input.getAttribute('aria-expanded')).toBe('true');
    await act(() => new Promise((resolve) => setTimeout(resolve, 600)));
    expect(input.getAttribute('aria-expanded')).toBe('false');
  });
});
