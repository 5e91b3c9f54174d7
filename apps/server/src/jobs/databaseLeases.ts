import { rowNumber, type Database } from '../db/index.js';
import type { LeaseClaim, LeaseStore } from './leases.js';

/**
 * Leases in the `job_leases` table (migration 0005_job_leases), shared by every process on the
 * database: the default on PostgreSQL, and right on SQLite too when several processes share a file.
 * A claim is one statement, `insert ... on conflict (job_name) do update ... where` the stored
 * period is older and its lease has ended: the database applies it to one claimer only (on
 * PostgreSQL the conflicting row is locked and the condition re-checked on its latest version), and
 * the affected-row count says who won. A table rather than a PostgreSQL advisory lock: a lock says
 * only that nobody else is running the job now, not whether this period has already been run by a
 * process that has since finished, and it would need a connection held for the whole run.
 */
export class DatabaseLeases implements LeaseStore {
  constructor(private readonly db: Database) {}

  async claim({ job, period, holder, now, leaseMs }: LeaseClaim): Promise<boolean> {
    const result = await this.db.kysely
      .insertInto('job_leases')
      .values({ job_name: job, period, holder, lease_until: now + leaseMs })
      .onConflict((conflict) =>
        conflict
          .column('job_name')
          .doUpdateSet({ period, holder, lease_until: now + leaseMs })
          .where('job_leases.period', '<', period)
          .where('job_leases.lease_until', '<=', now),
      )
      .executeTakeFirst();
    return rowNumber(result.numInsertedOrUpdatedRows ?? 0) === 1;
  }

  async release({ job, period, holder }: LeaseClaim, finishedAt: number): Promise<void> {
    await this.db.kysely
      .updateTable('job_leases')
      .set({ lease_until: finishedAt })
      .where('job_name', '=', job)
      .where('period', '=', period)
      .where('holder', '=', holder)
      .execute();
  }
}
