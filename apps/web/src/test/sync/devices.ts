// Devices for sync client tests: each a fresh prefs database and a SyncClient on the given fetch (the
// fake sync server's, or a wrapper of it), with its errors collected and its network switchable.
// `closeAll` (in afterEach) closes and deletes every database made.
import { PrefsDb } from '../../db/prefs';
import { SyncClient, type SyncClientOptions } from '../../features/sync/syncClient';

export interface SyncTestDevice {
  db: PrefsDb;
  client: SyncClient;
  errors: unknown[];
  setOnline(value: boolean): void;
}

export interface SyncTestDevices {
  /** A device with its own database; `extra` overrides any client option. */
  device(fetch: typeof globalThis.fetch, uuid: string, extra?: Partial<SyncClientOptions>): SyncTestDevice;
  /** A bare database, closed and deleted with the devices. */
  database(): PrefsDb;
  closeAll(): Promise<void>;
}

let dbCount = 0;

export function syncTestDevices(now: () => number, prefix = 'sync-test'): SyncTestDevices {
  const opened: PrefsDb[] = [];
  const database = () => {
    const db = new PrefsDb({ name: `${prefix}-${++dbCount}`, now });
    opened.push(db);
    return db;
  };
  return {
    database,
    device(fetch, uuid, extra = {}) {
      const db = database();
      let online = true;
      const errors: unknown[] = [];
      const client = new SyncClient({
        db,
        endpoint: 'http://test/api',
        custId: 'cust_1',
        uuid,
        fetch,
        now,
        isOnline: () => online,
        onError: (_table, error) => errors.push(error),
        ...extra,
      });
      return { db, client, errors, setOnline: (value) => { online = value; } };
    },
    async closeAll() {
      for (const db of opened.splice(0)) {
        db.close();
        await db.delete();
      }
    },
  };
}
