import type { WeatherProductType, WeatherSnapshotOf } from '@clearway/protocol';
import { currentWeatherStore } from './registry';
import type { WeatherStore } from './snapshotStore';

/**
 * The latest snapshot of a type outside React (route effects, workers' feeders): the stored one,
 * then the server's, as useWeatherSnapshot has it; null when there is none (never downloaded and
 * offline, a server without weather, or no weather store installed).
 */
export async function loadWeatherSnapshot<T extends WeatherProductType>(type: T, store: WeatherStore | null = currentWeatherStore()): Promise<WeatherSnapshotOf<T> | null> {
  if (!store) return null;
  const entry = await store.want(type);
  return entry.snapshot;
}
