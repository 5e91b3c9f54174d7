import type { Kysely, Migration } from 'kysely';
import type { DatabaseDialect } from '../schema.js';

/**
 * Creates `analytics_events` (telemetry/analyticsStore.ts): one row per product analytics event a
 * signed-in device sent (spec part 1 §7 "Product analytics"): its name, the device's time and UTC day,
 * the device id, the session's customer, the app version and environment, and its properties as
 * JSON text. Times are ms since the epoch. Adds `client_logs.forwarded_at` (ms, null until the
 * entry was sent to LOG_FORWARD_URL; telemetry/logForward.ts).
 */
export function telemetryMigration(_dialect: DatabaseDialect): Migration {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('analytics_events')
        .addColumn('id', 'text', (col) => col.primaryKey().notNull())
        .addColumn('received_at', 'bigint', (col) => col.notNull())
        .addColumn('event_at', 'bigint', (col) => col.notNull())
        .addColumn('day', 'text', (col) => col.notNull())
        .addColumn('name', 'text', (col) => col.notNull())
        .addColumn('uuid', 'text', (col) => col.notNull())
        .addColumn('cust_id', 'text', (col) => col.notNull())
        .addColumn('version', 'text', (col) => col.notNull())
        .addColumn('env', 'text', (col) => col.notNull())
        .addColumn('props', 'text')
        .execute();
      // Reads: the report (per day and name), retention (by arrival), account deletion (by customer).
      await db.schema.createIndex('analytics_events_day_name_idx').on('analytics_events').columns(['day', 'name']).execute();
      await db.schema.createIndex('analytics_events_received_idx').on('analytics_events').column('received_at').execute();
      await db.schema.createIndex('analytics_events_cust_id_idx').on('analytics_events').column('cust_id').execute();
      await db.schema.alterTable('client_logs').addColumn('forwarded_at', 'bigint').execute();
      await db.schema.createIndex('client_logs_forwarded_idx').on('client_logs').columns(['forwarded_at', 'received_at']).execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropIndex('client_logs_forwarded_idx').execute();
      await db.schema.alterTable('client_logs').dropColumn('forwarded_at').execute();
      await db.schema.dropTable('analytics_events').execute();
    },
  };
}
