import { useCallback, useEffect, useSyncExternalStore } from 'react';
import type { WeatherProductType, WeatherSnapshotOf } from '@clearway/protocol';
import { isWeatherStale, weatherAgeMs } from './age';
import { useMinuteClock } from './minuteClock';
import { currentWeatherStore, subscribeWeatherStore } from './registry';
import type { WeatherEntry, WeatherStatus, WeatherStore } from './snapshotStore';

export interface WeatherSnapshotView<T extends WeatherProductType> {
  snapshot: WeatherSnapshotOf<T> | null;
  /** The snapshot's cycle (when the server stored it), ms since epoch. */
  cycle: number | null;
  /** Counted from the cycle; brought up to date once a minute. */
  ageMs: number | null;
  /** Older than the type's normal update interval (protocol WEATHER_UPDATE_INTERVAL_MS). */
  stale: boolean;
  status: WeatherStatus;
}

/** The installed weather store (registry.ts), re-read when another is installed. */
export function useWeatherStore(): WeatherStore | null {
  return useSyncExternalStore(subscribeWeatherStore, currentWeatherStore, currentWeatherStore);
}


const NO_STORE: WeatherEntry = { snapshot: null, status: 'offline', reason: 'no weather store', etag: null, arrivedAt: null, changedAt: null };

/**
 * The latest snapshot of a weather product type for a screen: asks the store for it (stored, then
 * the server's), re-renders when a new cycle arrives and once a minute for the age. Without an
 * installed store: no snapshot, status 'offline'.
 */
export function useWeatherSnapshot<T extends WeatherProductType>(type: T): WeatherSnapshotView<T> {
  const store = useWeatherStore();
  const subscribe = useCallback(
    (listener: () => void) => (store ? store.subscribe((changed) => {
      if (changed === type) listener();
    }) : () => undefined),
    [store, type],
  );
  const read = useCallback(() => (store ? store.entry(type) : (NO_STORE as unknown as WeatherEntry<T>)), [store, type]);
  const entry = useSyncExternalStore(subscribe, read, read);
  const tick = useMinuteClock();
  useEffect(() => {
    if (store) void store.want(type);
  }, [store, type]);
  const snapshot = entry.snapshot;
  const cycle = snapshot?.cycle ?? null;
  // The minute clock, or later when the entry changed since its last tick.
  const now = Math.max(tick, entry.changedAt ?? 0);
  const ageMs = cycle === null ? null : weatherAgeMs(cycle, now);
  return { snapshot, cycle, ageMs, stale: ageMs !== null && isWeatherStale(type, ageMs), status: entry.status };
}
