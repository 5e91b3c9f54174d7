import type { WeatherStore } from './snapshotStore';

/**
 * The app's one weather store, installed at start-up (startWeather.ts, from main.tsx) and read by
 * useWeatherSnapshot and loadWeatherSnapshot. Nothing makes one on first use: without an installed
 * store (most jsdom tests) the hook reports no snapshot. Tests install their own and remove it.
 */
let installed: WeatherStore | null = null;
const listeners = new Set<() => void>();

/** Installs the store (null: none); returns the removal, which puts back the one before. */
export function installWeatherStore(store: WeatherStore | null): () => void {
  const before = installed;
  installed = store;
  for (const listener of [...listeners]) listener();
  return () => {
    if (installed !== store) return;
    installed = before;
    for (const listener of [...listeners]) listener();
  };
}

export function currentWeatherStore(): WeatherStore | null {
  return installed;
}

export function subscribeWeatherStore(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
