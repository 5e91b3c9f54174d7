// The purchase calls read the server's replies with the protocol's schemas.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeAccountServer, TEST_USER } from '../../test/account';
import { checkoutWithCard, getKey } from './billingClient';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('billing client', () => {
  it('reads get_key and both checkout results of the fake server', async () => {
    vi.stubGlobal('fetch', fakeAccountServer(TEST_USER, 1).fetch);
    const key = await getKey(TEST_USER.cust_id, TEST_USER.email, 'standard_annual');
    expect(key).toMatchObject({ subscription_type: 'standard_annual', amount_cents: 14495, currency: 'usd', publishable_key: null });
    const args = { custId: TEST_USER.cust_id, email: TEST_USER.email, sku: 'standard_annual' as const, subscriptionId: key.subscription_id };
    expect(await checkoutWithCard({ ...args, cardNumber: '4000 0000 0000 0002' })).toEqual({ result: 'failed', error: { message: 'Your card was declined.' }, test_mode: true });
    const success = await checkoutWithCard({ ...args, cardNumber: '4242 4242 4242 4242' });
    expect(success.result === 'success' && success.purchase.sku).toBe('standard_annual');
  });

  it('a get_key reply with the amount as text: the error names /api/get_key and amount_cents', async () => {
    const body = { client_token: 't', subscription_id: 's', subscription_type: 'standard_monthly', api: 'test', test_mode: true, publishable_key: null, amount_cents: '14.95', currency: 'usd' };
    vi.stubGlobal('fetch', vi.fn(async () => Response.json(body)));
    await expect(getKey(TEST_USER.cust_id, TEST_USER.email, 'standard_monthly')).rejects.toThrow(/^\/api\/get_key answered a body that is not valid: amount_cents: /);
  });

  it('a checkout reply with an unknown result: the error names /api/checkout_subscription and result', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Response.json({ result: 'pending', test_mode: true })));
    await expect(checkoutWithCard({ custId: 'c', email: 'e@example.com', sku: 'standard_monthly', subscriptionId: 's', cardNumber: '4242' })).rejects.toThrow(
      /^\/api\/checkout_subscription answered a body that is not valid: result: /,
    );
  });
});
