import { describe, expect, it, vi } from 'vitest';
import { CLIENT_CONFIG_PATH, endpointsForOrigin, type ClientConfig } from '@clearway/protocol';
import { linkRoutingToReceiver, RECEIVER_NOT_LINKED_WARNING, routingOverPort, whenReceiverPort } from '../features/inflight/receiverLink';
import { boot, type BootDeps } from './boot';
import { loadClientConfig } from './clientConfig';
import { makeStore } from '../store';
import { BOOT_STAGES } from '../store/bootSlice';
import { setPerformanceMode } from '../features/settings';
import { createServiceWorkerController, RUNTIME_CACHED_PATHS } from '../sw/register';
import { testPrefs } from '../test/renderApp';
import { RoutingWorkerFacade, ROUTING_INIT_TIMEOUT_MESSAGE } from '../worker/facade';
import { createDirectRoutingEndpoint } from '../worker/directEndpoint';
import type { RoutingEndpoint } from '../worker/endpoint';
import { AirportDb } from '../db/airport';
import { dexieArtifactStore } from '../features/navdata/artifactStore';
import { NO_NAV_DATABASE_ON_SERVER } from '../features/navdata/texts';
import type { ServerLoginProfile } from '../features/account/licence';
import type { SignInGateDeps } from './signInGate';
import { fixtureRoute, fixtureWaypoint } from '../test/route';
import type { StoredRoute } from '../db/prefs';

const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };
const ORIGIN = 'http://127.0.0.1:8080';

const serverConfig: ClientConfig = {
  env: 'localhost',
  version: '9.9.9',
  dataChannel: 'dev',
  remoteLogging: false,
  endpoints: endpointsForOrigin(ORIGIN),
};

function jsonFetch(body: unknown, status = 200): typeof fetch {
  return vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
}

const USER = { cust_id: 'cust_1', email: 'pilot@example.com', full_name: 'Pat Pilot' };
const SERVER_PROFILE: ServerLoginProfile = {
  code: 0,
  trial: {
    email_id: 'pilot@example.com',
    cust_id: 'cust_1',
    expires: '2099-01-01T00:00:00.000Z',
    profile: { full_name: 'Pat Pilot', name: 'Pat Pilot', nickname: 'pat', pictureURL: '' },
    purchase: null,
  },
  geoip: null,
  uuid: '3b7c0c2e-0000-4000-8000-000000000001',
  test_mode: false,
};

/** The server's sign-in answers: /auth/me signed in (200), signed out (401) or unreachable (fetch rejects). */
function authFetch(me: 'signedIn' | 'signedOut' | 'offline' = 'signedIn') {
  return vi.fn(async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    if (me === 'offline') throw new TypeError('Failed to fetch');
    const url = String(input);
    if (url === '/auth/me') return me === 'signedIn' ? Response.json(USER) : Response.json({ error: 'Sign in first' }, { status: 401 });
    if (url === '/api/account' && init?.method === 'POST') return Response.json(SERVER_PROFILE);
    return new Response('not found', { status: 404 });
  });
}

/** A sign-in gate with an injected fetch, a recorded navigation and a connection screen that never gets a Retry. */
function gate(overrides: Partial<SignInGateDeps> = {}): SignInGateDeps & { navigate: ReturnType<typeof vi.fn>; connectionNeeded: ReturnType<typeof vi.fn> } {
  return {
    fetch: authFetch('signedIn'),
    navigate: vi.fn(),
    connectionNeeded: vi.fn(() => new Promise<void>(() => undefined)),
    ...overrides,
  } as SignInGateDeps & { navigate: ReturnType<typeof vi.fn>; connectionNeeded: ReturnType<typeof vi.fn> };
}

function deps(overrides: Partial<BootDeps> = {}): BootDeps {
  let t = 1000;
  const store = makeStore();
  return {
    store,
    prefs: testPrefs(),
    // Each reading of the clock is 7 ms after the previous one.
    clock: () => (t += 7),
    fontsReady: Promise.resolve(),
    storage: { persist: async () => true },
    loadConfig: () => loadClientConfig({ fetch: jsonFetch(serverConfig), origin: ORIGIN, appVersion: '1.2.3' }),
    serviceWorker: createServiceWorkerController({ enabled: false, version: '1.2.3', onWaiting: () => undefined, log: silent }),
    randomUUID: () => 'device-uuid-1',
    routing: new RoutingWorkerFacade({ createEndpoint: () => createDirectRoutingEndpoint() }),
    // The server publishes no nav database.
    navData: { fetch: vi.fn(async () => new Response('not found', { status: 404 })), store: dexieArtifactStore(new AirportDb(`airport-boot-${Math.random()}`)) },
    signIn: gate(),
    log: silent,
    ...overrides,
  };
}

describe('boot', () => {
  it('records every stage in order with ms timings from the injected clock', async () => {
    const d = deps();
    await boot(d);
    const { timingsMs, stage } = d.store.getState().boot;
    expect(Object.keys(timingsMs)).toEqual([...BOOT_STAGES]);
    expect(Object.values(timingsMs)).toEqual([7, 14, 21, 28, 35, 42, 49]);
    expect(stage).toBe('done');
  });

  it('loads the configuration, then settles the nav database and service worker signals', async () => {
    const d = deps();
    const { routingInit, navData } = await boot(d);
    expect(d.store.getState().config).toEqual({ config: serverConfig, source: 'server', error: null });
    await routingInit;
    expect(d.store.getState().navData.worker).toBe('initialized');
    expect(await navData).toEqual({ state: 'unavailable', reason: NO_NAV_DATABASE_ON_SERVER });
    expect(d.navData.fetch).toHaveBeenCalledWith(`${ORIGIN}/downloads/dev/navdata/index.json`, expect.anything());
    await vi.waitFor(() => {
      expect(d.store.getState().readiness.navDb).toEqual({ state: 'unavailable', reason: NO_NAV_DATABASE_ON_SERVER });
      expect(d.store.getState().readiness.serviceWorker).toEqual({
        state: 'unavailable',
        reason: 'The service worker is registered only in production builds',
      });
    });
    expect(d.store.getState().readiness.map.state).toBe('pending');
  });

  it('creates the device uuid once and loads stored preferences', async () => {
    const prefs = testPrefs();
    await prefs.setProperty('distance_unit', 'mi');
    const first = deps({ prefs });
    await boot(first);
    expect(await prefs.getProperty('uuid')).toBe('device-uuid-1');
    expect(first.store.getState().units.distance_unit).toBe('mi');
    await boot(deps({ prefs, randomUUID: () => 'another' }));
    expect(await prefs.getProperty('uuid')).toBe('device-uuid-1');
  });

  it('keeps going when storage persistence, IndexedDB and the configuration all fail', async () => {
    const prefs = testPrefs();
    vi.spyOn(prefs, 'open').mockRejectedValue(new Error('blocked'));
    const d = deps({
      prefs,
      storage: { persist: () => Promise.reject(new Error('denied')) },
      loadConfig: () =>
        loadClientConfig({ fetch: vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))), origin: ORIGIN, appVersion: '1.2.3' }),
    });
    await boot(d);
    const state = d.store.getState();
    expect(state.boot.stage).toBe('done');
    expect(state.boot.warnings.join('\n')).toMatch(/IndexedDB prefs could not be opened/);
    expect(state.boot.warnings.join('\n')).toMatch(/persistent storage request failed: denied/);
    expect(state.config.source).toBe('fallback');
    expect(state.config.error).toBe('Failed to fetch');
    expect(state.config.config).toMatchObject({ version: '1.2.3', endpoints: { profileRest: `${ORIGIN}/api`, profileSocket: 'ws://127.0.0.1:8080/ws/profile' } });
    // Signed in by /auth/me; the login is kept in the store for this page.
    expect(state.account.status).toBe('signedIn');
    expect(state.account.profile?.trial?.cust_id).toBe('cust_1');
  });

  it('registers the service worker, then initialises the routing worker, then loads the database, all after the first picture', async () => {
    const order: string[] = [];
    const start = vi.fn(async () => {
      order.push('service worker');
      return { state: 'ready' as const };
    });
    const routing = new RoutingWorkerFacade({ createEndpoint: () => createDirectRoutingEndpoint() });
    const init = routing.init.bind(routing);
    vi.spyOn(routing, 'init').mockImplementation((options) => {
      order.push('routing worker');
      return init(options);
    });
    const fetch = vi.fn(async () => {
      order.push('database');
      return new Response('not found', { status: 404 });
    });
    let drawn = () => undefined as void;
    const firstPicture = new Promise<void>((resolve) => (drawn = resolve));
    const d = deps({
      routing,
      serviceWorker: { ...createServiceWorkerController({ enabled: false, version: '1', onWaiting: () => undefined, log: silent }), start },
      navData: { fetch, store: dexieArtifactStore(new AirportDb(`airport-boot-${Math.random()}`)) },
      firstPicture: () => firstPicture,
    });
    const { navData } = await boot(d);
    expect(d.store.getState().boot.stage).toBe('done');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(order).toEqual([]);
    drawn();
    expect(await navData).toEqual({ state: 'unavailable', reason: NO_NAV_DATABASE_ON_SERVER });
    expect(order).toEqual(['service worker', 'routing worker', 'database']);
  });

  it('restores the stored route at profile_init and analyses it once the routing worker is initialised, with no component mounted', async () => {
    const prefs = testPrefs();
    // A parsed, unanalysed route as the route property holds it: KHWD OAK KSFO, 16.055 nm by GeographicLib (the oracle).
    const waypoints = (
      [
        ['KHWD', 37.658368, -122.1212625, 'AIRPORT'],
        ['OAK', 37.7259167, -122.2235833, 'NAVAID'],
        ['KSFO', 37.6174626, -122.3752952, 'AIRPORT'],
      ] as const
    ).map(([code, lat, lon, type]) => fixtureWaypoint(code, { location: { lat, lon }, type }));
    await prefs.setProperty('route', fixtureRoute(waypoints, [], { ts: 1 }) as unknown as StoredRoute);
    let drawn = () => undefined as void;
    const firstPicture = new Promise<void>((resolve) => (drawn = resolve));
    const routing = new RoutingWorkerFacade({ createEndpoint: () => createDirectRoutingEndpoint() });
    const calls = vi.spyOn(routing, 'call');
    const d = deps({ prefs, routing, firstPicture: () => firstPicture });
    const { routingInit, routeEffects } = await boot(d);
    await routeEffects.restored;
    expect(d.store.getState().route.current?.final_string).toBe('KHWD OAK KSFO');
    expect(d.store.getState().route.current?.total_distance).toBe(0);
    // The worker starts after the first picture: the first analysis, 500 ms after the restore, is refused.
    await vi.waitFor(() => expect(calls).toHaveBeenCalledWith('runFlightPlan', expect.anything()), { timeout: 5000 });
    await vi.waitFor(() => expect(d.store.getState().route.analyzing).toBe(false));
    expect(d.store.getState().route.current?.total_distance).toBe(0);
    // Once the worker is initialised, the route is analysed again.
    drawn();
    await routingInit;
    await vi.waitFor(() => expect(Math.abs((d.store.getState().route.current?.total_distance ?? 0) - 16.055) / 16.055).toBeLessThan(0.003), { timeout: 5000 });
    expect(d.store.getState().route.current?.all_legs).toHaveLength(2);
    routeEffects.stop();
  });

  it('links the initialised routing worker to the traffic receiver; a port not taken in 7 s is a boot warning, not a failure', async () => {
    const routing = new RoutingWorkerFacade({ createEndpoint: () => createDirectRoutingEndpoint() });
    const port = new Promise<MessagePort>((resolve) => whenReceiverPort(resolve));
    const linked = deps({ routing, linkReceiver: () => linkRoutingToReceiver(routing) });
    const { routingInit } = await boot(linked);
    await routingInit;
    // The receiver's side gets its port, and the routing worker answers on it.
    const overPort = await routingOverPort(await port, 2_000);
    expect(overPort).not.toBeNull();
    expect(await overPort!.call('status', {})).toEqual({ loaded: false, header: null });
    overPort!.dispose();
    expect(linked.store.getState().boot.warnings).toEqual([]);

    const slow = new RoutingWorkerFacade({ createEndpoint: () => createDirectRoutingEndpoint() });
    const notLinked = deps({ routing: slow, linkReceiver: () => linkRoutingToReceiver({ call: () => new Promise<never>(() => undefined) }, { timeoutMs: 20 }) });
    await (await boot(notLinked)).routingInit;
    await vi.waitFor(() => expect(notLinked.store.getState().boot.warnings).toEqual([RECEIVER_NOT_LINKED_WARNING]));
    expect(notLinked.store.getState().boot.stage).toBe('done');
  });

  it('fails boot on a routing worker init time-out (12 s at boot) with the spec text, also in the warning panel', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    try {
      // A worker whose module never loads.
      const never: RoutingEndpoint = { ready: new Promise(() => undefined), call: () => new Promise(() => undefined), dispose: () => undefined };
      const d = deps({ routing: new RoutingWorkerFacade({ createEndpoint: () => never, creationTimeoutMs: 60_000 }) });
      const { routingInit } = await boot(d);
      expect(d.store.getState().boot.stage).toBe('done');
      expect(d.store.getState().boot.failure).toBeNull();
      await vi.advanceTimersByTimeAsync(11_999);
      expect(d.store.getState().boot.failure).toBeNull();
      await vi.advanceTimersByTimeAsync(1);
      await routingInit;
      expect(d.store.getState().boot.failure).toBe('RoutingWorkerFacade initialization timeout');
      expect(d.store.getState().boot.warnings).toContain(`routing worker: ${ROUTING_INIT_TIMEOUT_MESSAGE}`);
      expect(d.store.getState().navData.worker).toBe('not_initialized');
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('boot waits for a signed-in user (spec part 1 §4, §6)', () => {
  const STORED = { code: 0, trial: { cust_id: 'cust_1', email_id: 'pilot@example.com' } };

  it('goes on at once with a stored login, offline included, without asking the server', async () => {
    const prefs = testPrefs();
    await prefs.setProperty('login_profile', STORED);
    const signIn = gate({ fetch: authFetch('offline') });
    const d = deps({ prefs, signIn });
    await boot(d);
    expect(d.store.getState().boot.stage).toBe('done');
    expect(signIn.fetch).not.toHaveBeenCalled();
    expect(signIn.navigate).not.toHaveBeenCalled();
    expect(signIn.connectionNeeded).not.toHaveBeenCalled();
    expect(await prefs.getProperty('login_profile')).toEqual(STORED);
    // The background refresh (the shell's useAccountAtStart) still asks later.
    expect(d.store.getState().account.status).toBe('unknown');
  });

  it('without a stored login asks /auth/me; signed in: stores the login profile and goes on', async () => {
    const prefs = testPrefs();
    const signIn = gate();
    const d = deps({ prefs, signIn });
    const { routingInit } = await boot(d);
    expect(signIn.fetch).toHaveBeenCalledWith('/auth/me', expect.objectContaining({ credentials: 'same-origin' }));
    expect(signIn.fetch).toHaveBeenCalledWith('/api/account', expect.objectContaining({ method: 'POST', body: JSON.stringify({ cust_id: 'cust_1' }) }));
    const state = d.store.getState();
    expect(state.boot.stage).toBe('done');
    expect(state.account.status).toBe('signedIn');
    expect(state.account.user).toEqual(USER);
    const stored = {
      code: 0,
      trial: {
        email_id: 'pilot@example.com',
        cust_id: 'cust_1',
        expires: '2099-01-01T00:00:00.000Z',
        profile: { full_name: 'Pat Pilot', name: 'Pat Pilot', nickname: 'pat', pictureURL: '' },
      },
      uuid: SERVER_PROFILE.uuid,
    };
    expect(state.account.profile).toEqual(stored);
    expect(await prefs.getProperty('login_profile')).toEqual(stored);
    await routingInit;
    expect(d.store.getState().navData.worker).toBe('initialized');
  });

  it('a stored login without a customer counts as none', async () => {
    const prefs = testPrefs();
    await prefs.setProperty('login_profile', { code: 0, trial: {} });
    const signIn = gate();
    await boot(deps({ prefs, signIn }));
    expect(signIn.fetch).toHaveBeenCalledWith('/auth/me', expect.anything());
    expect((await prefs.getProperty('login_profile'))?.trial?.cust_id).toBe('cust_1');
  });

  it('signed out (401): sends the browser to /auth/login and starts neither the routing worker nor the service worker', async () => {
    const signIn = gate({ fetch: authFetch('signedOut') });
    const start = vi.fn(async () => ({ state: 'ready' as const }));
    const routing = new RoutingWorkerFacade({ createEndpoint: () => createDirectRoutingEndpoint() });
    const init = vi.spyOn(routing, 'init');
    const d = deps({ signIn, routing, serviceWorker: { ...createServiceWorkerController({ enabled: false, version: '1', onWaiting: () => undefined, log: silent }), start } });
    let settled = false;
    void boot(d).finally(() => (settled = true));
    await vi.waitFor(() => expect(signIn.navigate).toHaveBeenCalledWith('/auth/login'));
    expect(signIn.navigate).toHaveBeenCalledTimes(1);
    expect(signIn.fetch).not.toHaveBeenCalledWith('/api/account', expect.anything());
    expect(d.store.getState().boot.stage).toBe('idb_init');
    expect(init).not.toHaveBeenCalled();
    expect(start).not.toHaveBeenCalled();
    expect(settled).toBe(false);
  });

  it('no server and no stored login: shows the connection screen, and Retry asks again', async () => {
    let online = false;
    const server = authFetch('signedIn');
    const fetchFn = vi.fn((input: RequestInfo | URL, init?: RequestInit) =>
      online ? server(input, init) : Promise.reject(new TypeError('Failed to fetch')),
    );
    let retry: () => void = () => undefined;
    const connectionNeeded = vi.fn(() => new Promise<void>((resolve) => (retry = resolve)));
    const signIn = gate({ fetch: fetchFn, connectionNeeded });
    const d = deps({ signIn });
    const booting = boot(d);
    await vi.waitFor(() => expect(connectionNeeded).toHaveBeenCalledTimes(1));
    expect(connectionNeeded).toHaveBeenCalledWith('Failed to fetch');
    expect(d.store.getState().boot.stage).toBe('idb_init');
    // Retry while still offline: the screen again.
    retry();
    await vi.waitFor(() => expect(connectionNeeded).toHaveBeenCalledTimes(2));
    online = true;
    retry();
    await booting;
    expect(d.store.getState().boot.stage).toBe('done');
    expect(d.store.getState().account.status).toBe('signedIn');
    expect(signIn.navigate).not.toHaveBeenCalled();
  });

  it('a server error on /auth/me is shown the same way (no redirect)', async () => {
    const connectionNeeded = vi.fn(() => new Promise<void>(() => undefined));
    const signIn = gate({ fetch: vi.fn(async () => new Response('down', { status: 502 })), connectionNeeded });
    void boot(deps({ signIn }));
    await vi.waitFor(() => expect(connectionNeeded).toHaveBeenCalledWith('/auth/me answered 502'));
    expect(signIn.navigate).not.toHaveBeenCalled();
  });

  it('goes on signed out when the server configuration does not require sign-in (open kiosk)', async () => {
    const signIn = gate({ fetch: authFetch('signedOut') });
    const d = deps({
      signIn,
      loadConfig: () => loadClientConfig({ fetch: jsonFetch({ ...serverConfig, requireSignIn: false }), origin: ORIGIN, appVersion: '1.2.3' }),
    });
    await boot(d);
    expect(d.store.getState().boot.stage).toBe('done');
    expect(d.store.getState().config.config?.requireSignIn).toBe(false);
    expect(signIn.fetch).not.toHaveBeenCalled();
    expect(signIn.navigate).not.toHaveBeenCalled();
  });

  it('signed in but the login profile cannot be read: goes on and leaves the status to the background refresh', async () => {
    const prefs = testPrefs();
    const fetchFn = vi.fn(async (input: RequestInfo | URL) =>
      String(input) === '/auth/me' ? Response.json(USER) : new Response('down', { status: 503 }),
    );
    const d = deps({ prefs, signIn: gate({ fetch: fetchFn }) });
    await boot(d);
    expect(d.store.getState().boot.stage).toBe('done');
    expect(d.store.getState().account.status).toBe('unknown');
    expect(await prefs.getProperty('login_profile')).toBeUndefined();
  });
});

describe('loadClientConfig', () => {
  it('falls back to the origin when the server answers something invalid', async () => {
    const loaded = await loadClientConfig({ fetch: jsonFetch({ env: 'mars' }), origin: ORIGIN, appVersion: '1.2.3' });
    expect(loaded.source).toBe('fallback');
    expect(loaded.error).toMatch(/^\/api\/config is not a valid configuration \(env: /);
  });

  it('falls back when the server answers an error status', async () => {
    const loaded = await loadClientConfig({ fetch: jsonFetch({}, 503), origin: ORIGIN, appVersion: '1.2.3' });
    expect(loaded).toMatchObject({ source: 'fallback', error: '/api/config answered 503' });
  });
});

describe('service worker controller', () => {
  it('reports unavailable without service worker support', async () => {
    const sw = createServiceWorkerController({ enabled: true, version: '1', onWaiting: () => undefined, log: silent });
    expect('serviceWorker' in navigator).toBe(false);
    expect(await sw.start()).toEqual({ state: 'unavailable', reason: 'This browser has no service worker support' });
  });
});

describe('service worker runtime cache', () => {
  it('warms the start-up configuration path', () => {
    expect(RUNTIME_CACHED_PATHS).toContain(CLIENT_CONFIG_PATH);
  });
});

describe('boot device probes (spec part 1 §3, §4, §9)', () => {
  const NOW = 1_760_000_000_000;
  function device(overrides: Partial<NonNullable<BootDeps['device']>> = {}): NonNullable<BootDeps['device']> {
    return {
      navigator: { platform: 'Linux x86_64', deviceMemory: 8, userAgentData: { mobile: false } },
      landingSearch: '?utm_source=club&utm_campaign=fly-in',
      fetch: vi.fn(async () => Response.json({ latitude: 37.66, longitude: -122.12, city: 'Hayward', source: 'ip', provider: 'ip-api' })),
      now: () => NOW,
      ...overrides,
    };
  }

  it('stores utm_params, platform and geoip_info after done, and logs the CPU benchmark', async () => {
    const info = vi.fn();
    const d = deps({ device: device(), log: { ...silent, info } });
    const { deviceProbes } = await boot(d);
    const result = await deviceProbes;
    expect(result?.geoip.state).toBe('stored');
    expect(result?.lowMemory).toBe(false);
    expect(await d.prefs.getProperty('utm_params')).toEqual({ utm_source: 'club', utm_campaign: 'fly-in' });
    expect(await d.prefs.getProperty('platform')).toEqual({ platform: 'Linux x86_64' });
    expect(await d.prefs.getProperty('geoip_info')).toEqual({ latitude: 37.66, longitude: -122.12, city: 'Hayward', source: 'ip', provider: 'ip-api', timestamp: NOW });
    // The injected clock advances 7 ms per reading: one reading before and one after the 50 iterations.
    expect(result?.cpuBenchmarkMs).toBe(7);
    expect(info).toHaveBeenCalledWith('[boot] CPU benchmark: 50 iterations in 7.0 ms');
    expect(d.store.getState().settings.performance_mode).toBe(false);
  });

  it('does not wait for a geolocation lookup that never answers', async () => {
    const hanging = vi.fn((_input: RequestInfo | URL, init?: RequestInit) => new Promise<Response>((_r, reject) => init?.signal?.addEventListener('abort', () => reject(new Error('aborted')))));
    const d = deps({ device: device({ fetch: hanging, geoipTimeoutMs: 400 }) });
    const { deviceProbes } = await boot(d);
    let settled = false;
    void deviceProbes.then(() => (settled = true));
    expect(d.store.getState().boot.stage).toBe('done');
    expect(settled).toBe(false);
    await vi.waitFor(() => expect(hanging).toHaveBeenCalledTimes(1));
    expect(settled).toBe(false);
    expect((await deviceProbes)?.geoip).toEqual({ state: 'failed', reason: 'GET /geoip gave no answer within 400 ms' });
  });

  it('turns performance mode on for a low-memory phone and stores it', async () => {
    const prefs = testPrefs();
    const d = deps({ prefs, store: makeStore({ prefs }), device: device({ navigator: { deviceMemory: 2, userAgentData: { mobile: true } } }) });
    await boot(d);
    expect(d.store.getState().settings.performance_mode).toBe(true);
    await vi.waitFor(async () => expect(await d.prefs.getProperty('performance_mode')).toBe(true));
  });

  it('keeps the pilot\'s stored choice on a low-memory device', async () => {
    const prefs = testPrefs();
    await prefs.open();
    await prefs.setProperty('performance_mode', false);
    const d = deps({ prefs, device: device({ navigator: { deviceMemory: 1 } }) });
    await boot(d);
    expect(d.store.getState().settings.performance_mode).toBe(false);
  });
});

describe('boot and the service worker', () => {
  it('sends the performance mode to the service worker at done and on each change', async () => {
    const sent: boolean[] = [];
    const controller = createServiceWorkerController({ enabled: false, version: '1', onWaiting: () => undefined, log: silent });
    const d = deps({ serviceWorker: { ...controller, setPerformanceMode: (on) => sent.push(on) } });
    await boot(d);
    expect(sent).toEqual([false]);
    d.store.dispatch(setPerformanceMode(true));
    d.store.dispatch(setPerformanceMode(true));
    d.store.dispatch(setPerformanceMode(false));
    expect(sent).toEqual([false, true, false]);
  });
});
