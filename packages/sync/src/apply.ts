import {
  SYNC_MAX_RECORDS_PER_TABLE,
  SYNC_OVERLAP_MS,
  syncRecordKey,
  type SyncObject,
  type SyncReplyRecord,
  type SyncSingletonTable,
  type SyncTable,
} from '@clearway/protocol';
import { compareVersions, versionOf } from './version.js';

/** The result of applying a reply to a device's rows of one table. */
export interface AppliedSyncReply {
  /** Every row after the reply, in the original order with new rows last. */
  rows: SyncObject[];
  /** Rows to write (new or changed), for a store such as Dexie's `bulkPut`. */
  put: SyncObject[];
  /** Keys of rows to remove. */
  remove: string[];
}

function withoutReplyFields(record: SyncReplyRecord): SyncObject {
  const { action: _action, table: _table, ...rest } = record;
  return rest as SyncObject;
}

const isSingleton = (table: SyncTable) => table === 'route' || table === 'profile';

/**
 * Applies a sync_profile reply to a device's rows of one table, as spec part 1 §4 says:
 * - `updated_elsewhere`: apply the record, or remove the row if deleted is 'T';
 * - `updated`: set gid and ts (route and profile: replace the stored value);
 * - `add_gid`: set gid;
 * - `delete_confirmed`: remove the row.
 * A row changed on the device after the request was sent is newer than the reply (compareVersions)
 * and is kept, with only its gid taken, so the next sync sends it; nothing typed meanwhile is lost.
 * Records of another table are ignored.
 */
export function applySyncReply(table: SyncTable, rows: readonly SyncObject[], reply: readonly SyncReplyRecord[]): AppliedSyncReply {
  const state = new Map<string, SyncObject>();
  for (const row of rows) state.set(syncRecordKey(table, row), row);
  const initial = new Set(state.keys());
  const changed = new Set<string>();
  const set = (key: string, row: SyncObject) => {
    state.set(key, row);
    changed.add(key);
  };
  const drop = (key: string) => {
    if (state.delete(key)) changed.add(key);
  };

  for (const record of reply) {
    if (record.table !== table) continue;
    const key = syncRecordKey(table, record);
    const incoming = withoutReplyFields(record);
    const local = state.get(key);
    const order = local === undefined ? 1 : compareVersions(versionOf(incoming), versionOf(local));
    switch (record.action) {
      case 'updated_elsewhere':
        if (order < 0) {
          // The device has a newer version; keep it (and the server's gid) for the next sync.
          if (local !== undefined && local.gid !== record.gid) set(key, { ...local, gid: record.gid });
        } else if (record.deleted === 'T') drop(key);
        else set(key, incoming);
        break;
      case 'updated':
        if (local === undefined) {
          if (isSingleton(table) && record.deleted !== 'T') set(key, incoming);
        } else if (order > 0 || (order === 0 && isSingleton(table))) set(key, incoming);
        else if (order === 0) set(key, { ...local, gid: record.gid, ts: record.ts });
        else if (local.gid !== record.gid) set(key, { ...local, gid: record.gid });
        break;
      case 'add_gid':
        if (local !== undefined && local.gid !== record.gid) set(key, { ...local, gid: record.gid });
        break;
      case 'delete_confirmed':
        if (local === undefined) break;
        if (order >= 0) drop(key);
        else if (local.gid !== record.gid) set(key, { ...local, gid: record.gid });
        break;
    }
  }

  const put: SyncObject[] = [];
  const remove: string[] = [];
  for (const key of changed) {
    const row = state.get(key);
    if (row !== undefined) put.push(row);
    else if (initial.has(key)) remove.push(key);
  }
  return { rows: [...state.values()], put, remove };
}

/**
 * Applies a reply to the stored value of `route` or `profile` (a prefs property): updated_elsewhere
 * or updated replaces it (spec part 1 §4) unless the device's value is newer.
 * @returns the value to store, or undefined when there is none.
 */
export function applySingletonReply(
  table: SyncSingletonTable,
  current: SyncObject | undefined,
  reply: readonly SyncReplyRecord[],
): SyncObject | undefined {
  return applySyncReply(table, current === undefined ? [] : [current], reply).rows[0];
}

/** The records of one table to send, and the `since` to send with them. */
export interface PreparedSyncRequest {
  /** The table's last sync time minus SYNC_OVERLAP_MS; 0 on the first sync. */
  since: number;
  sync_objects: SyncObject[];
  /** The keys of sync_objects, to add to `exclude` for the next call of the same sync. */
  keys: string[];
  /** True when more rows wait than one call may carry: call again within the same sync. */
  more: boolean;
}

/** Options of prepareSyncRequest. */
export interface PrepareSyncOptions {
  /** At most this many records (spec: 30). */
  limit?: number;
  /** Keys already sent by earlier calls of the same sync, not to be sent again. */
  exclude?: ReadonlySet<string>;
}

/**
 * Picks what a device sends for one table: every row without a gid, every pending soft delete and
 * every row changed at or after the last sync, oldest first, at most `limit` (spec: 30). When more
 * wait, the device calls again in the same sync with the keys sent so far in `exclude`, and sets the
 * table's `sync_ts` to the device's time of the sync's first call only when a call says no more
 * (rows changed after that have ts >= it and go next time; the server is asked, through `since`,
 * for everything stored from a second before it).
 * @param lastSyncTs the table's `sync_ts` (device clock), undefined before the first sync.
 */
export function prepareSyncRequest(
  table: SyncTable,
  rows: readonly SyncObject[],
  lastSyncTs: number | undefined,
  options: PrepareSyncOptions = {},
): PreparedSyncRequest {
  const limit = options.limit ?? SYNC_MAX_RECORDS_PER_TABLE;
  const since = lastSyncTs === undefined ? 0 : Math.max(0, lastSyncTs - SYNC_OVERLAP_MS);
  const pending = rows
    .filter((row) => lastSyncTs === undefined || row.gid === undefined || row.deleted === 'T' || row.ts >= lastSyncTs)
    .map((row) => ({ row, key: syncRecordKey(table, row) }))
    .filter(({ key }) => options.exclude?.has(key) !== true)
    .sort((a, b) => a.row.ts - b.row.ts);
  const chosen = pending.slice(0, limit);
  return { since, sync_objects: chosen.map(({ row }) => row), keys: chosen.map(({ key }) => key), more: pending.length > limit };
}
