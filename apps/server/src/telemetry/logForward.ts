import type { FastifyBaseLogger } from 'fastify';
import { trimTrailingSlashes } from '../config/index.js';
import type { Database } from '../db/index.js';
import type { Job } from '../jobs/index.js';

/** How often stored client log entries are looked for and forwarded, ms. */
export const LOG_FORWARD_PERIOD_MS = 15_000;

/** `_bulk` requests one run sends at most (a backlog drains over several periods). */
export const LOG_FORWARD_MAX_BATCHES_PER_RUN = 20;

/** How long one `_bulk` request may take, ms. */
export const LOG_FORWARD_TIMEOUT_MS = 10_000;

export interface LogForwardOptions {
  db: Database;
  /** LOG_FORWARD_URL: the cluster's base address (user and password in it become Basic auth). */
  url: string;
  /** Entries per `_bulk` request. */
  batch: number;
  fetch?: typeof fetch;
  logger?: Pick<FastifyBaseLogger, 'warn'>;
}

/** What one forwarding run did. */
export interface LogForwardResult {
  /** Entries the cluster accepted. */
  sent: number;
  /** Entries the cluster refused for good (a 4xx item other than 429): marked, not sent again. */
  rejected: number;
  /** Entries left for the next run (the request failed, or the cluster answered 429/5xx for them). */
  retry: number;
}

/** The address and authorisation header of LOG_FORWARD_URL: `https://user:pw@host` -> `https://host/_bulk` + Basic. */
export function bulkTarget(url: string): { address: string; authorization: string | null } {
  const parsed = new URL(url);
  const user = decodeURIComponent(parsed.username);
  const password = decodeURIComponent(parsed.password);
  parsed.username = '';
  parsed.password = '';
  const base = trimTrailingSlashes(parsed.toString());
  const authorization = user === '' && password === '' ? null : `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
  return { address: `${base}/_bulk`, authorization };
}

/**
 * The NDJSON body of a `_bulk` request: per entry an `index` action (index `pwa_logs_<day>`, the
 * row id as `_id`, so a batch sent twice after a crash overwrites instead of duplicating) and the
 * entry itself; ends with a newline as the bulk API requires.
 */
export function bulkBody(rows: readonly { id: string; day: string; entry: string }[]): string {
  return rows.map((row) => `${JSON.stringify({ index: { _index: `pwa_logs_${row.day}`, _id: row.id } })}\n${row.entry}\n`).join('');
}

interface BulkItem {
  index?: { _id?: string; status?: number };
}

/**
 * One forwarding run: sends the stored entries not yet forwarded, oldest first, in `_bulk` batches,
 * and marks each one the cluster took (or refused for good) with `forwarded_at`. Stops at the first
 * request that fails; those entries stay for the next run. Never throws for the cluster's failures.
 */
export async function forwardClientLogs(options: LogForwardOptions, now: number): Promise<LogForwardResult> {
  const { db } = options;
  const doFetch = options.fetch ?? fetch;
  const { address, authorization } = bulkTarget(options.url);
  const result: LogForwardResult = { sent: 0, rejected: 0, retry: 0 };
  for (let round = 0; round < LOG_FORWARD_MAX_BATCHES_PER_RUN; round += 1) {
    const rows = await db.kysely
      .selectFrom('client_logs')
      .select(['id', 'day', 'entry'])
      .where('forwarded_at', 'is', null)
      .orderBy('received_at', 'asc')
      .orderBy('id', 'asc')
      .limit(options.batch)
      .execute();
    if (rows.length === 0) break;
    let items: BulkItem[];
    try {
      const response = await doFetch(address, {
        method: 'POST',
        headers: { 'content-type': 'application/x-ndjson', ...(authorization === null ? {} : { authorization }) },
        body: bulkBody(rows),
        signal: AbortSignal.timeout(LOG_FORWARD_TIMEOUT_MS),
      });
      if (!response.ok) throw new Error(`the cluster answered ${response.status}`);
      const reply = (await response.json()) as { items?: unknown };
      items = Array.isArray(reply.items) ? (reply.items as BulkItem[]) : [];
    } catch (error) {
      result.retry += rows.length;
      options.logger?.warn({ err: error, entries: rows.length }, 'client log forwarding failed; the entries stay for the next run');
      break;
    }
    const statusById = new Map(items.map((item) => [item.index?._id, item.index?.status ?? 0]));
    const done: string[] = [];
    for (const row of rows) {
      const status = statusById.get(row.id) ?? 0;
      if (status >= 200 && status < 300) result.sent += 1;
      else if (status >= 400 && status < 500 && status !== 429) result.rejected += 1;
      else {
        result.retry += 1;
        continue;
      }
      done.push(row.id);
    }
    if (done.length > 0) await db.kysely.updateTable('client_logs').set({ forwarded_at: now }).where('id', 'in', done).execute();
    if (done.length < rows.length) break;
  }
  if (result.rejected > 0) options.logger?.warn({ rejected: result.rejected }, 'the log cluster refused client log entries');
  return result;
}

/** The periodic job that forwards stored client log entries to LOG_FORWARD_URL (one of N processes: jobs/). */
export function logForwardJob(options: LogForwardOptions): Job {
  return {
    name: 'client_logs_forward',
    periodMs: LOG_FORWARD_PERIOD_MS,
    // A run is at most LOG_FORWARD_MAX_BATCHES_PER_RUN requests of LOG_FORWARD_TIMEOUT_MS each.
    leaseMs: LOG_FORWARD_MAX_BATCHES_PER_RUN * LOG_FORWARD_TIMEOUT_MS,
    async run({ now }) {
      await forwardClientLogs(options, now);
    },
  };
}
