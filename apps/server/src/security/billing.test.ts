// Issue 26 points 20 (Stripe checkout checks the PaymentIntent's customer and invoice) and 11 (test
// licences do not count once Stripe is configured), as attacks on the real app (buildApp, SQLite,
// database sessions); only Stripe's HTTP is faked (fakeStripe).
import { describe, expect, it } from 'vitest';
import { StripePaymentProvider } from '../billing/index.js';
import type { Database } from '../db/index.js';
import { buildBillingTestApp, freshSqlite, type BillingTestApp } from '../testing/billingTestKit.js';
import { fakeStripe, type RecordedStripeRequest } from '../testing/fakeStripe.js';

const STRIPE_ENV = { STRIPE_SECRET_KEY: 'sk_test_clearway', STRIPE_PRODUCT_ID: 'prod_standard' };
const PERIOD_END = Math.floor(Date.parse('2026-12-21T12:00:00.000Z') / 1000);

function post(t: BillingTestApp, url: string, cookie: string, payload: object) {
  return t.app.inject({ method: 'POST', url, payload, headers: { cookie, 'content-type': 'application/json' } });
}

async function purchaseOf(db: Database, custId: string) {
  return db.kysely.selectFrom('billing_customers').select(['sku', 'api']).where('cust_id', '=', custId).executeTakeFirst();
}

/** What the fake Stripe account holds for one checkout attempt. */
interface StripeWorld {
  /** The subscription's latest invoice lists its payments (expanded), or not. */
  invoiceListsPayments: boolean;
  /** The invoice the PaymentIntent paid, per GET /v1/invoice_payments. */
  intentPaidInvoice: string | null;
  /** The PaymentIntent's customer. */
  intentCustomer: string;
}

/** A Stripe stand-in answering by path: customer cus_A, subscription sub_A with invoice in_A, the client's PaymentIntent pi_X (succeeded, the plan's amount). */
function stripeFor(world: StripeWorld, custIdOf: () => string) {
  const reply = (request: RecordedStripeRequest) => {
    if (request.method === 'POST' && request.path === '/v1/customers') return { body: { id: 'cus_A', object: 'customer' } };
    if (request.method === 'POST' && request.path === '/v1/subscriptions') {
      return { body: { id: 'sub_A', object: 'subscription', status: 'incomplete', customer: 'cus_A', latest_invoice: { id: 'in_A', object: 'invoice', confirmation_secret: { client_secret: 'pi_A_secret' } } } };
    }
    if (request.path === '/v1/subscriptions/sub_A') {
      const payments = world.invoiceListsPayments ? { payments: { object: 'list', data: [{ id: 'inpay_1', payment: { type: 'payment_intent', payment_intent: 'pi_A' } }] } } : {};
      return { body: { id: 'sub_A', object: 'subscription', customer: 'cus_A', status: 'active', cancel_at_period_end: false, metadata: { cust_id: custIdOf(), sku: 'standard_monthly' }, items: { object: 'list', data: [{ id: 'si_1', current_period_end: PERIOD_END }] }, latest_invoice: { id: 'in_A', object: 'invoice', ...payments } } };
    }
    if (request.path === '/v1/invoice_payments') {
      const paid = world.intentPaidInvoice === request.params['invoice'] && request.params['payment[payment_intent]'] === 'pi_X';
      return { body: { object: 'list', data: paid ? [{ id: 'inpay_X', object: 'invoice_payment', invoice: world.intentPaidInvoice, payment: { type: 'payment_intent', payment_intent: 'pi_X' } }] : [] } };
    }
    if (request.path === '/v1/payment_intents/pi_X') {
      return { body: { id: 'pi_X', object: 'payment_intent', customer: world.intentCustomer, status: 'succeeded', amount: 1495, currency: 'usd' } };
    }
    return { status: 404, body: { error: { type: 'invalid_request_error', message: `No such resource: ${request.path}` } } };
  };
  return fakeStripe(Array.from({ length: 10 }, () => reply));
}

async function checkoutWith(world: StripeWorld): Promise<{ status: number; body: { result: string; error?: { message: string } }; licensed: boolean; paths: string[] }> {
  const { db, dispose } = await freshSqlite();
  const signedIn = { custId: '' };
  const { stripe, requests } = stripeFor(world, () => signedIn.custId);
  const t = await buildBillingTestApp(db, { env: STRIPE_ENV, provider: new StripePaymentProvider(stripe, { productId: 'prod_standard' }) });
  try {
    const { custId, cookie } = await t.signIn('pilot@example.com');
    signedIn.custId = custId;
    const key = await post(t, '/api/get_key', cookie, { cust_id: custId, type: 'stripe', email: 'pilot@example.com', subscription_type: 'standard_monthly' });
    expect(key.statusCode).toBe(200);
    const reply = await post(t, '/api/checkout_subscription', cookie, { type: 'stripe', sku: 'standard_monthly', cust_id: custId, subscription_id: 'sub_A', paymentIntent: 'pi_X' });
    return { status: reply.statusCode, body: reply.json(), licensed: (await purchaseOf(db, custId))?.sku === 'standard_monthly', paths: requests.map((r) => `${r.method} ${r.path}`) };
  } finally {
    await t.app.close();
    await dispose();
  }
}

describe('point 20: Stripe checkout accepts a PaymentIntent only for the subscription\'s customer and invoice', () => {
  it('POST /api/checkout_subscription with another customer\'s succeeded PaymentIntent (invoice payments unreadable) -> 200 failed, no licence', async () => {
    const outcome = await checkoutWith({ invoiceListsPayments: false, intentPaidInvoice: 'in_OTHER', intentCustomer: 'cus_OTHER' });
    expect(outcome.status).toBe(200);
    expect(outcome.body).toMatchObject({ result: 'failed', error: { message: 'The payment does not belong to this subscription.' } });
    expect(outcome.licensed).toBe(false);
  });

  it('POST /api/checkout_subscription with the customer\'s own PaymentIntent for another invoice (payments unreadable) -> 200 failed, no licence', async () => {
    const outcome = await checkoutWith({ invoiceListsPayments: false, intentPaidInvoice: 'in_OTHER', intentCustomer: 'cus_A' });
    expect(outcome.body).toMatchObject({ result: 'failed', error: { message: 'The payment does not belong to this subscription.' } });
    expect(outcome.licensed).toBe(false);
  });

  it('POST /api/checkout_subscription with a PaymentIntent Stripe lists for the invoice but of another customer -> 200 failed, no licence', async () => {
    const outcome = await checkoutWith({ invoiceListsPayments: false, intentPaidInvoice: 'in_A', intentCustomer: 'cus_OTHER' });
    expect(outcome.body).toMatchObject({ result: 'failed', error: { message: 'The payment belongs to another customer.' } });
    expect(outcome.licensed).toBe(false);
  });

  it('POST /api/checkout_subscription with the invoice\'s own PaymentIntent (payments unreadable, Stripe lists it) -> 200 success, licensed', async () => {
    const outcome = await checkoutWith({ invoiceListsPayments: false, intentPaidInvoice: 'in_A', intentCustomer: 'cus_A' });
    expect(outcome.body).toMatchObject({ result: 'success' });
    expect(outcome.licensed).toBe(true);
    expect(outcome.paths).toContain('GET /v1/invoice_payments');
  });
});

describe('point 11: licences the test provider granted do not count once Stripe is configured', () => {
  it('POST /api/account after a test-card purchase, the server now on Stripe -> 200 with code 0 and no purchase', async () => {
    const { db, dispose } = await freshSqlite();
    try {
      // The server first ran on the built-in test provider: a test card bought Standard Monthly.
      const onTest = await buildBillingTestApp(db);
      const { custId, cookie } = await onTest.signIn('pilot@example.com');
      const key = (await post(onTest, '/api/get_key', cookie, { cust_id: custId, type: 'stripe', email: 'pilot@example.com', subscription_type: 'standard_monthly' })).json<{ subscription_id: string }>();
      const paid = await post(onTest, '/api/checkout_subscription', cookie, { type: 'stripe', sku: 'standard_monthly', cust_id: custId, subscription_id: key.subscription_id, nonce: '4242424242424242' });
      expect(paid.json()).toMatchObject({ result: 'success' });
      expect((await post(onTest, '/api/account', cookie, { cust_id: custId })).json<{ code: number }>().code).toBe(2);
      await onTest.app.close();

      // The same database behind a server configured for Stripe.
      const onStripe = await buildBillingTestApp(db, { env: STRIPE_ENV, provider: new StripePaymentProvider(fakeStripe([]).stripe, { productId: 'prod_standard' }) });
      try {
        const profile = await post(onStripe, '/api/account', cookie, { cust_id: custId });
        expect(profile.statusCode).toBe(200);
        expect(profile.json()).toMatchObject({ code: 0, trial: { purchase: null }, test_mode: false });
        // The stored row is kept (nothing lost), only not honoured.
        expect(await purchaseOf(db, custId)).toEqual({ sku: 'standard_monthly', api: 'test' });
      } finally {
        await onStripe.app.close();
      }
    } finally {
      await dispose();
    }
  });
});
