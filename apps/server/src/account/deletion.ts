import { sql } from 'kysely';
import type Stripe from 'stripe';
import { endCustomerSessions } from '../auth/index.js';
import { rowNumber, type Database } from '../db/index.js';
import { ACCOUNT_EXPORT_ATTEMPT } from './export.js';

/**
 * Cancels a customer's subscriptions with the payment provider before the account is deleted
 * (issue 26 point 7). Thrown errors stop the deletion: nothing is deleted while Stripe may still
 * charge the card.
 */
export interface SubscriptionCanceller {
  /** The provider these subscriptions belong to (billing's PaymentApi: 'stripe'). */
  readonly api: string;
  /** Cancels one subscription now; a subscription the provider no longer knows counts as cancelled. */
  cancel(subscriptionId: string): Promise<void>;
}

/** Cancels Stripe subscriptions at once (`DELETE /v1/subscriptions/{id}`), no proration or invoice. */
export function stripeCanceller(stripe: Stripe): SubscriptionCanceller {
  return {
    api: 'stripe',
    async cancel(subscriptionId) {
      try {
        await stripe.subscriptions.cancel(subscriptionId);
      } catch (error) {
        // Already gone at Stripe (deleted, or a test-mode clock reset): nothing left to charge.
        const code = (error as { code?: unknown }).code;
        const status = (error as { statusCode?: unknown }).statusCode;
        if (code === 'resource_missing' || status === 404) return;
        throw error;
      }
    },
  };
}

/** The auth_attempts key prefix of wrong passwords at account deletion (per customer). */
export const ACCOUNT_DELETE_ATTEMPT = 'account-delete:';

/** Subscription statuses that may still charge (billing_subscriptions.status). */
const LIVE_STATUSES: ReadonlySet<string> = new Set(['incomplete', 'active', 'past_due', 'trialing', 'unpaid']);

/** The provider's subscriptions of a customer that may still charge: billing_subscriptions and the purchase on billing_customers. */
export async function liveSubscriptionsOf(db: Database, custId: string, api: string): Promise<string[]> {
  // One read of the customer's subscriptions answers both which may charge and which are cancelled.
  const subscriptions = await db.kysely
    .selectFrom('billing_subscriptions')
    .select(['subscription_id', 'provider', 'status'])
    .where('cust_id', '=', custId)
    .execute();
  const purchase = await db.kysely
    .selectFrom('billing_customers')
    .select(['subscription_id', 'api'])
    .where('cust_id', '=', custId)
    .executeTakeFirst();
  const ids = new Set(subscriptions.filter((row) => row.provider === api && LIVE_STATUSES.has(row.status)).map((row) => row.subscription_id));
  const cancelled = new Set(subscriptions.filter((row) => row.status === 'canceled').map((row) => row.subscription_id));
  if (purchase?.api === api && purchase.subscription_id !== null && !cancelled.has(purchase.subscription_id)) ids.add(purchase.subscription_id);
  return [...ids];
}

/** How a customer's rows are found, per table; the deletion and its tests use the same list. */
export interface CustomerKeys {
  custId: string;
  /** The customer's e-mail, lower-cased (auth_users, auth_outbox, attempt keys). */
  email: string;
  /** The built-in identity provider's user id of that e-mail, when there is one. */
  userId: string | null;
}

/** `value` for a LIKE pattern with `\` as the escape character. */
function likeLiteral(value: string): string {
  return value.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/** The sessions ended and rows deleted by deleteCustomer. */
export interface CustomerDeletion {
  /** auth_sessions ids (hashes) that were signed in: their realtime sockets are closed. */
  endedSessions: string[];
  /** Rows deleted per table. */
  deleted: Record<string, number>;
}

/**
 * Every table and how a row of the customer is recognised (issue 26 point 7). Tables without
 * customer data: auth_pending_logins (state, nonce and PKCE verifier of a sign-in not yet tied to
 * anyone; purged when expired), auth_secrets, billing_events (Stripe event ids and types only),
 * help_token_uses (token ids and expiry only) and job_leases.
 */
export async function deleteCustomer(db: Database, keys: CustomerKeys): Promise<CustomerDeletion> {
  const { custId, email, userId } = keys;
  return db.kysely.transaction().execute(async (trx) => {
    const deleted: Record<string, number> = {};
    const count = (table: string, result: { numDeletedRows: bigint }) => {
      deleted[table] = (deleted[table] ?? 0) + rowNumber(result.numDeletedRows);
    };
    const endedSessions = await endCustomerSessions(trx, custId);
    deleted.auth_sessions = endedSessions.length;
    count('sync_records', await trx.deleteFrom('sync_records').where('cust_id', '=', custId).executeTakeFirst());
    count('sync_devices', await trx.deleteFrom('sync_devices').where('cust_id', '=', custId).executeTakeFirst());
    count('sync_usage', await trx.deleteFrom('sync_usage').where('cust_id', '=', custId).executeTakeFirst());
    count('client_logs', await trx.deleteFrom('client_logs').where('cust_id', '=', custId).executeTakeFirst());
    count('analytics_events', await trx.deleteFrom('analytics_events').where('cust_id', '=', custId).executeTakeFirst());
    count('billing_subscriptions', await trx.deleteFrom('billing_subscriptions').where('cust_id', '=', custId).executeTakeFirst());
    count('billing_customers', await trx.deleteFrom('billing_customers').where('cust_id', '=', custId).executeTakeFirst());
    count('flight_service_plans', await trx.deleteFrom('flight_service_plans').where('cust_id', '=', custId).executeTakeFirst());
    count('auth_identities', await trx.deleteFrom('auth_identities').where('cust_id', '=', custId).executeTakeFirst());
    count('auth_outbox', await trx.deleteFrom('auth_outbox').where('to_address', '=', email).executeTakeFirst());
    const attemptKeys = [`login-account:${email}`, `payment:${custId}`, `client_log:${custId}`, `${ACCOUNT_DELETE_ATTEMPT}${custId}`, `${ACCOUNT_EXPORT_ATTEMPT}${custId}`, `flight-service:${custId}` /* flightservice/routes.ts */];
    if (userId !== null) attemptKeys.push(`verify-resend:${userId}`, `account-notice:${userId}`);
    count(
      'auth_attempts',
      await trx
        .deleteFrom('auth_attempts')
        .where((eb) =>
          eb.or([
            eb('attempt_key', 'in', attemptKeys),
            eb('attempt_key', 'like', sql<string>`${`login:%:${likeLiteral(email)}`} escape '\\'`),
            // Analytics batches per device (telemetry/analyticsRoutes.ts analyticsAttemptKey).
            eb('attempt_key', 'like', sql<string>`${`analytics:${likeLiteral(custId)}:%`} escape '\\'`),
          ]),
        )
        .executeTakeFirst(),
    );
    if (userId !== null) {
      count('auth_email_tokens', await trx.deleteFrom('auth_email_tokens').where('user_id', '=', userId).executeTakeFirst());
      // The provider's sessions, grants and tokens of this user (their payload names the account id).
      const accountPattern = `%"accountId":"${likeLiteral(userId)}"%`;
      const grants = await trx
        .selectFrom('oidc_payloads')
        .select('grant_id')
        .where('payload', 'like', sql<string>`${accountPattern} escape '\\'`)
        .where('grant_id', 'is not', null)
        .execute();
      const grantIds = [...new Set(grants.map((row) => row.grant_id).filter((id): id is string => id !== null))];
      count(
        'oidc_payloads',
        await trx
          .deleteFrom('oidc_payloads')
          .where((eb) => {
            const accountRows = eb('payload', 'like', sql<string>`${accountPattern} escape '\\'`);
            return grantIds.length === 0 ? accountRows : eb.or([accountRows, eb('grant_id', 'in', grantIds)]);
          })
          .executeTakeFirst(),
      );
      count('auth_users', await trx.deleteFrom('auth_users').where('id', '=', userId).executeTakeFirst());
    }
    count('customers', await trx.deleteFrom('customers').where('cust_id', '=', custId).executeTakeFirst());
    return { endedSessions, deleted };
  });
}
