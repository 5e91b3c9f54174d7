// Issue 26 points 14 and 15 as attacks on the real app (buildApp, database sessions, real HTTP), on
// SQLite and, with TEST_DATABASE_URL, on PostgreSQL (where concurrent syncs really run at once).
import { describe, expect, it } from 'vitest';
import { DEVICE_TAKEN_CODE, SYNC_CONTINUATION_HEADER, syncQuotaBodySchema } from '@clearway/protocol';
import { ensureLicence } from '../billing/index.js';
import { rowNumber, type Database } from '../db/index.js';
import { DEFAULT_SYNC_PAGE, DEFAULT_SYNC_QUOTA } from '../sync/index.js';
import { freshPostgres, freshSqlite } from '../testing/billingTestKit.js';
import type { FreshDatabase } from '../testing/databaseContract.js';
import { POSTGRES_SKIP_REASON, TEST_DATABASE_URL } from '../testing/postgres.js';
import { requireService } from '../testing/skips.js';
import { postSync, startSecureSyncServer, syncBody, type Pilot, type SecureSyncServer } from './syncKit.js';

const DAY = 86_400_000;
const T = 1_795_000_000_000;

async function withServer(fresh: () => Promise<FreshDatabase>, options: Parameters<typeof startSecureSyncServer>[1], test: (server: SecureSyncServer) => Promise<void>) {
  const server = await startSecureSyncServer(fresh, options);
  try {
    await test(server);
  } finally {
    await server.close();
  }
}

/** `count` favourites whose codes start with `prefix`, each padded to about `size` bytes of payload. */
function favourites(prefix: string, count: number, size = 40, ts = T): object[] {
  return Array.from({ length: count }, (_, i) => ({ code: `${prefix}${i}`, ts, deleted: 'F', note: 'x'.repeat(Math.max(0, size - 30)) }));
}

async function storedOf(db: Database, custId: string): Promise<{ records: number; bytes: number }> {
  const rows = await db.kysely.selectFrom('sync_records').select('payload').where('cust_id', '=', custId).execute();
  return { records: rows.length, bytes: rows.reduce((sum, row) => sum + Buffer.byteLength(row.payload), 0) };
}

async function usageOf(db: Database, custId: string): Promise<{ records: number; bytes: number } | undefined> {
  const row = await db.kysely.selectFrom('sync_usage').select(['records', 'bytes']).where('cust_id', '=', custId).executeTakeFirst();
  return row === undefined ? undefined : { records: rowNumber(row.records), bytes: rowNumber(row.bytes) };
}

/** Sets the customer's trial and purchase (billing_customers) as billing would leave them. */
async function licence(db: Database, pilot: Pilot, state: { trial?: [number, number]; purchaseExpires?: number }) {
  await ensureLicence(db, pilot.custId, pilot.email, Date.now());
  await db.kysely
    .updateTable('billing_customers')
    .set({
      trial_started_at: state.trial?.[0] ?? null,
      trial_expires_at: state.trial?.[1] ?? null,
      ...(state.purchaseExpires === undefined
        ? {}
        : { sku: 'standard_monthly', purchase_expires_at: state.purchaseExpires, renewing: 1, api: 'test', subscription_id: `sub_${pilot.custId}` }),
    })
    .where('cust_id', '=', pilot.custId)
    .execute();
}

/** Follows a since=0 sync through its continuation markers; returns every reply page. */
async function pullAll(server: SecureSyncServer, pilot: Pilot, uuid: string): Promise<Array<{ records: Array<{ code: string }>; bytes: number; continuation: string | null }>> {
  const pages = [];
  let continuation: string | null = null;
  do {
    const reply = await postSync(server, pilot.cookie, syncBody(pilot, uuid, [], continuation === null ? {} : { continuation }));
    expect(reply.status).toBe(200);
    continuation = reply.headers.get(SYNC_CONTINUATION_HEADER);
    pages.push({ records: reply.body as Array<{ code: string }>, bytes: reply.bytes, continuation });
    expect(pages.length).toBeLessThan(100);
  } while (continuation !== null);
  return pages;
}

function syncSecurityContract(fresh: () => Promise<FreshDatabase>): void {
  it('POST /api/sync_profile past the records quota -> 413 sync_quota naming the limit; nothing of that sync stored; an update in place still 200', () =>
    withServer(fresh, { sync: { quota: { records: 40, bytes: 1024 * 1024 } } }, async (server) => {
      const pilot = await server.signIn('quota-records@example.com');
      expect((await postSync(server, pilot.cookie, syncBody(pilot, 'phone', favourites('A', 30)))).status).toBe(200);
      const over = await postSync(server, pilot.cookie, syncBody(pilot, 'phone', favourites('B', 30)));
      expect(over.status).toBe(413);
      const body = syncQuotaBodySchema.parse(over.body);
      expect(body).toMatchObject({ code: 'sync_quota', limit_records: 40 });
      expect(body.error).toContain('at most 40 records');
      expect(await storedOf(server.db, pilot.custId)).toEqual({ records: 30, bytes: expect.any(Number) });
      // Usage is kept in step with what is stored.
      expect(await usageOf(server.db, pilot.custId)).toEqual(await storedOf(server.db, pilot.custId));
      // Changing records already stored (same size) does not grow the account: still accepted.
      expect((await postSync(server, pilot.cookie, syncBody(pilot, 'phone', favourites('A', 30, 40, T + 1)))).status).toBe(200);
      expect((await postSync(server, pilot.cookie, syncBody(pilot, 'phone', favourites('B', 10)))).status).toBe(200);
      expect((await postSync(server, pilot.cookie, syncBody(pilot, 'phone', favourites('C', 1)))).status).toBe(413);
      expect(await usageOf(server.db, pilot.custId)).toEqual({ records: 40, bytes: (await storedOf(server.db, pilot.custId)).bytes });
    }));

  it('POST /api/sync_profile: the issue\'s burst of 42 MiB from a free account -> 413 once the default 32 MiB quota is reached, at most the quota stored', () =>
    withServer(fresh, {}, async (server) => {
      const pilot = await server.signIn('burst@example.com');
      const perRequest = favourites('', 30, 30 * 1024).length * 30 * 1024;
      const requests = Math.ceil((42 * 1024 * 1024) / perRequest);
      const statuses: number[] = [];
      let refusal: unknown;
      for (let i = 0; i < requests; i++) {
        const reply = await postSync(server, pilot.cookie, syncBody(pilot, 'laptop', favourites(`R${i}-`, 30, 30 * 1024)));
        statuses.push(reply.status);
        if (reply.status === 413) refusal = reply.body;
      }
      const stored = await storedOf(server.db, pilot.custId);
      console.info(`burst: ${requests} requests of ${(perRequest / 1048576).toFixed(2)} MiB; ${statuses.filter((s) => s === 200).length} stored, ${statuses.filter((s) => s === 413).length} refused; ${(stored.bytes / 1048576).toFixed(1)} MiB kept`);
      expect(statuses.filter((status) => status === 413).length).toBeGreaterThan(0);
      expect(new Set(statuses)).toEqual(new Set([200, 413]));
      expect(stored.bytes).toBeLessThanOrEqual(DEFAULT_SYNC_QUOTA.bytes);
      expect(syncQuotaBodySchema.parse(refusal).error).toContain('at most 32 MiB');
    }), 120_000);

  it('POST /api/sync_profile since=0 over 4 MiB stored -> 200 pages of at most 1 MiB with the continuation header, every record exactly once', () =>
    withServer(fresh, {}, async (server) => {
      const pilot = await server.signIn('pages@example.com');
      for (let i = 0; i < 5; i++) expect((await postSync(server, pilot.cookie, syncBody(pilot, 'phone', favourites(`P${i}-`, 30, 30 * 1024)))).status).toBe(200);
      const pages = await pullAll(server, pilot, 'tablet');
      console.info(`since=0 over ${(150 * 30) / 1024} MiB: ${pages.length} pages of ${pages.map((page) => `${(page.bytes / 1048576).toFixed(2)} MiB`).join(', ')}`);
      expect(pages.length).toBeGreaterThan(1);
      // A page ends with the record that crosses 1 MiB: never more than one record over it.
      for (const page of pages) expect(page.bytes).toBeLessThan(DEFAULT_SYNC_PAGE.bytes + 40 * 1024);
      const codes = pages.flatMap((page) => page.records.map((record) => record.code));
      expect(codes).toHaveLength(150);
      expect(new Set(codes).size).toBe(150);
    }));

  it('POST /api/sync_profile since=0 with a small page: the records sent are answered on the first page, the rest follow in order, a forged marker -> 400', () =>
    withServer(fresh, { sync: { page: { records: 25, bytes: 1024 * 1024 } } }, async (server) => {
      const pilot = await server.signIn('small-pages@example.com');
      for (let i = 0; i < 3; i++) expect((await postSync(server, pilot.cookie, syncBody(pilot, 'phone', favourites(`S${i}-`, 30)))).status).toBe(200);
      const first = await postSync(server, pilot.cookie, syncBody(pilot, 'tablet', favourites('T', 3)));
      const firstRecords = first.body as Array<{ code: string; action: string }>;
      expect(firstRecords.slice(0, 3).map((record) => record.action)).toEqual(['add_gid', 'add_gid', 'add_gid']);
      expect(firstRecords.filter((record) => record.action === 'updated_elsewhere')).toHaveLength(25);
      expect(first.headers.get(SYNC_CONTINUATION_HEADER)).toMatch(/^\d+:[0-9a-f-]+$/);
      const pages = await pullAll(server, pilot, 'tablet');
      expect(pages.map((page) => page.records.length)).toEqual([25, 25, 25, 18]);
      expect(new Set(pages.flatMap((page) => page.records.map((record) => record.code))).size).toBe(93);

      for (const continuation of ['0:../../etc', '1', `9:${'a'.repeat(65)}`]) {
        const forged = await postSync(server, pilot.cookie, syncBody(pilot, 'tablet', [], { continuation }));
        expect(forged.status).toBe(400);
        expect((forged.body as { issues: Array<{ path: string }> }).issues[0]?.path).toBe('continuation');
      }
    }));

  it('POST /api/sync_profile with the trial over and no purchase (licence code 5) -> 403 naming the licence, nothing stored; before the trial, during it and licensed -> 200', () =>
    withServer(fresh, {}, async (server) => {
      const now = Date.now();
      const expired = await server.signIn('expired@example.com');
      await licence(server.db, expired, { trial: [now - 30 * DAY, now - DAY] });
      const refused = await postSync(server, expired.cookie, syncBody(expired, 'phone', favourites('E', 2)));
      expect(refused.status).toBe(403);
      expect(refused.body).toEqual({ error: 'Sync needs a valid licence or an available trial: the trial is over and there is no purchase', code: 5 });
      expect(await storedOf(server.db, expired.custId)).toEqual({ records: 0, bytes: 0 });
      expect(await server.db.kysely.selectFrom('sync_devices').selectAll().where('cust_id', '=', expired.custId).execute()).toEqual([]);

      const fresh = await server.signIn('new@example.com');
      const inTrial = await server.signIn('trial@example.com');
      await licence(server.db, inTrial, { trial: [now - DAY, now + DAY] });
      const licensed = await server.signIn('licensed@example.com');
      await licence(server.db, licensed, { trial: [now - 30 * DAY, now - DAY], purchaseExpires: now + 30 * DAY });
      for (const pilot of [fresh, inTrial, licensed]) expect((await postSync(server, pilot.cookie, syncBody(pilot, 'phone', favourites('K', 1)))).status).toBe(200);
    }));

  it('POST /api/sync_profile from a fifth machine reusing a device id from GET /api/devices -> 403 device_taken; a new id -> 403 device_limit; the owner still 200', () =>
    withServer(fresh, {}, async (server) => {
      const machines: Pilot[] = [];
      for (const [i, uuid] of ['phone', 'tablet', 'laptop', 'panel'].entries()) {
        const machine = await server.signIn('owner@example.com');
        machines.push(machine);
        expect((await postSync(server, machine.cookie, syncBody(machine, uuid, favourites(`D${i}`, 1)))).status).toBe(200);
      }
      const fifth = await server.signIn('owner@example.com');
      const listed = await server.app.inject({ method: 'GET', url: '/api/devices', headers: { cookie: fifth.cookie } });
      const devices = listed.json<{ devices: Array<{ uuid: string; signed_in: boolean; this_session: boolean }>; other_sessions: number }>();
      expect(devices.devices.map((device) => device.uuid).sort()).toEqual(['laptop', 'panel', 'phone', 'tablet']);
      expect(devices.devices.every((device) => device.signed_in && !device.this_session)).toBe(true);
      expect(devices.other_sessions).toBe(4);

      for (const device of devices.devices) {
        const reused = await postSync(server, fifth.cookie, syncBody(fifth, device.uuid, favourites('X', 1)));
        expect(reused.status).toBe(403);
        expect(reused.body).toMatchObject({ code: DEVICE_TAKEN_CODE });
      }
      expect((await postSync(server, fifth.cookie, syncBody(fifth, 'fifth-machine', []))).body).toMatchObject({ code: 'device_limit' });
      // The refused syncs stored nothing; each owner still syncs with its own id.
      expect((await storedOf(server.db, fifth.custId)).records).toBe(4);
      for (const [i, uuid] of ['phone', 'tablet', 'laptop', 'panel'].entries()) {
        expect((await postSync(server, (machines[i] as Pilot).cookie, syncBody(machines[i] as Pilot, uuid, []))).status).toBe(200);
      }
      const own = await server.app.inject({ method: 'GET', url: '/api/devices', headers: { cookie: (machines[0] as Pilot).cookie } });
      expect(own.json<{ devices: Array<{ uuid: string; this_session: boolean }> }>().devices.filter((device) => device.this_session).map((device) => device.uuid)).toEqual(['phone']);
    }));

  it('POST /api/sync_profile: two sessions presenting one new device id at once -> one 200, the other 403 device_taken', () =>
    withServer(fresh, {}, async (server) => {
      for (let round = 0; round < 5; round++) {
        const a = await server.signIn('race@example.com');
        const b = await server.signIn('race@example.com');
        const uuid = `contested-${round}`;
        const replies = await Promise.all([
          postSync(server, a.cookie, syncBody(a, uuid, favourites(`A${round}-`, 1))),
          postSync(server, b.cookie, { ...syncBody(b, uuid, favourites(`B${round}-`, 1)), key: 'searches' }),
        ]);
        expect(replies.map((reply) => reply.status).sort()).toEqual([200, 403]);
        expect(replies.find((reply) => reply.status === 403)?.body).toMatchObject({ code: DEVICE_TAKEN_CODE });
        await server.db.kysely.deleteFrom('sync_devices').execute();
      }
    }));

  it('POST /api/sync_profile: ten syncs of different tables at once near the quota -> the quota holds (413 for the rest)', () =>
    withServer(fresh, { sync: { quota: { records: 95, bytes: 1024 * 1024 } } }, async (server) => {
      const pilot = await server.signIn('concurrent-quota@example.com');
      const tables = ['fav_airports', 'recent_airports', 'searches', 'fav_plates', 'recent_plates'];
      const replies = await Promise.all(
        Array.from({ length: 10 }, (_, i) => postSync(server, pilot.cookie, { ...syncBody(pilot, 'phone', favourites(`Q${i}-`, 30)), key: tables[i % tables.length] })),
      );
      const statuses = replies.map((reply) => reply.status);
      expect(statuses.filter((status) => status === 200)).toHaveLength(3);
      expect(statuses.filter((status) => status === 413)).toHaveLength(7);
      expect(await storedOf(server.db, pilot.custId)).toEqual({ records: 90, bytes: expect.any(Number) });
      expect(await usageOf(server.db, pilot.custId)).toEqual(await storedOf(server.db, pilot.custId));
    }));
}

describe('sync security on SQLite', () => {
  syncSecurityContract(freshSqlite);
});

describe('sync security on PostgreSQL', { tags: ['postgres'] }, () => {
  it('has a server to test against', (context) => requireService(context, 'postgres', TEST_DATABASE_URL !== undefined, POSTGRES_SKIP_REASON));
  describe.skipIf(TEST_DATABASE_URL === undefined)('on TEST_DATABASE_URL', () => {
    syncSecurityContract(() => freshPostgres(TEST_DATABASE_URL as string));
  });
});
