import type { AnalyticsBatch, LogEntry } from '@clearway/protocol';
import type { RootState } from '../../store/rootReducer';
import type { PropertyStore } from '../../db/prefs';
import { serverFetch } from '../serverFetch';
import { createAnalytics, type Analytics, type AnalyticsEvent, type AnalyticsValue } from './analytics';
import { installErrorReporting, type ReporterHost } from './errorReporter';
import { ANALYTICS_FLUSH_INTERVAL_MS, LOG_REPLAY_INTERVAL_MS, sendResultOf, type SendResult } from './limits';
import { createLogger, type Logger, type LogLevel } from './logger';
import { dexieQueue, TelemetryDb, withMemoryFallback } from './queueStore';
import { ErrorBudget } from './rateLimits';

export type { AnalyticsValue } from './analytics';
export type { LogLevel } from './logger';

/** What the app's telemetry reads: the store's configuration, account and position, and the device id. */
export interface TelemetryDeps {
  store: { getState(): Pick<RootState, 'config' | 'account' | 'inflight'>; subscribe(listener: () => void): () => void };
  prefs: Pick<PropertyStore, 'getProperty'>;
  version: string;
  /** Default window. */
  host?: ReporterHost & Pick<Window, 'navigator' | 'document'>;
  /** Default serverFetch. */
  fetch?: typeof fetch;
  /** Wall clock, ms since the epoch; default Date.now. */
  now?: () => number;
  /** Runs `fn` every `ms`; default setInterval. */
  every?: (fn: () => void, ms: number) => () => void;
  /** Default the 'telemetry' IndexedDB database. */
  db?: TelemetryDb;
  /** A send not answered in this time counts as failed (the entry waits for the next replay); default 20 s. */
  sendTimeoutMs?: number;
}

/**
 * A log or analytics send not answered in this time is given up as failed. Without it one request that
 * never settles (a network coming back, a captive portal) would hold the replay, and every later one
 * that waits for it, for good.
 */
export const TELEMETRY_SEND_TIMEOUT_MS = 20_000;

/** A router whose location can be watched (react-router's data router). */
export interface WatchableRouter {
  state: { location: { pathname: string } };
  subscribe(listener: (state: { location: { pathname: string } }) => void): () => void;
}

export interface Telemetry {
  logger: Logger;
  analytics: Analytics;
  /** Errors refused by the forwarding limits (20 a minute, 200 a session). */
  budget: ErrorBudget;
  /** Records a `page_view` event (props.path) each time the router's path changes. */
  watchPages(router: WatchableRouter): void;
  stop(): void;
}

let current: Telemetry | null = null;

/** Logs through the app's logger (a no-op before startTelemetry). Errors count against the error budget. */
export function log(level: LogLevel, message: string, stack?: string | null): void {
  if (current && (level !== 'error' || current.budget.take())) void current.logger.log(level, message, stack).catch(() => undefined);
}

/** Records a product analytics event (a no-op before startTelemetry). */
export function track(name: string, props?: Record<string, AnalyticsValue>): void {
  void current?.analytics.track(name, props).catch(() => undefined);
}

/**
 * Starts the app's logging, error reporting and analytics (spec part 1 §3, §7, §8, §9): log entries
 * are forwarded only where the configuration's environment has remote logging (test and beta); the
 * log queue is replayed every 30 s and the analytics queue flushed every 30 s, when the browser is
 * back online and when the tab becomes visible. Call once, before the workers are made.
 */
export function startTelemetry(deps: TelemetryDeps): Telemetry {
  const host = deps.host ?? window;
  const fetchFn = deps.fetch ?? serverFetch;
  const now = deps.now ?? Date.now;
  const db = deps.db ?? new TelemetryDb();
  const state = () => deps.store.getState();
  let uuid = '';
  // The device id boot stores (prefs property uuid); read until found.
  const readUuid = async (): Promise<string> => {
    if (uuid === '') uuid = (await deps.prefs.getProperty('uuid').catch(() => undefined)) ?? '';
    return uuid;
  };
  void readUuid();

  const sendTimeoutMs = deps.sendTimeoutMs ?? TELEMETRY_SEND_TIMEOUT_MS;
  const post = async (url: string, body: string): Promise<SendResult> => {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), sendTimeoutMs);
    try {
      // keepalive: the request outlives the page (64 KiB at most in flight, so large batches go without it).
      const reply = await fetchFn(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body, keepalive: body.length < 60_000, signal: controller.signal });
      return sendResultOf(reply.status);
    } catch {
      return 'failed';
    } finally {
      clearTimeout(timer);
    }
  };

  const logger = createLogger({
    now,
    store: withMemoryFallback(dexieQueue<LogEntry>(db, 'logs')),
    context: () => {
      const { config, account, inflight } = state();
      const fix = inflight.position?.fix;
      return {
        version: deps.version,
        os: host.navigator.userAgent.slice(0, 256),
        uuid,
        env: config.config?.env ?? '',
        cust_id: account.user?.cust_id ?? null,
        location: fix ? { lat: fix.latitude, lon: fix.longitude } : null,
      };
    },
    forwarding: () => {
      const config = state().config.config;
      // The server sets remoteLogging from the environment (protocol remoteLoggingEnabled: test and beta).
      return config ? config.remoteLogging : null;
    },
    send: async (entry) => {
      const config = state().config.config;
      if (!config) return 'failed';
      // The protocol module loads beside the main bundle (like the configuration check), not inside it.
      const { logUrl } = await import('./logPath');
      return post(logUrl(config.endpoints.logging, entry['@timestamp']), JSON.stringify(entry));
    },
  });

  const analytics = createAnalytics({
    now,
    store: withMemoryFallback(dexieQueue<AnalyticsEvent>(db, 'events')),
    send: async (events) => {
      const { account } = state();
      const config = state().config.config;
      const device = await readUuid();
      // The server takes analytics from signed-in devices only: signed out, the events wait.
      if (!config || !account.user || device === '') return 'failed';
      const batch: AnalyticsBatch = { uuid: device, version: deps.version, env: config.env, events };
      return post(`${config.endpoints.profileRest}/analytics`, JSON.stringify(batch));
    },
  });

  const budget = new ErrorBudget(now);
  const uninstall = installErrorReporting(host as ReporterHost, (level, message, stack) => {
    if (level !== 'error' || budget.take()) void logger.log(level, message, stack).catch(() => undefined);
  });

  const replay = () => void readUuid().then(() => logger.replay()).catch(() => undefined);
  const flush = () => void analytics.flush().catch(() => undefined);
  const every = deps.every ?? ((fn, ms) => {
    const timer = setInterval(fn, ms);
    return () => clearInterval(timer);
  });
  const stops = [every(replay, LOG_REPLAY_INTERVAL_MS), every(flush, ANALYTICS_FLUSH_INTERVAL_MS)];
  const onOnline = () => {
    replay();
    flush();
  };
  const onVisible = () => {
    if (host.document.visibilityState === 'visible') flush();
  };
  host.addEventListener('online', onOnline);
  host.document.addEventListener('visibilitychange', onVisible);
  // The queue waits for the configuration (which says whether to forward) and for sign-in (analytics).
  let known = { config: state().config.config, user: state().account.user };
  const unsubscribe = deps.store.subscribe(() => {
    const { account } = state();
    const config = state().config.config;
    if (config !== known.config || account.user !== known.user) {
      if (config !== known.config) replay();
      if (account.user && account.user !== known.user) flush();
      known = { config, user: account.user };
    }
  });

  const telemetry: Telemetry = {
    logger,
    analytics,
    budget,
    watchPages(router) {
      let path = '';
      const seen = (location: { pathname: string }) => {
        if (location.pathname !== path) track('page_view', { path: (path = location.pathname) });
      };
      seen(router.state.location);
      stops.push(router.subscribe((routerState) => seen(routerState.location)));
    },
    stop() {
      uninstall();
      unsubscribe();
      stops.forEach((stop) => stop());
      host.removeEventListener('online', onOnline);
      host.document.removeEventListener('visibilitychange', onVisible);
      if (current === telemetry) current = null;
    },
  };
  current = telemetry;
  track('app_open');
  return telemetry;
}
