import { describe, expect, it, vi } from 'vitest';
import { CLIENT_CONFIG_PATH, endpointsForOrigin, type ClientConfig } from '@clearway/protocol';
import { boot, type BootDeps } from './boot';
import { loadClientConfig } from './clientConfig';
import { makeStore } from '../store';
import { BOOT_STAGES } from '../store/bootSlice';
import { createServiceWorkerController, RUNTIME_CACHED_PATHS } from '../sw/register';
import { testPrefs } from '../test/renderApp';
import { RoutingWorkerFacade, ROUTING_INIT_TIMEOUT_MESSAGE } from '../worker/facade';
import { createDirectRoutingEndpoint } from '../worker/directEndpoint';
import type { RoutingEndpoint } from '../worker/endpoint';
import { AirportDb } from '../db/airport';
import { dexieArtifactStore } from '../features/navdata/artifactStore';
import { NO_NAV_DATABASE_ON_SERVER } from '../features/navdata/texts';

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
  });

  it('logs a routing worker init time-out (12 s at boot) with the spec text and keeps going', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    try {
      // A worker whose module never loads.
      const never: RoutingEndpoint = { ready: new Promise(() => undefined), call: () => new Promise(() => undefined), dispose: () => undefined };
      const d = deps({ routing: new RoutingWorkerFacade({ createEndpoint: () => never, creationTimeoutMs: 60_000 }) });
      const { routingInit } = await boot(d);
      expect(d.store.getState().boot.stage).toBe('done');
      await vi.advanceTimersByTimeAsync(12_000);
      await routingInit;
      expect(d.store.getState().boot.warnings).toContain(`routing worker: ${ROUTING_INIT_TIMEOUT_MESSAGE}`);
      expect(d.store.getState().navData.worker).toBe('not_initialized');
    } finally {
      vi.useRealTimers();
    }
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
