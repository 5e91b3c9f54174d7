import { checkoutResultSchema, checkReply, purchaseKeySchema } from '@clearway/protocol';
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import type { Database } from '../db/index.js';
import { SESSION_COOKIE } from '../auth/index.js';
import { buildBillingTestApp, freshPostgres, freshSqlite, type BillingTestApp } from '../testing/billingTestKit.js';
import type { FreshDatabase } from '../testing/databaseContract.js';
import { fakeStripe } from '../testing/fakeStripe.js';
import { POSTGRES_SKIP_REASON, TEST_DATABASE_URL } from '../testing/postgres.js';
import { requireService } from '../testing/skips.js';
import { StripePaymentProvider } from './providers/stripeProvider.js';

const WEBHOOK_SECRET = 'whsec_test_clearway';
const STRIPE_ENV = { STRIPE_SECRET_KEY: 'sk_test_clearway', STRIPE_PRODUCT_ID: 'prod_standard', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET };
const DAY = 86_400_000;

// The billing routes in the real app (buildApp) with the database sessions of sign-in, on SQLite and
// on PostgreSQL; only the payment processor's HTTP is faked (fakeStripe).

async function withApp(fresh: () => Promise<FreshDatabase>, options: Parameters<typeof buildBillingTestApp>[1], test: (t: BillingTestApp) => Promise<void>) {
  const { db, dispose } = await fresh();
  const t = await buildBillingTestApp(db, options);
  try {
    await test(t);
  } finally {
    await t.app.close();
    await dispose();
  }
}

function post(t: BillingTestApp, url: string, cookie: string | null, payload: object | string) {
  return t.app.inject({ method: 'POST', url, payload, headers: { ...(cookie ? { cookie } : {}), 'content-type': 'application/json' } });
}

const getKey = (custId: string, sku = 'standard_monthly') => ({ cust_id: custId, type: 'stripe', email: 'pilot@example.com', subscription_type: sku });

/** A signed Stripe event delivery, with a real signature over the exact body. */
function stripeEvent(id: string, type: string, object: object) {
  const payload = JSON.stringify({ id, object: 'event', type, api_version: Stripe.API_VERSION, created: 1_795_000_000, livemode: false, data: { object } });
  return { payload, signature: Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }) };
}

function deliver(t: BillingTestApp, event: { payload: string; signature: string }) {
  return t.app.inject({ method: 'POST', url: '/api/stripe/webhook', payload: event.payload, headers: { 'content-type': 'application/json', 'stripe-signature': event.signature } });
}

const invoice = (id: string, subscription: string, periodEndSeconds: number) => ({
  id,
  object: 'invoice',
  parent: { type: 'subscription_details', subscription_details: { subscription } },
  lines: { object: 'list', data: [{ id: `il_${id}`, object: 'line_item', period: { start: periodEndSeconds - 30 * 86_400, end: periodEndSeconds } }] },
});

async function customerRow(db: Database, custId: string) {
  const row = await db.kysely.selectFrom('billing_customers').selectAll().where('cust_id', '=', custId).executeTakeFirstOrThrow();
  return { ...row, purchase_expires_at: row.purchase_expires_at === null ? null : Number(row.purchase_expires_at) };
}

function billingContract(fresh: () => Promise<FreshDatabase>): void {
  it('test mode: get_key, a declined card with the provider\'s message, then 4242 buys Standard Monthly', () =>
    withApp(fresh, {}, async (t) => {
      const { custId, cookie } = await t.signIn('pilot@example.com');
      const key = await post(t, '/api/get_key', cookie, getKey(custId));
      expect(key.statusCode).toBe(200);
      // Each reply as @clearway/protocol defines it (the web app reads it with the same schema).
      const keyBody = checkReply('/api/get_key', purchaseKeySchema, key.json());
      expect(keyBody).toMatchObject({ api: 'test', test_mode: true, amount_cents: 1495, currency: 'usd', client_token: expect.stringMatching(/^test_secret_/) });
      const checkout = { type: 'stripe', sku: 'standard_monthly', cust_id: custId, email_id: 'pilot@example.com', subscription_id: keyBody.subscription_id };

      const declined = await post(t, '/api/checkout_subscription', cookie, { ...checkout, nonce: '4000 0000 0000 0002' });
      expect(declined.statusCode).toBe(200);
      expect(checkReply('/api/checkout_subscription', checkoutResultSchema, declined.json())).toEqual({ result: 'failed', error: { message: 'Your card was declined.' }, test_mode: true });
      const poor = await post(t, '/api/checkout_subscription', cookie, { ...checkout, nonce: '4000000000009995' });
      expect(poor.json().error).toEqual({ message: 'Your card has insufficient funds.' });

      const paid = await post(t, '/api/checkout_subscription', cookie, { ...checkout, nonce: '4242424242424242' });
      expect(checkReply('/api/checkout_subscription', checkoutResultSchema, paid.json())).toEqual({
        result: 'success',
        test_mode: true,
        purchase: { sku: 'standard_monthly', expires: '2026-12-21T12:00:00.000Z', renewing: true, api: 'test' },
      });
      // The account now reads code 2 with the purchase.
      const account = await post(t, '/api/account', cookie, { cust_id: custId });
      expect(account.json()).toMatchObject({ code: 2, trial: { cust_id: custId, purchase: { sku: 'standard_monthly', api: 'test' } }, test_mode: true });
      // Checking out the same subscription again charges nothing more.
      const again = await post(t, '/api/checkout_subscription', cookie, { ...checkout, nonce: '4000000000000002' });
      expect(again.json()).toMatchObject({ result: 'success' });
      const sub = await t.db.kysely.selectFrom('billing_subscriptions').selectAll().executeTakeFirstOrThrow();
      expect(sub).toMatchObject({ cust_id: custId, provider: 'test', sku: 'standard_monthly', status: 'active' });
      // With the plan active, another get_key for it is refused; switching to annual is allowed.
      const twice = await post(t, '/api/get_key', cookie, getKey(custId));
      expect(twice.statusCode).toBe(409);
      expect(twice.json()).toEqual({ error: 'A Standard Monthly subscription is already active', test_mode: true });
      expect((await post(t, '/api/get_key', cookie, getKey(custId, 'standard_annual'))).json()).toMatchObject({ amount_cents: 14495, subscription_type: 'standard_annual' });
    }));

  it('authorises from the session: 401 signed out, 403 for another cust_id or another customer\'s subscription', () =>
    withApp(fresh, {}, async (t) => {
      const { custId: aliceId, cookie: alice } = await t.signIn('a@example.com');
      const { custId: bobId, cookie: bob } = await t.signIn('b@example.com');
      expect((await post(t, '/api/get_key', null, getKey(aliceId))).statusCode).toBe(401);
      expect((await post(t, '/api/get_key', `${SESSION_COOKIE}=${'A'.repeat(43)}`, getKey(aliceId))).statusCode).toBe(401);
      const forbidden = await post(t, '/api/get_key', alice, getKey(bobId));
      expect(forbidden.statusCode).toBe(403);
      expect(forbidden.json()).toEqual({ error: 'cust_id is not the signed-in customer' });
      const key = (await post(t, '/api/get_key', alice, getKey(aliceId))).json();
      const stolen = await post(t, '/api/checkout_subscription', bob, { type: 'stripe', sku: 'standard_monthly', cust_id: bobId, subscription_id: key.subscription_id, nonce: '4242424242424242' });
      expect(stolen.statusCode).toBe(403);
      expect(stolen.json()).toMatchObject({ result: 'failed', error: { message: 'This subscription belongs to another customer.' } });
      const unknown = await post(t, '/api/checkout_subscription', bob, { type: 'stripe', sku: 'standard_monthly', cust_id: bobId, subscription_id: 'test_sub_nope', nonce: '4242424242424242' });
      expect(unknown.statusCode).toBe(404);
      const wrongPlan = await post(t, '/api/checkout_subscription', alice, { type: 'stripe', sku: 'standard_annual', cust_id: aliceId, subscription_id: key.subscription_id, nonce: '4242424242424242' });
      expect(wrongPlan.statusCode).toBe(409);
    }));

  it('validates bodies with the bad field\'s path (400), refuses oversized (413) and malformed bodies', () =>
    withApp(fresh, {}, async (t) => {
      const { custId, cookie } = await t.signIn('pilot@example.com');
      const badPlan = await post(t, '/api/get_key', cookie, { ...getKey(custId), subscription_type: 'gold' });
      expect(badPlan.statusCode).toBe(400);
      expect(badPlan.json().issues.map((issue: { path: string }) => issue.path)).toEqual(['subscription_type']);
      const badEmail = await post(t, '/api/get_key', cookie, { ...getKey(custId), email: 'not-an-email' });
      expect(badEmail.json().issues[0].path).toBe('email');
      const noPayment = await post(t, '/api/checkout_subscription', cookie, { type: 'stripe', sku: 'standard_monthly', cust_id: custId, subscription_id: 'x' });
      expect(noPayment.statusCode).toBe(400);
      expect(noPayment.json().issues).toEqual([{ path: 'paymentIntent', message: 'paymentIntent or nonce is required' }]);
      const nestedBad = await post(t, '/api/checkout_subscription', cookie, { type: 'stripe', sku: 'standard_monthly', cust_id: custId, subscription_id: 'x', paymentIntent: { id: 7 } });
      expect(nestedBad.json().issues.some((issue: { path: string }) => issue.path.startsWith('paymentIntent'))).toBe(true);
      const huge = await post(t, '/api/get_key', cookie, { ...getKey(custId), padding: 'x'.repeat(20_000) });
      expect(huge.statusCode).toBe(413);
      expect(huge.json()).toEqual({ error: 'Request body too large', limit_bytes: 16384 });
      const malformed = await post(t, '/api/get_key', cookie, '{"cust_id": ');
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json().issues[0].path).toBe('(root)');
    }));

  it('rate-limits payment calls per customer in the database (429, Retry-After from the oldest attempt in the window)', () =>
    withApp(fresh, { env: { PAYMENT_RATE_LIMIT: '2' } }, async (t) => {
      const { custId, cookie } = await t.signIn('pilot@example.com');
      expect((await post(t, '/api/get_key', cookie, getKey(custId))).statusCode).toBe(200);
      t.clock.now += 20_000;
      expect((await post(t, '/api/get_key', cookie, getKey(custId))).statusCode).toBe(200);
      t.clock.now += 500;
      const third = await post(t, '/api/get_key', cookie, getKey(custId));
      expect(third.statusCode).toBe(429);
      // The oldest attempt in the window (20.5 s ago) leaves it in 39.5 s: rounded up.
      expect(third.headers['retry-after']).toBe('40');
      // The refused call did not count; checkout shares the allowance.
      expect((await post(t, '/api/checkout_subscription', cookie, { type: 'stripe', sku: 'standard_monthly', cust_id: custId, email_id: 'pilot@example.com', subscription_id: 'sub_x', nonce: '4242424242424242' })).statusCode).toBe(429);
      // Another customer has their own allowance.
      const other = await t.signIn('other@example.com');
      expect((await post(t, '/api/get_key', other.cookie, getKey(other.custId))).statusCode).toBe(200);
      // The count is in the database: a second app (another server process) on it sees the same
      // allowance, and the same session cookie.
      const second = await buildBillingTestApp(t.db, { env: { PAYMENT_RATE_LIMIT: '2' }, now: t.clock.now });
      try {
        expect((await post(second, '/api/get_key', cookie, getKey(custId))).statusCode).toBe(429);
      } finally {
        await second.app.close();
      }
      t.clock.now += 39_500;
      // The first attempt has left the window: one place again, then limited until the second leaves.
      expect((await post(t, '/api/get_key', cookie, getKey(custId))).statusCode).toBe(200);
      const again = await post(t, '/api/get_key', cookie, getKey(custId));
      expect(again.statusCode).toBe(429);
      expect(again.headers['retry-after']).toBe('20');
    }));

  it('Stripe: get_key and checkout through the Stripe client, then webhooks renew, fail and cancel exactly once', async () => {
    const periodEnd = Math.floor(Date.parse('2026-12-21T12:00:00.000Z') / 1000);
    // The subscription's metadata names the customer, known once signed in below.
    const signedIn = { custId: '' };
    const { stripe, requests } = fakeStripe([
      () => ({ body: { id: 'cus_1', object: 'customer' } }),
      () => ({ body: { id: 'sub_123', object: 'subscription', status: 'incomplete', latest_invoice: { id: 'in_1', object: 'invoice', confirmation_secret: { client_secret: 'pi_1_secret_x' } } } }),
      () => ({ body: { id: 'sub_123', object: 'subscription', customer: 'cus_1', status: 'active', cancel_at_period_end: false, metadata: { cust_id: signedIn.custId, sku: 'standard_monthly' }, items: { object: 'list', data: [{ id: 'si_1', current_period_end: periodEnd }] }, latest_invoice: { id: 'in_1', object: 'invoice', payments: { object: 'list', data: [{ payment: { type: 'payment_intent', payment_intent: 'pi_1' } }] } } } }),
      () => ({ body: { id: 'pi_1', object: 'payment_intent', customer: 'cus_1', status: 'succeeded', amount: 1495, currency: 'usd' } }),
    ]);
    const provider = new StripePaymentProvider(stripe, { productId: 'prod_standard' });
    await withApp(fresh, { env: STRIPE_ENV, provider }, async (t) => {
      const { custId, cookie } = await t.signIn('pilot@example.com');
      signedIn.custId = custId;
      const key = await post(t, '/api/get_key', cookie, getKey(custId));
      expect(checkReply('/api/get_key', purchaseKeySchema, key.json())).toMatchObject({ client_token: 'pi_1_secret_x', subscription_id: 'sub_123', api: 'stripe', test_mode: false });
      const paid = await post(t, '/api/checkout_subscription', cookie, { type: 'stripe', sku: 'standard_monthly', cust_id: custId, email_id: 'pilot@example.com', subscription_id: 'sub_123', paymentIntent: { id: 'pi_1', status: 'succeeded' } });
      expect(checkReply('/api/checkout_subscription', checkoutResultSchema, paid.json())).toEqual({ result: 'success', test_mode: false, purchase: { sku: 'standard_monthly', expires: '2026-12-21T12:00:00.000Z', renewing: true, api: 'stripe' } });
      expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual(['POST /v1/customers', 'POST /v1/subscriptions', 'GET /v1/subscriptions/sub_123', 'GET /v1/payment_intents/pi_1']);
      expect((await customerRow(t.db, custId)).provider_customer_id).toBe('cus_1');

      // A renewal extends the licence to the new period end.
      const nextEnd = periodEnd + 31 * 86_400;
      const renewal = stripeEvent('evt_renew', 'invoice.paid', invoice('in_2', 'sub_123', nextEnd));
      const renewed = await deliver(t, renewal);
      expect(renewed.statusCode).toBe(200);
      expect(renewed.json()).toEqual({ received: true, outcome: 'renewed' });
      expect((await customerRow(t.db, custId)).purchase_expires_at).toBe(nextEnd * 1000);

      // The same event again (Stripe redelivers) changes nothing, even after the row was altered.
      await t.db.kysely.updateTable('billing_customers').set({ purchase_expires_at: nextEnd * 1000 - DAY }).execute();
      expect((await deliver(t, renewal)).json()).toEqual({ received: true, outcome: 'duplicate' });
      expect((await customerRow(t.db, custId)).purchase_expires_at).toBe(nextEnd * 1000 - DAY);
      const events = await t.db.kysely.selectFrom('billing_events').selectAll().execute();
      expect(events.map((e) => [e.event_id, e.type])).toEqual([['evt_renew', 'invoice.paid']]);

      // A bad signature: 400 and nothing recorded.
      const forged = stripeEvent('evt_forged', 'customer.subscription.deleted', { id: 'sub_123', object: 'subscription' });
      const wrongSecret = Stripe.webhooks.generateTestHeaderString({ payload: forged.payload, secret: 'whsec_not_ours' });
      const rejected = await deliver(t, { payload: forged.payload, signature: wrongSecret });
      expect(rejected.statusCode).toBe(400);
      expect(rejected.json()).toEqual({ error: 'Invalid Stripe signature' });
      const tampered = await deliver(t, { payload: forged.payload.replace('sub_123', 'sub_999'), signature: forged.signature });
      expect(tampered.statusCode).toBe(400);
      expect((await t.app.inject({ method: 'POST', url: '/api/stripe/webhook', payload: forged.payload, headers: { 'content-type': 'application/json' } })).statusCode).toBe(400);
      expect((await customerRow(t.db, custId)).renewing).toBe(1);

      // A failed renewal marks the subscription; the licence runs on to its expiry.
      const failure = await deliver(t, stripeEvent('evt_fail', 'invoice.payment_failed', invoice('in_3', 'sub_123', nextEnd + 30 * 86_400)));
      expect(failure.json()).toEqual({ received: true, outcome: 'payment_failed' });
      const sub = await t.db.kysely.selectFrom('billing_subscriptions').select('status').where('subscription_id', '=', 'sub_123').executeTakeFirstOrThrow();
      expect(sub.status).toBe('past_due');

      // Cancellation: renewing false, shown on the account.
      const cancelled = await deliver(t, stripeEvent('evt_cancel', 'customer.subscription.deleted', { id: 'sub_123', object: 'subscription', status: 'canceled' }));
      expect(cancelled.json()).toEqual({ received: true, outcome: 'cancelled' });
      const account = (await post(t, '/api/account', cookie, { cust_id: custId })).json();
      expect(account).toMatchObject({ code: 2, trial: { purchase: { renewing: false, api: 'stripe' } } });
      // Events of other kinds are acknowledged and ignored.
      expect((await deliver(t, stripeEvent('evt_other', 'customer.created', { id: 'cus_1', object: 'customer' }))).json()).toEqual({ received: true, outcome: 'ignored' });
    });
  });

  it('Stripe: an invoice.paid that arrives before checkout grants the purchase', () =>
    withApp(fresh, { env: STRIPE_ENV, provider: new StripePaymentProvider(fakeStripe([
      () => ({ body: { id: 'cus_7', object: 'customer' } }),
      () => ({ body: { id: 'sub_7', object: 'subscription', latest_invoice: { id: 'in_7', object: 'invoice', confirmation_secret: { client_secret: 'pi_7_secret' } } } }),
    ]).stripe, { productId: 'prod_standard' }) }, async (t) => {
      const { custId, cookie } = await t.signIn('seven@example.com');
      await post(t, '/api/get_key', cookie, getKey(custId, 'standard_annual'));
      const end = Math.floor(Date.parse('2027-11-21T12:00:00.000Z') / 1000);
      expect((await deliver(t, stripeEvent('evt_first', 'invoice.paid', invoice('in_7', 'sub_7', end)))).json()).toEqual({ received: true, outcome: 'purchased' });
      const row = await customerRow(t.db, custId);
      expect(row).toMatchObject({ sku: 'standard_annual', purchase_expires_at: end * 1000, renewing: 1, api: 'stripe', subscription_id: 'sub_7' });
      // An invoice of a subscription this server never started is acknowledged and ignored.
      expect((await deliver(t, stripeEvent('evt_stranger', 'invoice.paid', invoice('in_x', 'sub_unknown', end)))).json()).toEqual({ received: true, outcome: 'unknown_subscription' });
    }));

  it('Stripe: two simultaneous deliveries of one event apply it once; a Stripe card error at checkout is the failed message', () =>
    withApp(fresh, { env: STRIPE_ENV, provider: new StripePaymentProvider(fakeStripe([
      () => ({ body: { id: 'cus_8', object: 'customer' } }),
      () => ({ body: { id: 'sub_8', object: 'subscription', latest_invoice: { id: 'in_8', object: 'invoice', confirmation_secret: { client_secret: 'pi_8_secret' } } } }),
      () => ({ status: 402, body: { error: { type: 'card_error', code: 'card_declined', decline_code: 'lost_card', message: 'Your card was declined.' } } }),
    ]).stripe, { productId: 'prod_standard' }) }, async (t) => {
      const { custId, cookie } = await t.signIn('eight@example.com');
      await post(t, '/api/get_key', cookie, getKey(custId));
      const declined = await post(t, '/api/checkout_subscription', cookie, { type: 'stripe', sku: 'standard_monthly', cust_id: custId, subscription_id: 'sub_8', paymentIntent: 'pi_8' });
      expect(declined.statusCode).toBe(200);
      expect(checkReply('/api/checkout_subscription', checkoutResultSchema, declined.json())).toEqual({ result: 'failed', error: { message: 'Your card was declined.' }, test_mode: false });

      const end = Math.floor(Date.parse('2026-12-21T12:00:00.000Z') / 1000);
      const event = stripeEvent('evt_twice', 'invoice.paid', invoice('in_8', 'sub_8', end));
      const replies = await Promise.all([deliver(t, event), deliver(t, event)]);
      expect(replies.map((reply) => reply.json().outcome).sort()).toEqual(['duplicate', 'purchased']);
      expect((await customerRow(t.db, custId)).purchase_expires_at).toBe(end * 1000);
    }));

  it('refuses an oversized webhook body with 413', () =>
    withApp(fresh, { env: STRIPE_ENV }, async (t) => {
      const huge = stripeEvent('evt_huge', 'invoice.paid', { id: 'in_h', object: 'invoice', padding: 'x'.repeat(600 * 1024) });
      const reply = await deliver(t, huge);
      expect(reply.statusCode).toBe(413);
      expect(reply.json()).toEqual({ error: 'Request body too large', limit_bytes: 524288 });
    }));

  it('answers 503 on the webhook while STRIPE_WEBHOOK_SECRET is unset', () =>
    withApp(fresh, {}, async (t) => {
      const event = stripeEvent('evt_1', 'invoice.paid', invoice('in_1', 'sub_1', 1));
      expect((await deliver(t, event)).statusCode).toBe(503);
    }));
}

describe('billing routes on SQLite', () => {
  billingContract(freshSqlite);
});

describe('billing routes on PostgreSQL', { tags: ['postgres'] }, () => {
  it('has a server to test against', (context) => requireService(context, 'postgres', TEST_DATABASE_URL !== undefined, POSTGRES_SKIP_REASON));
  describe.skipIf(TEST_DATABASE_URL === undefined)('on TEST_DATABASE_URL', () => {
    billingContract(() => freshPostgres(TEST_DATABASE_URL ?? ''));
  });
});
