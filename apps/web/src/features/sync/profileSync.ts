import type { ClientConfig, SyncObject, SyncSingletonTable, SyncTable } from '@clearway/protocol';
import type { PrefsDb } from '../../db/prefs';
import { RealtimeChannel, type SocketLike } from './realtime';
import { SyncClient, type DeviceLimitRefusal } from './syncClient';
import { requestServiceWorkerUpdate } from '../../sw/register';
import { serverFetch } from '../../platform/serverFetch';

/** A running sync session: the client, the realtime socket, the online listener. */
export interface ProfileSyncSession {
  client: SyncClient;
  stop(): void;
}

export interface StartProfileSyncOptions {
  db: PrefsDb;
  config: ClientConfig;
  custId: string;
  uuid: string;
  onSingletonChanged?: (table: SyncSingletonTable, value: SyncObject | undefined) => void;
  /** Told when the server refused this device as one too many; syncing stops until `client.resume()`. */
  onDeviceLimit?: (refusal: DeviceLimitRefusal) => void;
  /** Told when a sync changed a table's rows or the route / profile property. */
  onTableChanged?: (table: SyncTable) => void;
  /** Defaults: the browser's fetch, WebSocket, clock and navigator.onLine. */
  fetch?: typeof fetch;
  openSocket?: (url: string) => SocketLike;
  now?: () => number;
  isOnline?: () => boolean;
}

/**
 * Starts sync for a signed-in customer (spec part 1 §7, §9): syncs a table after every save to it on
 * this device (PrefsDb.onLocalWrite), runs the initial sync of every table, opens the realtime socket and, when the browser
 * comes back online, syncs every table again so edits made offline go up.
 * A device-limit refusal (403 `device_limit`) stops the client until `client.resume()` (the shell calls
 * it on the store's `devicesChanged`) or a restart.
 * A `new_app_version` for this environment asks the service worker to look for the update, which then
 * goes the usual way (updateWaiting and the restart prompt); it is also logged.
 */
export function startProfileSync(options: StartProfileSyncOptions): ProfileSyncSession {
  const isOnline = options.isOnline ?? (() => navigator.onLine);
  const client = new SyncClient({
    db: options.db,
    endpoint: options.config.endpoints.profileRest,
    custId: options.custId,
    uuid: options.uuid,
    fetch: options.fetch ?? serverFetch,
    now: options.now ?? Date.now,
    isOnline,
    onSingletonChanged: options.onSingletonChanged,
    onDeviceLimit: options.onDeviceLimit,
    onTableChanged: options.onTableChanged,
  });
  // Every save on this device (the database tells of each committed write to a synced table).
  const unsubscribe = options.db.onLocalWrite((table) => void client.request(table));
  let reconnected = false;
  const channel = new RealtimeChannel({
    url: options.config.endpoints.profileSocket,
    custId: options.custId,
    uuid: options.uuid,
    env: options.config.env,
    openSocket: options.openSocket ?? ((url) => new WebSocket(url) as unknown as SocketLike),
    onTable: (table) => void client.request(table),
    // Messages sent while the socket was down are lost: after a reconnect, sync every table again.
    onOpen: () => {
      if (reconnected) void client.syncAll(false);
      reconnected = true;
    },
    onNewAppVersion: (version) => {
      console.info(`A new app version is available: ${version}`);
      requestServiceWorkerUpdate();
    },
  });
  const onOnline = () => void client.syncAll(false);
  window.addEventListener('online', onOnline);
  void client.syncAll(true);
  channel.start();
  return {
    client,
    stop() {
      window.removeEventListener('online', onOnline);
      unsubscribe();
      client.stop();
      channel.stop();
    },
  };
}
