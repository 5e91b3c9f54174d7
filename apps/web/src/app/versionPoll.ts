import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../store/hooks';
import { configLoaded } from '../store/configSlice';
import { requestServiceWorkerUpdate } from '../sw/register';
import type { ClientConfig } from '@clearway/protocol';
import { serverFetch } from '../platform/serverFetch';

/** How often the server's version is asked while the app runs (spec part 1 §7: "The version is also polled"). */
export const VERSION_POLL_MS = 10 * 60_000;

export interface VersionPollOptions {
  fetch: typeof fetch;
  /** The version last known from the server (the configuration boot loaded). */
  knownVersion: string;
  /** A newer server version: the caller refreshes its configuration and asks the service worker to update. */
  onNewVersion: (config: ClientConfig) => void;
  intervalMs?: number;
  /** Where online / visibility changes are heard (window in the browser). */
  events?: Pick<Window, 'addEventListener' | 'removeEventListener'>;
  isOnline?: () => boolean;
  log?: Pick<Console, 'info' | 'warn'>;
}

/**
 * Polls `GET /api/config` every `intervalMs`, when the browser comes back online and when the page
 * becomes visible again, and calls `onNewVersion` once per new server version. The reply is checked
 * like the start-up configuration; failures are quiet (offline, server restarting, a malformed
 * reply); the realtime channel's `new_app_version` message is the fast path.
 * Returns a stop function.
 */
export function startVersionPoll({ fetch: fetchFn, knownVersion, onNewVersion, intervalMs = VERSION_POLL_MS, events, isOnline = () => true, log = console }: VersionPollOptions): () => void {
  let known = knownVersion;
  let running = false;
  let stopped = false;
  const check = async () => {
    if (running || stopped || !isOnline()) return;
    running = true;
    try {
      // The same validated read as at start (zod, in its own chunk); a failed read falls back, which is ignored here.
      const { loadClientConfig } = await import('./clientConfig');
      const loaded = await loadClientConfig({ fetch: fetchFn, origin: window.location.origin, appVersion: known, cache: 'no-store' });
      if (stopped || loaded.source !== 'server' || loaded.config.version === known) return;
      log.info(`[version] the server runs ${loaded.config.version} (this app knew ${known})`);
      known = loaded.config.version;
      onNewVersion(loaded.config);
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void check(), intervalMs);
  const onVisible = () => {
    if (typeof document === 'undefined' || document.visibilityState === 'visible') void check();
  };
  const onOnline = () => void check();
  events?.addEventListener('online', onOnline);
  events?.addEventListener('visibilitychange', onVisible);
  return () => {
    stopped = true;
    clearInterval(timer);
    events?.removeEventListener('online', onOnline);
    events?.removeEventListener('visibilitychange', onVisible);
  };
}

/** The shell's version poll: a newer server version updates the configuration and the service worker. */
export function useVersionPoll(): void {
  const dispatch = useAppDispatch();
  const known = useAppSelector((s) => s.config.config?.version ?? null);
  const source = useAppSelector((s) => s.config.source);
  useEffect(() => {
    if (known === null || source !== 'server') return undefined;
    return startVersionPoll({
      fetch: serverFetch,
      knownVersion: known,
      events: window,
      isOnline: () => navigator.onLine,
      onNewVersion: (config) => {
        dispatch(configLoaded({ config, source: 'server' }));
        // The service worker fetches the new build; a waiting worker shows the restart prompt.
        requestServiceWorkerUpdate();
      },
    });
  }, [dispatch, known, source]);
}
