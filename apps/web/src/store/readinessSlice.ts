import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/**
 * What the loading screen waits for (spec part 1 §2 "Shell"): the map, the nav (airport) database
 * and the offline (service) worker. A signal is settled once it is 'ready' or 'unavailable'.
 */
export const READINESS_SIGNALS = ['map', 'navDb', 'serviceWorker'] as const;
export type ReadinessSignalName = (typeof READINESS_SIGNALS)[number];
export type ReadinessState = 'pending' | 'ready' | 'unavailable';

export interface ReadinessSignal {
  state: ReadinessState;
  /** Why a signal is unavailable (or a note on how it became ready); null while pending. */
  reason: string | null;
}

export type ReadinessSliceState = Record<ReadinessSignalName, ReadinessSignal>;

/** Loading screen text per signal, in the order the loading screen checks them (spec part 1 §8). */
export const LOADING_MESSAGES: Readonly<Record<ReadinessSignalName, string>> = {
  map: 'Loading Map...',
  navDb: 'Loading Nav Database...',
  serviceWorker: 'Getting Offline Ready...',
};

const pending: ReadinessSignal = { state: 'pending', reason: null };
const initialState: ReadinessSliceState = { map: pending, navDb: pending, serviceWorker: pending };

export const readinessSlice = createSlice({
  name: 'readiness',
  initialState,
  reducers: {
    signalSettled(
      state,
      action: PayloadAction<{ signal: ReadinessSignalName; state: Exclude<ReadinessState, 'pending'>; reason?: string }>,
    ) {
      state[action.payload.signal] = { state: action.payload.state, reason: action.payload.reason ?? null };
    },
  },
});

export const { signalSettled } = readinessSlice.actions;

export function isSettled(signal: ReadinessSignal): boolean {
  return signal.state !== 'pending';
}

/** The first signal still pending, in the order map, nav database, service worker; null when all settled. */
export function firstPendingSignal(readiness: ReadinessSliceState): ReadinessSignalName | null {
  return READINESS_SIGNALS.find((name) => !isSettled(readiness[name])) ?? null;
}
