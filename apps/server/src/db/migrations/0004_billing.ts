import type { Kysely, Migration } from 'kysely';
import type { DatabaseDialect } from '../schema.js';

/**
 * Creates the licence and payment store (spec part 1 §3 login profile and Purchase, §4 "License
 * state" and "Purchase flow"): `billing_customers` (trial and current purchase per customer),
 * `billing_subscriptions` (subscriptions started by get_key) and `billing_events` (webhook events
 * already handled, so a replayed event changes nothing). Times are ms since the epoch (bigint).
 */
export function billingMigration(_dialect: DatabaseDialect): Migration {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('billing_customers')
        .addColumn('cust_id', 'text', (col) => col.primaryKey())
        .addColumn('email', 'text', (col) => col.notNull())
        .addColumn('uuid', 'text', (col) => col.notNull())
        .addColumn('trial_started_at', 'bigint')
        .addColumn('trial_expires_at', 'bigint')
        .addColumn('sku', 'text')
        .addColumn('purchase_expires_at', 'bigint')
        .addColumn('renewing', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('api', 'text')
        .addColumn('subscription_id', 'text')
        .addColumn('provider_customer_id', 'text')
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .addColumn('updated_at', 'bigint', (col) => col.notNull())
        .execute();
      await db.schema
        .createTable('billing_subscriptions')
        .addColumn('subscription_id', 'text', (col) => col.primaryKey())
        .addColumn('cust_id', 'text', (col) => col.notNull())
        .addColumn('provider', 'text', (col) => col.notNull())
        .addColumn('sku', 'text', (col) => col.notNull())
        .addColumn('status', 'text', (col) => col.notNull())
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .addColumn('updated_at', 'bigint', (col) => col.notNull())
        .execute();
      await db.schema.createIndex('billing_subscriptions_cust_idx').on('billing_subscriptions').column('cust_id').execute();
      await db.schema
        .createTable('billing_events')
        .addColumn('event_id', 'text', (col) => col.primaryKey())
        .addColumn('type', 'text', (col) => col.notNull())
        .addColumn('received_at', 'bigint', (col) => col.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('billing_events').execute();
      await db.schema.dropTable('billing_subscriptions').execute();
      await db.schema.dropTable('billing_customers').execute();
    },
  };
}
