import { createListenerMiddleware, type Dispatch } from '@reduxjs/toolkit';
import type { PrefsKey, PropertyStore, PropertyValues } from '../db/prefs';
import { prefsLoaded } from './prefsActions';
import type { RootState } from './rootReducer';
import type { AppStartListening } from './listener';

/**
 * The store values that live in the prefs properties table, by property key. Every change to one of
 * them is written at once (ts = now); prefsLoaded (the start-up read) is never written back.
 */
export const PERSISTED_PROPERTIES = {
  // Stored only once the pilot chose Day or Night; until then it follows the device (settingsSlice).
  dark_mode: (s: RootState) => (s.settings.dark_mode_chosen ? s.settings.dark_mode : undefined),
  performance_mode: (s: RootState) => s.settings.performance_mode,
  resume_nav: (s: RootState) => s.settings.resume_nav,
  temp_unit: (s: RootState) => s.units.temp_unit,
  distance_unit: (s: RootState) => s.units.distance_unit,
  takeoff_threshold: (s: RootState) => s.units.takeoff_threshold,
  viewOneId: (s: RootState) => s.layout.viewOneId,
  viewTwoId: (s: RootState) => s.layout.viewTwoId,
  splitHorizontal: (s: RootState) => s.layout.splitHorizontal,
  splitVertical: (s: RootState) => s.layout.splitVertical,
  sync_map_views: (s: RootState) => s.layout.sync_map_views,
  landscape: (s: RootState) => s.layout.landscape,
  welcomeComplete: (s: RootState) => s.welcome.welcomeComplete,
  weather_layers: (s: RootState) => s.overlays.remembered,
} satisfies { [K in PrefsKey]?: (s: RootState) => PropertyValues[K] | undefined };

export type PersistedKey = keyof typeof PERSISTED_PROPERTIES;
export const PERSISTED_KEYS = Object.keys(PERSISTED_PROPERTIES) as PersistedKey[];

function changedKeys(current: RootState, original: RootState): PersistedKey[] {
  return PERSISTED_KEYS.filter((key) => PERSISTED_PROPERTIES[key](current) !== PERSISTED_PROPERTIES[key](original));
}

export interface PersistenceOptions {
  prefs: PropertyStore;
  onError?: (error: unknown, key: PrefsKey) => void;
}

/** Listener middleware that writes each changed persisted value to prefs. */
export function createPersistenceMiddleware({ prefs, onError }: PersistenceOptions) {
  const listener = createListenerMiddleware();
  const startListening = listener.startListening as AppStartListening;
  startListening({
    predicate: (action, current, original) => !prefsLoaded.match(action) && changedKeys(current, original).length > 0,
    effect: async (_action, api) => {
      const current = api.getState();
      const writes = changedKeys(current, api.getOriginalState()).map(async (key) => {
        const value = PERSISTED_PROPERTIES[key](current);
        if (value === undefined) return; // not the pilot's to store yet
        try {
          await prefs.setProperty(key, value as PropertyValues[typeof key]);
        } catch (error) {
          (onError ?? ((e: unknown, k: PrefsKey) => console.error(`Could not store ${k}`, e)))(error, key);
        }
      });
      await Promise.all(writes);
    },
  });
  return listener.middleware;
}

/** Reads every persisted value from prefs and hands them to the slices (boot stage profile_init). */
export async function loadPersistedPreferences(prefs: PropertyStore, dispatch: Dispatch): Promise<Partial<PropertyValues>> {
  const values = await prefs.getProperties(PERSISTED_KEYS);
  dispatch(prefsLoaded(values));
  return values;
}
