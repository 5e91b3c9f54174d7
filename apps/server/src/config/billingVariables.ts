import { z } from 'zod';

/** Trial length when TRIAL_DAYS is unset, days (issue 7: "default 30 days"). */
export const DEFAULT_TRIAL_DAYS = 30;

/** Settings of licences, payments and the help centre, read from the environment. */
export interface BillingConfig {
  trialDays: number;
  /** Set when STRIPE_SECRET_KEY is: payments go through Stripe; otherwise the built-in test provider. */
  stripe: { secretKey: string; publishableKey: string | null; webhookSecret: string | null; productId: string } | null;
  /** Payment requests (get_key, checkout_subscription) allowed per customer per minute. */
  paymentRateLimitPerMinute: number;
  /** Zendesk JWT single sign-on when ZENDESK_SHARED_SECRET is set; otherwise the built-in help centre. */
  zendesk: { sharedSecret: string; subdomain: string | null; keyId: string | null } | null;
  /** Signs the built-in help centre's tokens; null means a random key per process. */
  helpCentreSecret: string | null;
}

export class BillingConfigError extends Error {
  override readonly name = 'BillingConfigError';
}

const blankIsUnset = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);
const optionalText = z.preprocess(blankIsUnset, z.string().trim().optional());
const positiveInt = (max: number) =>
  z.preprocess(blankIsUnset, z.string().trim().regex(/^\d+$/, { error: `must be a whole number from 1 to ${max}` }).transform(Number)
    .refine((value) => value >= 1 && value <= max, { error: `must be a whole number from 1 to ${max}` }).optional());

const variables = z.object({
  TRIAL_DAYS: positiveInt(3650),
  STRIPE_SECRET_KEY: z.preprocess(blankIsUnset, z.string().trim().regex(/^(sk|rk)_(test|live)_\w+$/, { error: 'must be a Stripe secret key (sk_test_..., sk_live_... or rk_...)' }).optional()),
  STRIPE_PUBLISHABLE_KEY: z.preprocess(blankIsUnset, z.string().trim().regex(/^pk_(test|live)_\w+$/, { error: 'must be a Stripe publishable key (pk_test_... or pk_live_...)' }).optional()),
  STRIPE_WEBHOOK_SECRET: z.preprocess(blankIsUnset, z.string().trim().regex(/^whsec_\w+$/, { error: 'must be a Stripe webhook signing secret (whsec_...)' }).optional()),
  STRIPE_PRODUCT_ID: z.preprocess(blankIsUnset, z.string().trim().regex(/^prod_\w+$/, { error: 'must be a Stripe product id (prod_...)' }).optional()),
  PAYMENT_RATE_LIMIT: positiveInt(10_000),
  ZENDESK_SHARED_SECRET: optionalText,
  ZENDESK_SUBDOMAIN: z.preprocess(blankIsUnset, z.string().trim().regex(/^[a-z0-9][a-z0-9-]*$/i, { error: 'must be the Zendesk subdomain, e.g. clearway for clearway.zendesk.com' }).optional()),
  ZENDESK_KEY_ID: optionalText,
  HELP_CENTRE_SECRET: z.preprocess(blankIsUnset, z.string().min(32, { error: 'must be at least 32 characters' }).optional()),
});

/** Reads the billing variables (see the Billing section of the server README). Secrets are never echoed. */
export function loadBillingConfig(env: Record<string, string | undefined>): BillingConfig {
  const parsed = variables.safeParse(env);
  if (!parsed.success) {
    throw new BillingConfigError(parsed.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`).join('; '));
  }
  const v = parsed.data;
  if (v.STRIPE_SECRET_KEY !== undefined && v.STRIPE_PRODUCT_ID === undefined) {
    throw new BillingConfigError('STRIPE_PRODUCT_ID must be set when STRIPE_SECRET_KEY is (the product the subscription prices belong to)');
  }
  return {
    trialDays: v.TRIAL_DAYS ?? DEFAULT_TRIAL_DAYS,
    stripe: v.STRIPE_SECRET_KEY === undefined
      ? null
      : { secretKey: v.STRIPE_SECRET_KEY, publishableKey: v.STRIPE_PUBLISHABLE_KEY ?? null, webhookSecret: v.STRIPE_WEBHOOK_SECRET ?? null, productId: v.STRIPE_PRODUCT_ID ?? '' },
    paymentRateLimitPerMinute: v.PAYMENT_RATE_LIMIT ?? 10,
    zendesk: v.ZENDESK_SHARED_SECRET === undefined
      ? null
      : { sharedSecret: v.ZENDESK_SHARED_SECRET, subdomain: v.ZENDESK_SUBDOMAIN ?? null, keyId: v.ZENDESK_KEY_ID ?? null },
    helpCentreSecret: v.HELP_CENTRE_SECRET ?? null,
  };
}
