import { useSyncExternalStore } from 'react';
import { AGE_TICK_MS } from './age';

// One wall clock for every weather screen, brought up to date each AGE_TICK_MS: the ages shown, a
// TAF's "now", a forecast's expiry. It runs only while a component listens.
let minute = Date.now();
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | null = null;

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (timer === null) {
    minute = Date.now();
    timer = setInterval(() => {
      minute = Date.now();
      for (const each of [...listeners]) each();
    }, AGE_TICK_MS);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer !== null) {
      clearInterval(timer);
      timer = null;
    }
  };
}

const read = () => minute;

/** Wall-clock ms, re-rendering the caller once a minute (one shared timer for the whole app). */
export function useMinuteClock(): number {
  return useSyncExternalStore(subscribe, read, read);
}
