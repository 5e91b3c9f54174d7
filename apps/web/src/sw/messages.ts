/**
 * The service worker messages of spec part 2 §7 that keep open tabs up to date: "Service worker
 * messages out: change_cycle (cycle), download_deleted (db), download_complete (db), SKIP_WAITING,
 * airportdb_downloaded." (SKIP_WAITING is workbox-window's, register.ts.)
 *
 * A tab posts one to the service worker that controls it; the worker (public/sw-messages.js, imported
 * into the generated sw.js) hands it to every other window of the app, which listen here. Without a
 * controlling worker (development build, first visit before it took control) nothing is posted: the
 * tab that made the change has already updated itself.
 *
 * - `download_complete` (db = chart region code): a region's packs were downloaded and verified.
 * - `download_deleted` (db = chart region code): a region's packs were deleted.
 * - `change_cycle` (cycle): a region's packs were replaced by those of a newer cycle.
 * - `airportdb_downloaded` (cycle): a new airport (nav) database was downloaded and stored; the
 *   other tabs load it into their routing worker from storage.
 */
export type ServiceWorkerMessage =
  | { type: 'change_cycle'; cycle: string }
  | { type: 'download_complete'; db: string }
  | { type: 'download_deleted'; db: string }
  | { type: 'airportdb_downloaded'; cycle: string };

export type ServiceWorkerMessageType = ServiceWorkerMessage['type'];

/** The types the service worker relays (public/sw-messages.js has the same list). */
export const RELAYED_MESSAGE_TYPES: readonly ServiceWorkerMessageType[] = ['change_cycle', 'download_complete', 'download_deleted', 'airportdb_downloaded'];

/** What of `navigator.serviceWorker` is used (a fake in tests). */
export interface MessageContainer {
  readonly controller: { postMessage(message: unknown): void } | null;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  removeEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
}

function defaultContainer(): MessageContainer | null {
  return typeof navigator !== 'undefined' && 'serviceWorker' in navigator ? (navigator.serviceWorker as unknown as MessageContainer) : null;
}

export function isServiceWorkerMessage(data: unknown): data is ServiceWorkerMessage {
  if (typeof data !== 'object' || data === null) return false;
  const { type, db, cycle } = data as { type?: unknown; db?: unknown; cycle?: unknown };
  switch (type) {
    case 'download_complete':
    case 'download_deleted':
      return typeof db === 'string';
    case 'change_cycle':
    case 'airportdb_downloaded':
      return typeof cycle === 'string';
    default:
      return false;
  }
}

/** Posts `message` to the controlling service worker for the other tabs; false when no worker controls this page. */
export function postServiceWorkerMessage(message: ServiceWorkerMessage, container: MessageContainer | null = defaultContainer()): boolean {
  const controller = container?.controller;
  if (!controller) return false;
  try {
    controller.postMessage(message);
    return true;
  } catch {
    return false;
  }
}

/** Calls `listener` with each message of spec §7 the service worker relays from another tab. Returns the unsubscribe. */
export function onServiceWorkerMessage(listener: (message: ServiceWorkerMessage) => void, container: MessageContainer | null = defaultContainer()): () => void {
  if (!container) return () => undefined;
  const handler = (event: MessageEvent) => {
    if (isServiceWorkerMessage(event.data)) listener(event.data);
  };
  container.addEventListener('message', handler);
  return () => container.removeEventListener('message', handler);
}
