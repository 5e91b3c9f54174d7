/**
 * Test kit of the route-screen actions (tests only): the real flight-plan engine on the tiny fixture
 * data set behind a routing fake whose calls can be held and released one by one, a real store with
 * its prefs database, and an action context over them. No React.
 */
import { DEFAULT_PROFILE, type AircraftProfile, type Route } from '@clearway/flightplan';
import { createNaiveNavDb } from '@clearway/navdb/testing';
import type { PrefsDb } from '../../db/prefs';
import { makeStore, type AppStore } from '../../store';
import { testPrefs } from '../renderApp';
import { tinyNavDataSet } from '../navFixture';
import { createDirectRoutingEndpoint } from '../../worker/directEndpoint';
import { createRoutingHandlers } from '../../worker/handlers';
import type { RoutingMethod, RoutingParams, RoutingResult } from '../../worker/messages';
import { profileLoaded } from '../../features/profile';
import { routeSet } from '../../features/route/routeSlice';
import { createRouteScreen, type RouteMode, type RouteScreen } from '../../features/route/actions/routeScreen';
import type { RouteActionContext } from '../../features/route/actions/types';

export const NOW = Date.parse('2026-11-21T18:00:00Z');
export const PROFILE: AircraftProfile = { ...DEFAULT_PROFILE, etd: 30, etd_iso: '2026-11-21T18:30:00.000Z' };

type Call = <M extends RoutingMethod>(method: M, params: RoutingParams<M>) => Promise<RoutingResult<M>>;

/** A call stopped at the gate: which method, and the function that lets it go on. */
export interface HeldCall {
  method: RoutingMethod;
  release(): void;
}

/** The routing fake: the real engine; calls of the methods in `hold` wait until released. */
export interface GatedRouting {
  routing: { call: Call };
  /** Methods whose calls are held from now on. */
  hold: Set<RoutingMethod>;
  /** Resolves with the next call that reaches the gate (at once if one is waiting unclaimed). */
  nextHeld(): Promise<HeldCall>;
  /** Every method called, in order. */
  calls: RoutingMethod[];
}

let engine: Promise<Call> | null = null;

/** The real engine (routing handlers over the tiny data set, in-process), shared by the tests. */
export function engineCall(): Promise<Call> {
  engine ??= (async () => {
    const db = createNaiveNavDb(tinyNavDataSet());
    const endpoint = createDirectRoutingEndpoint({ handlers: createRoutingHandlers({ open: () => db, clock: () => NOW }) });
    await endpoint.ready;
    await endpoint.call('loadDatabase', { bytes: new ArrayBuffer(8) });
    return ((method, params) => endpoint.call(method, params)) as Call;
  })();
  return engine;
}

export async function gatedRouting(): Promise<GatedRouting> {
  const inner = await engineCall();
  const hold = new Set<RoutingMethod>();
  const calls: RoutingMethod[] = [];
  const waiting: HeldCall[] = [];
  const claims: ((held: HeldCall) => void)[] = [];
  const call: Call = async (method, params) => {
    calls.push(method);
    if (hold.has(method)) {
      await new Promise<void>((release) => {
        const held = { method, release: () => release() };
        const claim = claims.shift();
        if (claim) claim(held);
        else waiting.push(held);
      });
    }
    return inner(method, params);
  };
  const nextHeld = () => {
    const first = waiting.shift();
    return first ? Promise.resolve(first) : new Promise<HeldCall>((resolve) => claims.push(resolve));
  };
  return { routing: { call }, hold, nextHeld, calls };
}

export interface ActionHarness {
  context: RouteActionContext;
  store: AppStore;
  prefs: PrefsDb;
  screen: RouteScreen;
  gate: GatedRouting;
  /** The clock the actions stamp with; tests move it. */
  clock: { now: number };
}

/** A real store (profile loaded) with its prefs database, the gated engine and a route screen in `mode`. */
export async function actionHarness(mode: RouteMode = 'navlog'): Promise<ActionHarness> {
  const prefs = testPrefs();
  const store = makeStore({ prefs });
  store.dispatch(profileLoaded(PROFILE));
  const gate = await gatedRouting();
  const screen = createRouteScreen(mode);
  const clock = { now: NOW };
  const context: RouteActionContext = { dispatch: store.dispatch, getState: store.getState, prefs, routing: gate.routing, screen, now: () => clock.now };
  return { context, store, prefs, screen, gate, clock };
}

/** A route parsed and planned by the engine, set as the current route (as the search box leaves it). */
export async function withRoute(h: ActionHarness, text: string): Promise<Route> {
  const call = await engineCall();
  const parsed = await call('parseRoute', { text, profile: PROFILE });
  const planned = await call('runFlightPlan', { route: parsed, profile: PROFILE });
  h.store.dispatch(routeSet(planned));
  return planned;
}
