import { rowNumber, type Database } from '../db/index.js';

/** How long a counted sign-in attempt (`auth_attempts`) is kept, ms: longer than any limit's window. */
export const ATTEMPT_RETENTION_MS = 24 * 3600_000;

/** The purge of expired sessions, identity provider records and old attempts runs hourly (one of N processes: jobs/). */
export const AUTH_EXPIRY_PURGE_PERIOD_MS = 3600_000;

/** What one purge removed, per table. */
export interface AuthPurgeCounts {
  sessions: number;
  oidcPayloads: number;
  attempts: number;
}

/**
 * Deletes the sessions and identity provider records (`oidc_payloads`) that expired before `now`,
 * and the sign-in attempts older than ATTEMPT_RETENTION_MS. A scheduled job instead of a sweep on a
 * random share of writes: the same rows go at a known time, and no request pays for the sweep.
 */
export async function deleteExpiredAuthRecords(db: Database, now: number): Promise<AuthPurgeCounts> {
  const sessions = await db.kysely.deleteFrom('auth_sessions').where('expires_at', '<', now).executeTakeFirst();
  const oidcPayloads = await db.kysely.deleteFrom('oidc_payloads').where('expires_at', '<', now).executeTakeFirst();
  const attempts = await db.kysely.deleteFrom('auth_attempts').where('at', '<', now - ATTEMPT_RETENTION_MS).executeTakeFirst();
  return {
    sessions: rowNumber(sessions.numDeletedRows),
    oidcPayloads: rowNumber(oidcPayloads.numDeletedRows),
    attempts: rowNumber(attempts.numDeletedRows),
  };
}

/** The periodic job of that purge (a jobs/ Job, described structurally so auth needs no jobs import). */
export function authExpiryPurgeJob(db: Database): { name: string; periodMs: number; run(context: { now: number }): Promise<void> } {
  return {
    name: 'auth_expired_records_purge',
    periodMs: AUTH_EXPIRY_PURGE_PERIOD_MS,
    async run({ now }) {
      await deleteExpiredAuthRecords(db, now);
    },
  };
}
