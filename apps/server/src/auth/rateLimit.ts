import { randomUUID } from 'node:crypto';
import { rowNumber, type Database } from '../db/index.js';

/** A limit of `max` counted events per `windowMs` for one key. */
export interface RateLimit {
  max: number;
  windowMs: number;
}

/** Failed sign-ins allowed per IP address and e-mail in 15 minutes. */
export const SIGN_IN_LIMIT: RateLimit = { max: 5, windowMs: 15 * 60_000 };
/** Failed sign-ins allowed per account (e-mail) in 15 minutes, from all addresses together. */
export const ACCOUNT_SIGN_IN_LIMIT: RateLimit = { max: 10, windowMs: 15 * 60_000 };
/** Mails to one account that someone else can make the server send (a fresh confirmation link, an "already registered" notice): one per 10 minutes. */
export const ACCOUNT_MAIL_LIMIT: RateLimit = { max: 1, windowMs: 10 * 60_000 };
/** Registrations and reset mails per IP address in an hour. */
export const MAIL_LIMIT: RateLimit = { max: 10, windowMs: 60 * 60_000 };

/**
 * Counts events per key in the `auth_attempts` table, so every server process sees the same
 * counts. There is no separate "is it limited?" question: an event is recorded first and then
 * counted (take, attempt), so a burst of concurrent requests cannot all pass a check made before
 * any of them was recorded. Attempts older than a day go with the hourly purge (expiredRecords.ts).
 */
export class AttemptCounter {
  constructor(private readonly db: Database) {}

  /**
   * Counts one event for `key` if the limit allows it. Returns 0 when counted, else the whole
   * seconds (at least 1) until the key may try again: until the attempt whose leaving the window
   * brings the count under `limit.max` is older than the window (with one process, the oldest
   * attempt still in the window). The attempt is inserted first and then counted, so two processes
   * racing for the last place can both be refused but never both admitted; a refused attempt is
   * removed again and does not count.
   */
  async take(key: string, limit: RateLimit, now = Date.now()): Promise<number> {
    return (await this.attempt(key, limit, now)).retryAfter;
  }

  /**
   * take() that also answers the id of the attempt it counted, so the caller can withdraw it with
   * release() when the event turns out not to count (a sign-in with the right password).
   */
  async attempt(key: string, limit: RateLimit, now = Date.now()): Promise<{ retryAfter: number; id: string }> {
    const id = randomUUID();
    await this.db.kysely.insertInto('auth_attempts').values({ id, attempt_key: key, at: now }).execute();
    const rows = await this.db.kysely
      .selectFrom('auth_attempts')
      .select(['id', 'at'])
      .where('attempt_key', '=', key)
      .where('at', '>', now - limit.windowMs)
      .orderBy('at', 'asc')
      .orderBy('id', 'asc')
      .execute();
    if (rows.length <= limit.max) {
      return { retryAfter: 0, id };
    }
    await this.release(id);
    const others = rows.filter((row) => row.id !== id).map((row) => rowNumber(row.at));
    // The window has room again once the (others - max + 1)-th oldest of the other attempts leaves it.
    const freedAt = (others[others.length - limit.max] ?? now) + limit.windowMs;
    return { retryAfter: Math.max(1, Math.ceil((freedAt - now) / 1000)), id };
  }

  /** Withdraws one counted attempt (an id from attempt()). */
  async release(id: string): Promise<void> {
    await this.db.kysely.deleteFrom('auth_attempts').where('id', '=', id).execute();
  }

  async clear(key: string): Promise<void> {
    await this.db.kysely.deleteFrom('auth_attempts').where('attempt_key', '=', key).execute();
  }
}
