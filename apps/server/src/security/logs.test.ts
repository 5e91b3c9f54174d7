// Issue 26 points 8 (request log lines keep no link token) and 12 (the client log sink cannot be
// flooded or forged), as attacks on the real app (buildApp, SQLite, database sessions).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logEntrySchema, logIndexPath } from '@clearway/protocol';
import { buildApp } from '../app.js';
import { createSession, findOrCreateCustomer, SESSION_COOKIE } from '../auth/index.js';
import { loadConfig } from '../config/index.js';
import { migrateToLatest, openDatabase, type Database } from '../db/index.js';
import { createServerLogger } from '../http/index.js';
import { CLIENT_LOG_DAILY_BYTES, CLIENT_LOG_RATE_LIMIT, CLIENT_LOG_RETENTION_MS, clientLogRetentionJob, insertClientLog, listClientLogs } from '../logs/index.js';
import { startTestApp, validLogEntry, type TestApp } from '../testing/testApp.js';

async function signedIn(db: Database, email: string): Promise<{ custId: string; cookie: string }> {
  const customer = await findOrCreateCustomer(db, { email, fullName: '' });
  return { custId: customer.custId, cookie: `${SESSION_COOKIE}=${await createSession(db, customer.custId, 3600_000)}` };
}

describe('point 8: request URLs in the log keep no token', () => {
  const SECRET = 'S3cr3tLinkTokenValue0123456789';
  const lines: string[] = [];
  let db: Database;
  let app: Awaited<ReturnType<typeof buildApp>>;
  beforeAll(async () => {
    const config = loadConfig({ HOST: '127.0.0.1', LOG_LEVEL: 'info', SQLITE_PATH: ':memory:' });
    db = openDatabase(config.database);
    await migrateToLatest(db);
    // The logger main.ts makes, writing into a capture instead of stdout.
    app = await buildApp(config, { db, logger: createServerLogger(config, { write: (line: string) => { lines.push(line); } }) });
  });
  afterAll(async () => {
    await app.close();
    await db.close();
  });

  it.each([
    `/oidc/reset?token=${SECRET}`,
    `/oidc/verify?token=${SECRET}`,
    `/help?jwt=${SECRET}`,
    `/auth/callback?code=${SECRET}&state=s`,
    `/oidc/session/end?id_token_hint=${SECRET}`,
    `/oidc/reset?TOKEN=${SECRET}`,
  ])('GET %s -> the logged url has no query string and no token', async (url) => {
    lines.length = 0;
    await app.inject({ method: 'GET', url });
    const logged = lines.map((line) => JSON.parse(line) as { req?: { url: string } });
    const urls = logged.flatMap((line) => (line.req === undefined ? [] : [line.req.url]));
    expect(urls).toEqual([`${url.slice(0, url.indexOf('?'))}?...`]);
    expect(lines.join('\n')).not.toContain(SECRET);
  });

  it(`GET /api/config?access_token=${SECRET} (any path) -> the logged url masks it`, async () => {
    lines.length = 0;
    await app.inject({ method: 'GET', url: `/api/config?access_token=${SECRET}&x=1` });
    expect(lines.join('\n')).not.toContain(SECRET);
    expect(lines.join('\n')).toContain('/api/config?access_token=***&x=1');
  });
});

describe('point 12: POST /elk/pwa_logs_{day}/_doc/', () => {
  let running: TestApp;
  const day = '2026-11-24';
  beforeAll(async () => {
    running = await startTestApp({ env: { CLEARWAY_ENV: 'qa' } });
  });
  afterAll(async () => {
    await running.close();
  });
  const post = (cookie: string | null, entry: Record<string, unknown>) =>
    running.app.inject({ method: 'POST', url: logIndexPath(day), headers: { 'content-type': 'application/json', ...(cookie === null ? {} : { cookie }) }, payload: entry });

  it('POST without a session -> 401, nothing stored', async () => {
    const before = (await listClientLogs(running.db, day, 10_000)).length;
    const reply = await post(null, validLogEntry({ message: 'anonymous flood' }));
    expect(reply.statusCode).toBe(401);
    expect(await listClientLogs(running.db, day, 10_000)).toHaveLength(before);
  });

  it('POST with another customer\'s cust_id in the body -> 201, stored under the session\'s customer', async () => {
    const { custId, cookie } = await signedIn(running.db, 'forger@example.com');
    const reply = await post(cookie, validLogEntry({ cust_id: 'cust_victim', message: 'forged' }));
    expect(reply.statusCode).toBe(201);
    const stored = (await listClientLogs(running.db, day, 10_000)).find((log) => log.id === reply.json<{ id: string }>().id);
    expect(stored?.entry.cust_id).toBe(custId);
    const row = await running.db.kysely.selectFrom('client_logs').select('cust_id').where('id', '=', stored?.id ?? '').executeTakeFirstOrThrow();
    expect(row.cust_id).toBe(custId);
  });

  it(`POST number ${CLIENT_LOG_RATE_LIMIT.max + 1} within a minute -> 429 with Retry-After, not stored`, async () => {
    const { custId, cookie } = await signedIn(running.db, 'chatty@example.com');
    const small = validLogEntry({ stack: null, message: 'tick' });
    for (let i = 0; i < CLIENT_LOG_RATE_LIMIT.max; i += 1) expect((await post(cookie, small)).statusCode).toBe(201);
    const refused = await post(cookie, small);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(refused.json<{ error: string }>().error).toMatch(/at most 60 a minute per account/);
    const rows = await running.db.kysely.selectFrom('client_logs').select('id').where('cust_id', '=', custId).execute();
    expect(rows).toHaveLength(CLIENT_LOG_RATE_LIMIT.max);
  });

  it(`POST beyond ${CLIENT_LOG_DAILY_BYTES} bytes a day for one account -> 429, the stored bytes stay under the cap`, async () => {
    const { custId, cookie } = await signedIn(running.db, 'big@example.com');
    const big = validLogEntry({ message: 'm'.repeat(8000), stack: 's'.repeat(16_000) });
    const statuses: number[] = [];
    for (let i = 0; i < 50; i += 1) statuses.push((await post(cookie, big)).statusCode);
    expect(statuses).toContain(429);
    expect(statuses.indexOf(429)).toBeGreaterThan(0);
    const rows = await running.db.kysely.selectFrom('client_logs').select('entry').where('cust_id', '=', custId).execute();
    const bytes = rows.reduce((sum, row) => sum + Buffer.byteLength(row.entry), 0);
    expect(bytes).toBeLessThanOrEqual(CLIENT_LOG_DAILY_BYTES);
    expect(bytes).toBeGreaterThan(CLIENT_LOG_DAILY_BYTES - 30_000);
  });

  it('the retention job deletes entries older than 30 days and keeps newer ones', async () => {
    const now = Date.parse('2026-11-24T12:00:00.000Z');
    const old = await insertClientLog(running.db, '2026-10-01', logEntrySchema.parse(validLogEntry()), new Date(now - CLIENT_LOG_RETENTION_MS - 1000));
    const recent = await insertClientLog(running.db, '2026-11-20', logEntrySchema.parse(validLogEntry()), new Date(now - CLIENT_LOG_RETENTION_MS + 60_000));
    await clientLogRetentionJob(running.db).run({ now, period: 0 });
    const ids = (await running.db.kysely.selectFrom('client_logs').select('id').execute()).map((row) => row.id);
    expect(ids).not.toContain(old);
    expect(ids).toContain(recent);
  });
});

describe('point 12: where remote logging is off', () => {
  it.each([['localhost (the default)', {}], ['dev', { CLEARWAY_ENV: 'dev' }]])('POST /elk/pwa_logs_{day}/_doc/ in %s, signed in -> 404', async (_name, env) => {
    const running = await startTestApp({ env });
    try {
      const { cookie } = await signedIn(running.db, 'pilot@example.com');
      const reply = await running.app.inject({ method: 'POST', url: logIndexPath('2026-11-24'), headers: { 'content-type': 'application/json', cookie }, payload: validLogEntry() });
      expect(reply.statusCode).toBe(404);
      expect(await listClientLogs(running.db, '2026-11-24')).toHaveLength(0);
    } finally {
      await running.close();
    }
  });
});
