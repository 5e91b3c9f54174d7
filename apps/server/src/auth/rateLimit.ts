import { randomUUID } from 'node:crypto';
import type { Database } from '../db/schema.js';

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
    return Number(row.count) >= limit.max;
  }

  async record(key: string, now = Date.now()): Promise<void> {
    await this.db.kysely.insertInto('auth_attempts').values({ id: randomUUID(), attempt_key: key, at: now }).execute();
    // Keep the table small: drop what is older than a day.
    if (Math.random() < 0.05) await this.db.kysely.deleteFrom('auth_attempts').where('at', '<', now - 24 * 3600_000).execute();
  }

  async clear(key: string): Promise<void> {
    await this.db.kysely.deleteFrom('auth_attempts').where('attempt_key', '=', key).execute();
  }
}
