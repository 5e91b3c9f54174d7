import type { Kysely, Migration } from 'kysely';
import type { DatabaseDialect } from '../schema.js';

/**
 * Creates the profile sync store (spec part 1 §4 "Sync record actions", §7 "Sync details"):
 * `sync_records`, one row per customer, table and record key, and `sync_devices`, the devices that
 * have synced for a customer. Times are ms since the epoch in bigint columns on both dialects,
 * because `since` and the record ts are compared as numbers.
 */
export function syncMigration(_dialect: DatabaseDialect): Migration {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('sync_records')
        .addColumn('cust_id', 'text', (col) => col.notNull())
        .addColumn('table_name', 'text', (col) => col.notNull())
        .addColumn('record_key', 'text', (col) => col.notNull())
        .addColumn('gid', 'text', (col) => col.notNull())
        .addColumn('ts', 'bigint', (col) => col.notNull())
        .addColumn('deleted', 'integer', (col) => col.notNull())
        .addColumn('payload', 'text', (col) => col.notNull())
        .addColumn('server_ts', 'bigint', (col) => col.notNull())
        .addPrimaryKeyConstraint('sync_records_pk', ['cust_id', 'table_name', 'record_key'])
        .execute();
      // A sync reads "this customer's table, stored since".
      await db.schema
        .createIndex('sync_records_changed_idx')
        .on('sync_records')
        .columns(['cust_id', 'table_name', 'server_ts'])
        .execute();
      await db.schema.createIndex('sync_records_gid_idx').on('sync_records').column('gid').unique().execute();
      await db.schema
        .createTable('sync_devices')
        .addColumn('cust_id', 'text', (col) => col.notNull())
        .addColumn('uuid', 'text', (col) => col.notNull())
        .addColumn('first_seen', 'bigint', (col) => col.notNull())
        .addColumn('last_seen', 'bigint', (col) => col.notNull())
        .addPrimaryKeyConstraint('sync_devices_pk', ['cust_id', 'uuid'])
        .execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('sync_devices').execute();
      await db.schema.dropTable('sync_records').execute();
    },
  };
}
