import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logIndexPath } from '@clearway/protocol';
import { createSession, findOrCreateCustomer, SESSION_COOKIE } from '../auth/index.js';
import { startTestApp, validLogEntry, type TestApp } from '../testing/testApp.js';
import { listClientLogs } from './clientLogStore.js';
import { LOG_BODY_LIMIT_BYTES } from './routes.js';

describe('POST /elk/pwa_logs_{day}/_doc/', () => {
  let running: TestApp;
  let cookie: string;
  let custId: string;
  beforeAll(async () => {
    // Remote logging is on in qa and beta only (spec part 1 §7); a signed-in device posts.
    running = await startTestApp({ env: { CLEARWAY_ENV: 'qa' } });
    const customer = await findOrCreateCustomer(running.db, { email: 'logs@example.com', fullName: '' });
    custId = customer.custId;
    cookie = `${SESSION_COOKIE}=${await createSession(running.db, custId, 3600_000)}`;
  });
  afterAll(async () => {
    await running.close();
  });

  const post = (day: string, payload: unknown, contentType = 'application/json') =>
    running.app.inject({
      method: 'POST',
      url: logIndexPath(day),
      headers: { 'content-type': contentType, cookie },
      payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
    });

  it('stores a valid entry and answers 201 with its id', async () => {
    const entry = validLogEntry({ message: 'stored once' });
    const reply = await post('2026-11-21', entry);
    expect(reply.statusCode).toBe(201);
    const body = reply.json<{ result: string; id: string }>();
    expect(body).toEqual({ result: 'created', id: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    const stored = await listClientLogs(running.db, '2026-11-21');
    // Stored as sent, with the session's customer as cust_id.
    expect(stored.find((log) => log.id === body.id)?.entry).toEqual({ ...entry, cust_id: custId });
  });

  it('accepts the path without its trailing slash and a text/plain body (sendBeacon)', async () => {
    const plain = await post('2026-11-22', validLogEntry({ message: 'beacon' }), 'text/plain;charset=UTF-8');
    expect(plain.statusCode).toBe(201);
    const bare = await running.app.inject({ method: 'POST', url: '/elk/pwa_logs_2026-11-22/_doc', payload: validLogEntry(), headers: { cookie } });
    expect(bare.statusCode).toBe(201);
    expect(await listClientLogs(running.db, '2026-11-22')).toHaveLength(2);
  });

  it('rejects a bad entry with 400, naming the path of each bad field', async () => {
    const reply = await post('2026-11-21', validLogEntry({ level: 'loud', location: { lat: 91, lon: 0 }, uuid: undefined }));
    expect(reply.statusCode).toBe(400);
    const body = reply.json<{ error: string; issues: { path: string; message: string }[] }>();
    expect(body.error).toBe('Invalid log entry');
    expect(body.issues.map((issue) => issue.path).sort()).toEqual(['level', 'location.lat', 'uuid']);
    expect(body.issues.every((issue) => issue.message.length > 0)).toBe(true);
  });

  it.each(['2026-13-01', '2026-02-30', '21-11-2026', 'today'])('rejects the index day %s', async (day) => {
    const reply = await post(day, validLogEntry());
    expect(reply.statusCode).toBe(400);
    expect(reply.json()).toEqual({ error: 'Invalid log index', issues: [{ path: 'day', message: 'must be a UTC date YYYY-MM-DD' }] });
  });

  it('rejects a body that is not JSON', async () => {
    for (const contentType of ['application/json', 'text/plain']) {
      const reply = await post('2026-11-21', '{"timestamp":', contentType);
      expect(reply.statusCode).toBe(400);
      const body = reply.json<{ error: string; issues: { path: string }[] }>();
      expect(body.error).toBe('Invalid log entry');
      expect(body.issues[0]?.path).toBe('(root)');
    }
  });

  it('rejects a body over 64 KiB with 413', async () => {
    const payload = JSON.stringify(validLogEntry({ stack: 'x'.repeat(LOG_BODY_LIMIT_BYTES) }));
    const reply = await post('2026-11-21', payload);
    expect(reply.statusCode).toBe(413);
    expect(reply.json()).toEqual({ error: 'Log entry too large', limit_bytes: 65536 });
  });

  it('does not store rejected entries', async () => {
    const before = (await listClientLogs(running.db, '2026-11-23')).length;
    await post('2026-11-23', validLogEntry({ timestamp: -1 }));
    expect(await listClientLogs(running.db, '2026-11-23')).toHaveLength(before);
  });
});
