import type { Kysely, Migration } from 'kysely';
import type { DatabaseDialect } from '../schema.js';

/**
 * Creates `job_leases` (jobs/databaseLeases.ts): one row per periodic job naming the last period
 * some server process claimed, who claimed it and until when its lease holds, so with N processes
 * on one database each job runs in exactly one of them per period. Times are ms since the epoch.
 */
export function jobLeasesMigration(_dialect: DatabaseDialect): Migration {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('job_leases')
        .addColumn('job_name', 'text', (col) => col.primaryKey())
        .addColumn('period', 'bigint', (col) => col.notNull())
        .addColumn('holder', 'text', (col) => col.notNull())
        .addColumn('lease_until', 'bigint', (col) => col.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('job_leases').execute();
    },
  };
}
