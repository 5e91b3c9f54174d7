import { randomUUID } from 'node:crypto';
import { rowNumber, type Database } from '../db/index.js';

/** A limit of `max` counted events per `windowMs` for one key. */
export interface RateLimit {
  max: number;
  windowMs: number;
}

/** Failed sign-ins allowed per IP address and e-mail in 15 minutes. */
export const SIGN_IN_LIMIT: RateLimit = { max: 5, windowMs: 15 * 60_000 };
/** Registrations and reset mails per IP address in an hour. */
export const MAIL_LIMIT: RateLimit = { max: 10, windowMs: 60 * 60_000 };

/**
 * Counts events per key in the `auth_attempts` table, so every server process sees the same
 * counts. `isLimited` answers whether the key has used up its limit in the window.
 */
export class AttemptCounter {
  constructor(private readonly db: Database) {}

  async isLimited(key: string, limit: RateLimit, now = Date.now()): Promise<boolean> {
    const row = await this.db.kysely
      .selectFrom('auth_attempts')
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .where('attempt_key', '=', key)
      .where('at', '>', now - limit.windowMs)
      .executeTakeFirstOrThrow();
    return rowNumber(row.count) >= limit.max;
  }

  async record(key: string, now = Date.now()): Promise<void> {
    await this.db.kysely.insertInto('auth_attempts').values({ id: randomUUID(), attempt_key: key, at: now }).execute();
    if (Math.random() < 0.05) await this.prune(now);
  }

  /** Drops attempts older than a day (longer than any window) so the table stays small. */
  private async prune(now: number): Promise<void> {
    await this.db.kysely.deleteFrom('auth_attempts').where('at', '<', now - 24 * 3600_000).execute();
  }

  /**
   * Counts one event for `key` if the limit allows it. Returns 0 when counted, else the whole
   * seconds (at least 1) until the key may try again: until the attempt whose leaving the window
   * brings the count under `limit.max` is older than the window (with one process, the oldest
   * attempt still in the window). The attempt is inserted first and then counted, so two processes
   * racing for the last place can both be refused but never both admitted; a refused attempt is
   * removed again and does not count.
   */
  async take(key: string, limit: RateLimit, now = Date.now()): Promise<number> {
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
      if (Math.random() < 0.05) await this.prune(now);
      return 0;
    }
    await this.db.kysely.deleteFrom('auth_attempts').where('id', '=', id).execute();
    const others = rows.filter((row) => row.id !== id).map((row) => rowNumber(row.at));
    // The window has room again once the (others - max + 1)-th oldest of the other attempts leaves it.
    const freedAt = (others[others.length - limit.max] ?? now) + limit.windowMs;
    return Math.max(1, Math.ceil((freedAt - now) / 1000));
  }

  async clear(key: string): Promise<void> {
    await this.db.kysely.deleteFrom('auth_attempts').where('attempt_key', '=', key).execute();
  }
}
