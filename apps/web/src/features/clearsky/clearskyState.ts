import type { ClearSkyReply } from '../../worker/clearsky';

/** Spec part 2 §4: "Clear-sky analysis: not_run, running, completed or error." */
export type ClearSkyRunState = 'not_run' | 'running' | 'completed' | 'error';

/**
 * Spec part 2 §3: "Clear-sky analysis: state, route, dep_iso, cruising_alt, result, error, ts."
 * `route` is the route string the analysis was for (final_string), so a changed route shows the
 * result as stale; `ts` is when the state last changed (epoch ms).
 */
export interface ClearSkyState {
  state: ClearSkyRunState;
  route: string | null;
  dep_iso: string | null;
  cruising_alt: number | null;
  result: ClearSkyReply | null;
  error: string | null;
  ts: number;
}

export const INITIAL_CLEARSKY_STATE: ClearSkyState = { state: 'not_run', route: null, dep_iso: null, cruising_alt: null, result: null, error: null, ts: 0 };

export type ClearSkyEvent =
  | { type: 'started'; route: string; dep_iso: string; cruising_alt: number; at: number }
  | { type: 'completed'; result: ClearSkyReply; at: number }
  | { type: 'failed'; error: string; at: number };

/**
 * The state machine: not_run or any settled state -> running (Run); running -> completed or error.
 * A finish that arrives when nothing is running (a run replaced by a newer one is dropped by the
 * runner) leaves the state alone. The inputs of a run stay with its result and its error.
 */
export function clearSkyReducer(state: ClearSkyState, event: ClearSkyEvent): ClearSkyState {
  switch (event.type) {
    case 'started':
      return { state: 'running', route: event.route, dep_iso: event.dep_iso, cruising_alt: event.cruising_alt, result: null, error: null, ts: event.at };
    case 'completed':
      return state.state === 'running' ? { ...state, state: 'completed', result: event.result, error: null, ts: event.at } : state;
    case 'failed':
      return state.state === 'running' ? { ...state, state: 'error', result: null, error: event.error, ts: event.at } : state;
  }
}

/** Whether a settled result was made for another route than the current one. */
export function isClearSkyStale(state: Pick<ClearSkyState, 'state' | 'route'>, currentRoute: string | null): boolean {
  return (state.state === 'completed' || state.state === 'error') && state.route !== currentRoute;
}

export interface ClearSkyStore {
  getState(): ClearSkyState;
  dispatch(event: ClearSkyEvent): void;
  subscribe(listener: () => void): () => void;
}

/** A small store for the analysis (kept outside React, so a result survives leaving the page). */
export function createClearSkyStore(initial: ClearSkyState = INITIAL_CLEARSKY_STATE): ClearSkyStore {
  let state = initial;
  const listeners = new Set<() => void>();
  return {
    getState: () => state,
    dispatch(event) {
      const next = clearSkyReducer(state, event);
      if (next === state) return;
      state = next;
      for (const listener of [...listeners]) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The app's one ClearSky state (this session's; not stored). */
export const clearSkyStore: ClearSkyStore = createClearSkyStore();
