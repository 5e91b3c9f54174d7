import { syncContinuationSchema } from '@clearway/protocol';
import { rowNumber } from '../db/index.js';
import type { SyncRecordRow } from './syncRecords.js';

/**
 * The sync limits of issue 26 (apps/server/README.md "Sync and realtime limits"): the per-customer
 * quota, the reply page and its continuation marker, and the refusal of a device id bound to
 * another session.
 */

/** Records and payload bytes a customer may keep in sync_records (tombstones included). */
export interface SyncQuota {
  records: number;
  bytes: number;
}

/**
 * 50,000 records and 32 MiB per customer. A pilot's heaviest plausible use (years of searches and
 * recents, whose removed entries stay as tombstones, hundreds of saved routes with their legs) is
 * around 20,000 records and 10 MiB; the attack wrote 42 MiB in 1.4 s.
 */
export const DEFAULT_SYNC_QUOTA: SyncQuota = { records: 50_000, bytes: 32 * 1024 * 1024 };

/** The most of the records stored since `since` one reply carries (the records sent are answered on top). */
export interface SyncPageLimits {
  records: number;
  /** Payload bytes; the record that crosses this is the page's last. */
  bytes: number;
}

/** 1,000 records or 1 MiB a page: a whole table of a typical pilot in one reply, a 32 MiB account in about 32. */
export const DEFAULT_SYNC_PAGE: SyncPageLimits = { records: 1000, bytes: 1024 * 1024 };

/** Thrown inside the sync's transaction when its writes would take the customer over the quota; the route answers 413. */
export class SyncQuotaError extends Error {
  override readonly name = 'SyncQuotaError';

  constructor(readonly reached: 'records' | 'bytes', readonly quota: SyncQuota) {
    super(`sync quota reached: ${reached}`);
  }
}

/** Thrown when the device id is bound to another live session; the route answers 403 (protocol deviceTakenBody). */
export class SyncDeviceTakenError extends Error {
  override readonly name = 'SyncDeviceTakenError';

  constructor() {
    super('device id bound to another session');
  }
}

/** Where a page starts: after this (server_ts, gid); the first page starts before everything. */
export interface PageStart {
  serverTs: number;
  gid: string;
}

export const FIRST_PAGE: PageStart = { serverTs: -1, gid: '' };

/** The marker of a reply whose page ended at `last` (protocol syncContinuationSchema's form). */
export function continuationAfter(last: Pick<SyncRecordRow, 'server_ts' | 'gid'>): string {
  return `${rowNumber(last.server_ts)}:${last.gid}`;
}

/** The page start of a request's `continuation` (validated by the request schema), or the first page. */
export function pageStart(continuation: string | undefined): PageStart {
  if (continuation === undefined) return FIRST_PAGE;
  const marker = syncContinuationSchema.parse(continuation);
  const colon = marker.indexOf(':');
  return { serverTs: Number(marker.slice(0, colon)), gid: marker.slice(colon + 1) };
}

/** How a sync's writes change the customer's stored records and bytes. */
export interface UsageDelta {
  records: number;
  bytes: number;
}

/**
 * The change of usage when `written` payloads (JSON text, by record key) replace the stored ones
 * (`storedBytes`: payload bytes of the keys already stored).
 */
export function usageDelta(written: ReadonlyArray<{ record_key: string; payload: string }>, storedBytes: ReadonlyMap<string, number>): UsageDelta {
  let records = 0;
  let bytes = 0;
  for (const row of written) {
    const before = storedBytes.get(row.record_key);
    if (before === undefined) records += 1;
    bytes += Buffer.byteLength(row.payload) - (before ?? 0);
  }
  return { records, bytes };
}

/** Throws SyncQuotaError when usage after a change that grew it is over the quota. */
export function checkQuota(after: UsageDelta, delta: UsageDelta, quota: SyncQuota): void {
  if (delta.records > 0 && after.records > quota.records) throw new SyncQuotaError('records', quota);
  if (delta.bytes > 0 && after.bytes > quota.bytes) throw new SyncQuotaError('bytes', quota);
}
