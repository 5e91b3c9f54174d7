import type { Kysely } from 'kysely';
import type Stripe from 'stripe';
import { rowNumber, type DatabaseSchema } from '../db/index.js';
import { applyCancellation, applyPurchase, applyRenewal } from './licence.js';
import { findLicence, findSubscription, saveLicence, setSubscriptionStatus } from './licenceStore.js';

/** What handling one event did, for the reply and the log. */
export type WebhookOutcome = 'duplicate' | 'renewed' | 'purchased' | 'payment_failed' | 'cancelled' | 'unknown_subscription' | 'ignored';

function idOf(value: string | { id: string } | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  return typeof value === 'string' ? value : value.id;
}

function invoiceSubscriptionId(invoice: Stripe.Invoice): string | null {
  return idOf(invoice.parent?.subscription_details?.subscription);
}

/** The end of the period an invoice pays for, ms: the latest line period end. */
function invoicePeriodEnd(invoice: Stripe.Invoice): number | null {
  const ends = (invoice.lines?.data ?? []).map((line) => line.period.end);
  return ends.length === 0 ? null : Math.max(...ends) * 1000;
}

/**
 * Applies one verified Stripe event exactly once: the event id goes into billing_events in the same
 * transaction as its effect, so a replayed (or concurrently redelivered) event changes nothing.
 * invoice.paid extends (or, when it beats checkout, grants) the purchase; invoice.payment_failed
 * marks the subscription past_due (the licence runs to its expiry); customer.subscription.deleted
 * stops renewal.
 */
export async function handleStripeEvent(db: Kysely<DatabaseSchema>, event: Stripe.Event, now: number): Promise<WebhookOutcome> {
  return db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('billing_events')
      .values({ event_id: event.id, type: event.type, received_at: now })
      .onConflict((conflict) => conflict.column('event_id').doNothing())
      .executeTakeFirst();
    if (rowNumber(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return 'duplicate';

    switch (event.type) {
      case 'invoice.paid': {
        const invoice = event.data.object;
        const subscriptionId = invoiceSubscriptionId(invoice);
        const periodEnd = invoicePeriodEnd(invoice);
        const record = subscriptionId === null ? null : await findSubscription(trx, subscriptionId);
        if (record === null || subscriptionId === null || periodEnd === null) return 'unknown_subscription';
        const state = await findLicence(trx, record.custId);
        if (state === null) return 'unknown_subscription';
        await setSubscriptionStatus(trx, subscriptionId, 'active', now);
        if (state.purchase?.subscriptionId === subscriptionId) {
          await saveLicence(trx, applyRenewal(state, subscriptionId, periodEnd), now);
          return 'renewed';
        }
        await saveLicence(trx, applyPurchase(state, { sku: record.sku, expiresAt: periodEnd, renewing: true, api: 'stripe', subscriptionId }, now), now);
        return 'purchased';
      }
      case 'invoice.payment_failed': {
        const subscriptionId = invoiceSubscriptionId(event.data.object);
        const record = subscriptionId === null ? null : await findSubscription(trx, subscriptionId);
        if (record === null || subscriptionId === null) return 'unknown_subscription';
        await setSubscriptionStatus(trx, subscriptionId, 'past_due', now);
        return 'payment_failed';
      }
      case 'customer.subscription.deleted': {
        const subscriptionId = event.data.object.id;
        const record = await findSubscription(trx, subscriptionId);
        if (record === null) return 'unknown_subscription';
        await setSubscriptionStatus(trx, subscriptionId, 'canceled', now);
        const state = await findLicence(trx, record.custId);
        if (state !== null) await saveLicence(trx, applyCancellation(state, subscriptionId), now);
        return 'cancelled';
      }
      default:
        return 'ignored';
    }
  });
}
