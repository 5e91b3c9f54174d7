import { checkReply, loginProfileSchema, trialRefusedSchema } from '@clearway/protocol';
import { decodeProtectedHeader, jwtVerify } from 'jose';
import { describe, expect, it } from 'vitest';
import { lookupLicenceCode } from '../billing/index.js';
import { BILLING_TEST_NOW as NOW, buildBillingTestApp, freshPostgres, freshSqlite, type BillingTestApp } from '../testing/billingTestKit.js';
import type { FreshDatabase } from '../testing/databaseContract.js';
import { POSTGRES_SKIP_REASON, TEST_DATABASE_URL } from '../testing/postgres.js';
import { requireService } from '../testing/skips.js';
import { profileNamesFromCustomers } from './index.js';

const DAY = 86_400_000;

// The account routes in the real app (buildApp) with the database sessions of sign-in, on SQLite and
// on PostgreSQL.

async function withApp(fresh: () => Promise<FreshDatabase>, options: Parameters<typeof buildBillingTestApp>[1], test: (t: BillingTestApp) => Promise<void>) {
  const { db, dispose } = await fresh();
  const t = await buildBillingTestApp(db, { now: NOW, ...options });
  try {
    await test(t);
  } finally {
    await t.app.close();
    await dispose();
  }
}

function post(t: BillingTestApp, url: string, cookie: string | null, payload: object) {
  return t.app.inject({ method: 'POST', url, payload, headers: cookie ? { cookie } : {} });
}

function accountContract(fresh: () => Promise<FreshDatabase>): void {
  it('POST /api/account: the §3 login profile of a new customer (code 0, trial available), the same uuid every time', () =>
    withApp(fresh, {}, async (t) => {
      const { custId, cookie } = await t.signIn('pilot@example.com');
      const other = await t.signIn('other@example.com');
      expect((await post(t, '/api/account', null, { cust_id: custId })).statusCode).toBe(401);
      expect((await post(t, '/api/account', cookie, { cust_id: other.custId })).statusCode).toBe(403);
      const missing = await post(t, '/api/account', cookie, {});
      expect(missing.statusCode).toBe(400);
      expect(missing.json().issues[0].path).toBe('cust_id');

      const first = await post(t, '/api/account', cookie, { cust_id: custId });
      expect(first.statusCode).toBe(200);
      // The login profile as @clearway/protocol defines it (the web app reads it with the same schema).
      const profile = checkReply('/api/account', loginProfileSchema, first.json());
      expect(profile).toEqual({
        code: 0,
        trial: {
          email_id: 'pilot@example.com',
          cust_id: custId,
          expires: new Date(NOW + 30 * DAY).toISOString(),
          profile: { full_name: 'pilot@example.com', name: 'pilot@example.com', nickname: 'pilot', pictureURL: '' },
          purchase: null,
        },
        geoip: null,
        uuid: expect.stringMatching(/^[0-9a-f-]{36}$/),
        test_mode: true,
      });
      const second = (await post(t, '/api/account', cookie, { cust_id: custId })).json();
      expect(second.uuid).toBe(profile.uuid);
    }));

  it('POST /api/start_trial: once per account, TRIAL_DAYS long, then code 5 and 409', () =>
    withApp(fresh, { env: { TRIAL_DAYS: '14' } }, async (t) => {
      const { custId, cookie } = await t.signIn('pilot@example.com');
      const started = await post(t, '/api/start_trial', cookie, { cust_id: custId });
      expect(checkReply('/api/start_trial', loginProfileSchema, started.json())).toMatchObject({ code: 1, trial: { expires: new Date(NOW + 14 * DAY).toISOString() } });
      t.clock.now += DAY;
      // Starting again while it runs changes nothing.
      expect((await post(t, '/api/start_trial', cookie, { cust_id: custId })).json()).toMatchObject({ code: 1, trial: { expires: new Date(NOW + 14 * DAY).toISOString() } });
      t.clock.now = NOW + 14 * DAY;
      expect((await post(t, '/api/account', cookie, { cust_id: custId })).json()).toMatchObject({ code: 5 });
      const again = await post(t, '/api/start_trial', cookie, { cust_id: custId });
      expect(again.statusCode).toBe(409);
      expect(checkReply('/api/start_trial 409', trialRefusedSchema, again.json())).toMatchObject({ error: 'The free trial is not available for this account', login_profile: { code: 5 } });
      expect((await post(t, '/api/start_trial', null, { cust_id: custId })).statusCode).toBe(401);
    }));

  it('uses the name sign-in stored from the ID token', () =>
    withApp(fresh, {}, async (t) => {
      const { custId, cookie } = await t.signIn('amelia@example.com', 'Amelia Earhart');
      const profile = (await post(t, '/api/account', cookie, { cust_id: custId })).json();
      expect(profile.trial.profile).toEqual({ full_name: 'Amelia Earhart', name: 'Amelia Earhart', nickname: 'Amelia', pictureURL: '' });
    }));

  it('profileNamesFromCustomers reads the name sign-in stored; lookupLicenceCode gives sign-in the code', async () => {
    const { db, dispose } = await fresh();
    try {
      await db.kysely.insertInto('customers').values([
        { cust_id: 'cust_n', email: 'amelia@example.com', full_name: 'Amelia Earhart', created_at: NOW },
        { cust_id: 'cust_e', email: 'pilot@example.com', full_name: '', created_at: NOW },
      ]).execute();
      const names = profileNamesFromCustomers(db);
      expect(await names({ custId: 'cust_n', email: 'amelia@example.com', sessionId: 's' })).toEqual({ full_name: 'Amelia Earhart', name: 'Amelia Earhart', nickname: 'Amelia', pictureURL: '' });
      expect((await names({ custId: 'cust_e', email: 'pilot@example.com', sessionId: 's' }))?.full_name).toBe('pilot@example.com');
      expect(await names({ custId: 'cust_none', email: 'x@example.com', sessionId: 's' })).toBeNull();

      const t = await buildBillingTestApp(db, { now: NOW });
      try {
        const { custId, cookie } = await t.signIn('amelia@example.com');
        expect(custId).toBe('cust_n');
        expect(await lookupLicenceCode(db, 'cust_n', NOW)).toBe(0);
        expect((await post(t, '/api/account', cookie, { cust_id: 'cust_n' })).json().trial.profile.full_name).toBe('Amelia Earhart');
        const key = (await post(t, '/api/get_key', cookie, { cust_id: 'cust_n', type: 'stripe', email: 'amelia@example.com', subscription_type: 'standard_annual' })).json();
        await post(t, '/api/checkout_subscription', cookie, { type: 'stripe', sku: 'standard_annual', cust_id: 'cust_n', subscription_id: key.subscription_id, nonce: '4242424242424242' });
        expect(await lookupLicenceCode(db, 'cust_n', NOW)).toBe(2);
        expect(await lookupLicenceCode(db, 'cust_n', Date.parse('2027-11-21T12:00:00.001Z'))).toBe(5);
      } finally {
        await t.app.close();
      }
    } finally {
      await dispose();
    }
  });

  it('get_zendesk_jwt without Zendesk: a token for the built-in help centre, which signs the user in until it expires', () =>
    withApp(fresh, {}, async (t) => {
      const { custId, cookie } = await t.signIn('pilot@example.com');
      const badType = await post(t, '/api/get_zendesk_jwt', cookie, { cust_id: custId, type: 'email' });
      expect(badType.statusCode).toBe(400);
      expect(badType.json().issues[0].path).toBe('type');
      const reply = await post(t, '/api/get_zendesk_jwt', cookie, { cust_id: custId, type: 'sso' });
      expect(reply.statusCode).toBe(200);
      const { jwt, url, provider } = reply.json();
      expect(provider).toBe('built-in');
      expect(url).toBe(`/help?jwt=${encodeURIComponent(jwt)}`);
      const page = await t.app.inject({ method: 'GET', url });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(page.headers['content-security-policy']).toBe("default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'");
      expect(page.body).toContain('<title>Clearway Help Center</title>');
      // The name holds '@', so the page says 'Aviator'.
      expect(page.body).toContain('Signed in as Aviator (pilot@example.com).');
      const forged = await t.app.inject({ method: 'GET', url: `/help?jwt=${encodeURIComponent(`${jwt.slice(0, -4)}AAAA`)}` });
      expect(forged.statusCode).toBe(401);
      expect(forged.body).toContain('expired or is not valid');
      t.clock.now += 301_000;
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
      expect((await t.app.inject({ method: 'GET', url: '/help' })).statusCode).toBe(401);
    }));

  it('get_zendesk_jwt with ZENDESK_SHARED_SECRET: HS256 Zendesk JWTs for sso, widget and chat', () =>
    withApp(fresh, { env: { ZENDESK_SHARED_SECRET: 'zendesk-shared-secret-for-tests', ZENDESK_SUBDOMAIN: 'clearway', ZENDESK_KEY_ID: 'app_123' } }, async (t) => {
      const { custId, cookie } = await t.signIn('pilot@example.com');
      const key = new TextEncoder().encode('zendesk-shared-secret-for-tests');
      const sso = (await post(t, '/api/get_zendesk_jwt', cookie, { cust_id: custId, type: 'sso' })).json();
      expect(sso.provider).toBe('zendesk');
      expect(sso.url).toBe(`https://clearway.zendesk.com/access/jwt?jwt=${encodeURIComponent(sso.jwt)}`);
      const { payload } = await jwtVerify(sso.jwt, key, { algorithms: ['HS256'], currentDate: new Date(t.clock.now) });
      expect(payload).toMatchObject({ email: 'pilot@example.com', external_id: custId, name: 'pilot@example.com', iat: NOW / 1000, exp: NOW / 1000 + 300 });
      expect(typeof payload.jti).toBe('string');
      const widget = (await post(t, '/api/get_zendesk_jwt', cookie, { cust_id: custId, type: 'widget' })).json();
      expect(decodeProtectedHeader(widget.jwt)).toEqual({ alg: 'HS256', typ: 'JWT', kid: 'app_123' });
      expect((await jwtVerify(widget.jwt, key, { currentDate: new Date(t.clock.now) })).payload).toMatchObject({ scope: 'user', external_id: custId });
      const chat = (await post(t, '/api/get_zendesk_jwt', cookie, { cust_id: custId, type: 'chat' })).json();
      expect(chat.url).toBeNull();
      await expect(jwtVerify(chat.jwt, new TextEncoder().encode('wrong'))).rejects.toThrow();
    }));

  it('get_zendesk_jwt is refused (403) without a valid licence or an available trial', () =>
    withApp(fresh, {}, async (t) => {
      const { custId, cookie } = await t.signIn('pilot@example.com');
      await post(t, '/api/start_trial', cookie, { cust_id: custId });
      t.clock.now += 31 * DAY;
      const refused = await post(t, '/api/get_zendesk_jwt', cookie, { cust_id: custId, type: 'sso' });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ error: 'Support needs a valid licence or an available trial', code: 5 });
    }));
}

describe('account routes on SQLite', () => {
  accountContract(freshSqlite);
});

describe('account routes on PostgreSQL', { tags: ['postgres'] }, () => {
  it('has a server to test against', (context) => requireService(context, 'postgres', TEST_DATABASE_URL !== undefined, POSTGRES_SKIP_REASON));
  describe.skipIf(TEST_DATABASE_URL === undefined)('on TEST_DATABASE_URL', () => {
    accountContract(() => freshPostgres(TEST_DATABASE_URL ?? ''));
  });
});
