import { randomUUID } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import { rowNumberOrNull, type BillingCustomersTable, type Database, type DatabaseSchema } from '../db/index.js';
import { LICENCE_CODE, licenceCode, type LicenceState, type PaymentApi } from './licence.js';
import type { Sku } from './pricing.js';

type Row = Selectable<BillingCustomersTable>;

function fromRow(row: Row): LicenceState {
  const expires = rowNumberOrNull(row.purchase_expires_at);
  return {
    custId: row.cust_id,
    email: row.email,
    uuid: row.uuid,
    trialStartedAt: rowNumberOrNull(row.trial_started_at),
    trialExpiresAt: rowNumberOrNull(row.trial_expires_at),
    purchase: row.sku !== null && expires !== null && row.subscription_id !== null
      ? { sku: row.sku as Sku, expiresAt: expires, renewing: row.renewing === 1, api: (row.api ?? 'test') as PaymentApi, subscriptionId: row.subscription_id }
      : null,
  };
}

/**
 * The payment providers whose purchases count, per database: billingRoutes sets it from the
 * configured provider. Once a real provider (Stripe) is configured, purchases the built-in test
 * provider recorded are not honoured: ensureLicence and lookupLicenceCode read them as no purchase
 * (the row keeps them until the account's licence is next written). Without an entry (billing not
 * set up on this database) every purchase counts.
 */
const honouredProviders = new WeakMap<Database, ReadonlySet<PaymentApi>>();

/** Which providers' purchases count on this database (billingRoutes: the test provider honours both, Stripe only its own). */
export function honourPurchasesOf(db: Database, providers: readonly PaymentApi[]): void {
  honouredProviders.set(db, new Set(providers));
}

/** The state with a purchase of a provider that is not honoured on this database read as none. */
function honoured(db: Database, state: LicenceState): LicenceState {
  const providers = honouredProviders.get(db);
  if (state.purchase === null || providers === undefined || providers.has(state.purchase.api)) return state;
  return { ...state, purchase: null };
}

/** A customer's stored licence state, or null when the customer has none yet. */
export async function findLicence(db: Kysely<DatabaseSchema>, custId: string): Promise<LicenceState | null> {
  const row = await db.selectFrom('billing_customers').selectAll().where('cust_id', '=', custId).executeTakeFirst();
  return row === undefined ? null : fromRow(row);
}

/**
 * A customer's licence state, made (no trial, no purchase) on first use. Keeps the e-mail of the
 * latest session. A purchase of a provider not honoured here (honourPurchasesOf) reads as none. Safe against two first requests at once (insert ... on conflict do nothing).
 */
export async function ensureLicence(db: Database, custId: string, email: string, now: number): Promise<LicenceState> {
  await db.kysely
    .insertInto('billing_customers')
    .values({ cust_id: custId, email, uuid: randomUUID(), renewing: 0, created_at: now, updated_at: now })
    .onConflict((conflict) => conflict.column('cust_id').doNothing())
    .execute();
  const found = await findLicence(db.kysely, custId);
  if (found === null) throw new Error(`billing_customers row for ${custId} vanished`);
  const state = honoured(db, found);
  if (state.email !== email) {
    await db.kysely.updateTable('billing_customers').set({ email, updated_at: now }).where('cust_id', '=', custId).execute();
    return { ...state, email };
  }
  return state;
}

/** Writes the trial and purchase of a state back. */
export async function saveLicence(db: Kysely<DatabaseSchema>, state: LicenceState, now: number): Promise<void> {
  const purchase = state.purchase;
  await db
    .updateTable('billing_customers')
    .set({
      trial_started_at: state.trialStartedAt,
      trial_expires_at: state.trialExpiresAt,
      sku: purchase?.sku ?? null,
      purchase_expires_at: purchase?.expiresAt ?? null,
      renewing: purchase?.renewing === true ? 1 : 0,
      api: purchase?.api ?? null,
      subscription_id: purchase?.subscriptionId ?? null,
      updated_at: now,
    })
    .where('cust_id', '=', state.custId)
    .execute();
}

/** The provider's customer id (Stripe `cus_...`) remembered for a customer. */
export async function findProviderCustomerId(db: Kysely<DatabaseSchema>, custId: string): Promise<string | null> {
  const row = await db.selectFrom('billing_customers').select('provider_customer_id').where('cust_id', '=', custId).executeTakeFirst();
  return row?.provider_customer_id ?? null;
}

export async function saveProviderCustomerId(db: Kysely<DatabaseSchema>, custId: string, providerCustomerId: string, now: number): Promise<void> {
  await db
    .updateTable('billing_customers')
    .set({ provider_customer_id: providerCustomerId, updated_at: now })
    .where('cust_id', '=', custId)
    .execute();
}

export interface SubscriptionRecord {
  subscriptionId: string;
  custId: string;
  provider: PaymentApi;
  sku: Sku;
  status: string;
}

/** Remembers a subscription started by get_key (status incomplete until checkout). */
export async function insertSubscription(db: Kysely<DatabaseSchema>, record: SubscriptionRecord, now: number): Promise<void> {
  await db
    .insertInto('billing_subscriptions')
    .values({ subscription_id: record.subscriptionId, cust_id: record.custId, provider: record.provider, sku: record.sku, status: record.status, created_at: now, updated_at: now })
    .execute();
}

export async function findSubscription(db: Kysely<DatabaseSchema>, subscriptionId: string): Promise<SubscriptionRecord | null> {
  const row = await db.selectFrom('billing_subscriptions').selectAll().where('subscription_id', '=', subscriptionId).executeTakeFirst();
  return row === undefined
    ? null
    : { subscriptionId: row.subscription_id, custId: row.cust_id, provider: row.provider as PaymentApi, sku: row.sku as Sku, status: row.status };
}

export async function setSubscriptionStatus(db: Kysely<DatabaseSchema>, subscriptionId: string, status: string, now: number): Promise<void> {
  await db.updateTable('billing_subscriptions').set({ status, updated_at: now }).where('subscription_id', '=', subscriptionId).execute();
}

/**
 * The §3 licence code of a customer for sign-in's after-login redirect (2 goes to the map): the
 * shape of auth's LicenceCodeLookup. A customer with no billing row yet has code 0.
 */
export async function lookupLicenceCode(db: Database, custId: string, now: number = Date.now()): Promise<number> {
  const state = await findLicence(db.kysely, custId);
  return state === null ? LICENCE_CODE.TRIAL_NOT_STARTED : licenceCode(honoured(db, state), now);
}
