import { afterEach, describe, expect, it } from 'vitest';
import { SYNC_TABLES, type SyncTable } from '@clearway/protocol';
import type { PrefsDb } from '../../db/prefs';
import { listFavoriteAirports, setFavoriteAirport } from '../airport';
import { addRecentSearch } from '../history';
import { syncTestDevices } from '../../test/sync/devices';
import { FakeSyncServer } from '../../test/sync/fakeSyncServer';
import { SyncClient, type DeviceLimitRefusal, type SyncClientOptions } from './syncClient';

let clock = 1_700_000_000_000;
const now = () => clock;
const devices = syncTestDevices(now);
afterEach(() => devices.closeAll());

function device(server: FakeSyncServer, uuid: string, extra: Partial<SyncClientOptions> = {}) {
  return devices.device(server.fetch, uuid, extra);
}

const favCodes = async (db: PrefsDb) => (await listFavoriteAirports(db)).map((row) => row.code).sort();

describe('SyncClient against the real merge core', () => {
  it('passes a favourite and its removal from one device to another', async () => {
    const server = new FakeSyncServer(now);
    const a = device(server, 'device-a');
    const b = device(server, 'device-b');
    await setFavoriteAirport(a.db, 'KHWD', true, clock);
    await a.client.request('fav_airports');
    expect((await a.db.fav_airports.get('KHWD'))?.gid).toBe('gid-1');
    expect(server.liveKeys('fav_airports')).toEqual(['KHWD']);

    clock += 5000;
    await b.client.request('fav_airports');
    expect(await favCodes(b.db)).toEqual(['KHWD']);

    clock += 5000;
    await setFavoriteAirport(b.db, 'KHWD', false, clock);
    await b.client.request('fav_airports');
    // delete_confirmed removes the row on the device that removed it
    expect(await b.db.fav_airports.get('KHWD')).toBeUndefined();
    clock += 5000;
    await a.client.request('fav_airports');
    expect(await a.db.fav_airports.get('KHWD')).toBeUndefined();
    expect(server.liveKeys('fav_airports')).toEqual([]);
    expect(a.errors).toEqual([]);
    expect(b.errors).toEqual([]);
  });

  it('sends since = sync_ts - 1000 and stores sync_ts as the time of the first call', async () => {
    const server = new FakeSyncServer(now);
    const a = device(server, 'device-a');
    const started = clock;
    await a.client.request('searches');
    expect(await a.db.getProperty('sync_ts')).toEqual({ searches: started });
    clock += 60_000;
    await a.client.request('searches');
    expect(server.requests.map((r) => r.since)).toEqual([0, started - 1000]);
  });

  it('merges edits made offline when the device comes back online', async () => {
    const server = new FakeSyncServer(now);
    const a = device(server, 'device-a');
    const b = device(server, 'device-b');
    await setFavoriteAirport(a.db, 'KSQL', true, clock);
    await setFavoriteAirport(a.db, 'KHWD', true, clock);
    await a.client.syncAll();
    await b.client.syncAll();
    expect(await favCodes(b.db)).toEqual(['KHWD', 'KSQL']);

    // A goes offline: adds KOAK, removes KSQL and KHWD, searches KSFO; nothing is sent.
    a.setOnline(false);
    clock += 1000;
    await setFavoriteAirport(a.db, 'KOAK', true, clock);
    await setFavoriteAirport(a.db, 'KSQL', false, clock);
    await setFavoriteAirport(a.db, 'KHWD', false, clock);
    await addRecentSearch(a.db, 'ksfo', clock);
    const sentBefore = server.requests.length;
    await a.client.request('fav_airports');
    expect(server.requests).toHaveLength(sentBefore);

    // Meanwhile B adds KPAO and saves KSQL again, later than A removed it.
    clock += 1000;
    await setFavoriteAirport(b.db, 'KPAO', true, clock);
    await setFavoriteAirport(b.db, 'KSQL', true, clock);
    await b.client.request('fav_airports');

    clock += 1000;
    a.setOnline(true);
    await a.client.syncAll(false);
    clock += 1000;
    await b.client.syncAll(false);

    // Last writer wins per record: A's removal of KHWD stands, B's later save of KSQL beats A's removal.
    expect(await favCodes(a.db)).toEqual(['KOAK', 'KPAO', 'KSQL']);
    expect(await favCodes(b.db)).toEqual(['KOAK', 'KPAO', 'KSQL']);
    expect(server.liveKeys('fav_airports')).toEqual(['KOAK', 'KPAO', 'KSQL']);
    expect(server.liveKeys('searches')).toEqual(['KSFO']);
    expect((await b.db.searches.get('KSFO'))?.deleted).toBe('F');
  });

  it('runs one sync at a time and syncs a table requested meanwhile once, afterwards', async () => {
    const server = new FakeSyncServer(now);
    const a = device(server, 'device-a');
    let open!: () => void;
    server.gate = new Promise<void>((resolve) => (open = resolve));
    await setFavoriteAirport(a.db, 'KHWD', true, clock);
    const first = a.client.request('fav_airports');
    expect(a.client.busy).toBe(true);
    await setFavoriteAirport(a.db, 'KSQL', true, clock + 1);
    const second = a.client.request('fav_airports');
    void a.client.request('fav_airports');
    void a.client.request('searches');
    open();
    server.gate = null;
    await Promise.all([first, second]);
    expect(server.maxInFlight).toBe(1);
    expect(server.requests.map((r) => r.key)).toEqual(['fav_airports', 'fav_airports', 'searches']);
    expect(server.liveKeys('fav_airports')).toEqual(['KHWD', 'KSQL']);
    expect(a.client.busy).toBe(false);
  });

  it('splits more than 30 changed records into calls of at most 30 within one sync', async () => {
    const server = new FakeSyncServer(now);
    const a = device(server, 'device-a');
    const codes = Array.from({ length: 45 }, (_, i) => `K${String(i).padStart(3, '0')}`);
    for (const [i, code] of codes.entries()) await setFavoriteAirport(a.db, code, true, clock + i);
    await a.client.request('fav_airports');
    expect(server.requests.map((r) => r.count)).toEqual([30, 15]);
    expect((await a.db.fav_airports.toArray()).every((row) => row.gid !== undefined)).toBe(true);
    expect(server.liveKeys('fav_airports')).toEqual(codes);
  });

  it('gives up after the time-out and leaves sync_ts unchanged', async () => {
    const server = new FakeSyncServer(now);
    const timers: { run: () => void; ms: number }[] = [];
    const a = device(server, 'device-a', { setTimeout: (run, ms) => timers.push({ run, ms }), clearTimeout: () => undefined });
    server.gate = new Promise<void>(() => undefined);
    await setFavoriteAirport(a.db, 'KHWD', true, clock);
    const running = a.client.request('fav_airports');
    while (timers.length === 0) await new Promise((resolve) => setTimeout(resolve, 1));
    expect(timers[0]?.ms).toBe(5000);
    timers[0]?.run();
    await running;
    expect(String(a.errors[0])).toContain('did not answer within 5000 ms');
    expect(await a.db.getProperty('sync_ts')).toBeUndefined();

    const initial = a.client.syncAll(true);
    while (timers.length === 1) await new Promise((resolve) => setTimeout(resolve, 1));
    expect(timers[1]?.ms).toBe(10_000);
    a.client.stop();
    timers[1]?.run();
    await initial;
  });

  it('replaces the route property with the newer one from another device', async () => {
    const server = new FakeSyncServer(now);
    const changes: unknown[] = [];
    const a = device(server, 'device-a');
    const b = device(server, 'device-b', { onSingletonChanged: (table, value) => changes.push([table, value?.final_string]) });
    await b.db.setProperty('route', { final_string: 'KOLD', ts: clock });
    await b.client.request('route');
    clock += 1000;
    await a.db.setProperty('route', { final_string: 'KHWD KSQL', ts: clock });
    await a.client.request('route');
    clock += 1000;
    await b.client.request('route');
    expect((await b.db.getProperty('route'))?.final_string).toBe('KHWD KSQL');
    expect(changes).toContainEqual(['route', 'KHWD KSQL']);
  });

  it('does not sync while offline or after stop', async () => {
    const server = new FakeSyncServer(now);
    const a = device(server, 'device-a');
    a.setOnline(false);
    await a.client.syncAll();
    a.setOnline(true);
    a.client.stop();
    await a.client.request('fav_airports');
    expect(server.requests).toEqual([]);
  });
});

describe('stop', () => {
  it('abandons a call in flight, sends nothing more and reports no error', async () => {
    const server = new FakeSyncServer(now);
    const a = device(server, 'device-a');
    server.gate = new Promise<void>(() => undefined);
    await setFavoriteAirport(a.db, 'KHWD', true, clock);
    const running = a.client.syncAll(true);
    while (server.inFlight === 0) await new Promise((resolve) => setTimeout(resolve, 1));
    a.client.stop();
    // Without the abort this would wait for a reply that never comes (the gate stays shut).
    await running;
    expect(server.inFlight).toBe(0);
    expect(server.maxInFlight).toBe(1);
    // The abandoned call was the first table's; no other table was asked.
    expect(server.requests).toEqual([]);
    expect(a.errors).toEqual([]);
    expect(await a.db.getProperty('sync_ts')).toBeUndefined();
  });
});

describe('the device limit', () => {
  it('stops a fifth device at the first refusal, reports the server text, and resumes when a place is freed', async () => {
    const server = new FakeSyncServer(now);
    server.maxDevices = 4;
    for (const uuid of ['device-1', 'device-2', 'device-3', 'device-4']) await device(server, uuid).client.request('searches');
    const refusals: DeviceLimitRefusal[] = [];
    const fifth = device(server, 'device-5', { onDeviceLimit: (refusal) => refusals.push(refusal) });
    await setFavoriteAirport(fifth.db, 'KHWD', true, clock);

    await fifth.client.syncAll();
    expect(refusals).toEqual([
      { limit: 4, message: 'This subscription is already used on 4 devices (the limit). Remove a device on the account page to add this one.' },
    ]);
    expect(fifth.client.deviceLimit?.limit).toBe(4);
    // One refused call, not one per table; it is not a sync error and sync_ts stays unset.
    expect(server.refused).toEqual([{ uuid: 'device-5', key: SYNC_TABLES[0] }]);
    expect(fifth.errors).toEqual([]);
    expect(await fifth.db.getProperty('sync_ts')).toBeUndefined();

    // No retries: saves, socket messages and reconnects ask again, nothing is sent.
    await fifth.client.request('fav_airports');
    await fifth.client.syncAll(false);
    expect(server.refused).toHaveLength(1);
    expect(server.liveKeys('fav_airports')).toEqual([]);

    // Resuming while the list is unchanged is refused once more.
    await fifth.client.resume();
    expect(server.refused).toHaveLength(2);
    expect(refusals).toHaveLength(2);

    // A device removed on the account page frees a place: every table syncs.
    expect(server.removeDevice('device-2')).toBe(true);
    await fifth.client.resume();
    expect(fifth.client.deviceLimit).toBeNull();
    expect(server.liveKeys('fav_airports')).toEqual(['KHWD']);
    expect(new Set(server.requests.filter((r) => r.uuid === 'device-5').map((r) => r.key))).toEqual(new Set(SYNC_TABLES));
    expect(refusals).toHaveLength(2);
  });

  it('treats other 403 replies as ordinary errors of that table', async () => {
    const forbidden: typeof fetch = () =>
      Promise.resolve(new Response(JSON.stringify({ error: 'cust_id is not the signed-in customer' }), { status: 403 }));
    const refusals: DeviceLimitRefusal[] = [];
    const a = device(new FakeSyncServer(now), 'device-a', { fetch: forbidden, onDeviceLimit: (refusal) => refusals.push(refusal) });
    await a.client.request('searches');
    await a.client.request('fav_airports');
    expect(refusals).toEqual([]);
    expect(a.client.deviceLimit).toBeNull();
    expect(a.errors.map(String)).toEqual([
      'Error: sync_profile answered 403: {"error":"cust_id is not the signed-in customer"}',
      'Error: sync_profile answered 403: {"error":"cust_id is not the signed-in customer"}',
    ]);
  });
});

describe('saves as the database tells them (PrefsDb.onLocalWrite)', () => {
  it("tells each committed save to a synced table once, not the sync's own writes, and nothing after unsubscribing", async () => {
    const db = devices.database();
    const heard: SyncTable[] = [];
    const unsubscribe = db.onLocalWrite((table) => heard.push(table));
    await setFavoriteAirport(db, 'KSQL', true, clock);
    await addRecentSearch(db, 'khwd', clock);
    await db.setProperty('route', { final_string: 'KHWD KSFO', ts: clock } as never);
    // Not synced: another property, and removing the route (Clear is not sent up).
    await db.setProperty('dark_mode', true as never);
    await db.deleteProperty('route');
    expect(heard).toEqual(['fav_airports', 'searches', 'route']);

    // A sync that brings another device's favourite writes the table without it counting as a save.
    const server = new FakeSyncServer(now);
    const other = devices.database();
    await setFavoriteAirport(other, 'KOAK', true, clock);
    await new SyncClient({ db: other, endpoint: 'http://x/api', custId: 'cust_1', uuid: 'other', fetch: server.fetch, now, isOnline: () => true }).request('fav_airports');
    await new SyncClient({ db, endpoint: 'http://x/api', custId: 'cust_1', uuid: 'this', fetch: server.fetch, now, isOnline: () => true }).request('fav_airports');
    expect((await listFavoriteAirports(db)).map((row) => row.code).sort()).toEqual(['KOAK', 'KSQL']);
    expect(heard).toEqual(['fav_airports', 'searches', 'route']);

    unsubscribe();
    await setFavoriteAirport(db, 'KPAO', true, clock);
    expect(heard).toHaveLength(3);
  });
});
