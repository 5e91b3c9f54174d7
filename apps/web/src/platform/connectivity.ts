import { onServerUnreachable } from './serverFetch';

/**
 * Whether the app can reach its server: the offline badge's source (issue 27 point 9: offline shown
 * within 2 s of losing the network). A service outside React with its browser wiring injected (like
 * TanStack Query's onlineManager), so it is unit tested with fake events, timers and probes.
 *
 * - The browser's `offline` event: offline at once.
 * - A request of the app's server clients that fails with a network error (serverFetch.ts), or the `online` event: a
 *   probe of `/healthz` decides, within PROBE_TIMEOUT_MS. A probe is the only proof of being online:
 *   the service worker answers many requests from its caches while the network is down.
 * - While offline, a probe every RECHECK_MS (when the browser believes it has a network) notices the
 *   way back even without an `online` event (a Wi-Fi with no internet behind it).
 */

/** The server's liveness probe (apps/server health/routes.ts HEALTH_PATH): never cached, small. */
export const PROBE_PATH = '/healthz';
/** A probe not answered within this long counts as failed: the verdict stays within 2 s. */
export const PROBE_TIMEOUT_MS = 1_500;
/** While offline: how often the server is tried again. */
export const RECHECK_MS = 5_000;

export type ConnectivityState = 'online' | 'offline';

export interface ConnectivityTimers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface ConnectivityOptions {
  /** Where `online` and `offline` are heard (window in the browser). */
  events: Pick<Window, 'addEventListener' | 'removeEventListener'>;
  /** navigator.onLine. */
  browserOnline: () => boolean;
  /** Asks the server; true when it answered (any status), false on a network error or time-out. */
  probe: (signal: AbortSignal) => Promise<boolean>;
  timers: ConnectivityTimers;
}

export interface Connectivity {
  state(): ConnectivityState;
  /** Called on each change; returns the removal. */
  subscribe(listener: () => void): () => void;
  /** A request to the server failed with a network error: probe now. */
  reportFailure(): void;
  stop(): void;
}

/** Starts watching; the first state is the browser's own (navigator.onLine). */
export function createConnectivity({ events, browserOnline, probe, timers }: ConnectivityOptions): Connectivity {
  let state: ConnectivityState = browserOnline() ? 'online' : 'offline';
  const listeners = new Set<() => void>();
  let probing: AbortController | null = null;
  let recheck: unknown = null;
  let stopped = false;

  const set = (next: ConnectivityState) => {
    if (next === state) return;
    state = next;
    for (const listener of [...listeners]) listener();
  };
  const scheduleRecheck = () => {
    if (recheck !== null || stopped) return;
    recheck = timers.setTimeout(() => {
      recheck = null;
      if (state !== 'offline') return;
      if (browserOnline()) runProbe();
      else scheduleRecheck();
    }, RECHECK_MS);
  };
  const goOffline = () => {
    set('offline');
    scheduleRecheck();
  };
  const runProbe = () => {
    if (probing || stopped) return;
    const controller = new AbortController();
    probing = controller;
    const timeout = timers.setTimeout(() => controller.abort(), PROBE_TIMEOUT_MS);
    probe(controller.signal)
      .catch(() => false)
      .then((answered) => {
        timers.clearTimeout(timeout);
        probing = null;
        if (stopped) return;
        // A probe that outlived its time-out counts as failed even if it answered late.
        if (answered && !controller.signal.aborted) set('online');
        else goOffline();
      }, () => undefined);
  };
  const onOffline = () => {
    probing?.abort();
    goOffline();
  };
  const onOnline = () => runProbe();

  events.addEventListener('offline', onOffline);
  events.addEventListener('online', onOnline);
  if (state === 'offline') scheduleRecheck();

  return {
    state: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    reportFailure: () => runProbe(),
    stop() {
      stopped = true;
      events.removeEventListener('offline', onOffline);
      events.removeEventListener('online', onOnline);
      probing?.abort();
      if (recheck !== null) timers.clearTimeout(recheck);
      listeners.clear();
    },
  };
}

/** The browser's probe: GET /healthz past every cache; answered when the reply is the server's JSON. */
export async function probeServer(signal: AbortSignal, fetchFn: typeof fetch = globalThis.fetch): Promise<boolean> {
  const reply = await fetchFn(PROBE_PATH, { cache: 'no-store', credentials: 'omit', signal });
  // A captive portal answers with its own HTML page: only the server's JSON counts.
  return (reply.headers.get('content-type') ?? '').includes('json');
}

/**
 * The browser's connectivity service: `online`/`offline` events, `/healthz` probes and the app's own
 * failed requests. Made once at start-up (main.tsx) and handed to components as the `connectivity`
 * service (platform/services.ts), so tests give their own or none.
 */
export function browserConnectivity(): Connectivity {
  const service = createConnectivity({
    events: window,
    browserOnline: () => navigator.onLine,
    probe: (signal) => probeServer(signal),
    timers: { setTimeout: (callback, ms) => window.setTimeout(callback, ms), clearTimeout: (handle) => window.clearTimeout(handle as number) },
  });
  onServerUnreachable(() => service.reportFailure());
  return service;
}

/** A connectivity that is always online: what components use when the app was given none (tests). */
export const ALWAYS_ONLINE: Connectivity = {
  state: () => 'online',
  subscribe: () => () => undefined,
  reportFailure: () => undefined,
  stop: () => undefined,
};
