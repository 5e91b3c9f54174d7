import type { SyncTable } from '@clearway/protocol';

/**
 * The one function the writers of synchronised data call after every save (spec part 1 §9 "Sync":
 * triggered by every save). The shell's sync hook registers the running SyncClient; until then, and
 * after sign-out, a request does nothing.
 */
type SyncRequester = (table: SyncTable) => void;

let current: SyncRequester | null = null;

/** Registers the running client (or null to stop). Returns a function that unregisters it if still current. */
export function setSyncRequester(requester: SyncRequester | null): () => void {
  current = requester;
  return () => {
    if (current === requester) current = null;
  };
}

/** Asks for a sync of one table after a save; a no-op while signed out. Never throws. */
export function requestSync(table: SyncTable): void {
  try {
    current?.(table);
  } catch (error) {
    console.warn(`Could not start a sync of ${table}`, error);
  }
}

let devicesListener: (() => void) | null = null;

/** Registers what runs when the customer's device list changed (the running client resumes). */
export function setDevicesChangedListener(listener: (() => void) | null): () => void {
  devicesListener = listener;
  return () => {
    if (devicesListener === listener) devicesListener = null;
  };
}

/** Tells the running sync that the device list changed (a device was removed on the account page). Never throws. */
export function devicesChanged(): void {
  try {
    devicesListener?.();
  } catch (error) {
    console.warn('Could not resume the sync', error);
  }
}
