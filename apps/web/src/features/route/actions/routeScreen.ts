import type { Route } from '@clearway/flightplan';
import type { RouteListEntry } from '../routeLists';

export type RouteMode = 'navlog' | 'edit' | 'profile' | 'recent' | 'saved' | 'optimizer';

/** What an Undo puts back: the previous current route (Clear, a removal) or a deleted saved route. */
export type UndoRestore = { kind: 'route'; previous: Route } | { kind: 'savedRoute'; code: string };

/** An undo offer on screen (spec part 2 §4: "a 4 s snackbar with Undo ... and Ok"). */
export interface UndoOffer {
  id: number;
  /** What the snackbar says ('Route Cleared', 'Removed SUNOL', 'Route Deleted'). */
  text: string;
  /** 'clear' for the Clear button's snackbar; 'edit' for the others. */
  source: 'clear' | 'edit';
  restore: UndoRestore;
}

export interface RouteScreenState {
  mode: RouteMode;
  /** Bumped by every mode change: an action that started before a change does not override it. */
  modeSeq: number;
  message: { text: string; id: number } | null;
  undo: UndoOffer | null;
  /** Recent and saved lists; null while loading. */
  recent: RouteListEntry[] | null;
  saved: RouteListEntry[] | null;
}

/** The mode as an action saw it when it started; `setModeIfUnchanged` takes it. */
export interface ModeTicket {
  readonly seq: number;
}

/**
 * The route screen's own state outside React (tldraw's managers, Excalidraw's app state): the mode,
 * the message and undo snackbars and the route lists. Actions change it; the view subscribes to it
 * (`useSyncExternalStore`). Sequence numbers let late async work know that the pilot moved on: a
 * mode chosen after an action started wins over the mode the action wanted, and only the newest
 * plan-and-commit commits.
 */
export interface RouteScreen {
  getState(): RouteScreenState;
  subscribe(listener: () => void): () => void;
  setMode(mode: RouteMode): void;
  /** The current mode sequence, to be handed back to `setModeIfUnchanged`. */
  modeTicket(): ModeTicket;
  /** Switches mode only if no mode change happened since the ticket was taken; true if it switched. */
  setModeIfUnchanged(ticket: ModeTicket, mode: RouteMode): boolean;
  showMessage(text: string): void;
  hideMessage(): void;
  offerUndo(offer: Omit<UndoOffer, 'id'>): void;
  /** Hides the undo snackbar and returns what it offered (null if none). */
  takeUndo(): UndoOffer | null;
  setList(kind: 'recent' | 'saved', entries: RouteListEntry[] | null): void;
  /** A number for one plan-and-commit; `isLatestPlan` says whether a later one started since. */
  beginPlan(): number;
  isLatestPlan(plan: number): boolean;
}

export function createRouteScreen(initialMode: RouteMode = 'navlog'): RouteScreen {
  let state: RouteScreenState = { mode: initialMode, modeSeq: 0, message: null, undo: null, recent: null, saved: null };
  const listeners = new Set<() => void>();
  let snackbarId = 0;
  let planSeq = 0;
  const set = (patch: Partial<RouteScreenState>) => {
    state = { ...state, ...patch };
    for (const listener of [...listeners]) listener();
  };
  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    setMode(mode) {
      set({ mode, modeSeq: state.modeSeq + 1 });
    },
    modeTicket: () => ({ seq: state.modeSeq }),
    setModeIfUnchanged(ticket, mode) {
      if (ticket.seq !== state.modeSeq) return false;
      set({ mode, modeSeq: state.modeSeq + 1 });
      return true;
    },
    showMessage(text) {
      snackbarId += 1;
      set({ message: { text, id: snackbarId } });
    },
    hideMessage() {
      if (state.message) set({ message: null });
    },
    offerUndo(offer) {
      snackbarId += 1;
      // One snackbar at a time: the undo offer replaces a message on screen.
      set({ message: null, undo: { ...offer, id: snackbarId } });
    },
    takeUndo() {
      const offer = state.undo;
      if (offer) set({ undo: null });
      return offer;
    },
    setList(kind, entries) {
      set(kind === 'recent' ? { recent: entries } : { saved: entries });
    },
    beginPlan: () => ++planSeq,
    isLatestPlan: (plan) => plan === planSeq,
  };
}
