// @vitest-environment node
// Node, not jsdom: jsdom's TextEncoder returns Uint8Arrays of another realm, which the nav database
// encoder does not recognise (the browser and its workers have one realm).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { endpointsForOrigin, type ClientConfig } from '@clearway/protocol';
import { makeStore } from '../../store';
import { AirportDb } from '../../db/airport';
import { RoutingWorkerFacade, ROUTING_NOT_READY_MESSAGE } from '../../worker/facade';
import { createDirectRoutingEndpoint } from '../../worker/directEndpoint';
import { tinyArtifact } from '../../test/navFixture';
import { dexieArtifactStore, type ArtifactStore } from './artifactStore';
import { startNavDatabase } from './startNavData';
import type { MessageContainer } from '../../sw/messages';
import { NAV_DATABASE_SLOW, NAV_DATABASE_STALLED, NO_NAV_DATABASE_OFFLINE, NO_NAV_DATABASE_ON_SERVER } from './texts';

const ORIGIN = 'http://127.0.0.1:8080';
const INDEX_URL = `${ORIGIN}/downloads/dev/navdata/index.json`;
const ARTIFACT_URL = `${ORIGIN}/downloads/dev/navdata/us.cwnav`;
const config: ClientConfig = { env: 'localhost', version: '1.0.0', dataChannel: 'dev', remoteLogging: false, endpoints: endpointsForOrigin(ORIGIN) };

type Route = () => Response | Promise<Response>;

/** fetch answering from a table of routes (404 otherwise), recording every address asked. */
function fakeFetch(routes: Record<string, Route>) {
  return vi.fn(async (input: RequestInfo | URL) => {
    const url = String(input);
    const route = routes[url];
    return route ? route() : new Response('not found', { status: 404 });
  });
}

function indexResponse(artifact: ArrayBuffer | number, overrides: Record<string, unknown> = {}): Route {
  const bytes = typeof artifact === 'number' ? artifact : artifact.byteLength;
  const entry = { region: 'us', cycle: '2511', effective: '2025-11-27', expires: '2025-12-25', formatVersion: 1, bytes, gzipBytes: null, etag: '"2511-a"', url: ARTIFACT_URL, ...overrides };
  return () => Response.json({ channel: 'dev', artifacts: [entry] });
}

/** The artifact streamed in `chunks` pieces, each `gapMs` after the previous (fake timers aware). */
function streamed(artifact: ArrayBuffer, { chunks = 4, gapMs = 1 }: { chunks?: number; gapMs?: number } = {}): Route {
  return () => {
    const data = new Uint8Array(artifact.slice(0));
    const size = Math.ceil(data.length / chunks);
    let next = 0;
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        await new Promise((resolve) => setTimeout(resolve, gapMs));
        const chunk = data.slice(next * size, (next + 1) * size);
        next += 1;
        if (chunk.length === 0) controller.close();
        else controller.enqueue(chunk);
      },
    });
    return new Response(body, { headers: { 'content-type': 'application/octet-stream', 'content-length': String(data.length) } });
  };
}

/** The first quarter of the artifact at once, then nothing ever again. */
function stalled(artifact: ArrayBuffer): Route {
  return () => {
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new Uint8Array(artifact.slice(0, Math.floor(artifact.byteLength / 4))));
      },
      pull: () => new Promise<void>(() => undefined),
    });
    return new Response(body);
  };
}

const silent = () => ({ info: vi.fn(), warn: vi.fn(), error: vi.fn() });
let dbCounter = 0;

async function setup(fetchFn: typeof fetch, options: { db?: AirportDb; workerReady?: boolean; messages?: MessageContainer } = {}) {
  dbCounter += 1;
  const db = options.db ?? new AirportDb(`airport-loader-${dbCounter}-${Math.random()}`);
  const store = makeStore();
  const routing = new RoutingWorkerFacade({ createEndpoint: () => createDirectRoutingEndpoint() });
  if (options.workerReady ?? true) await routing.init();
  const artifacts: ArtifactStore = dexieArtifactStore(db);
  const log = silent();
  const start = () => startNavDatabase({ dispatch: store.dispatch, routing, store: artifacts, fetch: fetchFn, config, clock: () => Date.now(), log, messages: options.messages ?? null });
  return { db, store, routing, artifacts, log, start };
}

/** Lets IndexedDB (real setImmediate) and promises run, without moving fake time, until `done()`. */
async function until(done: () => boolean, turns = 500): Promise<void> {
  for (let i = 0; i < turns && !done(); i++) await new Promise((resolve) => setImmediate(resolve));
  if (!done()) throw new Error('condition not reached');
}

afterEach(() => {
  vi.useRealTimers();
});

describe('the nav database loader', () => {
  it('downloads with progress, stores the artifact, loads it into the worker and settles ready', async () => {
    const artifact = tinyArtifact();
    const fetchFn = fakeFetch({ [INDEX_URL]: indexResponse(artifact), [ARTIFACT_URL]: streamed(artifact, { chunks: 4 }) });
    const { store, routing, artifacts, start } = await setup(fetchFn);
    const seen: { status: string; phase: string | null; pct: number | null; rem: number | null }[] = [];
    store.subscribe(() => {
      const { status, phase, pct, rem } = store.getState().navData;
      seen.push({ status, phase, pct, rem });
    });
    expect(store.getState().navData.status).toBe('not_loaded');

    const outcome = await start();

    expect(outcome).toMatchObject({ state: 'loaded', header: { cycle: '2511', region: 'us' } });
    const phases = [...new Set(seen.map((s) => s.phase).filter(Boolean))];
    expect(phases).toEqual(['waiting_for_worker', 'checking', 'downloading', 'storing', 'opening']);
    const progress = seen.filter((s) => s.pct !== null);
    expect(progress.map((s) => s.pct)).toEqual([25, 50, 75, 100].map((p) => expect.closeTo(p, -1)));
    expect(progress.at(-1)).toMatchObject({ pct: 100, rem: 0 });
    expect(progress[0]?.rem).toBeGreaterThan(0);
    expect([...new Set(seen.map((s) => s.status))]).toEqual(['loading', 'loaded']);

    const nav = store.getState().navData;
    expect(nav).toMatchObject({ status: 'loaded', downloadedOnce: true, channel: 'dev', region: 'us', pct: null, rem: null, message: null, note: null });
    expect(nav.loaded).toMatchObject({ cycle: '2511', region: 'us', source: 'download', bytes: artifact.byteLength, counts: { airports: 2 } });
    expect(nav.timings.loadMs).toEqual(expect.any(Number));
    expect(store.getState().readiness.navDb).toEqual({ state: 'ready', reason: 'Cycle 2511 (us)' });

    const row = await artifacts.read('dev', 'us');
    expect(row).toMatchObject({ key: 'dev/us', cycle: '2511', etag: '"2511-a"', formatVersion: 1, size: artifact.byteLength });
    expect(row?.bytes.byteLength).toBe(artifact.byteLength);
    expect(await routing.call('airportSummary', { code: 'KOAK' })).toMatchObject({ code: 'OAK' });
    expect(fetchFn.mock.calls.map(([url]) => String(url))).toEqual([INDEX_URL, ARTIFACT_URL]);
  });

  it('loads the stored artifact on the next start without downloading it, and offline', async () => {
    const artifact = tinyArtifact();
    const first = await setup(fakeFetch({ [INDEX_URL]: indexResponse(artifact), [ARTIFACT_URL]: streamed(artifact) }));
    await first.start();

    const fetchFn = fakeFetch({ [INDEX_URL]: indexResponse(artifact) });
    const second = await setup(fetchFn, { db: first.db });
    expect(await second.start()).toMatchObject({ state: 'loaded' });
    expect(fetchFn.mock.calls.map(([url]) => String(url))).toEqual([INDEX_URL]);
    expect(second.store.getState().navData).toMatchObject({ status: 'loaded', downloadedOnce: true, note: null, loaded: { source: 'cache', cycle: '2511' } });
    expect(second.store.getState().readiness.navDb.state).toBe('ready');

    const offline = vi.fn(() => Promise.reject(new TypeError('Failed to fetch')));
    const third = await setup(offline, { db: first.db });
    expect(await third.start()).toMatchObject({ state: 'loaded' });
    expect(third.store.getState().navData.loaded?.source).toBe('cache');
    expect(third.store.getState().navData.note).toBe('Using the stored cycle 2511: the server cannot be reached (Failed to fetch)');
    expect(await third.routing.call('search', { query: 'HWD' })).not.toHaveLength(0);
  });

  it('downloads again when the server publishes a newer cycle', async () => {
    const old = tinyArtifact({ cycle: '2510' });
    const fresh = tinyArtifact({ cycle: '2511' });
    const fetchFn = fakeFetch({ [INDEX_URL]: indexResponse(fresh), [ARTIFACT_URL]: streamed(fresh) });
    const { store, artifacts, start } = await setup(fetchFn);
    await artifacts.write({ channel: 'dev', region: 'us', cycle: '2510', etag: '"2510-z"', formatVersion: 1, bytes: old });
    await start();
    expect(fetchFn.mock.calls.map(([url]) => String(url))).toEqual([INDEX_URL, ARTIFACT_URL]);
    expect(store.getState().navData.loaded).toMatchObject({ cycle: '2511', source: 'download' });
    expect(await artifacts.read('dev', 'us')).toMatchObject({ cycle: '2511', etag: '"2511-a"' });
  });

  it("tells the other tabs airportdb_downloaded through the service worker; another tab loads the stored artifact into its worker without downloading it", async () => {
    // Two tabs of one browser: one IndexedDB, and a service worker that hands a tab's message to the other (public/sw-messages.js).
    const tabs: { target: EventTarget; posted: unknown[]; container: MessageContainer }[] = [];
    for (let i = 0; i < 2; i++) {
      const target = new EventTarget();
      const posted: unknown[] = [];
      const container: MessageContainer = {
        controller: {
          postMessage: (message) => {
            posted.push(message);
            for (const tab of tabs) if (tab.target !== target) tab.target.dispatchEvent(new MessageEvent('message', { data: message }));
          },
        },
        addEventListener: (type, listener) => target.addEventListener(type, listener as EventListener),
        removeEventListener: (type, listener) => target.removeEventListener(type, listener as EventListener),
      };
      tabs.push({ target, posted, container });
    }
    const old = tinyArtifact({ cycle: '2510' });
    const fresh = tinyArtifact({ cycle: '2511' });
    const routes: Record<string, Route> = { [INDEX_URL]: indexResponse(old, { cycle: '2510', etag: '"2510-z"' }) };
    const fetchB = fakeFetch(routes);
    const b = await setup(fetchB, { messages: tabs[1]!.container });
    await b.artifacts.write({ channel: 'dev', region: 'us', cycle: '2510', etag: '"2510-z"', formatVersion: 1, bytes: old });
    expect(await b.start()).toMatchObject({ state: 'loaded', header: { cycle: '2510' } });
    // Loaded from storage: nothing to tell.
    expect(tabs[1]!.posted).toEqual([]);

    // The server publishes 2511; tab A downloads it.
    routes[INDEX_URL] = indexResponse(fresh);
    routes[ARTIFACT_URL] = streamed(fresh);
    const a = await setup(fakeFetch(routes), { db: b.db, messages: tabs[0]!.container });
    expect(await a.start()).toMatchObject({ state: 'loaded', header: { cycle: '2511' } });
    expect(tabs[0]!.posted).toEqual([{ type: 'airportdb_downloaded', cycle: '2511' }]);

    // Tab B loads 2511 from storage into its routing worker: the index asked again, the artifact not downloaded.
    await until(() => b.store.getState().navData.loaded?.cycle === '2511');
    expect(b.store.getState().navData).toMatchObject({ status: 'loaded', loaded: { cycle: '2511', source: 'cache' } });
    expect(fetchB.mock.calls.map(([url]) => String(url))).toEqual([INDEX_URL, INDEX_URL]);
    expect(await b.routing.call('airportSummary', { code: 'KOAK' })).toMatchObject({ code: 'OAK' });
    expect(tabs[1]!.posted).toEqual([]);
    // The same message again (the cycle it has) loads nothing more.
    tabs[1]!.target.dispatchEvent(new MessageEvent('message', { data: { type: 'airportdb_downloaded', cycle: '2511' } }));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(fetchB).toHaveBeenCalledTimes(2);
  });

  it('keeps the stored cycle when the new one cannot be downloaded', async () => {
    const old = tinyArtifact({ cycle: '2510' });
    const fetchFn = fakeFetch({ [INDEX_URL]: indexResponse(tinyArtifact()), [ARTIFACT_URL]: () => new Response('busy', { status: 503 }) });
    const { store, artifacts, start } = await setup(fetchFn);
    await artifacts.write({ channel: 'dev', region: 'us', cycle: '2510', etag: '"2510-z"', formatVersion: 1, bytes: old });
    expect(await start()).toMatchObject({ state: 'loaded', header: { cycle: '2510' } });
    expect(store.getState().navData.note).toBe('Using the stored cycle 2510: The nav database download failed: the server answered 503');
    expect(await artifacts.read('dev', 'us')).toMatchObject({ cycle: '2510' });
  });

  it('replaces a stored artifact that cannot be opened', async () => {
    const artifact = tinyArtifact();
    const fetchFn = fakeFetch({ [INDEX_URL]: indexResponse(artifact), [ARTIFACT_URL]: streamed(artifact) });
    const { store, artifacts, start } = await setup(fetchFn);
    await artifacts.write({ channel: 'dev', region: 'us', cycle: '2511', etag: '"2511-a"', formatVersion: 1, bytes: new Uint8Array(64).buffer });
    expect(await start()).toMatchObject({ state: 'loaded' });
    expect(store.getState().navData.loaded?.source).toBe('download');
    expect((await artifacts.read('dev', 'us'))?.size).toBe(artifact.byteLength);
  });

  it("is 'unavailable' when the server publishes nothing and nothing is stored", async () => {
    for (const index of [() => Response.json({ channel: 'dev', artifacts: [] }), () => new Response('no', { status: 404 })]) {
      const { store, start } = await setup(fakeFetch({ [INDEX_URL]: index }));
      expect(await start()).toEqual({ state: 'unavailable', reason: NO_NAV_DATABASE_ON_SERVER });
      expect(store.getState().navData).toMatchObject({ status: 'unavailable', message: 'No nav database is installed on this server', downloadedOnce: false });
      expect(store.getState().readiness.navDb).toEqual({ state: 'unavailable', reason: NO_NAV_DATABASE_ON_SERVER });
    }
  });

  it("is 'unavailable' offline with nothing stored", async () => {
    const { store, start } = await setup(vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))));
    expect(await start()).toEqual({ state: 'unavailable', reason: NO_NAV_DATABASE_OFFLINE });
    expect(store.getState().readiness.navDb).toEqual({ state: 'unavailable', reason: NO_NAV_DATABASE_OFFLINE });
  });

  it('aborts with an error when the download makes no progress for 60 s', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    const artifact = tinyArtifact();
    const { store, start } = await setup(fakeFetch({ [INDEX_URL]: indexResponse(artifact), [ARTIFACT_URL]: stalled(artifact) }));
    const done = start();
    await until(() => store.getState().navData.pct === 25);
    await vi.advanceTimersByTimeAsync(59_000);
    expect(store.getState().navData.status).toBe('loading');
    await vi.advanceTimersByTimeAsync(1_000);
    expect(await done).toEqual({ state: 'error', reason: NAV_DATABASE_STALLED });
    expect(store.getState().navData).toMatchObject({ status: 'error', message: 'Loading the nav database made no progress for 60 seconds', pct: null });
    expect(store.getState().readiness.navDb).toEqual({ state: 'unavailable', reason: NAV_DATABASE_STALLED });
  });

  it('logs the 120 s time-out, lets start-up continue, and turns ready when the slow load finishes', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    const artifact = tinyArtifact();
    // Five pieces 30 s apart: progress never stops for 60 s, but the whole takes 180 s.
    const { store, log, start } = await setup(fakeFetch({ [INDEX_URL]: indexResponse(artifact), [ARTIFACT_URL]: streamed(artifact, { chunks: 5, gapMs: 30_000 }) }));
    const done = start();
    await until(() => store.getState().navData.phase === 'downloading');
    await vi.advanceTimersByTimeAsync(119_000);
    expect(store.getState().readiness.navDb.state).toBe('pending');
    await vi.advanceTimersByTimeAsync(1_000);
    expect(store.getState().readiness.navDb).toEqual({ state: 'unavailable', reason: NAV_DATABASE_SLOW });
    expect(log.warn).toHaveBeenCalledWith(`[navdata] ${NAV_DATABASE_SLOW}`);
    expect(store.getState().navData.status).toBe('loading');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(await done).toMatchObject({ state: 'loaded' });
    expect(store.getState().readiness.navDb.state).toBe('ready');
  });

  it("stops with the spec's text when the routing worker is not ready after 30 s", async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    const fetchFn = fakeFetch({});
    const { store, start } = await setup(fetchFn, { workerReady: false });
    const done = start();
    expect(store.getState().navData).toMatchObject({ status: 'loading', phase: 'waiting_for_worker' });
    await vi.advanceTimersByTimeAsync(30_000);
    expect(await done).toEqual({ state: 'error', reason: ROUTING_NOT_READY_MESSAGE });
    expect(store.getState().navData.message).toBe('RoutingWorkerFacade not ready after 30 seconds - database loading cannot proceed');
    expect(store.getState().readiness.navDb).toEqual({ state: 'unavailable', reason: ROUTING_NOT_READY_MESSAGE });
    expect(fetchFn).not.toHaveBeenCalled();
  });
});
