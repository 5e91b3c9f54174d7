import { sql, type Kysely, type Migration } from 'kysely';
import type { DatabaseDialect } from '../schema.js';

/**
 * The sync limits of issue 26 (apps/server/README.md "Sync and realtime limits"):
 * - `sync_devices.session_id`: the session (auth_sessions.id_hash) a device id is bound to at its
 *   first sync; another live session presenting the id is refused. Null for devices that synced
 *   before this migration (bound at their next sync).
 * - `sync_usage`: per customer, how many sync records and payload bytes are stored, kept in step with
 *   `sync_records` in the sync's own transaction (the quota check reads no sum over the records).
 *   Filled here from the records already stored.
 * - `sync_records_page_idx` (cust_id, table_name, server_ts, gid) replaces `sync_records_changed_idx`:
 *   a reply page is read in (server_ts, gid) order from the continuation marker on, by one index range.
 */
export function syncLimitsMigration(dialect: DatabaseDialect): Migration {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('sync_devices').addColumn('session_id', 'text').execute();
      await db.schema
        .createTable('sync_usage')
        .addColumn('cust_id', 'text', (col) => col.primaryKey())
        .addColumn('records', 'bigint', (col) => col.notNull())
        .addColumn('bytes', 'bigint', (col) => col.notNull())
        .execute();
      // Bytes of the UTF-8 payload text, as the server counts them (Buffer.byteLength).
      const bytes = dialect === 'postgres' ? sql`octet_length(payload)` : sql`length(cast(payload as blob))`;
      await sql`insert into sync_usage (cust_id, records, bytes) select cust_id, count(*), coalesce(sum(${bytes}), 0) from sync_records group by cust_id`.execute(db);
      await db.schema.createIndex('sync_records_page_idx').on('sync_records').columns(['cust_id', 'table_name', 'server_ts', 'gid']).execute();
      await db.schema.dropIndex('sync_records_changed_idx').execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.createIndex('sync_records_changed_idx').on('sync_records').columns(['cust_id', 'table_name', 'server_ts']).execute();
      await db.schema.dropIndex('sync_records_page_idx').execute();
      await db.schema.dropTable('sync_usage').execute();
      await db.schema.alterTable('sync_devices').dropColumn('session_id').execute();
    },
  };
}
