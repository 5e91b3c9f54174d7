import type { Kysely, Migration } from 'kysely';
import type { DatabaseDialect } from '../schema.js';

/** Creates `client_logs`, the store of forwarded client log entries (spec part 1 §7 logging). */
export function clientLogsMigration(dialect: DatabaseDialect): Migration {
  // SQLite has no timestamp type; ISO 8601 text sorts and compares correctly there.
  const timestamp = dialect === 'postgres' ? 'timestamptz' : 'text';
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('client_logs')
        .addColumn('id', 'text', (col) => col.primaryKey().notNull())
        .addColumn('received_at', timestamp, (col) => col.notNull())
        .addColumn('day', 'text', (col) => col.notNull())
        .addColumn('level', 'text', (col) => col.notNull())
        .addColumn('message', 'text', (col) => col.notNull())
        .addColumn('uuid', 'text', (col) => col.notNull())
        .addColumn('env', 'text', (col) => col.notNull())
        .addColumn('cust_id', 'text')
        .addColumn('version', 'text', (col) => col.notNull())
        .addColumn('os', 'text', (col) => col.notNull())
        .addColumn('stack', 'text')
        .addColumn('lat', 'double precision')
        .addColumn('lon', 'double precision')
        .addColumn('entry', 'text', (col) => col.notNull())
        .execute();
      // Reads are "a day's logs, newest first" and "one customer's logs".
      await db.schema.createIndex('client_logs_day_received_idx').on('client_logs').columns(['day', 'received_at']).execute();
      await db.schema.createIndex('client_logs_cust_id_idx').on('client_logs').column('cust_id').execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('client_logs').execute();
    },
  };
}
