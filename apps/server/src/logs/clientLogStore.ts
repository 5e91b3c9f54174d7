import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { LogEntry } from '@clearway/protocol';
import { rowNumber, type Database } from '../db/index.js';

/** A stored client log entry as read back. */
export interface StoredClientLog {
  id: string;
  /** When the server stored it, ISO 8601 UTC. */
  receivedAt: string;
  /** UTC day of the log index it was posted to, YYYY-MM-DD. */
  day: string;
  entry: LogEntry;
}

/**
 * Stores one validated client log entry.
 * @param day the UTC day from the log index path, YYYY-MM-DD.
 * @param receivedAt when it arrived (defaults to now).
 * @returns the new entry's id.
 */
export async function insertClientLog(
  database: Database,
  day: string,
  entry: LogEntry,
  receivedAt: Date = new Date(),
): Promise<string> {
  const id = randomUUID();
  await database.kysely
    .insertInto('client_logs')
    .values({
      id,
      received_at: receivedAt.toISOString(),
      day,
      level: entry.level,
      message: entry.message,
      uuid: entry.uuid,
      env: entry.env,
      cust_id: entry.cust_id ?? null,
      version: entry.version,
      os: entry.os,
      stack: entry.stack ?? null,
      lat: entry.location?.lat ?? null,
      lon: entry.location?.lon ?? null,
      entry: JSON.stringify(entry),
    })
    .execute();
  return id;
}

/**
 * The entries posted to one day's index, newest first.
 * @param limit at most this many entries.
 */
export async function listClientLogs(database: Database, day: string, limit = 100): Promise<StoredClientLog[]> {
  const rows = await database.kysely
    .selectFrom('client_logs')
    .select(['id', 'received_at', 'day', 'entry'])
    .where('day', '=', day)
    .orderBy('received_at', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    // PostgreSQL hands back a Date, SQLite the ISO text that was written.
    receivedAt: row.received_at instanceof Date ? row.received_at.toISOString() : row.received_at,
    day: row.day,
    entry: JSON.parse(row.entry) as LogEntry,
  }));
}

/**
 * Bytes of the entries (their stored JSON, UTF-8) one customer's devices sent on a UTC day
 * (`YYYY-MM-DD`, by arrival time), for the daily quota of the log sink.
 */
export async function clientLogBytesOnDay(database: Database, custId: string, receivedDay: string): Promise<number> {
  const start = `${receivedDay}T00:00:00.000Z`;
  const end = new Date(Date.parse(start) + 86_400_000).toISOString();
  const bytes = database.dialect === 'postgres' ? sql<string>`octet_length(entry)` : sql<string>`length(cast(entry as blob))`;
  const row = await database.kysely
    .selectFrom('client_logs')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number | string | null>(bytes), sql<number>`0`).as('bytes'))
    .where('cust_id', '=', custId)
    .where('received_at', '>=', start)
    .where('received_at', '<', end)
    .executeTakeFirstOrThrow();
  return rowNumber(row.bytes);
}

/** Deletes the entries that arrived before `before` (ms since the epoch); answers how many. */
export async function deleteClientLogsBefore(database: Database, before: number): Promise<number> {
  const result = await database.kysely.deleteFrom('client_logs').where('received_at', '<', new Date(before).toISOString()).executeTakeFirst();
  return rowNumber(result.numDeletedRows);
}
