import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { pino } from 'pino';
import { REDIS_SKIP_REASON, startTestRedis, type TestRedis } from '../testing/redis.js';
import { requireService } from '../testing/skips.js';
import { openProfileSocket, postSync, startSyncServer, type SyncTestServer, type TestSocket } from '../testing/syncApp.js';
import { makeTempDir, removeTempDir } from '../testing/testApp.js';
import { TestSessions } from '../testing/testSessions.js';
import { announceNewAppVersion, InProcessHub, RedisHub, type RealtimeHub } from './hub.js';

const T0 = 1_790_000_000_000;
/** The promise: the other device hears of a change within a second. */
const WITHIN_MS = 1000;

const favourite = (uuid: string, code: string, ts: number, custId = 'cust_1') => ({ cust_id: custId, uuid, since: 0, key: 'fav_airports', sync_objects: [{ code, ts, deleted: 'F' }] });

describe('profile socket on one server (in-process hub)', () => {
  let dir: string;
  let hub: InProcessHub;
  let sessions: TestSessions;
  let server: SyncTestServer;
  let alice: string;
  let bob: string;
  const sockets: TestSocket[] = [];
  const open = async (query: Record<string, string>, cookie: string | undefined) => {
    const socket = await openProfileSocket(server.origin, query, cookie);
    sockets.push(socket);
    return socket;
  };

  beforeEach(async () => {
    dir = await makeTempDir();
    hub = new InProcessHub();
    sessions = new TestSessions();
    server = await startSyncServer({ dir, hub, sessions });
    alice = sessions.signIn('session-alice', 'cust_1');
    bob = sessions.signIn('session-bob', 'cust_2');
  });
  afterEach(async () => {
    await Promise.all(sockets.splice(0).map((socket) => socket.close()));
    await server.close();
    await hub.close();
    await removeTempDir(dir);
  });

  it('tells the customer\'s other device which table changed, not the sender or another customer', async () => {
    const phone = await open({ cust_id: 'cust_1', uuid: 'phone' }, alice);
    const tablet = await open({ cust_id: 'cust_1', uuid: 'tablet' }, alice);
    const other = await open({ cust_id: 'cust_2', uuid: 'laptop' }, bob);

    expect((await postSync(server.origin, alice, favourite('phone', 'KSQL', T0))).status).toBe(200);
    expect(await tablet.next(WITHIN_MS)).toEqual({ type: 'fav_airports' });

    // A sync that changes nothing is not announced; the tablet's own change reaches the phone only.
    expect((await postSync(server.origin, alice, { ...favourite('tablet', 'KSQL', T0), sync_objects: [] })).status).toBe(200);
    expect((await postSync(server.origin, alice, { ...favourite('tablet', 'KOAK', T0 + 1), key: 'searches' })).status).toBe(200);
    expect(await phone.next(WITHIN_MS)).toEqual({ type: 'searches' });

    // A release reaches everybody. Each socket's messages arrive in order, so these lists also show
    // nothing else came first: the sender did not hear of its own change, nor Bob of Alice's.
    await announceNewAppVersion(hub, 'prod', '1.2.3');
    const release = { type: 'new_app_version', env: 'prod', version: '1.2.3' };
    for (const socket of [phone, tablet, other]) expect(await socket.next(WITHIN_MS)).toEqual(release);
    expect(phone.messages).toEqual([{ type: 'searches' }, release]);
    expect(tablet.messages).toEqual([{ type: 'fav_airports' }, release]);
    expect(other.messages).toEqual([release]);
  });

  it('refuses the upgrade without a session, for another customer and with a bad query', async () => {
    await expect(open({ cust_id: 'cust_1', uuid: 'phone' }, undefined)).rejects.toThrow('upgrade refused: 401');
    await expect(open({ cust_id: 'cust_1', uuid: 'phone' }, 'clearway_test_session=forged')).rejects.toThrow('upgrade refused: 401');
    await expect(open({ cust_id: 'cust_1', uuid: 'phone' }, bob)).rejects.toThrow('upgrade refused: 403');
    await expect(open({ cust_id: 'cust_1' }, alice)).rejects.toThrow('upgrade refused: 400');
  });
});

describe('profile socket heartbeat', () => {
  it('drops a socket that stops answering pings and keeps one that answers', async () => {
    const dir = await makeTempDir();
    const hub = new InProcessHub();
    const sessions = new TestSessions();
    const alice = sessions.signIn('session-alice', 'cust_1');
    // 250 ms between pings: the answering socket's pong (same process) arrives in time on a busy CI machine.
    const server = await startSyncServer({ dir, hub, sessions, pingIntervalMs: 250 });
    try {
      const answering = await openProfileSocket(server.origin, { cust_id: 'cust_1', uuid: 'phone' }, alice);
      const silent = await openProfileSocket(server.origin, { cust_id: 'cust_1', uuid: 'tablet' }, alice, { autoPong: false });
      let pings = 0;
      answering.socket.on('ping', () => pings++);
      // The silent socket is terminated at the second ping after the one it ignored.
      await new Promise<void>((resolve) => silent.socket.once('close', () => resolve()));
      expect(answering.socket.readyState).toBe(answering.socket.OPEN);
      expect(pings).toBeGreaterThanOrEqual(2);
      // The answering socket still gets messages.
      await announceNewAppVersion(hub, 'qa', '9.9.9');
      expect(await answering.next(WITHIN_MS)).toEqual({ type: 'new_app_version', env: 'qa', version: '9.9.9' });
      await answering.close();
    } finally {
      await server.close();
      await hub.close();
      await removeTempDir(dir);
    }
  });
});

describe('profile socket across two servers sharing Redis', { tags: ['redis'] }, () => {
  let redis: TestRedis | undefined;

  beforeAll(async () => {
    redis = await startTestRedis();
  }, 240_000);
  afterAll(async () => {
    await redis?.stop();
  });

  it('has a Redis server to test against', (context) => requireService(context, 'redis', redis !== undefined, REDIS_SKIP_REASON));

  it('delivers a sync on server B to a device on server A, and a release from A to a device on B', async (context) => {
    if (redis === undefined) return context.skip(REDIS_SKIP_REASON);
    const dir = await makeTempDir();
    const logger = pino({ level: 'silent' });
    // A channel of this run's own, so a shared TEST_REDIS_URL never mixes runs.
    const channel = `clearway:test:${process.pid}:${Date.now()}`;
    const hubs: RealtimeHub[] = [new RedisHub(redis.url, logger, channel), new RedisHub(redis.url, logger, channel)];
    const sessions = new TestSessions();
    const alice = sessions.signIn('session-alice', 'cust_1');
    const a = await startSyncServer({ dir, hub: hubs[0] as RealtimeHub, sessions });
    const b = await startSyncServer({ dir, hub: hubs[1] as RealtimeHub, sessions });
    const sockets: TestSocket[] = [];
    try {
      expect(a.origin).not.toBe(b.origin);
      const tablet = await openProfileSocket(a.origin, { cust_id: 'cust_1', uuid: 'tablet' }, alice);
      const phone = await openProfileSocket(b.origin, { cust_id: 'cust_1', uuid: 'phone' }, alice);
      sockets.push(tablet, phone);

      expect((await postSync(b.origin, alice, favourite('phone', 'KSQL', T0))).status).toBe(200);
      expect(await tablet.next(WITHIN_MS)).toEqual({ type: 'fav_airports' });
      // The tablet then finds the record through server A (one shared database).
      const pulled = await postSync(a.origin, alice, { ...favourite('tablet', 'KSQL', T0), sync_objects: [] });
      expect(pulled.body).toEqual([expect.objectContaining({ action: 'updated_elsewhere', code: 'KSQL' })]);

      await announceNewAppVersion(hubs[0] as RealtimeHub, 'prod', '2.0.0');
      const release = { type: 'new_app_version', env: 'prod', version: '2.0.0' };
      expect(await phone.next(WITHIN_MS)).toEqual(release);
      expect(await tablet.next(WITHIN_MS)).toEqual(release);
      // The phone never heard of its own change.
      expect(phone.messages).toEqual([release]);
    } finally {
      await Promise.all(sockets.map((socket) => socket.close()));
      await a.close();
      await b.close();
      await Promise.all(hubs.map((hub) => hub.close()));
      await removeTempDir(dir);
    }
  });
});

describe('Redis hub start-up', () => {
  it('fails ready() with a message naming REDIS_URL (password hidden) when Redis cannot be reached', async () => {
    // Port 1 on 127.0.0.1: nothing listens there, so every connection attempt is refused at once.
    const hub = new RedisHub('redis://:secret@127.0.0.1:1', pino({ level: 'silent' }));
    try {
      const failure = hub.ready();
      await expect(failure).rejects.toThrow(/Realtime hub could not subscribe to clearway:realtime on Redis at redis:\/\/:\*\*\*@127\.0\.0\.1:1 \(REDIS_URL\)/);
      await expect(failure).rejects.not.toThrow(/secret/);
    } finally {
      await hub.close();
    }
  }, 20_000);
});
