import type { FastifyInstance, FastifyReply } from 'fastify';
import Stripe from 'stripe';
import { z } from 'zod';
import { DEFAULT_ENDPOINT_PATHS } from '@clearway/protocol';
import { AttemptCounter, requireSession, type SessionResolver } from '../auth/index.js';
import type { BillingConfig } from '../config/index.js';
import type { Database } from '../db/index.js';
import { installBodyErrors } from '../http/index.js';
import { CALL_BODY_LIMIT_BYTES, CALL_SIGNED_OUT_ERROR, callBodyErrors, customerBody } from './http.js';
import { applyPurchase } from './licence.js';
import { ensureLicence, findProviderCustomerId, findSubscription, honourPurchasesOf, insertSubscription, saveLicence, saveProviderCustomerId, setSubscriptionStatus } from './licenceStore.js';
import { CURRENCY, PLANS, SKUS } from './pricing.js';
import { createStripeClient, StripePaymentProvider } from './providers/stripeProvider.js';
import { TestPaymentProvider } from './providers/testProvider.js';
import type { PaymentProvider } from './providers/types.js';
import { handleStripeEvent } from './webhook.js';

/** Where Stripe delivers its webhook events (under the profile REST base): no browser sends it, so the cross-site guard (http/crossSite.ts) leaves it alone. */
export const STRIPE_WEBHOOK_PATH = `${DEFAULT_ENDPOINT_PATHS.profileRest.path}/stripe/webhook`;

/** Largest accepted webhook body, bytes (Stripe events with expanded objects run to tens of KiB). */
export const WEBHOOK_BODY_LIMIT_BYTES = 512 * 1024;

export interface BillingRoutesOptions {
  db: Database;
  sessions: SessionResolver;
  config: BillingConfig;
  /** The provider to use; by default Stripe when config.stripe is set, else the built-in test provider. */
  provider?: PaymentProvider;
  /** The profile REST base; default DEFAULT_ENDPOINT_PATHS.profileRest.path (/api). */
  basePath?: string;
  /** Clock, ms since the epoch (tests). */
  now?: () => number;
}

const custId = z.string().trim().min(1).max(128);
const sku = z.enum(SKUS);
/** The client sends type 'stripe' for the card provider (spec §7); 'test' names the built-in one. */
const providerType = z.enum(['stripe', 'test']);

export const getKeySchema = z.object({
  cust_id: custId,
  type: providerType,
  email: z.email().max(320),
  subscription_type: sku,
});

/** Stripe.js hands the client a PaymentIntent object; its id (or the bare id) is what counts. */
const paymentIntent = z.union([z.string().trim().min(1).max(255), z.looseObject({ id: z.string().trim().min(1).max(255) })]);

export const checkoutSchema = z
  .object({
    type: providerType,
    sku,
    cust_id: custId,
    email_id: z.string().max(320).optional(),
    subscription_id: z.string().trim().min(1).max(255),
    paymentIntent: paymentIntent.optional(),
    nonce: z.string().trim().min(1).max(4096).optional(),
  })
  .refine((body) => body.paymentIntent !== undefined || body.nonce !== undefined, {
    error: 'paymentIntent or nonce is required',
    path: ['paymentIntent'],
  });

/** The configured provider: Stripe when a secret key is set, else the built-in test provider. */
export function providerFor(config: BillingConfig): PaymentProvider {
  if (config.stripe === null) return new TestPaymentProvider();
  return new StripePaymentProvider(createStripeClient(config.stripe.secretKey), { productId: config.stripe.productId });
}

function failed(message: string) {
  return { result: 'failed' as const, error: { message } };
}

/**
 * Payment calls of spec part 1 §7: `POST {api}/get_key`, `POST {api}/checkout_subscription`
 * (rate limited per customer), and `POST {api}/stripe/webhook` for Stripe's renewal, failure and
 * cancellation events (signature checked over the raw body). Not registered in app.ts yet.
 */
export async function billingRoutes(app: FastifyInstance, options: BillingRoutesOptions): Promise<void> {
  const { db, sessions, config } = options;
  const base = options.basePath ?? DEFAULT_ENDPOINT_PATHS.profileRest.path;
  const now = options.now ?? Date.now;
  const provider = options.provider ?? providerFor(config);
  const attempts = new AttemptCounter(db);
  const paymentLimit = { max: config.paymentRateLimitPerMinute, windowMs: 60_000 };
  const testMode = provider.testMode;
  // Test purchases are not licences once real payments are configured (issue 26 point 11).
  honourPurchasesOf(db, testMode ? ['test', 'stripe'] : [provider.api]);

  installBodyErrors(app, callBodyErrors());
  // After the body is parsed (a malformed one still gets its 400), before the handler.
  const signedIn = requireSession(sessions, CALL_SIGNED_OUT_ERROR);

  /** Counts a payment call for the customer; answers 429 when over the limit. */
  async function limited(custIdValue: string, reply: FastifyReply): Promise<boolean> {
    // Counted in the database (auth_attempts), so every server process shares one allowance.
    const retryAfter = await attempts.take(`payment:${custIdValue}`, paymentLimit, now());
    if (retryAfter === 0) return false;
    void reply.code(429).header('retry-after', String(retryAfter)).send({ error: `Too many payment requests: try again in ${retryAfter} s` });
    return true;
  }

  app.post(`${base}/get_key`, { bodyLimit: CALL_BODY_LIMIT_BYTES, preHandler: signedIn }, async (request, reply) => {
    const call = await customerBody(getKeySchema, request, reply);
    if (call === null || (await limited(call.user.custId, reply))) return reply;
    const at = now();
    // The provider's customer gets the session's verified e-mail, not the body's.
    const state = await ensureLicence(db, call.user.custId, call.user.email, at);
    const current = state.purchase;
    if (current !== null && current.expiresAt > at && current.renewing && current.sku === call.body.subscription_type) {
      // Spec §6: a valid licence gets no purchase buttons; never start a second charge for the same plan.
      return reply.code(409).send({ error: `A ${PLANS[current.sku].label} subscription is already active`, test_mode: testMode });
    }
    const providerCustomerId = await findProviderCustomerId(db.kysely, state.custId);
    const started = await provider.startSubscription({ custId: state.custId, email: state.email, sku: call.body.subscription_type, providerCustomerId });
    if (started.providerCustomerId !== null && started.providerCustomerId !== providerCustomerId) {
      await saveProviderCustomerId(db.kysely, state.custId, started.providerCustomerId, at);
    }
    await insertSubscription(db.kysely, { subscriptionId: started.subscriptionId, custId: state.custId, provider: provider.api, sku: call.body.subscription_type, status: 'incomplete' }, at);
    const plan = PLANS[call.body.subscription_type];
    return {
      client_token: started.clientToken,
      subscription_id: started.subscriptionId,
      subscription_type: call.body.subscription_type,
      api: provider.api,
      test_mode: testMode,
      publishable_key: config.stripe?.publishableKey ?? null,
      amount_cents: plan.amountCents,
      currency: CURRENCY,
    };
  });

  app.post(`${base}/checkout_subscription`, { bodyLimit: CALL_BODY_LIMIT_BYTES, preHandler: signedIn }, async (request, reply) => {
    const call = await customerBody(checkoutSchema, request, reply);
    if (call === null || (await limited(call.user.custId, reply))) return reply;
    const { body, user } = call;
    const record = await findSubscription(db.kysely, body.subscription_id);
    if (record === null) return reply.code(404).send({ ...failed('Unknown subscription.'), test_mode: testMode });
    if (record.custId !== user.custId) return reply.code(403).send({ ...failed('This subscription belongs to another customer.'), test_mode: testMode });
    if (record.provider !== provider.api) return reply.code(409).send({ ...failed(`This subscription was started with the ${record.provider} provider.`), test_mode: testMode });
    if (record.status === 'canceled') return reply.code(409).send({ ...failed('This subscription was cancelled.'), test_mode: testMode });
    if (record.sku !== body.sku) return reply.code(409).send({ ...failed(`This subscription is for ${record.sku}, not ${body.sku}.`), test_mode: testMode });

    const at = now();
    const state = await ensureLicence(db, user.custId, user.email, at);
    if (record.status === 'active' && state.purchase?.subscriptionId === record.subscriptionId) {
      // A repeated checkout of a completed purchase: nothing more to charge.
      return { result: 'success', test_mode: testMode, purchase: purchaseReply(state.purchase) };
    }
    const paymentIntentId = body.paymentIntent === undefined ? null : typeof body.paymentIntent === 'string' ? body.paymentIntent : body.paymentIntent.id;
    let confirmed;
    try {
      const providerCustomerId = await findProviderCustomerId(db.kysely, user.custId);
      confirmed = await provider.confirmSubscription({ custId: user.custId, sku: body.sku, subscriptionId: body.subscription_id, paymentIntentId, nonce: body.nonce ?? null, providerCustomerId, now: at });
    } catch (error) {
      if (error instanceof Stripe.errors.StripeError) {
        request.log.warn({ err: error }, 'payment provider refused checkout');
        return reply.code(error instanceof Stripe.errors.StripeCardError || error instanceof Stripe.errors.StripeInvalidRequestError ? 200 : 502)
          .send({ ...failed(error.message), test_mode: testMode });
      }
      throw error;
    }
    if (!confirmed.ok) return { ...failed(confirmed.message), test_mode: testMode };
    const updated = applyPurchase(state, { sku: body.sku, expiresAt: confirmed.expiresAt, renewing: confirmed.renewing, api: provider.api, subscriptionId: record.subscriptionId }, at);
    await db.kysely.transaction().execute(async (trx) => {
      await saveLicence(trx, updated, at);
      await setSubscriptionStatus(trx, record.subscriptionId, 'active', at);
    });
    return { result: 'success', test_mode: testMode, purchase: updated.purchase === null ? null : purchaseReply(updated.purchase) };
  });

  // Stripe signs the exact bytes it sent: this scope keeps JSON bodies raw for the check.
  await app.register(async (scope) => {
    installBodyErrors(scope, callBodyErrors(WEBHOOK_BODY_LIMIT_BYTES));
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    scope.post(`${base}/stripe/webhook`, { bodyLimit: WEBHOOK_BODY_LIMIT_BYTES }, async (request, reply) => {
      const secret = config.stripe?.webhookSecret ?? null;
      if (secret === null) return reply.code(503).send({ error: 'Stripe webhooks are not configured (STRIPE_WEBHOOK_SECRET)' });
      const signature = request.headers['stripe-signature'];
      if (typeof signature !== 'string' || !Buffer.isBuffer(request.body)) return reply.code(400).send({ error: 'Missing Stripe-Signature header or body' });
      let event: Stripe.Event;
      try {
        event = Stripe.webhooks.constructEvent(request.body, signature, secret);
      } catch (error) {
        request.log.warn({ err: error }, 'stripe webhook signature rejected');
        return reply.code(400).send({ error: 'Invalid Stripe signature' });
      }
      const outcome = await handleStripeEvent(db.kysely, event, now());
      request.log.info({ event_id: event.id, type: event.type, outcome }, 'stripe webhook');
      return { received: true, outcome };
    });
  });
}

function purchaseReply(purchase: { sku: string; expiresAt: number; renewing: boolean; api: string }) {
  return { sku: purchase.sku, expires: new Date(purchase.expiresAt).toISOString(), renewing: purchase.renewing, api: purchase.api };
}
