import Fastify from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { installErrorHandler } from '../http/index.js';
import { startTestApp, type TestApp } from '../testing/testApp.js';
import { hashToken } from './cookies.js';
import { findOrCreateCustomer } from './customers.js';
import { AFTER_LOGOUT_PATH, afterLoginPath } from './licence.js';
import { DUMMY_PASSWORD_HASH, hashPassword, verifyPassword } from './passwords.js';
import {
  SESSION_COOKIE,
  SIGNED_OUT_ERROR,
  assertCustomer,
  createSession,
  createSessionResolver,
  customerSessions,
  endCustomerSessions,
  lookupSession,
  requireSession,
  sessionUserOf,
} from './sessions.js';

describe('passwords', () => {
  it('hashes with scrypt and a fresh salt per hash, and verifies only the right password', async () => {
    const first = await hashPassword('correct horse battery');
    const second = await hashPassword('correct horse battery');
    expect(first).toMatch(/^scrypt\$32768\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    expect(first).not.toBe(second);
    expect(await verifyPassword('correct horse battery', first)).toBe(true);
    expect(await verifyPassword('correct horse batterY', first)).toBe(false);
    expect(await verifyPassword('anything', 'md5$abc')).toBe(false);
    expect(await verifyPassword('', DUMMY_PASSWORD_HASH)).toBe(false);
  });
});

describe('redirects (spec part 1 §2)', () => {
  it('lands on the map with licence code 2, else on the profile welcome; logout goes to /', () => {
    expect(afterLoginPath(2)).toBe('/app/map1');
    for (const code of [0, 1, 5]) expect(afterLoginPath(code)).toBe('/app/aircraft_profile_welcome');
    expect(AFTER_LOGOUT_PATH).toBe('/');
  });
});

describe('sessions', () => {
  let running: TestApp;
  beforeEach(async () => {
    running = await startTestApp();
  });
  afterEach(async () => {
    await running.close();
  });

  it('lists and ends a customer\'s sessions by selection (one, all but one, signed in), never another customer\'s', async () => {
    const now = 1_800_000_000_000;
    const pilot = await findOrCreateCustomer(running.db, { email: 'pilot@example.com' });
    const other = await findOrCreateCustomer(running.db, { email: 'other@example.com' });
    const a = hashToken(await createSession(running.db, pilot.custId, 60_000, now));
    const b = hashToken(await createSession(running.db, pilot.custId, 60_000, now));
    const theirs = hashToken(await createSession(running.db, other.custId, 60_000, now));
    // Made last, at its own earlier time: createSession now and then sweeps sessions expired before
    // the time it is given, so one made after it at `now` could remove it (1 run in 20 each).
    const expired = hashToken(await createSession(running.db, pilot.custId, 1_000, now - 5_000));
    const sorted = (ids: string[]) => [...ids].sort();

    expect(sorted(await customerSessions(running.db.kysely, pilot.custId))).toEqual(sorted([a, b, expired]));
    expect(sorted(await customerSessions(running.db.kysely, pilot.custId, { except: a, signedInAt: now }))).toEqual([b]);
    // An id of another customer is not theirs to end.
    expect(await endCustomerSessions(running.db.kysely, pilot.custId, { only: theirs })).toEqual([]);
    expect(await endCustomerSessions(running.db.kysely, pilot.custId, { except: a, signedInAt: now })).toEqual([b]);
    expect(sorted(await customerSessions(running.db.kysely, pilot.custId))).toEqual(sorted([a, expired]));
    expect(sorted(await endCustomerSessions(running.db.kysely, pilot.custId))).toEqual(sorted([a, expired]));
    expect(await customerSessions(running.db.kysely, other.custId)).toEqual([theirs]);
  });

  it('finds the customer of a live session and nothing for an expired or unknown one', async () => {
    const customer = await findOrCreateCustomer(running.db, { email: 'Pilot@Example.com', fullName: 'Pat Pilot' });
    expect(await findOrCreateCustomer(running.db, { email: 'pilot@example.com' })).toEqual(customer);
    const now = Date.now();
    const token = await createSession(running.db, customer.custId, 60_000, now);
    expect(await lookupSession(running.db, token, now + 1000)).toEqual({ custId: customer.custId, email: 'pilot@example.com', sessionId: hashToken(token) });
    expect(await lookupSession(running.db, token, now + 60_000)).toBeNull();
    expect(await lookupSession(running.db, 'A'.repeat(43), now)).toBeNull();
    expect(await lookupSession(running.db, 'short', now)).toBeNull();
  });

  it('requireSession answers 401 {error} signed out; assertCustomer answers 403 for another cust_id', async () => {
    const customer = await findOrCreateCustomer(running.db, { email: 'owner@example.com' });
    const token = await createSession(running.db, customer.custId, 60_000);
    const app = Fastify();
    installErrorHandler(app);
    app.post<{ Body: { cust_id?: unknown } }>('/api/thing', { preHandler: requireSession(createSessionResolver(running.db)) }, async (request) => {
      const user = sessionUserOf(request);
      assertCustomer(user, request.body.cust_id);
      return { ok: true, cust_id: user.custId };
    });
    try {
      const anonymous = await app.inject({ method: 'POST', url: '/api/thing', payload: { cust_id: customer.custId } });
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json()).toEqual({ error: SIGNED_OUT_ERROR });
      const cookie = `${SESSION_COOKIE}=${token}`;
      const other = await app.inject({ method: 'POST', url: '/api/thing', headers: { cookie }, payload: { cust_id: 'cust_someone_else' } });
      expect(other.statusCode).toBe(403);
      expect(other.json()).toEqual({ error: 'cust_id does not match the signed-in customer', code: 'CUSTOMER_MISMATCH' });
      const missing = await app.inject({ method: 'POST', url: '/api/thing', headers: { cookie }, payload: {} });
      expect(missing.statusCode).toBe(403);
      const own = await app.inject({ method: 'POST', url: '/api/thing', headers: { cookie }, payload: { cust_id: customer.custId } });
      expect(own.statusCode).toBe(200);
      expect(own.json()).toEqual({ ok: true, cust_id: customer.custId });
    } finally {
      await app.close();
    }
  });
});

describe('cookies on an https origin', () => {
  it('marks the session, login and CSRF cookies Secure', async () => {
    const running = await startTestApp({ env: { PUBLIC_ORIGIN: 'https://clearway.example' } });
    try {
      const logout = await running.app.inject({ method: 'POST', url: '/auth/logout' });
      expect(logout.statusCode).toBe(302);
      expect(logout.headers.location).toBe('/');
      expect(String(logout.headers['set-cookie'])).toMatch(new RegExp(`^${SESSION_COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax; Expires=[^;]+; Secure$`));
      const register = await running.app.inject({ method: 'GET', url: '/oidc/register' });
      expect(register.statusCode).toBe(200);
      expect(String(register.headers['set-cookie'])).toMatch(/^cw_csrf=[\w-]{43}; Path=\/; Max-Age=7200; HttpOnly; SameSite=Lax; Secure$/);
      expect(register.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    } finally {
      await running.close();
    }
  });
});
