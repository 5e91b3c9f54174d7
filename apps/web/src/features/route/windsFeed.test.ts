// @vitest-environment node
// Node, not jsdom: the nav database fixture needs one realm of typed arrays (see worker/routing.test.ts).
// The FB winds feed and the route effects with the real routing handlers (through the direct adapter,
// every message structured-cloned) and the real FBUS31 bulletin of ../shared/data.
import { afterEach, describe, expect, it } from 'vitest';
import type { FboSnapshot } from '@clearway/protocol';
import { DEFAULT_PROFILE, type AircraftProfile } from '@clearway/flightplan';
import { makeStore, type AppStore } from '../../store';
import { tinyArtifact } from '../../test/navFixture';
import { createDirectRoutingEndpoint } from '../../worker/directEndpoint';
import { createRoutingHandlers } from '../../worker/handlers';
import { profileLoaded } from '../profile';
import { startRouteEffects, type RouteEffects } from './routeEffects';
import { routeSet } from './routeSlice';
import type { WindsWeatherStore } from './windsFeed';
import FB_TEXT from '../../../../../../shared/data/weather/winds-aloft/FBUS31_KWNO_310158_2026-01-31_FD1US1.txt?raw';

const ETD = Date.UTC(2026, 0, 31, 4, 0);
const PROFILE: AircraftProfile = { ...DEFAULT_PROFILE, altitude: 12000, etd_iso: new Date(ETD).toISOString() };

function fbo(cycle: number): FboSnapshot {
  if (!FB_TEXT.includes('FBUS31 KWNO 310158')) throw new Error('The shared FBUS31 bulletin did not load (../shared/data/weather/winds-aloft/)');
  return { type: 'fbo', cycle, bulletins: [{ forecastHours: 6, year: 2026, month: 1, raw: FB_TEXT }] };
}

/** A weather store holding one fbo snapshot, which `arrive` replaces (telling its listeners). */
function fakeWeather(initial: FboSnapshot | null) {
  let snapshot = initial;
  const listeners = new Set<(type: 'fbo' | 'metar') => void>();
  const store = {
    entry: () => ({ snapshot, status: 'ready', reason: null, etag: null, arrivedAt: null, changedAt: null }),
    subscribe: (listener: (type: 'fbo' | 'metar') => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    want: () => Promise.resolve(store.entry('fbo')),
  } as unknown as WindsWeatherStore;
  return {
    store,
    arrive(next: FboSnapshot) {
      snapshot = next;
      for (const listener of listeners) listener('fbo');
    },
  };
}

function spiedRouting() {
  const endpoint = createDirectRoutingEndpoint({ handlers: createRoutingHandlers({ clock: () => ETD }) });
  const methods: string[] = [];
  const call: typeof endpoint.call = (method, params, options) => {
    methods.push(method);
    return endpoint.call(method, params, options);
  };
  return { call, methods, endpoint };
}

const workerUp = (store: AppStore) => store.dispatch({ type: 'navData/routingWorkerState', payload: 'initialized' });
const workerDown = (store: AppStore) => store.dispatch({ type: 'navData/routingWorkerState', payload: 'not_initialized' });

/** Waits (event-loop turns, no timers) until `check` passes. */
async function until(check: () => boolean, what: string): Promise<void> {
  for (let turn = 0; turn < 2000; turn++) {
    if (check()) return;
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
  throw new Error(`never happened: ${what}`);
}

let effects: RouteEffects | undefined;
afterEach(() => {
  effects?.stop();
  effects = undefined;
});

describe('the FB winds feed of the routing worker', () => {
  it('hands the fbo bulletins over once the worker is up, and again only for a new cycle or a new worker', async () => {
    const store = makeStore();
    const routing = spiedRouting();
    const weather = fakeWeather(fbo(100));
    effects = startRouteEffects({ store, routing, weather: () => weather.store, debounceMs: 0 });
    await effects.winds.settled();
    // Not before the worker is initialised.
    expect(routing.methods).toEqual([]);
    workerUp(store);
    await until(() => store.getState().route.winds !== null, 'winds loaded');
    expect(store.getState().route.winds?.cycle).toBe(100);
    expect(store.getState().route.winds?.bulletins.map((b) => b.id)).toEqual(['FBUS31 KWNO 310158']);
    expect(routing.methods.filter((m) => m === 'setWinds')).toHaveLength(1);
    // The same cycle again: nothing sent.
    weather.arrive(fbo(100));
    await effects.winds.settled();
    expect(routing.methods.filter((m) => m === 'setWinds')).toHaveLength(1);
    // A new cycle: sent.
    weather.arrive(fbo(200));
    await until(() => store.getState().route.winds?.cycle === 200, 'cycle 200');
    expect(routing.methods.filter((m) => m === 'setWinds')).toHaveLength(2);
    // A new worker holds no winds: sent again.
    workerDown(store);
    workerUp(store);
    await effects.winds.settled();
    expect(routing.methods.filter((m) => m === 'setWinds')).toHaveLength(3);
  });

  it('waits for a weather store to be installed', async () => {
    const store = makeStore();
    const routing = spiedRouting();
    const weather = fakeWeather(fbo(7));
    let installed: WindsWeatherStore | null = null;
    effects = startRouteEffects({ store, routing, weather: () => installed, debounceMs: 0 });
    workerUp(store);
    await effects.winds.settled();
    expect(routing.methods).toEqual([]);
    installed = weather.store;
    // Any store change looks again.
    store.dispatch(profileLoaded(PROFILE));
    await until(() => store.getState().route.winds?.cycle === 7, 'winds from the late store');
  });

  it('re-plans the current route in the new winds and names the forecast used', async () => {
    const store = makeStore();
    const routing = spiedRouting();
    await routing.endpoint.call('loadDatabase', { bytes: tinyArtifact() });
    const weather = fakeWeather(null);
    store.dispatch(profileLoaded(PROFILE));
    effects = startRouteEffects({ store, routing, weather: () => weather.store, debounceMs: 0 });
    workerUp(store);
    const parsed = await routing.endpoint.call('parseRoute', { text: 'KHWD 36.2766/-119.7188 37.2766/-119.7188 KOAK', profile: PROFILE });
    store.dispatch(routeSet(parsed));
    await until(() => store.getState().route.current?.winds_status === 'unavailable', 'planned in calm air');
    weather.arrive(fbo(300));
    await until(() => store.getState().route.current?.winds_status === 'forecast', 're-planned in the forecast');
    const route = store.getState().route.current;
    expect(route?.winds_forecasts?.map((f) => f.id)).toEqual(['FBUS31 KWNO 310158']);
    expect(route?.legs[1]?.wxPoints.map((w) => w.station_id)).toEqual(['FAT']);
  });
});
