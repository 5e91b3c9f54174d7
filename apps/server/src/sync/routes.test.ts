import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { checkReply, deviceLimitBodySchema, deviceListSchema } from '@clearway/protocol';
import { InProcessHub, type RealtimeEnvelope } from '../realtime/index.js';
import { startSyncServer, type SyncTestServer } from '../testing/syncApp.js';
import { makeTempDir, removeTempDir } from '../testing/testApp.js';
import { TestSessions } from '../testing/testSessions.js';
import { SYNC_BODY_LIMIT_BYTES } from './routes.js';
import { deviceLimitMessage } from './devices.js';

const T0 = 1_790_000_000_000;

function body(uuid: string, records: object[], overrides: Record<string, unknown> = {}) {
  return { cust_id: 'cust_1', uuid, since: 0, key: 'fav_airports', sync_objects: records, ...overrides };
}

describe('sync routes', () => {
  let dir: string;
  let server: SyncTestServer;
  let sessions: TestSessions;
  let hub: InProcessHub;
  let published: RealtimeEnvelope[];
  let alice: string;
  let bob: string;

  beforeEach(async () => {
    dir = await makeTempDir();
    sessions = new TestSessions();
    hub = new InProcessHub();
    published = [];
    hub.subscribe((envelope) => published.push(envelope));
    server = await startSyncServer({ dir, hub, sessions });
    alice = sessions.signIn('session-alice', 'cust_1');
    bob = sessions.signIn('session-bob', 'cust_2');
  });
  afterEach(async () => {
    await server.close();
    await hub.close();
    await removeTempDir(dir);
  });

  const sync = (cookie: string | undefined, payload: unknown) =>
    server.app.inject({ method: 'POST', url: '/api/sync_profile', headers: cookie === undefined ? {} : { cookie }, payload: payload as object });

  it('stores a favourite, answers add_gid, hands it to the second device and announces the change', async () => {
    const added = await sync(alice, body('phone', [{ code: 'KSQL', ts: T0, deleted: 'F' }]));
    expect(added.statusCode).toBe(200);
    expect(added.json()).toEqual([expect.objectContaining({ action: 'add_gid', table: 'fav_airports', code: 'KSQL', ts: T0, deleted: 'F', gid: expect.any(String) })]);
    expect(published).toEqual([{ custId: 'cust_1', exceptUuid: 'phone', message: { type: 'fav_airports' } }]);

    const tablet = await sync(alice, body('tablet', []));
    expect(tablet.json()).toEqual([expect.objectContaining({ action: 'updated_elsewhere', code: 'KSQL' })]);
    // Reading changed nothing: no announcement.
    expect(published).toHaveLength(1);
  });

  it('answers 401 without a session or with a forged one, whatever the body', async () => {
    for (const cookie of [undefined, 'clearway_test_session=forged', 'other=session-alice']) {
      const response = await sync(cookie, body('phone', [{ code: 'KSQL', ts: T0 }]));
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ error: 'Sign in to sync' });
    }
    const oversized = await sync(undefined, body('phone', [{ code: 'KSQL', ts: T0, blob: 'x'.repeat(SYNC_BODY_LIMIT_BYTES) }]));
    expect(oversized.statusCode).toBe(401);
    expect((await server.app.inject({ method: 'GET', url: '/api/devices' })).statusCode).toBe(401);
    expect((await server.app.inject({ method: 'DELETE', url: '/api/devices/phone' })).statusCode).toBe(401);
    expect(published).toEqual([]);
  });

  it('answers 403 to another customer\'s cust_id and stores nothing', async () => {
    const response = await sync(bob, body('laptop', [{ code: 'KSQL', ts: T0 }]));
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ error: 'cust_id is not the signed-in customer' });
    expect(await server.db.kysely.selectFrom('sync_records').selectAll().execute()).toEqual([]);
    expect(await server.db.kysely.selectFrom('sync_devices').selectAll().execute()).toEqual([]);
    expect(published).toEqual([]);
  });

  it('answers 400 with the path of the bad field', async () => {
    const missingCode = await sync(alice, body('phone', [{ code: 'KSQL', ts: T0 }, { code: 'KOAK', ts: T0 }, { ts: T0 }]));
    expect(missingCode.statusCode).toBe(400);
    expect(missingCode.json().issues).toEqual([expect.objectContaining({ path: 'sync_objects.2.code' })]);

    const badTs = await sync(alice, body('phone', [{ code: 'KSQL', ts: -5 }]));
    expect(badTs.json().issues).toEqual([expect.objectContaining({ path: 'sync_objects.0.ts' })]);

    const unknownTable = await sync(alice, body('phone', [], { key: 'passwords' }));
    expect(unknownTable.statusCode).toBe(400);
    expect(unknownTable.json().issues[0].path).toBe('key');

    const tooMany = await sync(alice, body('phone', Array.from({ length: 31 }, (_, i) => ({ code: `K${i}`, ts: T0 }))));
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().issues).toEqual([expect.objectContaining({ path: 'sync_objects' })]);

    const notJson = await server.app.inject({ method: 'POST', url: '/api/sync_profile', headers: { cookie: alice, 'content-type': 'application/json' }, payload: '{"cust_id":' });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json()).toEqual({ error: 'Invalid sync request', issues: [{ path: '(root)', message: expect.any(String) }] });
    expect(await server.db.kysely.selectFrom('sync_records').selectAll().execute()).toEqual([]);
  });

  it('answers 413 to a body over the limit', async () => {
    const response = await sync(alice, body('phone', [{ code: 'KSQL', ts: T0, notes: 'x'.repeat(SYNC_BODY_LIMIT_BYTES) }]));
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ error: 'Sync request too large', limit_bytes: SYNC_BODY_LIMIT_BYTES });
  });

  it('refuses a fifth device with the limit message, lists the devices and lets one be removed', async () => {
    for (const [i, uuid] of ['phone', 'tablet', 'laptop', 'panel'].entries()) {
      expect((await sync(alice, body(uuid, [{ code: `K00${i}`, ts: T0 + i }]))).statusCode).toBe(200);
    }
    const fifth = await sync(alice, body('watch', [{ code: 'KSQL', ts: T0 }]));
    expect(fifth.statusCode).toBe(403);
    expect(fifth.json()).toEqual({ error: deviceLimitMessage(), code: 'device_limit', limit: 4 });
    expect(deviceLimitBodySchema.safeParse(fifth.json()).success).toBe(true);
    expect(fifth.json().error).toBe('This subscription is already used on 4 devices (the limit). Remove a device on the account page to add this one.');
    // The refused device stored nothing.
    expect(await server.db.kysely.selectFrom('sync_records').select('record_key').where('record_key', '=', 'KSQL').execute()).toEqual([]);
    // A known device still syncs; another customer is not counted against this one.
    expect((await sync(alice, body('panel', []))).statusCode).toBe(200);
    expect((await sync(bob, body('watch', [], { cust_id: 'cust_2' }))).statusCode).toBe(200);

    const listed = await server.app.inject({ method: 'GET', url: '/api/devices', headers: { cookie: alice } });
    expect(listed.statusCode).toBe(200);
    // As @clearway/protocol defines the list (the account page reads it with the same schema).
    expect(checkReply('/api/devices', deviceListSchema, listed.json()).limit).toBe(4);
    expect(listed.json().devices.map((device: { uuid: string }) => device.uuid).sort()).toEqual(['laptop', 'panel', 'phone', 'tablet']);

    // Bob cannot remove Alice's device; Alice can, and then the fifth device gets in.
    expect((await server.app.inject({ method: 'DELETE', url: '/api/devices/tablet', headers: { cookie: bob } })).statusCode).toBe(404);
    expect((await server.app.inject({ method: 'DELETE', url: '/api/devices/tablet', headers: { cookie: alice } })).statusCode).toBe(204);
    expect((await server.app.inject({ method: 'DELETE', url: '/api/devices/tablet', headers: { cookie: alice } })).statusCode).toBe(404);
    const admitted = await sync(alice, body('watch', [{ code: 'KSQL', ts: T0 }]));
    expect(admitted.statusCode).toBe(200);
    // The removed device's records stay with the customer.
    expect(admitted.json().map((record: { code: string }) => record.code).sort()).toEqual(['K000', 'K001', 'K002', 'K003', 'KSQL']);
  });
});
