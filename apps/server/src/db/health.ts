import { sql } from 'kysely';
import type { Database, DatabaseDialect } from './schema.js';

/** Result of one database round trip, shaped for /healthz. */
export interface DatabaseCheck {
  status: 'ok' | 'error';
  dialect: DatabaseDialect;
  /** Round-trip time of `select 1`, milliseconds. */
  latency_ms: number;
  /** Why the check failed; only when status is 'error'. */
  error?: string;
}

/**
 * Runs `select 1` and times it. Never throws: a failure or a time-out is reported as status 'error'.
 * @param timeoutMs how long to wait before calling the database unreachable, milliseconds.
 */
export async function checkDatabase(database: Database, timeoutMs = 2000): Promise<DatabaseCheck> {
  const started = performance.now();
  const elapsedMs = () => Math.round((performance.now() - started) * 100) / 100;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    await Promise.race([sql`select 1`.execute(database.kysely), timeout]);
    return { status: 'ok', dialect: database.dialect, latency_ms: elapsedMs() };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { status: 'error', dialect: database.dialect, latency_ms: elapsedMs(), error: message };
  } finally {
    clearTimeout(timer);
  }
}
