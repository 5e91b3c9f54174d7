import { describe, expect, it } from 'vitest';
import { BillingConfigError, loadBillingConfig } from './billingVariables.js';

describe('billing configuration', () => {
  it('defaults: 30-day trial, the built-in test provider, the built-in help centre, 10 payment calls a minute', () => {
    expect(loadBillingConfig({})).toEqual({ trialDays: 30, stripe: null, paymentRateLimitPerMinute: 10, zendesk: null, helpCentreSecret: null });
    // Blank values count as unset.
    expect(loadBillingConfig({ TRIAL_DAYS: '', STRIPE_SECRET_KEY: ' ' }).stripe).toBeNull();
  });

  it('reads Stripe and Zendesk settings', () => {
    const config = loadBillingConfig({
      TRIAL_DAYS: '14',
      STRIPE_SECRET_KEY: 'sk_test_abc',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_abc',
      STRIPE_WEBHOOK_SECRET: 'whsec_abc',
      STRIPE_PRODUCT_ID: 'prod_abc',
      PAYMENT_RATE_LIMIT: '5',
      ZENDESK_SHARED_SECRET: 'shh',
      ZENDESK_SUBDOMAIN: 'clearway',
    });
    expect(config).toEqual({
      trialDays: 14,
      stripe: { secretKey: 'sk_test_abc', publishableKey: 'pk_test_abc', webhookSecret: 'whsec_abc', productId: 'prod_abc' },
      paymentRateLimitPerMinute: 5,
      zendesk: { sharedSecret: 'shh', subdomain: 'clearway', keyId: null },
      helpCentreSecret: null,
    });
  });

  it('names the bad variable without echoing secrets', () => {
    expect(() => loadBillingConfig({ TRIAL_DAYS: '0' })).toThrow(/TRIAL_DAYS must be a whole number from 1 to 3650/);
    expect(() => loadBillingConfig({ STRIPE_SECRET_KEY: 'pk_live_oops' })).toThrow(BillingConfigError);
    expect(() => loadBillingConfig({ STRIPE_SECRET_KEY: 'pk_live_oops' })).not.toThrow(/oops/);
    expect(() => loadBillingConfig({ STRIPE_SECRET_KEY: 'sk_test_abc' })).toThrow(/STRIPE_PRODUCT_ID must be set/);
    expect(() => loadBillingConfig({ HELP_CENTRE_SECRET: 'short' })).toThrow(/HELP_CENTRE_SECRET must be at least 32 characters/);
  });
});
