import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { syncProfileRequestSchema, type SyncProfileReply, type SyncTable } from '@clearway/protocol';
import { openDatabase, migrateToLatest, type Database } from '../db/index.js';
import type { FreshDatabase } from '../testing/databaseContract.js';
import { POSTGRES_SKIP_REASON, TEST_DATABASE_URL, createScratchSchema } from '../testing/postgres.js';
import { requireService } from '../testing/skips.js';
import { makeTempDir, removeTempDir } from '../testing/testApp.js';
import { listSyncDevices, removeSyncDevice, SyncDeviceLimitError } from './devices.js';
import { SyncForbiddenError, syncProfile, syncProfileOutcome } from './syncStore.js';

const T0 = 1_790_000_000_000;

function request(uuid: string, key: SyncTable, since: number, syncObjects: object[], custId = 'cust_1') {
  return syncProfileRequestSchema.parse({ cust_id: custId, uuid, since, key, sync_objects: syncObjects });
}

function counter() {
  let next = 0;
  return () => `gid-${++next}`;
}

const brief = (reply: SyncProfileReply) => reply.map((record) => [record.action, record.code ?? record.final_string, record.deleted, record.ts]);

/** The behaviour of the sync store on every dialect. */
function syncStoreContract(fresh: () => Promise<FreshDatabase>): void {
  async function withDatabase(test: (db: Database) => Promise<void>): Promise<void> {
    const { db, dispose } = await fresh();
    try {
      await migrateToLatest(db);
      await test(db);
    } finally {
      await dispose();
    }
  }

  it('stores a new favourite with a gid and hands it to another device', () =>
    withDatabase(async (db) => {
      const newGid = counter();
      const added = await syncProfile(db, 'cust_1', request('phone', 'fav_airports', 0, [{ code: 'KSQL', ts: T0, deleted: 'F', name: 'San Carlos' }]), T0 + 5, { newGid });
      expect(added).toEqual([{ action: 'add_gid', table: 'fav_airports', code: 'KSQL', name: 'San Carlos', ts: T0, deleted: 'F', gid: 'gid-1' }]);

      const row = await db.kysely.selectFrom('sync_records').selectAll().executeTakeFirstOrThrow();
      expect({ ...row, ts: Number(row.ts), server_ts: Number(row.server_ts) }).toEqual({
        cust_id: 'cust_1',
        table_name: 'fav_airports',
        record_key: 'KSQL',
        gid: 'gid-1',
        ts: T0,
        deleted: 0,
        payload: JSON.stringify({ code: 'KSQL', name: 'San Carlos' }),
        server_ts: T0 + 5,
      });

      const tablet = await syncProfile(db, 'cust_1', request('tablet', 'fav_airports', 0, []), T0 + 10, { newGid });
      expect(tablet).toEqual([{ action: 'updated_elsewhere', table: 'fav_airports', code: 'KSQL', name: 'San Carlos', ts: T0, deleted: 'F', gid: 'gid-1' }]);
      // Nothing new since the tablet's last sync (minus the overlap): an empty reply.
      expect(await syncProfile(db, 'cust_1', request('tablet', 'fav_airports', T0 + 10, []), T0 + 20, { newGid })).toEqual([]);
    }));

  it('lets the last writer win, a delete win a tie, and delivers the tombstone', () =>
    withDatabase(async (db) => {
      const newGid = counter();
      await syncProfile(db, 'cust_1', request('phone', 'searches', 0, [{ code: 'KSQL KOAK', ts: T0 + 100, deleted: 'F' }]), T0 + 200, { newGid });
      // The tablet was offline and edited the same search earlier: its version loses.
      const stale = await syncProfile(db, 'cust_1', request('tablet', 'searches', 0, [{ code: 'KSQL KOAK', ts: T0 + 50, deleted: 'T' }]), T0 + 300, { newGid });
      expect(brief(stale)).toEqual([['updated_elsewhere', 'KSQL KOAK', 'F', T0 + 100]]);
      // A delete with the same ts wins.
      const tie = await syncProfile(db, 'cust_1', request('tablet', 'searches', T0, [{ code: 'KSQL KOAK', ts: T0 + 100, deleted: 'T' }]), T0 + 400, { newGid });
      expect(brief(tie)).toEqual([['delete_confirmed', 'KSQL KOAK', 'T', T0 + 100]]);
      // The phone learns of it at its next sync.
      const phone = await syncProfile(db, 'cust_1', request('phone', 'searches', T0 + 200 - 1000, []), T0 + 500, { newGid });
      expect(brief(phone)).toEqual([['updated_elsewhere', 'KSQL KOAK', 'T', T0 + 100]]);
      // A newer save brings it back, with the same gid.
      const back = await syncProfile(db, 'cust_1', request('phone', 'searches', T0, [{ code: 'KSQL KOAK', ts: T0 + 600, deleted: 'F' }]), T0 + 600, { newGid });
      expect(back).toEqual([expect.objectContaining({ action: 'updated', deleted: 'F', ts: T0 + 600, gid: 'gid-1' })]);
    }));

  it('replaces the route value and keeps customers apart', () =>
    withDatabase(async (db) => {
      const route = { final_string: 'KSQL SJC KOAK', ts: T0, altitude: 4500, waypoints: [{ ident: 'SJC' }] };
      await syncProfile(db, 'cust_1', request('phone', 'route', 0, [route]), T0 + 1);
      const newer = { ...route, final_string: 'KPAO KHWD', ts: T0 + 10 };
      const reply = await syncProfile(db, 'cust_1', request('tablet', 'route', 0, [newer]), T0 + 11);
      expect(reply).toEqual([expect.objectContaining({ action: 'updated', table: 'route', final_string: 'KPAO KHWD', waypoints: [{ ident: 'SJC' }] })]);
      expect(await syncProfile(db, 'cust_2', request('laptop', 'route', 0, [], 'cust_2'), T0 + 12)).toEqual([]);
      const stored = await db.kysely.selectFrom('sync_records').select(['cust_id', 'record_key', 'payload']).execute();
      expect(stored).toEqual([{ cust_id: 'cust_1', record_key: 'route', payload: JSON.stringify({ final_string: 'KPAO KHWD', altitude: 4500, waypoints: [{ ident: 'SJC' }] }) }]);
    }));

  it('refuses another customer\'s cust_id without reading or writing', () =>
    withDatabase(async (db) => {
      const foreign = request('phone', 'fav_airports', 0, [{ code: 'KSQL', ts: T0 }], 'cust_2');
      await expect(syncProfile(db, 'cust_1', foreign, T0)).rejects.toBeInstanceOf(SyncForbiddenError);
      expect(await db.kysely.selectFrom('sync_records').selectAll().execute()).toEqual([]);
      expect(await listSyncDevices(db, 'cust_1')).toEqual([]);
    }));

  it('records devices with first and last sync', () =>
    withDatabase(async (db) => {
      await syncProfile(db, 'cust_1', request('phone', 'models', 0, []), T0);
      await syncProfile(db, 'cust_1', request('tablet', 'models', 0, []), T0 + 1);
      await syncProfile(db, 'cust_1', request('phone', 'models', 0, []), T0 + 2);
      expect(await listSyncDevices(db, 'cust_1')).toEqual([
        { uuid: 'phone', firstSeen: T0, lastSeen: T0 + 2 },
        { uuid: 'tablet', firstSeen: T0 + 1, lastSeen: T0 + 1 },
      ]);
    }));

  it('admits at most 4 devices per customer, even when new devices sync different tables at once', () =>
    withDatabase(async (db) => {
      const devices = ['d1', 'd2', 'd3', 'd4', 'd5', 'd6'];
      const tables: SyncTable[] = ['fav_airports', 'recent_airports', 'searches', 'fav_plates', 'recent_plates', 'models'];
      const results = await Promise.allSettled(devices.map((uuid, i) => syncProfile(db, 'cust_1', request(uuid, tables[i] as SyncTable, 0, []), T0 + i)));
      const refused = results.filter((result) => result.status === 'rejected');
      expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(4);
      expect(refused).toHaveLength(2);
      for (const result of refused) expect((result as PromiseRejectedResult).reason).toBeInstanceOf(SyncDeviceLimitError);
      expect(await listSyncDevices(db, 'cust_1')).toHaveLength(4);
      // Another customer has places of its own; a removed device frees one.
      await syncProfile(db, 'cust_2', request('d5', 'models', 0, [], 'cust_2'), T0);
      const admitted = (await listSyncDevices(db, 'cust_1'))[0]?.uuid ?? '';
      const outsider = devices.find((uuid) => !results.some((result, i) => result.status === 'fulfilled' && devices[i] === uuid)) ?? '';
      await expect(syncProfile(db, 'cust_1', request(outsider, 'models', 0, []), T0 + 10)).rejects.toThrow(
        'This subscription is already used on 4 devices (the limit). Remove a device on the account page to add this one.',
      );
      expect(await removeSyncDevice(db, 'cust_1', admitted)).toBe(true);
      expect(await removeSyncDevice(db, 'cust_1', admitted)).toBe(false);
      await syncProfile(db, 'cust_1', request(outsider, 'models', 0, []), T0 + 11);
      expect((await listSyncDevices(db, 'cust_1')).map((device) => device.uuid)).toContain(outsider);
    }));

  it('counts the records it wrote, so only changes are announced', () =>
    withDatabase(async (db) => {
      const first = await syncProfileOutcome(db, 'cust_1', request('phone', 'fav_airports', 0, [{ code: 'KSQL', ts: T0 }, { code: 'KOAK', ts: T0 }]), T0 + 1);
      expect(first.written).toBe(2);
      const again = await syncProfileOutcome(db, 'cust_1', request('tablet', 'fav_airports', 0, [{ code: 'KSQL', ts: T0 }]), T0 + 2);
      expect(again.written).toBe(0);
      expect(again.reply.map((record) => record.action).sort()).toEqual(['updated', 'updated_elsewhere']);
    }));

  it('stores nothing when a request fails half-way (one transaction)', () =>
    withDatabase(async (db) => {
      let made = 0;
      const failing = () => {
        if (++made === 2) throw new Error('id generator broke');
        return `gid-${made}`;
      };
      const two = request('phone', 'fav_airports', 0, [{ code: 'KSQL', ts: T0 }, { code: 'KOAK', ts: T0 }]);
      await expect(syncProfile(db, 'cust_1', two, T0, { newGid: failing })).rejects.toThrow('id generator broke');
      expect(await db.kysely.selectFrom('sync_records').selectAll().execute()).toEqual([]);
      expect(await listSyncDevices(db, 'cust_1')).toEqual([]);
      // The database is still usable afterwards.
      expect(await syncProfile(db, 'cust_1', two, T0 + 1)).toHaveLength(2);
    }));

  it('rolls back only the failing one of several syncs that arrive together', () =>
    withDatabase(async (db) => {
      const failing = () => {
        throw new Error('id generator broke');
      };
      const [first, broken, third] = await Promise.allSettled([
        syncProfile(db, 'cust_1', request('phone', 'fav_airports', 0, [{ code: 'KSQL', ts: T0 }]), T0),
        syncProfile(db, 'cust_1', request('tablet', 'recent_airports', 0, [{ code: 'KOAK', ts: T0 }]), T0, { newGid: failing }),
        syncProfile(db, 'cust_2', request('laptop', 'fav_airports', 0, [{ code: 'KSJC', ts: T0 }], 'cust_2'), T0),
      ]);
      expect(first?.status).toBe('fulfilled');
      expect(broken?.status).toBe('rejected');
      expect(third?.status).toBe('fulfilled');
      const stored = await db.kysely.selectFrom('sync_records').select(['cust_id', 'record_key']).orderBy('record_key').execute();
      expect(stored).toEqual([{ cust_id: 'cust_2', record_key: 'KSJC' }, { cust_id: 'cust_1', record_key: 'KSQL' }]);
      // The failed sync's device was not recorded either.
      expect((await listSyncDevices(db, 'cust_1')).map((device) => device.uuid)).toEqual(['phone']);
    }));

  it('keeps every acknowledged write when devices sync the same table at once', () =>
    withDatabase(async (db) => {
      const devices = ['phone', 'tablet', 'laptop', 'panel'];
      const keys = ['KSQL', 'KOAK', 'KSJC', 'KPAO', 'KHWD', 'KLVK'];
      // Each device writes every key with its own ts; the greatest ts per key must win.
      const calls = devices.flatMap((device, d) =>
        keys.map((code, k) => syncProfile(db, 'cust_1', request(device, 'fav_airports', 0, [{ code, ts: T0 + ((d * 7 + k * 3) % 11), deleted: 'F', by: device }]), T0 + 100)),
      );
      const replies = await Promise.all(calls);
      expect(replies.every((reply) => reply.length >= 1)).toBe(true);
      const stored = await db.kysely.selectFrom('sync_records').select(['record_key', 'ts', 'payload', 'gid']).orderBy('record_key').execute();
      expect(stored).toHaveLength(keys.length);
      for (const row of stored) {
        const k = keys.indexOf(row.record_key);
        const best = Math.max(...devices.map((_, d) => T0 + ((d * 7 + k * 3) % 11)));
        expect(Number(row.ts)).toBe(best);
      }
      // One gid per key, the same one every device was told.
      const gids = new Map(stored.map((row) => [row.record_key, row.gid]));
      for (const reply of replies) for (const record of reply) expect(record.gid).toBe(gids.get(String(record.code)));
    }));
}

describe('sync store on SQLite', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await makeTempDir();
  });
  afterEach(async () => {
    await removeTempDir(dir);
  });

  syncStoreContract(async () => {
    const db = openDatabase({ dialect: 'sqlite', path: join(dir, `sync-${Math.random().toString(36).slice(2)}.sqlite`) });
    return { db, dispose: () => db.close() };
  });
});

describe('sync store on PostgreSQL', { tags: ['postgres'] }, () => {
  it('has a server to test against', (context) => requireService(context, 'postgres', TEST_DATABASE_URL !== undefined, POSTGRES_SKIP_REASON));

  describe.skipIf(TEST_DATABASE_URL === undefined)('on TEST_DATABASE_URL', () => {
    syncStoreContract(async () => {
      const scratch = await createScratchSchema(TEST_DATABASE_URL ?? '');
      const db = openDatabase({ dialect: 'postgres', url: scratch.url });
      return {
        db,
        dispose: async () => {
          await db.close();
          await scratch.drop();
        },
      };
    });
  });
});
