import { syncRecordKey, type SyncObject, type SyncReplyRecord, type SyncTable, type SyncAction } from '@clearway/protocol';
import { compareVersions, versionOf, type SyncPayload } from './version.js';

/** One record as the server keeps it, for one customer and table. */
export interface StoredSyncRecord {
  /** The record key within its table (syncRecordKey). */
  key: string;
  /** Server-assigned global id. */
  gid: string;
  /** Last change on a device, ms since the epoch (the device's clock). */
  ts: number;
  deleted: boolean;
  payload: SyncPayload;
  /** When the server stored this version, ms since the epoch (the server's clock); `since` compares to it. */
  serverTs: number;
}

/** Everything mergeSync needs; nothing is read from the environment. */
export interface SyncMergeInput {
  table: SyncTable;
  /**
   * The server's records of this customer's table: at least those whose key is among the incoming
   * records and those stored at or after `since` (more are allowed and ignored).
   */
  stored: readonly StoredSyncRecord[];
  /** The device's records, validated (syncProfileRequestSchema), in the order sent. */
  incoming: readonly SyncObject[];
  /** The request's since: records stored at or after it that the device did not send are replied as updated_elsewhere. */
  since: number;
  /** The server's time, ms since the epoch. */
  now: number;
  /** Makes a new global id; called once per record the server has never seen. */
  newGid: () => string;
}

/** What to store and what to answer. */
export interface SyncMergeResult {
  /** Records to insert or replace (by key), each with serverTs = now. */
  writes: StoredSyncRecord[];
  /** The sync_profile reply, in order: one record per incoming record, then the changes from elsewhere. */
  reply: SyncReplyRecord[];
}

/** The wire form of a stored record with an action. */
export function toReplyRecord(table: SyncTable, record: StoredSyncRecord, action: SyncAction): SyncReplyRecord {
  return { ...record.payload, ts: record.ts, deleted: record.deleted ? 'T' : 'F', gid: record.gid, action, table };
}

/**
 * Merges one device's records of one table into the server's (spec part 1 §4 "Sync record actions").
 * Per incoming record, by compareVersions (last writer wins, a soft delete wins a tie):
 * - a key the server has never seen is stored with a new gid: reply `add_gid`, or
 *   `delete_confirmed` for a deletion (the tombstone is kept so an older copy cannot come back);
 * - a version that wins or equals the stored one is stored (if newer): reply `updated`
 *   (gid and ts), or `delete_confirmed` for a deletion;
 * - a version older than the stored one changes nothing: reply `updated_elsewhere` with the stored one.
 * Then every stored record with serverTs >= since that the device did not send is replied as
 * `updated_elsewhere`, which is how changes from other devices (and tombstones) arrive.
 */
export function mergeSync(input: SyncMergeInput): SyncMergeResult {
  const { table, incoming, since, now, newGid } = input;
  const state = new Map<string, StoredSyncRecord>();
  for (const record of input.stored) state.set(record.key, record);
  const written = new Map<string, StoredSyncRecord>();
  const sent = new Set<string>();
  const reply: SyncReplyRecord[] = [];

  for (const record of incoming) {
    const key = syncRecordKey(table, record);
    sent.add(key);
    const version = versionOf(record);
    const current = state.get(key);
    if (current === undefined) {
      const created: StoredSyncRecord = { key, gid: newGid(), ...version, serverTs: now };
      state.set(key, created);
      written.set(key, created);
      reply.push(toReplyRecord(table, created, created.deleted ? 'delete_confirmed' : 'add_gid'));
      continue;
    }
    const order = compareVersions(version, current);
    if (order < 0) {
      reply.push(toReplyRecord(table, current, 'updated_elsewhere'));
      continue;
    }
    let kept = current;
    if (order > 0) {
      kept = { ...current, ...version, serverTs: now };
      state.set(key, kept);
      written.set(key, kept);
    }
    reply.push(toReplyRecord(table, kept, kept.deleted ? 'delete_confirmed' : 'updated'));
  }

  for (const record of state.values()) {
    if (!sent.has(record.key) && record.serverTs >= since) reply.push(toReplyRecord(table, record, 'updated_elsewhere'));
  }
  return { writes: [...written.values()], reply };
}
