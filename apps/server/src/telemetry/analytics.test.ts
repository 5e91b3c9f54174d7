// POST /api/analytics, its per-device limit, its retention job and the refusal counts, on the real
// app (buildApp, a migrated SQLite file, database sessions).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logEntrySchema, logIndexPath } from '@clearway/protocol';
import { buildApp } from '../app.js';
import { createSession, findOrCreateCustomer, SESSION_COOKIE } from '../auth/index.js';
import { loadConfig } from '../config/index.js';
import { migrateToLatest, openDatabase, type Database } from '../db/index.js';
import { createServerLogger } from '../http/index.js';
import { CLIENT_LOG_ADDRESS_LIMIT, CLIENT_LOG_RATE_LIMIT, insertClientLog, LOG_BODY_LIMIT_BYTES } from '../logs/index.js';
import { FakeClock } from '../testing/fakeClock.js';
import { makeTempDir, removeTempDir, startTestApp, validLogEntry, type TestApp } from '../testing/testApp.js';
import { ANALYTICS_ADDRESS_LIMIT, ANALYTICS_BATCH_MAX, ANALYTICS_BODY_LIMIT_BYTES, ANALYTICS_DEVICE_RATE_LIMIT, ANALYTICS_PATH, ANALYTICS_SIGNED_OUT_ERROR, analyticsRetentionJob, insertAnalyticsEvents } from './index.js';

const DAY_MS = 86_400_000;

async function signedIn(db: Database, email: string): Promise<{ custId: string; cookie: string }> {
  const customer = await findOrCreateCustomer(db, { email, fullName: '' });
  return { custId: customer.custId, cookie: `${SESSION_COOKIE}=${await createSession(db, customer.custId, 3600_000)}` };
}

function batch(uuid: string, events: unknown[]): Record<string, unknown> {
  return { uuid, version: '0.1.0', env: 'qa', events };
}

describe(`POST ${ANALYTICS_PATH}`, () => {
  let running: TestApp;
  let pilot: { custId: string; cookie: string };
  beforeAll(async () => {
    running = await startTestApp({ env: { ANALYTICS_RETENTION_DAYS: '7' } });
    pilot = await signedIn(running.db, 'analytics@example.com');
  });
  afterAll(async () => {
    await running.close();
  });

  const post = (cookie: string | null, payload: unknown, contentType = 'application/json') =>
    running.app.inject({
      method: 'POST',
      url: ANALYTICS_PATH,
      headers: { 'content-type': contentType, ...(cookie === null ? {} : { cookie }) },
      payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
    });
  const rowsOf = (uuid: string) => running.db.kysely.selectFrom('analytics_events').selectAll().where('uuid', '=', uuid).orderBy('event_at').execute();

  it('without a session -> 401, nothing stored', async () => {
    const reply = await post(null, batch('dev-anon', [{ name: 'page_view', ts: 1 }]));
    expect(reply.statusCode).toBe(401);
    expect(reply.json<{ error: string }>().error).toBe(ANALYTICS_SIGNED_OUT_ERROR);
    expect(await rowsOf('dev-anon')).toHaveLength(0);
  });

  it('stores each event with the session\'s customer, the device, the UTC day of its time and its properties', async () => {
    const ts = Date.UTC(2026, 10, 21, 23, 59, 59);
    const reply = await post(pilot.cookie, batch('dev-a', [{ name: 'page_view', ts, props: { path: '/app/map1' } }, { name: 'route_saved', ts: ts + 2000 }]));
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toEqual({ stored: 2, refused: 0, issues: [] });
    const rows = await rowsOf('dev-a');
    expect(rows.map((row) => [row.name, row.day, row.cust_id, row.version, row.env, row.props])).toEqual([
      ['page_view', '2026-11-21', pilot.custId, '0.1.0', 'qa', '{"path":"/app/map1"}'],
      ['route_saved', '2026-11-22', pilot.custId, '0.1.0', 'qa', null],
    ]);
  });

  it('stores the valid events of a batch and names each refused one by its index', async () => {
    const reply = await post(pilot.cookie, batch('dev-b', [
      { name: 'page_view', ts: 1000 },
      { name: 'Bad Name!', ts: 1001 },
      { name: 'search', ts: -5 },
      { name: 'search', ts: 1002, props: { query: 'x'.repeat(600) } },
      { name: 'search', ts: 1003, props: { query: 'KHWD' } },
    ]));
    expect(reply.statusCode).toBe(200);
    const body = reply.json<{ stored: number; refused: number; issues: { path: string; message: string }[] }>();
    expect(body.stored).toBe(2);
    expect(body.refused).toBe(3);
    expect(body.issues.map((issue) => issue.path)).toEqual(['events.1.name', 'events.2.ts', 'events.3.props.query']);
    expect((await rowsOf('dev-b')).map((row) => row.props)).toEqual([null, '{"query":"KHWD"}']);
  });

  it('a batch with no valid event, bad JSON, or the wrong shape -> 400 naming where', async () => {
    const none = await post(pilot.cookie, batch('dev-c', [{ name: 'x y', ts: 1 }]));
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ error: 'Invalid analytics batch', issues: [{ path: 'events.0.name' }] });
    const notJson = await post(pilot.cookie, '{"uuid":');
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json()).toMatchObject({ error: 'Invalid analytics batch', issues: [{ path: '(root)' }] });
    const tooMany = await post(pilot.cookie, batch('dev-c', Array.from({ length: ANALYTICS_BATCH_MAX + 1 }, (_, i) => ({ name: 'tick', ts: i }))));
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json<{ issues: { path: string; message: string }[] }>().issues).toEqual([{ path: 'events', message: `must hold at most ${ANALYTICS_BATCH_MAX} events` }]);
    const noDevice = await post(pilot.cookie, { version: '1', env: 'qa', events: [{ name: 'tick', ts: 1 }] });
    expect(noDevice.json<{ issues: { path: string }[] }>().issues.map((issue) => issue.path)).toEqual(['uuid']);
    expect(await rowsOf('dev-c')).toHaveLength(0);
  });

  it('a body over 256 KiB -> 413 with the limit, nothing stored', async () => {
    const reply = await post(pilot.cookie, JSON.stringify(batch('dev-d', [{ name: 'big', ts: 1, props: { a: 'x'.repeat(ANALYTICS_BODY_LIMIT_BYTES) } }])));
    expect(reply.statusCode).toBe(413);
    expect(reply.json()).toEqual({ error: 'Analytics batch too large', limit_bytes: ANALYTICS_BODY_LIMIT_BYTES });
    expect(await rowsOf('dev-d')).toHaveLength(0);
  });

  it(`batch number ${ANALYTICS_DEVICE_RATE_LIMIT.max + 1} of one device within a minute -> 429 with Retry-After; another device of the same account still 200`, async () => {
    const flooder = await signedIn(running.db, 'flood@example.com');
    for (let i = 0; i < ANALYTICS_DEVICE_RATE_LIMIT.max; i += 1) {
      expect((await post(flooder.cookie, batch('dev-flood', [{ name: 'tick', ts: i }]))).statusCode).toBe(200);
    }
    const refused = await post(flooder.cookie, batch('dev-flood', [{ name: 'tick', ts: 99 }]));
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(refused.json<{ error: string }>().error).toMatch(/^Too many analytics batches: at most 20 a minute per device; try again in \d+ s$/);
    expect(await rowsOf('dev-flood')).toHaveLength(ANALYTICS_DEVICE_RATE_LIMIT.max);
    expect((await post(flooder.cookie, batch('dev-flood-2', [{ name: 'tick', ts: 1 }]))).statusCode).toBe(200);
  });

  it('the retention job deletes events that arrived more than ANALYTICS_RETENTION_DAYS (7) ago and keeps newer ones', async () => {
    expect(running.config.telemetry.analyticsRetentionDays).toBe(7);
    const now = Date.UTC(2026, 11, 1, 12);
    const sender = { uuid: 'dev-ret', custId: pilot.custId, version: '1', env: 'qa' };
    await insertAnalyticsEvents(running.db, sender, [{ name: 'old', ts: 1 }], now - 7 * DAY_MS - 1000);
    await insertAnalyticsEvents(running.db, sender, [{ name: 'recent', ts: 2 }], now - 7 * DAY_MS + 60_000);
    await analyticsRetentionJob(running.db, running.config.telemetry.analyticsRetentionDays).run({ now, period: 0 });
    expect((await rowsOf('dev-ret')).map((row) => row.name)).toEqual(['recent']);
  });
});

describe('CLIENT_LOG_RETENTION_DAYS', () => {
  it('the app\'s client log retention job keeps entries that many days (3 here) on the job runner\'s clock', async () => {
    const start = Date.UTC(2026, 11, 1);
    const clock = new FakeClock(start);
    const running = await startTestApp({ env: { CLEARWAY_ENV: 'qa', CLIENT_LOG_RETENTION_DAYS: '3' }, jobs: { clock, startDelayMs: 0 } });
    try {
      const entry = logEntrySchema.parse(validLogEntry());
      const old = await insertClientLog(running.db, '2026-11-27', entry, new Date(start + DAY_MS - 3 * DAY_MS - 1000));
      const recent = await insertClientLog(running.db, '2026-11-29', entry, new Date(start + DAY_MS - 3 * DAY_MS + 60_000));
      // The daily job runs at the next day boundary.
      await clock.advance(DAY_MS);
      const ids = (await running.db.kysely.selectFrom('client_logs').select('id').execute()).map((row) => row.id);
      expect(ids).toContain(recent);
      expect(ids).not.toContain(old);
    } finally {
      await running.close();
    }
  });
});

describe('refused log bodies and analytics batches are counted, never a crash', () => {
  const lines: string[] = [];
  let db: Database;
  let dir: string;
  let app: Awaited<ReturnType<typeof buildApp>>;
  beforeAll(async () => {
    dir = await makeTempDir();
    const config = loadConfig({ HOST: '127.0.0.1', LOG_LEVEL: 'warn', SQLITE_PATH: `${dir}/t.db`, CLEARWAY_ENV: 'qa', DEVICES: 'off' });
    db = openDatabase(config.database);
    await migrateToLatest(db);
    app = await buildApp(config, { db, logger: createServerLogger(config, { write: (line: string) => { lines.push(line); } }) });
  });
  afterAll(async () => {
    await app.close();
    await db.close();
    await removeTempDir(dir);
  });

  it('each refusal is a warn line with the running counts; the server still answers afterwards', async () => {
    const { cookie } = await signedIn(db, 'refused@example.com');
    const headers = { 'content-type': 'application/json', cookie };
    const sizes = [
      (await app.inject({ method: 'POST', url: logIndexPath('2026-11-21'), headers, payload: JSON.stringify(validLogEntry({ stack: 'x'.repeat(LOG_BODY_LIMIT_BYTES) })) })).statusCode,
      (await app.inject({ method: 'POST', url: logIndexPath('2026-11-21'), headers, payload: '{"timestamp":' })).statusCode,
      (await app.inject({ method: 'POST', url: logIndexPath('2026-11-21'), headers, payload: JSON.stringify(validLogEntry({ level: 'loud' })) })).statusCode,
      (await app.inject({ method: 'POST', url: ANALYTICS_PATH, headers, payload: JSON.stringify(batch('dev-r', [{ name: 'ok', ts: 1 }, { name: 'NOT OK', ts: 1 }])) })).statusCode,
    ];
    expect(sizes).toEqual([413, 400, 400, 200]);
    const refusedLines = lines.map((line) => JSON.parse(line) as { msg: string; refused?: Record<string, number> }).filter((line) => line.refused !== undefined);
    expect(refusedLines.map((line) => line.msg)).toEqual(['client log entry refused', 'client log entry refused', 'client log entry refused', 'analytics events left out of a batch']);
    expect(refusedLines.at(-1)?.refused).toEqual({ logTooLarge: 1, logMalformed: 2, logLimited: 0, analyticsTooLarge: 0, analyticsMalformed: 1, analyticsLimited: 0 });
    expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  });
});

describe('per-address limits of the log sink and the analytics endpoint (@fastify/rate-limit)', () => {
  let running: TestApp;
  beforeAll(async () => {
    running = await startTestApp({ env: { CLEARWAY_ENV: 'qa' } });
  });
  afterAll(async () => {
    await running.close();
  });

  it(`analytics: batch number ${ANALYTICS_ADDRESS_LIMIT.perMinute + 1} from one address in a minute -> 429 naming the address, whatever the device`, async () => {
    const statuses: number[] = [];
    // Several accounts and devices, each under its own per-device limit.
    for (let device = 0; statuses.length <= ANALYTICS_ADDRESS_LIMIT.perMinute; device += 1) {
      const { cookie } = await signedIn(running.db, `address-${device}@example.com`);
      for (let i = 0; i < ANALYTICS_DEVICE_RATE_LIMIT.max && statuses.length <= ANALYTICS_ADDRESS_LIMIT.perMinute; i += 1) {
        const reply = await running.app.inject({ method: 'POST', url: ANALYTICS_PATH, headers: { 'content-type': 'application/json', cookie }, payload: batch(`dev-${device}`, [{ name: 'tick', ts: i }]) });
        statuses.push(reply.statusCode);
        if (reply.statusCode === 429) expect(reply.json<{ error: string }>().error).toMatch(/^Too many requests from 127\.0\.0\.1 to \/api\/analytics: at most 120 a minute/);
      }
    }
    expect(statuses.filter((status) => status === 200)).toHaveLength(ANALYTICS_ADDRESS_LIMIT.perMinute);
    expect(statuses.at(-1)).toBe(429);
  });

  it(`logs: post number ${CLIENT_LOG_ADDRESS_LIMIT.perMinute + 1} from one address in a minute -> 429, across accounts`, async () => {
    const statuses: number[] = [];
    for (let account = 0; statuses.length <= CLIENT_LOG_ADDRESS_LIMIT.perMinute; account += 1) {
      const { cookie } = await signedIn(running.db, `log-address-${account}@example.com`);
      for (let i = 0; i < CLIENT_LOG_RATE_LIMIT.max && statuses.length <= CLIENT_LOG_ADDRESS_LIMIT.perMinute; i += 1) {
        statuses.push((await running.app.inject({ method: 'POST', url: logIndexPath('2026-11-21'), headers: { cookie }, payload: validLogEntry({ stack: null, message: `m${i}` }) })).statusCode);
      }
    }
    expect(statuses.filter((status) => status === 201)).toHaveLength(CLIENT_LOG_ADDRESS_LIMIT.perMinute);
    expect(statuses.at(-1)).toBe(429);
  });
});
