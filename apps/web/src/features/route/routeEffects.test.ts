import { act } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_PROFILE, runFlightPlan, type AircraftProfile, type Route, type WaypointType } from '@clearway/flightplan';
import type { StoredRoute } from '../../db/prefs';
import { makeStore, type AppStore } from '../../store';
import { elapse, eventually } from '../../test/eventually';
import { testPrefs } from '../../test/renderApp';
import type { RoutingWorkerFacade } from '../../worker/facade';
import { profileLoaded, profileSaved } from '../profile';
import { fixtureRoute, fixtureWaypoint } from '../../test/route/navlogFixture';
import { ROUTE_ANALYSIS_DEBOUNCE_MS } from './analysis';
import { startRouteEffects, type RouteEffects } from './routeEffects';
import { routeSet } from './routeSlice';

/** The points of KHWD OAK KSFO at their places in the world database (flightplan's golden case khwd-oak-ksfo-world-2029). */
const POINTS: Record<string, [number, number, WaypointType]> = {
  KHWD: [37.658368, -122.1212625, 'AIRPORT'],
  OAK: [37.7259167, -122.2235833, 'NAVAID'],
  KSFO: [37.6174626, -122.3752952, 'AIRPORT'],
};
/** KHWD OAK KSFO by GeographicLib's WGS84 geodesics: 6.335 + 9.720 = 16.055 nm (the oracle, not the engine). */
const KHWD_OAK_KSFO_NM = 16.055;
const PROFILE: AircraftProfile = { ...DEFAULT_PROFILE, etd_iso: '2026-11-21T20:00:00.000Z' };

/** A parsed, not analysed route (what the route property holds after a commit): distance 0, no legs. */
function parsedRoute(text = 'KHWD OAK KSFO'): Route {
  const waypoints = text.split(' ').map((ident) => {
    const [lat, lon, type] = POINTS[ident]!;
    return fixtureWaypoint(ident, { location: { lat, lon }, type });
  });
  return fixtureRoute(waypoints, [], { ts: 1_700_000_000_000 });
}

/**
 * A fake routing service: runFlightPlan is the real engine's, answered on the next event-loop turn
 * (or held until `release` when `hold` is set); every call is counted by method.
 */
function fakeRouting() {
  const calls: { method: string; altitude?: number }[] = [];
  const held: (() => void)[] = [];
  let hold = false;
  const call = async (method: string, params: { route: Route; profile: AircraftProfile }): Promise<unknown> => {
    calls.push({ method, altitude: params.profile?.altitude });
    if (method !== 'runFlightPlan') throw new Error(`unexpected ${method}`);
    if (hold) await new Promise<void>((resolve) => held.push(resolve));
    else await new Promise<void>((resolve) => setImmediate(resolve));
    return runFlightPlan(params.route, params.profile, { now: Date.UTC(2026, 10, 21, 18) });
  };
  return {
    routing: { call } as unknown as RoutingWorkerFacade,
    analyses: () => calls.filter((c) => c.method === 'runFlightPlan'),
    holdAnswers: () => {
      hold = true;
    },
    /** Answers the held calls, the newest first. */
    release: () => held.splice(0).reverse().forEach((resolve) => resolve()),
  };
}


const distanceOf = (store: AppStore) => store.getState().route.current?.total_distance ?? 0;
const legsOf = (store: AppStore) => store.getState().route.current?.all_legs.length ?? 0;
const analysedNear = (store: AppStore) => expect(Math.abs(distanceOf(store) - KHWD_OAK_KSFO_NM) / KHWD_OAK_KSFO_NM).toBeLessThan(0.003);

let effects: RouteEffects | undefined;

async function setup(stored: Route | null = parsedRoute(), fake = fakeRouting()) {
  const prefs = testPrefs();
  if (stored) await prefs.setProperty('route', stored as unknown as StoredRoute);
  const store = makeStore({ prefs });
  store.dispatch(profileLoaded(PROFILE));
  effects = startRouteEffects({ store, routing: fake.routing, prefs });
  return { prefs, store, ...fake };
}

describe('route effects (no component mounted)', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  });
  afterEach(() => {
    effects?.stop();
    effects = undefined;
    vi.useRealTimers();
  });

  it('restores the stored route at start and analyses it 500 ms later', async () => {
    const { store, analyses } = await setup();
    await act(() => effects!.restored);
    expect(store.getState().route.current?.final_string).toBe('KHWD OAK KSFO');
    expect(distanceOf(store)).toBe(0);
    await elapse(ROUTE_ANALYSIS_DEBOUNCE_MS - 1);
    expect(analyses()).toHaveLength(0);
    await elapse(1);
    await eventually(() => analysedNear(store));
    expect(legsOf(store)).toBe(2);
    // The analysed route is a change too; the run it starts finds nothing to do.
    await elapse(ROUTE_ANALYSIS_DEBOUNCE_MS * 2);
    expect(analyses()).toHaveLength(1);
  });

  it('analyses again when a route with the last analysis inputs is put back unanalysed', async () => {
    const { store, analyses } = await setup();
    await act(() => effects!.restored);
    await elapse(ROUTE_ANALYSIS_DEBOUNCE_MS);
    await eventually(() => analysedNear(store));
    // The same string, departure time and altitude, but zero figures (a stored copy, the same text submitted).
    act(() => {
      store.dispatch(routeSet(parsedRoute()));
    });
    expect(distanceOf(store)).toBe(0);
    await elapse(ROUTE_ANALYSIS_DEBOUNCE_MS);
    await eventually(() => analysedNear(store));
    expect(analyses()).toHaveLength(2);
  });

  it('re-analyses with the store profile when the cruise altitude or departure time is saved', async () => {
    const { store, analyses } = await setup();
    await act(() => effects!.restored);
    await elapse(ROUTE_ANALYSIS_DEBOUNCE_MS);
    await eventually(() => expect(analyses()).toHaveLength(1));
    act(() => {
      store.dispatch(profileSaved({ ...PROFILE, altitude: 8500 }));
    });
    await elapse(ROUTE_ANALYSIS_DEBOUNCE_MS);
    await eventually(() => expect(analyses()).toHaveLength(2));
    expect(analyses()[1]?.altitude).toBe(8500);
    await eventually(() => expect(store.getState().route.current?.altitude).toBe(8500));
    act(() => {
      store.dispatch(profileSaved({ ...PROFILE, altitude: 8500, etd_iso: '2026-11-21T21:00:00.000Z' }));
    });
    await elapse(ROUTE_ANALYSIS_DEBOUNCE_MS);
    await eventually(() => expect(analyses()).toHaveLength(3));
  });

  it('waits for the profile: nothing is analysed before boot has put one in the store', async () => {
    const prefs = testPrefs();
    await prefs.setProperty('route', parsedRoute() as unknown as StoredRoute);
    const store = makeStore({ prefs });
    const fake = fakeRouting();
    effects = startRouteEffects({ store, routing: fake.routing, prefs });
    await act(() => effects!.restored);
    await elapse(ROUTE_ANALYSIS_DEBOUNCE_MS * 2);
    expect(fake.analyses()).toHaveLength(0);
    act(() => {
      store.dispatch(profileLoaded(PROFILE));
    });
    await elapse(ROUTE_ANALYSIS_DEBOUNCE_MS);
    await eventually(() => analysedNear(store));
  });

  it('drops an analysis still running when its inputs change: the newer one is shown', async () => {
    const { store, analyses, holdAnswers, release } = await setup();
    holdAnswers();
    await act(() => effects!.restored);
    await elapse(ROUTE_ANALYSIS_DEBOUNCE_MS);
    await eventually(() => expect(analyses()).toHaveLength(1));
    act(() => {
      store.dispatch(profileSaved({ ...PROFILE, altitude: 9500 }));
    });
    await elapse(ROUTE_ANALYSIS_DEBOUNCE_MS);
    await eventually(() => expect(analyses()).toHaveLength(2));
    // Both answers come, the older one last; only the one for 9,500 ft may reach the store.
    release();
    await eventually(() => expect(store.getState().route.current?.altitude).toBe(9500));
    await elapse(ROUTE_ANALYSIS_DEBOUNCE_MS * 2);
    expect(store.getState().route.current?.altitude).toBe(9500);
    expect(analyses()).toHaveLength(2);
  });

  it('restores nothing over a route chosen while the stored one was read, and nothing after stop', async () => {
    const prefs = testPrefs();
    await prefs.setProperty('route', parsedRoute('KHWD KSFO') as unknown as StoredRoute);
    const store = makeStore({ prefs });
    store.dispatch(profileLoaded(PROFILE));
    effects = startRouteEffects({ store, routing: fakeRouting().routing, prefs });
    store.dispatch(routeSet(parsedRoute('KHWD OAK KSFO')));
    await act(() => effects!.restored);
    expect(store.getState().route.current?.final_string).toBe('KHWD OAK KSFO');

    const other = makeStore({ prefs });
    const stopped = startRouteEffects({ store: other, routing: fakeRouting().routing, prefs });
    stopped.stop();
    await stopped.restored;
    expect(other.getState().route.current).toBeNull();
  });
});
