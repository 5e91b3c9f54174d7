// The account API's replies against their one definition (@clearway/protocol src/account.ts, issue
// 15): every route the web app reads is driven once through the real app (buildApp, database
// sessions on SQLite) and its reply checked with checkReply, which refuses a missing or mistyped
// field and a field the definition does not know. The web tests' fake account server answers
// through the same schemas, so a change here that the definition does not follow fails these tests,
// and a change of the definition fails the fake's tests.
import {
  accountDeletedSchema,
  accountErrorSchema,
  accountExportSchema,
  authUserSchema,
  checkoutFailedSchema,
  checkoutSuccessSchema,
  checkReply,
  deviceListSchema,
  helpTokenSchema,
  loginProfileSchema,
  purchaseKeySchema,
  signOutOthersSchema,
  SUBSCRIPTION_SKUS,
  trialRefusedSchema,
  type LoginProfileReply,
} from '@clearway/protocol';
import { describe, expect, it } from 'vitest';
import { createSession, createUser, SESSION_COOKIE } from '../auth/index.js';
import { SKUS } from '../billing/index.js';
import { BILLING_TEST_NOW as NOW, buildBillingTestApp, freshSqlite, type BillingTestApp } from '../testing/billingTestKit.js';

const PASSWORD = 'correct horse battery staple';

async function withApp(test: (t: BillingTestApp) => Promise<void>): Promise<void> {
  const { db, dispose } = await freshSqlite();
  const t = await buildBillingTestApp(db, { now: NOW });
  try {
    await test(t);
  } finally {
    await t.app.close();
    await dispose();
  }
}

function call(t: BillingTestApp, method: 'GET' | 'POST', url: string, cookie: string | null, payload?: object) {
  return t.app.inject({ method, url, ...(payload === undefined ? {} : { payload }), headers: cookie === null ? {} : { cookie } });
}

/** A reply's status and its body checked against `schema`. */
async function checked<T>(reply: Promise<{ statusCode: number; body: string }>, status: number, endpoint: string, schema: Parameters<typeof checkReply>[1]): Promise<T> {
  const answered = await reply;
  expect(answered.statusCode, `${endpoint}: ${answered.body}`).toBe(status);
  return checkReply(endpoint, schema, JSON.parse(answered.body)) as T;
}

describe('account API replies against @clearway/protocol account.ts, real app on SQLite', () => {
  it('the plans of the definition are the server\'s', () => {
    expect([...SUBSCRIPTION_SKUS]).toEqual([...SKUS]);
  });

  it('GET /auth/me, /api/account, /api/start_trial, /api/devices, sign_out_others, get_key, checkout_subscription, get_zendesk_jwt, export, delete: each reply as defined', () =>
    withApp(async (t) => {
      await createUser(t.db, { email: 'pilot@example.com', password: PASSWORD, fullName: 'Pat Pilot' });
      const { custId, cookie } = await t.signIn('pilot@example.com', 'Pat Pilot');
      const tablet = `${SESSION_COOKIE}=${await createSession(t.db, custId, 3600_000)}`;

      // Signed out, wrong customer, bad body: the error bodies.
      checkReply('/auth/me 401', accountErrorSchema, (await call(t, 'GET', '/auth/me', null)).json());
      checkReply('/api/account 401', accountErrorSchema, (await call(t, 'POST', '/api/account', null, { cust_id: custId })).json());
      await checked(call(t, 'POST', '/api/account', cookie, { cust_id: 'cust_other' }), 403, '/api/account 403', accountErrorSchema);
      await checked(call(t, 'POST', '/api/account', cookie, {}), 400, '/api/account 400', accountErrorSchema);

      const me = await checked<{ full_name: string }>(call(t, 'GET', '/auth/me', cookie), 200, '/auth/me', authUserSchema);
      expect(me).toEqual({ cust_id: custId, email: 'pilot@example.com', full_name: 'Pat Pilot' });

      const fresh = await checked<LoginProfileReply>(call(t, 'POST', '/api/account', cookie, { cust_id: custId }), 200, '/api/account', loginProfileSchema);
      expect(fresh.code).toBe(0);
      const trial = await checked<LoginProfileReply>(call(t, 'POST', '/api/start_trial', cookie, { cust_id: custId }), 200, '/api/start_trial', loginProfileSchema);
      expect(trial.code).toBe(1);

      // Two devices, one per session.
      for (const [uuid, session] of [['phone', cookie], ['tablet', tablet]] as const) {
        const synced = await call(t, 'POST', '/api/sync_profile', session, { cust_id: custId, uuid, since: 0, key: 'fav_airports', sync_objects: [{ code: 'KSFO', ts: NOW }] });
        expect(synced.statusCode, synced.body).toBe(200);
      }
      const devices = await checked<{ devices: { uuid: string; this_session: boolean }[]; other_sessions: number }>(call(t, 'GET', '/api/devices', cookie), 200, '/api/devices', deviceListSchema);
      expect(devices.devices.map((device) => [device.uuid, device.this_session]).sort()).toEqual([['phone', true], ['tablet', false]]);
      expect(devices.other_sessions).toBe(1);

      const key = await checked<{ subscription_id: string }>(
        call(t, 'POST', '/api/get_key', cookie, { cust_id: custId, type: 'stripe', email: 'pilot@example.com', subscription_type: 'standard_monthly' }),
        200,
        '/api/get_key',
        purchaseKeySchema,
      );
      const checkout = (nonce: string, subscriptionId = key.subscription_id) =>
        call(t, 'POST', '/api/checkout_subscription', cookie, { type: 'stripe', sku: 'standard_monthly', cust_id: custId, email_id: 'pilot@example.com', subscription_id: subscriptionId, nonce });
      await checked(checkout('4000000000000002'), 200, '/api/checkout_subscription (declined)', checkoutFailedSchema);
      await checked(checkout('4242424242424242', 'sub_unknown'), 404, '/api/checkout_subscription (unknown subscription)', checkoutFailedSchema);
      await checked(checkout('4242424242424242'), 200, '/api/checkout_subscription', checkoutSuccessSchema);
      // Again: the repeated checkout of a completed purchase.
      await checked(checkout('4242424242424242'), 200, '/api/checkout_subscription (repeated)', checkoutSuccessSchema);
      const licensed = await checked<LoginProfileReply>(call(t, 'POST', '/api/account', cookie, { cust_id: custId }), 200, '/api/account (licensed)', loginProfileSchema);
      expect(licensed.trial.purchase?.sku).toBe('standard_monthly');
      await checked(call(t, 'POST', '/api/start_trial', cookie, { cust_id: custId }), 409, '/api/start_trial 409', trialRefusedSchema);
      await checked(
        call(t, 'POST', '/api/get_key', cookie, { cust_id: custId, type: 'stripe', email: 'pilot@example.com', subscription_type: 'standard_monthly' }),
        409,
        '/api/get_key 409',
        accountErrorSchema.extend({ test_mode: loginProfileSchema.shape.test_mode }),
      );

      for (const type of ['sso', 'widget', 'chat']) {
        const token = await checked<{ url: string | null }>(call(t, 'POST', '/api/get_zendesk_jwt', cookie, { cust_id: custId, type }), 200, `/api/get_zendesk_jwt (${type})`, helpTokenSchema);
        expect(token.url === null).toBe(type !== 'sso');
      }

      const exported = await call(t, 'GET', '/api/account/export', cookie);
      expect(exported.statusCode).toBe(200);
      const file = checkReply('/api/account/export', accountExportSchema, exported.json());
      expect(file.devices.map((device) => device.uuid).sort()).toEqual(['phone', 'tablet']);
      expect(Object.keys(file.records)).toEqual(['fav_airports']);

      expect(await checked(call(t, 'POST', '/api/devices/sign_out_others', cookie), 200, '/api/devices/sign_out_others', signOutOthersSchema)).toEqual({ signed_out: 1 });

      await checked(call(t, 'POST', '/api/account/delete', cookie, { cust_id: custId, password: 'not the password' }), 403, '/api/account/delete 403', accountErrorSchema);
      expect(await checked(call(t, 'POST', '/api/account/delete', cookie, { cust_id: custId, password: PASSWORD }), 200, '/api/account/delete', accountDeletedSchema)).toEqual({
        deleted: true,
        cancelled_subscriptions: 0,
      });
    }));

  it('a purchase without a trial: the profile\'s trial expiry is null; a help token refused without licence or trial', () =>
    withApp(async (t) => {
      const { custId, cookie } = await t.signIn('buyer@example.com');
      const me = await checked<{ full_name: string }>(call(t, 'GET', '/auth/me', cookie), 200, '/auth/me (no name)', authUserSchema);
      expect(me.full_name).toBe('');
      const key = await checked<{ subscription_id: string }>(
        call(t, 'POST', '/api/get_key', cookie, { cust_id: custId, type: 'test', email: 'buyer@example.com', subscription_type: 'standard_annual' }),
        200,
        '/api/get_key',
        purchaseKeySchema,
      );
      await checked(
        call(t, 'POST', '/api/checkout_subscription', cookie, { type: 'test', sku: 'standard_annual', cust_id: custId, subscription_id: key.subscription_id, nonce: '4242424242424242' }),
        200,
        '/api/checkout_subscription',
        checkoutSuccessSchema,
      );
      const licensed = await checked<LoginProfileReply>(call(t, 'POST', '/api/account', cookie, { cust_id: custId }), 200, '/api/account', loginProfileSchema);
      expect(licensed.code).toBe(2);
      expect(licensed.trial.expires).toBeNull();

      // A year and a day later: code 5 and no support.
      t.clock.now = NOW + 367 * 86_400_000;
      const lapsed = await checked<LoginProfileReply>(call(t, 'POST', '/api/account', cookie, { cust_id: custId }), 200, '/api/account (lapsed)', loginProfileSchema);
      expect(lapsed.code).toBe(5);
      await checked(call(t, 'POST', '/api/get_zendesk_jwt', cookie, { cust_id: custId, type: 'sso' }), 403, '/api/get_zendesk_jwt 403', accountErrorSchema);
    }));
});
