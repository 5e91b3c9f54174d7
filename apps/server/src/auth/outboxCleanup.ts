import { rowNumber, type Database } from '../db/index.js';

/**
 * How long a mail stays in `auth_outbox`, ms: 7 days. Its link is a sign-in token that expires
 * long before (confirmation 48 h, reset 1 h), and an operator reading links from the table
 * (SMTP_URL=disabled) needs only the recent ones; older rows only keep addresses and dead tokens.
 */
export const OUTBOX_RETENTION_MS = 7 * 24 * 3600 * 1000;

/** The outbox clean-up runs once a day (one of N processes: jobs/). */
export const OUTBOX_CLEANUP_PERIOD_MS = 24 * 3600 * 1000;

/** Deletes the outbox mails written before `now - OUTBOX_RETENTION_MS`, sent or not; answers how many. */
export async function deleteOldOutboxMail(db: Database, now: number): Promise<number> {
  const result = await db.kysely.deleteFrom('auth_outbox').where('created_at', '<', now - OUTBOX_RETENTION_MS).executeTakeFirst();
  return rowNumber(result.numDeletedRows);
}

/** The periodic job of the outbox clean-up (a jobs/ Job, described structurally so auth needs no jobs import). */
export function outboxCleanupJob(db: Database): { name: string; periodMs: number; run(context: { now: number }): Promise<void> } {
  return {
    name: 'auth_outbox_cleanup',
    periodMs: OUTBOX_CLEANUP_PERIOD_MS,
    async run({ now }) {
      await deleteOldOutboxMail(db, now);
    },
  };
}
