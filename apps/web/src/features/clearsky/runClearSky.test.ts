// @vitest-environment node
// Node, not jsdom: the nav database's typed arrays (see worker/routing.test.ts).
// The ClearSky state machine (spec part 2 §4: not_run / running / completed / error) and Run
// against the real routing handlers through the direct endpoint.
import { DEFAULT_PROFILE, type AircraftProfile } from '@clearway/flightplan';
import { describe, expect, it } from 'vitest';
import { tinyArtifact } from '../../test/navFixture';
import { createDirectRoutingEndpoint } from '../../worker/directEndpoint';
import { createRoutingHandlers } from '../../worker/handlers';
import type { ClearSkySnapshots } from '../../worker/clearskyInput';
import { clearSkyReducer, createClearSkyStore, INITIAL_CLEARSKY_STATE, isClearSkyStale, type ClearSkyState } from './clearskyState';
import { NO_ENGINE_TEXT, NO_ROUTE_TEXT, runClearSky, type ClearSkyRunContext } from './runClearSky';

const ETD = Date.UTC(2026, 0, 31, 4, 0);
const profile: AircraftProfile = { ...DEFAULT_PROFILE, altitude: 6000, etd_iso: new Date(ETD).toISOString() };
const NO_WEATHER: ClearSkySnapshots = { metar: null, taf: null, pirep: null, airmet: null, fbo: null };

async function setup() {
  const routing = createDirectRoutingEndpoint({ handlers: createRoutingHandlers({ clock: () => ETD }) });
  await routing.ready;
  await routing.call('loadDatabase', { bytes: tinyArtifact() });
  const route = await routing.call('parseRoute', { text: 'KHWD KOAK', profile });
  return { routing, route };
}

function context(over: Partial<ClearSkyRunContext>): ClearSkyRunContext {
  return { store: createClearSkyStore(), routing: undefined, route: null, profile, loadSnapshots: async () => NO_WEATHER, now: () => 1000, ...over };
}

describe('clearSkyReducer', () => {
  it('goes not_run -> running -> completed, and running -> error with the reason', () => {
    const running = clearSkyReducer(INITIAL_CLEARSKY_STATE, { type: 'started', route: 'KHWD KOAK', dep_iso: '2026-01-31T04:00:00.000Z', cruising_alt: 6000, at: 5 });
    expect(running).toEqual({ state: 'running', route: 'KHWD KOAK', dep_iso: '2026-01-31T04:00:00.000Z', cruising_alt: 6000, result: null, error: null, ts: 5 });
    const failed = clearSkyReducer(running, { type: 'failed', error: 'boom', at: 6 });
    expect(failed).toMatchObject({ state: 'error', error: 'boom', route: 'KHWD KOAK', ts: 6 });
    // A finish with nothing running changes nothing.
    expect(clearSkyReducer(INITIAL_CLEARSKY_STATE, { type: 'failed', error: 'late', at: 7 })).toBe(INITIAL_CLEARSKY_STATE);
  });

  it('a settled result for another route is stale; not_run and running never are', () => {
    const done: ClearSkyState = { ...INITIAL_CLEARSKY_STATE, state: 'completed', route: 'KHWD KOAK' };
    expect(isClearSkyStale(done, 'KHWD KOAK')).toBe(false);
    expect(isClearSkyStale(done, 'KHWD SFO')).toBe(true);
    expect(isClearSkyStale(done, null)).toBe(true);
    expect(isClearSkyStale({ ...done, state: 'running' }, 'KHWD SFO')).toBe(false);
    expect(isClearSkyStale(INITIAL_CLEARSKY_STATE, 'KHWD SFO')).toBe(false);
  });
});

describe('runClearSky', () => {
  it('plans the route at the chosen departure and altitude, then judges it: completed with a result per leg', async () => {
    const { routing, route } = await setup();
    const ctx = context({ routing, route });
    const seen: string[] = [];
    ctx.store.subscribe(() => seen.push(ctx.store.getState().state));
    const departureMs = ETD + 3_600_000;
    await runClearSky(ctx, { departureMs, cruiseAltitudeFt: 8500 });
    expect(seen).toEqual(['running', 'completed']);
    const state = ctx.store.getState();
    expect(state).toMatchObject({ state: 'completed', route: 'KHWD KOAK', dep_iso: new Date(departureMs).toISOString(), cruising_alt: 8500, error: null });
    const legs = state.result!.result.legs;
    expect(legs.map((l) => `${l.fromIdent}-${l.toIdent}`)).toEqual(['KHWD-KOAK']);
    // The ETAs are the navlog's for the chosen departure, not the profile's.
    expect(legs[0]!.etaStartMs).toBe(departureMs);
    // No weather downloaded: never green, and the route says what is missing.
    expect(legs[0]!.level).not.toBe('green');
    expect(state.result!.result.level).toBe('amber');
    expect(state.result!.result.reasons.map((r) => r.text)).toContain('No METARs or TAFs have been downloaded: airport and en-route conditions unknown.');
  });

  it('ends in error with its reason: no route, a bad altitude, no engine, a failing engine', async () => {
    const { routing, route } = await setup();
    const noRoute = context({ routing });
    await runClearSky(noRoute, { departureMs: ETD, cruiseAltitudeFt: 6000 });
    expect(noRoute.store.getState()).toMatchObject({ state: 'error', error: NO_ROUTE_TEXT });

    const badAlt = context({ routing, route });
    await runClearSky(badAlt, { departureMs: ETD, cruiseAltitudeFt: 90_000 });
    expect(badAlt.store.getState().error).toBe('The cruise altitude must be 500 to 60,000 ft, not 90000.');

    const noEngine = context({ route });
    await runClearSky(noEngine, { departureMs: ETD, cruiseAltitudeFt: 6000 });
    expect(noEngine.store.getState().error).toBe(NO_ENGINE_TEXT);

    const failing = context({ route, routing: { call: () => Promise.reject(new Error('worker crashed')) } as never });
    await runClearSky(failing, { departureMs: ETD, cruiseAltitudeFt: 6000 });
    expect(failing.store.getState()).toMatchObject({ state: 'error', error: 'ClearSky could not run: worker crashed', result: null });
  });

  it('a newer run replaces one still running: the older answer is dropped', async () => {
    const { routing, route } = await setup();
    const store = createClearSkyStore();
    const gate = () => {
      let open: () => void = () => undefined;
      const wait = new Promise<ClearSkySnapshots>((resolve) => {
        open = () => resolve(NO_WEATHER);
      });
      return { wait, open: () => open() };
    };
    const older = gate();
    const newer = gate();
    const first = runClearSky(context({ store, routing, route, loadSnapshots: () => older.wait }), { departureMs: ETD, cruiseAltitudeFt: 4500 });
    const second = runClearSky(context({ store, routing, route, loadSnapshots: () => newer.wait }), { departureMs: ETD + 60_000, cruiseAltitudeFt: 9500 });
    // The older run finishes first, while the newer one is still running: its answer is not taken.
    older.open();
    await first;
    expect(store.getState()).toMatchObject({ state: 'running', cruising_alt: 9500, result: null });
    newer.open();
    await second;
    expect(store.getState()).toMatchObject({ state: 'completed', cruising_alt: 9500 });
    expect(store.getState().result!.result.legs[0]!.etaStartMs).toBe(ETD + 60_000);
  });
});
