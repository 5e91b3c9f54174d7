import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { fakeStripe } from '../../testing/fakeStripe.js';
import { createStripeClient, StripePaymentProvider } from './stripeProvider.js';
import { luhnValid, TEST_CARD_MESSAGES, TestPaymentProvider, testCardOutcome } from './testProvider.js';

const NOW = Date.parse('2026-11-21T12:00:00.000Z');
const PERIOD_END = Math.floor(Date.parse('2026-12-21T12:00:00.000Z') / 1000);

describe('built-in test payment provider', () => {
  it('accepts the usual success cards, with spaces, and declines with provider-style messages', async () => {
    expect(testCardOutcome('4242 4242 4242 4242')).toEqual({ ok: true });
    expect(testCardOutcome('5555555555554444')).toEqual({ ok: true });
    expect(testCardOutcome('378282246310005')).toEqual({ ok: true });
    expect(testCardOutcome('4000000000000002')).toEqual({ ok: false, message: 'Your card was declined.' });
    expect(testCardOutcome('4000000000009995')).toEqual({ ok: false, message: 'Your card has insufficient funds.' });
    expect(testCardOutcome('4000000000000069')).toEqual({ ok: false, message: 'Your card has expired.' });
    expect(testCardOutcome('4000000000000127')).toEqual({ ok: false, message: "Your card's security code is incorrect." });
    expect(testCardOutcome('4242424242424241')).toEqual({ ok: false, message: 'Your card number is incorrect.' });
    // A real-looking card that is not a test card is refused in test mode.
    expect(luhnValid('4111111111111111')).toBe(true);
    expect(testCardOutcome('4111111111111111')).toEqual({ ok: false, message: TEST_CARD_MESSAGES.liveCard });
    expect(testCardOutcome(null)).toEqual({ ok: false, message: TEST_CARD_MESSAGES.missingCard });
  });

  it('starts test subscriptions and grants one period on success', async () => {
    const provider = new TestPaymentProvider();
    expect(provider.testMode).toBe(true);
    const started = await provider.startSubscription({ custId: 'c', email: 'e@x.org', sku: 'standard_annual', providerCustomerId: null });
    expect(started.subscriptionId).toMatch(/^test_sub_[0-9a-f]{24}$/);
    expect(started.clientToken).toMatch(/^test_secret_/);
    const ok = await provider.confirmSubscription({ custId: 'c', sku: 'standard_annual', subscriptionId: started.subscriptionId, paymentIntentId: null, nonce: '4242424242424242', now: NOW });
    expect(ok).toEqual({ ok: true, expiresAt: Date.parse('2027-11-21T12:00:00.000Z'), renewing: true });
  });
});

const subscriptionReply = (overrides: object = {}) => ({
  id: 'sub_123',
  object: 'subscription',
  customer: 'cus_9',
  status: 'active',
  cancel_at_period_end: false,
  metadata: { cust_id: 'cust_1', sku: 'standard_monthly' },
  items: { object: 'list', data: [{ id: 'si_1', object: 'subscription_item', current_period_end: PERIOD_END }] },
  latest_invoice: { id: 'in_1', object: 'invoice', payments: { object: 'list', data: [{ id: 'inpay_1', payment: { type: 'payment_intent', payment_intent: 'pi_123' } }] } },
  ...overrides,
});

describe('Stripe payment provider (recorded request shapes, fake fetch)', () => {
  it('creates the customer and an incomplete subscription at 1495 cents a month and returns the client secret', async () => {
    const { stripe, requests } = fakeStripe([
      () => ({ body: { id: 'cus_9', object: 'customer' } }),
      () => ({ body: { id: 'sub_123', object: 'subscription', status: 'incomplete', latest_invoice: { id: 'in_1', object: 'invoice', confirmation_secret: { client_secret: 'pi_123_secret_abc', type: 'payment_intent' } } } }),
    ]);
    const provider = new StripePaymentProvider(stripe, { productId: 'prod_standard' });
    const started = await provider.startSubscription({ custId: 'cust_1', email: 'pilot@example.com', sku: 'standard_monthly', providerCustomerId: null });
    expect(started).toEqual({ subscriptionId: 'sub_123', clientToken: 'pi_123_secret_abc', providerCustomerId: 'cus_9' });
    expect(requests).toEqual([
      { method: 'POST', path: '/v1/customers', params: { email: 'pilot@example.com', 'metadata[cust_id]': 'cust_1' } },
      {
        method: 'POST',
        path: '/v1/subscriptions',
        params: {
          customer: 'cus_9',
          'items[0][price_data][currency]': 'usd',
          'items[0][price_data][product]': 'prod_standard',
          'items[0][price_data][unit_amount]': '1495',
          'items[0][price_data][recurring][interval]': 'month',
          payment_behavior: 'default_incomplete',
          'payment_settings[save_default_payment_method]': 'on_subscription',
          'payment_settings[payment_method_types][0]': 'card',
          'metadata[cust_id]': 'cust_1',
          'metadata[sku]': 'standard_monthly',
          'expand[0]': 'latest_invoice.confirmation_secret',
        },
      },
    ]);
  });

  it('reuses a known customer and charges 14495 cents a year for annual', async () => {
    const { stripe, requests } = fakeStripe([
      () => ({ body: { id: 'sub_9', object: 'subscription', latest_invoice: { id: 'in_9', object: 'invoice', confirmation_secret: { client_secret: 'pi_9_secret' } } } }),
    ]);
    const provider = new StripePaymentProvider(stripe, { productId: 'prod_standard' });
    await provider.startSubscription({ custId: 'cust_1', email: 'pilot@example.com', sku: 'standard_annual', providerCustomerId: 'cus_9' });
    expect(requests).toHaveLength(1);
    expect(requests[0]?.params).toMatchObject({ customer: 'cus_9', 'items[0][price_data][unit_amount]': '14495', 'items[0][price_data][recurring][interval]': 'year' });
  });

  it('grants the licence to the period end after checking the subscription and the PaymentIntent', async () => {
    const { stripe, requests } = fakeStripe([
      () => ({ body: subscriptionReply() }),
      () => ({ body: { id: 'pi_123', object: 'payment_intent', customer: 'cus_9', status: 'succeeded', amount: 1495, currency: 'usd' } }),
    ]);
    const provider = new StripePaymentProvider(stripe, { productId: 'prod_standard' });
    const result = await provider.confirmSubscription({ custId: 'cust_1', sku: 'standard_monthly', subscriptionId: 'sub_123', paymentIntentId: 'pi_123', nonce: null, now: NOW });
    expect(result).toEqual({ ok: true, expiresAt: PERIOD_END * 1000, renewing: true });
    expect(requests).toEqual([
      { method: 'GET', path: '/v1/subscriptions/sub_123', params: { 'expand[0]': 'latest_invoice.payments' } },
      { method: 'GET', path: '/v1/payment_intents/pi_123', params: {} },
    ]);
  });

  it('returns Stripe\'s own decline message, and refuses a PaymentIntent of another invoice or customer', async () => {
    const declined = fakeStripe([
      () => ({ body: subscriptionReply({ status: 'incomplete' }) }),
      () => ({ body: { id: 'pi_123', object: 'payment_intent', customer: 'cus_9', status: 'requires_payment_method', amount: 1495, currency: 'usd', last_payment_error: { message: 'Your card has insufficient funds.' } } }),
    ]);
    const provider = new StripePaymentProvider(declined.stripe, { productId: 'prod_standard' });
    const input = { custId: 'cust_1', sku: 'standard_monthly' as const, subscriptionId: 'sub_123', paymentIntentId: 'pi_123', nonce: null, now: NOW };
    expect(await provider.confirmSubscription(input)).toEqual({ ok: false, message: 'Your card has insufficient funds.' });

    const other = fakeStripe([() => ({ body: subscriptionReply() })]);
    const otherProvider = new StripePaymentProvider(other.stripe, { productId: 'prod_standard' });
    expect(await otherProvider.confirmSubscription({ ...input, paymentIntentId: 'pi_999' })).toEqual({ ok: false, message: 'The payment does not belong to this subscription.' });

    const stranger = fakeStripe([() => ({ body: subscriptionReply({ metadata: { cust_id: 'cust_2' } }) })]);
    const strangerProvider = new StripePaymentProvider(stranger.stripe, { productId: 'prod_standard' });
    expect(await strangerProvider.confirmSubscription(input)).toEqual({ ok: false, message: 'This subscription belongs to another customer.' });
  });

  it('surfaces Stripe API errors as Stripe errors', async () => {
    const { stripe } = fakeStripe([
      () => ({ status: 402, body: { error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' } } }),
    ]);
    const provider = new StripePaymentProvider(stripe, { productId: 'prod_standard' });
    const failure = provider.startSubscription({ custId: 'cust_1', email: 'pilot@example.com', sku: 'standard_monthly', providerCustomerId: 'cus_9' });
    await expect(failure).rejects.toBeInstanceOf(Stripe.errors.StripeCardError);
    await expect(failure).rejects.toThrow('Your card was declined.');
  });

  it('makes a real client for a key', () => {
    expect(createStripeClient('sk_test_abc')).toBeInstanceOf(Stripe);
  });
});
