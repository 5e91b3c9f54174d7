import type { Dispatch } from '@reduxjs/toolkit';
import { signalSettled, type ReadinessSignalName, type ReadinessSliceState, type ReadinessState } from '../store/readinessSlice';

/** The part of the app's store the waits below read (structural, so this layer imports no feature's slices). */
export interface ReadinessStore {
  getState(): { readiness: ReadinessSliceState };
  subscribe(listener: () => void): () => void;
}

/**
 * Readiness sources feed the loading screen and the loading chip (spec part 1 §2 "Shell", issue 27
 * point 10). Each source settles its signal once, to 'ready' or to 'unavailable' with a reason. The
 * loading screen covers the page until the map has settled; the chip over the map then says what is
 * still loading until the nav database and the service worker have settled too (app/LoadingScreen.tsx).
 */
export type SettledState = Exclude<ReadinessState, 'pending'>;
export type ReadinessReport = (state: SettledState, reason?: string) => void;

export interface ReadinessSource {
  readonly signal: ReadinessSignalName;
  /** Starts watching; calls report once when the signal settles. Returns a stop function. */
  start(report: ReadinessReport): () => void;
}

/** Runs a source and puts its outcome in the store. */
export function connectReadinessSource(dispatch: Dispatch, source: ReadinessSource): () => void {
  let settled = false;
  return source.start((state, reason) => {
    if (settled) return;
    settled = true;
    dispatch(signalSettled({ signal: source.signal, state, reason }));
  });
}

/** The outcome of a readiness check that runs to completion. */
export interface ReadinessOutcome {
  state: SettledState;
  reason?: string;
}

/**
 * A source that settles when a promise settles (used for the service worker). The nav database
 * signal is settled by features/navdata/startNavData.ts, which can also re-settle it.
 */
export function promiseReadinessSource(signal: ReadinessSignalName, outcome: () => Promise<ReadinessOutcome>): ReadinessSource {
  return {
    signal,
    start(report) {
      let active = true;
      outcome().then(
        (result) => active && report(result.state, result.reason),
        (error: unknown) => active && report('unavailable', error instanceof Error ? error.message : String(error)),
      );
      return () => {
        active = false;
      };
    },
  };
}

export const NO_WEBGL_REASON = 'This browser cannot draw the map (no WebGL)';

/**
 * The map signal, fed by the map itself (src/features/map/MapHost.tsx): `ready` on the first map's
 * first `idle` (its style, tiles and layers drawn), `unavailable` when the browser has no WebGL or the
 * map fails to start. Calls made before the source starts are kept and reported when it starts.
 */
export interface MapReadinessSource extends ReadinessSource {
  ready(): void;
  fail(reason: string): void;
}

export function mapReadinessSource(): MapReadinessSource {
  let pending: { state: SettledState; reason?: string } | null = null;
  let reporter: ReadinessReport | null = null;
  const settle = (state: SettledState, reason?: string) => {
    if (reporter) reporter(state, reason);
    else pending ??= { state, reason };
  };
  return {
    signal: 'map',
    start(report) {
      reporter = report;
      if (pending) report(pending.state, pending.reason);
      return () => {
        reporter = null;
      };
    },
    ready: () => settle('ready'),
    fail: (reason) => settle('unavailable', reason),
  };
}

/**
 * Resolves once a signal has settled, or after `limitMs` whatever its state (a slow map must not
 * hold back what waits for it for ever).
 */
export function whenSettled(store: ReadinessStore, signal: ReadinessSignalName, limitMs: number): Promise<void> {
  return new Promise((resolve) => {
    const settled = () => store.getState().readiness[signal].state !== 'pending';
    if (settled()) {
      resolve();
      return;
    }
    const timer = setTimeout(() => {
      unsubscribe();
      resolve();
    }, limitMs);
    const unsubscribe = store.subscribe(() => {
      if (!settled()) return;
      clearTimeout(timer);
      unsubscribe();
      resolve();
    });
  });
}

/** What waits for the map's first picture (boot's background work, profile sync) waits at most this long. */
export const FIRST_PICTURE_WAIT_MS = 4000;

/**
 * The one wait for the map's first picture (the map signal settled, or FIRST_PICTURE_WAIT_MS gone by),
 * shared by boot and profile sync: the returned function makes the promise on its first call (boot's
 * end, where the 4 s start) and returns that same promise after. The map host mounts only after boot, so
 * the limit must not start earlier.
 */
export function firstPictureWait(store: ReadinessStore, limitMs = FIRST_PICTURE_WAIT_MS): () => Promise<void> {
  let waiting: Promise<void> | null = null;
  return () => (waiting ??= whenSettled(store, 'map', limitMs));
}
