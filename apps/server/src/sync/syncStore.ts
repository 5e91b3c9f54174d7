import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { syncRecordKey, type SyncObject, type SyncProfileReply, type SyncProfileRequest, type SyncTable } from '@clearway/protocol';
import { mergeSync, type StoredSyncRecord } from '@clearway/sync';
import type { Database, DatabaseSchema } from '../db/schema.js';

/** Thrown when a request names another customer than the caller's session; the route answers 403. */
export class SyncForbiddenError extends Error {
  override readonly name = 'SyncForbiddenError';
}

/** Options of syncProfile. */
export interface SyncProfileOptions {
  /** Makes the gid of a record the server has never seen (default: a random UUID). */
  newGid?: () => string;
}

/** A device that has synced for a customer. */
export interface SyncDevice {
  uuid: string;
  /** First and last sync, ms since the epoch. */
  firstSeen: number;
  lastSeen: number;
}

/** A query builder bound to the transaction's connection. */
type Queries = Kysely<DatabaseSchema>;

/**
 * Runs `work` in one write transaction. SQLite: `begin immediate`, so the write lock is taken up
 * front (a deferred transaction that reads and then writes can fail with SQLITE_BUSY against another
 * process); Kysely's SQLite driver holds its one connection for the whole call. PostgreSQL: a
 * transaction holding an advisory lock on (customer, table), so two devices of one customer syncing
 * the same table at once are merged one after the other, never both from the same stale read.
 */
async function inWriteTransaction<T>(database: Database, custId: string, table: SyncTable, work: (trx: Queries) => Promise<T>): Promise<T> {
  if (database.dialect === 'postgres') {
    return database.kysely.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(hashtext(${custId}), hashtext(${table}))`.execute(trx);
      return work(trx);
    });
  }
  return database.kysely.connection().execute(async (connection) => {
    await sql`begin immediate`.execute(connection);
    try {
      const result = await work(connection);
      await sql`commit`.execute(connection);
      return result;
    } catch (error) {
      await sql`rollback`.execute(connection);
      throw error;
    }
  });
}

const toNumber = (value: number | string): number => (typeof value === 'number' ? value : Number(value));

/**
 * The service behind `POST {api}/sync_profile` (spec part 1 §4, §7): records the device, merges the
 * device's records of one table into the customer's stored ones with @clearway/sync's mergeSync
 * (last writer wins by record ts, soft deletes win ties, tombstones kept) and returns the reply
 * records — all in one transaction, so a reply is sent only for what is durably stored.
 *
 * The route (to come with sign-in) validates the body with syncProfileRequestSchema (400 with the
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
  if (request.cust_id !== custId) throw new SyncForbiddenError('cust_id is not the signed-in customer');
  const table = request.key;
  const incoming = request.sync_objects as SyncObject[];
  const newGid = options.newGid ?? randomUUID;

  return inWriteTransaction(database, custId, table, async (trx) => {
    await trx
      .insertInto('sync_devices')
      .values({ cust_id: custId, uuid: request.uuid, first_seen: now, last_seen: now })
      .onConflict((conflict) => conflict.columns(['cust_id', 'uuid']).doUpdateSet({ last_seen: now }))
      .execute();

    // Only what the merge needs: the records the device sent and those stored since `since`.
    const keys = [...new Set(incoming.map((record) => syncRecordKey(table, record)))];
    const rows = await trx
      .selectFrom('sync_records')
      .select(['record_key', 'gid', 'ts', 'deleted', 'payload', 'server_ts'])
      .where('cust_id', '=', custId)
      .where('table_name', '=', table)
      .where((eb) => (keys.length > 0 ? eb.or([eb('record_key', 'in', keys), eb('server_ts', '>=', request.since)]) : eb('server_ts', '>=', request.since)))
      .execute();
    const stored: StoredSyncRecord[] = rows.map((row) => ({
      key: row.record_key,
      gid: row.gid,
      ts: toNumber(row.ts),
      deleted: row.deleted === 1,
      payload: JSON.parse(row.payload) as Record<string, unknown>,
      serverTs: toNumber(row.server_ts),
    }));

    const { writes, reply } = mergeSync({ table, stored, incoming, since: request.since, now, newGid });

    if (writes.length > 0) {
      await trx
        .insertInto('sync_records')
        .values(
          writes.map((record) => ({
            cust_id: custId,
            table_name: table,
            record_key: record.key,
            gid: record.gid,
            ts: record.ts,
            deleted: record.deleted ? 1 : 0,
            payload: JSON.stringify(record.payload),
            server_ts: record.serverTs,
          })),
        )
        .onConflict((conflict) =>
          conflict.columns(['cust_id', 'table_name', 'record_key']).doUpdateSet((eb) => ({
            gid: eb.ref('excluded.gid'),
            ts: eb.ref('excluded.ts'),
            deleted: eb.ref('excluded.deleted'),
            payload: eb.ref('excluded.payload'),
            server_ts: eb.ref('excluded.server_ts'),
          })),
        )
        .execute();
    }
    return reply;
  });
}


/** The devices that have synced for a customer, most recent first. */
export async function listSyncDevices(database: Database, custId: string): Promise<SyncDevice[]> {
  const rows = await database.kysely
    .selectFrom('sync_devices')
    .select(['uuid', 'first_seen', 'last_seen'])
    .where('cust_id', '=', custId)
    .orderBy('last_seen', 'desc')
    .execute();
  return rows.map((row) => ({ uuid: row.uuid, firstSeen: toNumber(row.first_seen), lastSeen: toNumber(row.last_seen) }));
}
