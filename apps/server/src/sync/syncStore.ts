import { randomUUID } from 'node:crypto';
import { syncRecordKey, type SyncObject, type SyncProfileReply, type SyncProfileRequest } from '@clearway/protocol';
import { mergeSync, type StoredSyncRecord } from '@clearway/sync';
import type { Database } from '../db/index.js';
import { MAX_DEVICES_PER_CUSTOMER } from './devices.js';
import { syncOnPostgres } from './postgresSync.js';
import { sqliteStatements, syncOnSqlite } from './sqliteSync.js';
import { DEFAULT_SYNC_PAGE, DEFAULT_SYNC_QUOTA, pageStart, type SyncPageLimits, type SyncQuota } from './limits.js';
import type { SyncOutcome, SyncRun } from './syncRecords.js';

/** Thrown when a request names another customer than the caller's session; the route answers 403. */
export class SyncForbiddenError extends Error {
  override readonly name = 'SyncForbiddenError';
}

/** Options of syncProfile. */
export interface SyncProfileOptions {
  /** Makes the gid of a record the server has never seen (default: a random UUID). */
  newGid?: () => string;
  /** Devices a customer may sync from (default MAX_DEVICES_PER_CUSTOMER). */
  maxDevices?: number;
  /**
   * The caller's session (SessionUser.sessionId). A device id is bound to the session of its first
   * sync; another session presenting it while that one is live gets SyncDeviceTakenError. Default
   * null: no binding (direct callers such as the benchmark).
   */
  sessionId?: string | null;
  /** When sessions are judged live (auth_sessions.expires_at), ms since the epoch (default: the real clock). */
  sessionNow?: number;
  /** Records and payload bytes a customer may store (default DEFAULT_SYNC_QUOTA). */
  quota?: SyncQuota;
  /** The most a reply carries of the records stored since `since` (default DEFAULT_SYNC_PAGE). */
  page?: SyncPageLimits;
}

/**
 * The service behind `POST {api}/sync_profile` (spec part 1 §4, §7): records the device, merges the
 * device's records of one table into the customer's stored ones with @clearway/sync's mergeSync
 * (last writer wins by record ts, soft deletes win ties, tombstones kept) and returns the reply
 * records — all in one transaction, so a reply is sent only for what is durably stored. The reply
 * answers every record sent and carries at most a page (options.page) of the records stored since
 * `since`; the outcome's continuation marker then asks for the next page (request.continuation).
 *
 * The route (routes.ts) validates the body with syncProfileRequestSchema (400 with the
 * path of the bad field) and passes the customer of the caller's session as `custId`.
 * @param custId the customer of the authenticated session.
 * @param request the validated body.
 * @param now the server's time, ms since the epoch (stored as each written record's server_ts).
 * @throws SyncForbiddenError when request.cust_id is not custId (nothing is read or written).
 */
export async function syncProfile(
  database: Database,
  custId: string,
  request: SyncProfileRequest,
  now: number,
  options: SyncProfileOptions = {},
): Promise<SyncProfileReply> {
  return (await syncProfileOutcome(database, custId, request, now, options)).reply;
}

/**
 * syncProfile, also telling how many records were written, so the route can tell the customer's
 * other devices only when something changed.
 * @throws SyncForbiddenError when request.cust_id is not custId.
 * @throws SyncDeviceLimitError when request.uuid is a new device and the customer already has the most allowed.
 * @throws SyncDeviceTakenError when request.uuid is bound to another live session (options.sessionId).
 * @throws SyncQuotaError when the writes would take the customer over options.quota (nothing is written).
 */
export async function syncProfileOutcome(
  database: Database,
  custId: string,
  request: SyncProfileRequest,
  now: number,
  options: SyncProfileOptions = {},
): Promise<SyncOutcome> {
  if (request.cust_id !== custId) throw new SyncForbiddenError('cust_id is not the signed-in customer');
  const table = request.key;
  const incoming = request.sync_objects as SyncObject[];
  const newGid = options.newGid ?? randomUUID;

  const keys = [...new Set(incoming.map((record) => syncRecordKey(table, record)))];
  const run: SyncRun = {
    custId,
    request,
    now,
    maxDevices: options.maxDevices ?? MAX_DEVICES_PER_CUSTOMER,
    keys,
    merge: (stored: StoredSyncRecord[]) => mergeSync({ table, stored, incoming, since: request.since, now, newGid }),
    sessionId: options.sessionId ?? null,
    sessionNow: options.sessionNow ?? Date.now(),
    quota: options.quota ?? DEFAULT_SYNC_QUOTA,
    page: options.page ?? DEFAULT_SYNC_PAGE,
    start: pageStart(request.continuation),
  };

  if (database.sqlite !== undefined) {
    const statements = sqliteStatements(database, database.sqlite);
    return statements.submit(() => syncOnSqlite(statements, run));
  }

  if (database.pgPool === undefined) throw new Error('syncProfile: a PostgreSQL database without its pool');
  return syncOnPostgres(database.pgPool, run);
}
