import type { SyncProfileReply, SyncProfileRequest, SyncTable } from '@clearway/protocol';
import type { StoredSyncRecord } from '@clearway/sync';
import { rowNumber } from '../db/index.js';
import { continuationAfter, usageDelta, type PageStart, type SyncPageLimits, type SyncQuota, type UsageDelta } from './limits.js';

/** What a sync did: the reply, and how many stored records it wrote (0: nothing changed for the other devices). */
export interface SyncOutcome {
  reply: SyncProfileReply;
  written: number;
  /** The continuation marker when more records stored since `since` follow this reply's page, else null. */
  continuation: string | null;
}

/** The merge of one sync over the stored records it read: what to write and the reply (mergeSync, bound to the request). */
export type SyncMerge = (stored: StoredSyncRecord[]) => { writes: StoredSyncRecord[]; reply: SyncProfileReply };

/** The columns both paths read, in this order. */
export const RECORD_COLUMNS = 'record_key, gid, ts, deleted, payload, server_ts';

/** A sync_records row as read (bigints may come back as strings from PostgreSQL). */
export interface SyncRecordRow {
  record_key: string;
  gid: string;
  ts: number | string;
  deleted: number;
  payload: string;
  server_ts: number | string;
}

export function storedFromRow(row: SyncRecordRow): StoredSyncRecord {
  return {
    key: row.record_key,
    gid: row.gid,
    ts: rowNumber(row.ts),
    deleted: row.deleted === 1,
    payload: JSON.parse(row.payload) as Record<string, unknown>,
    serverTs: rowNumber(row.server_ts),
  };
}

export function rowFromStored(custId: string, table: SyncTable, record: StoredSyncRecord) {
  return {
    cust_id: custId,
    table_name: table,
    record_key: record.key,
    gid: record.gid,
    ts: record.ts,
    deleted: record.deleted ? 1 : 0,
    payload: JSON.stringify(record.payload),
    server_ts: record.serverTs,
  };
}

/** One sync as both database paths run it. */
export interface SyncRun {
  custId: string;
  request: SyncProfileRequest;
  /** The server's time, ms since the epoch (server_ts of what is written, the device's last_seen). */
  now: number;
  maxDevices: number;
  /** The keys of the records sent (syncRecordKey), without repeats. */
  keys: string[];
  merge: SyncMerge;
  /** The caller's session (SessionUser.sessionId): a new device id is bound to it; null binds to none. */
  sessionId: string | null;
  /** The time sessions are judged live at (auth_sessions.expires_at), ms since the epoch. */
  sessionNow: number;
  quota: SyncQuota;
  page: SyncPageLimits;
  start: PageStart;
}

/** What a sync writes, its reply and the change of the customer's usage. */
export interface SyncPlan {
  rows: ReturnType<typeof rowFromStored>[];
  delta: UsageDelta;
  outcome: SyncOutcome;
}

/**
 * Merges the stored records a sync read, both paths alike: `byKey` every stored record of a key sent,
 * `page` (in server_ts, gid order) the stored records since `since` after the page start, `more`
 * whether records follow the page.
 */
export function planSync(run: SyncRun, byKey: readonly SyncRecordRow[], page: readonly SyncRecordRow[], more: boolean): SyncPlan {
  const storedBytes = new Map(byKey.map((row) => [row.record_key, Buffer.byteLength(row.payload)] as const));
  const { writes, reply } = run.merge([...byKey, ...page].map(storedFromRow));
  const rows = writes.map((record) => rowFromStored(run.custId, run.request.key, record));
  const last = page.at(-1);
  const continuation = more && last !== undefined ? continuationAfter(last) : null;
  return { rows, delta: usageDelta(rows, storedBytes), outcome: { reply, written: writes.length, continuation } };
}
