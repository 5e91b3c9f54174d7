import type { SyncProfileReply, SyncTable } from '@clearway/protocol';
import type { StoredSyncRecord } from '@clearway/sync';
import { rowNumber } from '../db/index.js';

/** What a sync did: the reply, and how many stored records it wrote (0: nothing changed for the other devices). */
export interface SyncOutcome {
  reply: SyncProfileReply;
  written: number;
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
