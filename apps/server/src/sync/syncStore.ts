import { randomUUID } from 'node:crypto';
import { deviceLimitMessage as protocolDeviceLimitMessage, syncRecordKey, type SyncObject, type SyncProfileReply, type SyncProfileRequest, type SyncTable } from '@clearway/protocol';
import { mergeSync, type StoredSyncRecord } from '@clearway/sync';
import type { Database } from '../db/schema.js';

/** Thrown when a request names another customer than the caller's session; the route answers 403. */
export class SyncForbiddenError extends Error {
  override readonly name = 'SyncForbiddenError';
}

/** Spec part 1 §9: up to 4 devices per subscription. */
export const MAX_DEVICES_PER_CUSTOMER = 4;

/** The refusal a fifth device gets (403), naming the limit and the way out: the protocol's text. */
export function deviceLimitMessage(limit = MAX_DEVICES_PER_CUSTOMER): string {
  return protocolDeviceLimitMessage(limit);
}

/** Thrown when a device the customer has not used before would exceed the device limit; the route answers 403. */
export class SyncDeviceLimitError extends Error {
  override readonly name = 'SyncDeviceLimitError';

  constructor(readonly limit: number) {
    super(deviceLimitMessage(limit));
  }
}

/** Options of syncProfile. */
export interface SyncProfileOptions {
  /** Makes the gid of a record the server has never seen (default: a random UUID). */
  newGid?: () => string;
  /** Devices a customer may sync from (default MAX_DEVICES_PER_CUSTOMER). */
  maxDevices?: number;
}

/** What a sync did: the reply, and how many stored records it wrote (0: nothing changed for the other devices). */
export interface SyncOutcome {
  reply: SyncProfileReply;
  written: number;
}

/** A device that has synced for a customer. */
export interface SyncDevice {
  uuid: string;
  /** First and last sync, ms since the epoch. */
  firstSeen: number;
  lastSeen: number;
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
  return (await syncProfileOutcome(database, custId, request, now, options)).reply;
}

/**
 * syncProfile, also telling how many records were written, so the route can tell the customer's
 * other devices only when something changed.
 * @throws SyncForbiddenError when request.cust_id is not custId.
 * @throws SyncDeviceLimitError when request.uuid is a new device and the customer already has the most allowed.
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

  const maxDevices = options.maxDevices ?? MAX_DEVICES_PER_CUSTOMER;
  const keys = [...new Set(incoming.map((record) => syncRecordKey(table, record)))];
  const merge = (stored: StoredSyncRecord[]) => mergeSync({ table, stored, incoming, since: request.since, now, newGid });

  if (database.sqlite !== undefined) {
    const statements = sqliteStatements(database, database.sqlite);
    return statements.submit(() => syncOnSqlite(statements, custId, request, now, maxDevices, keys, merge));
  }

  if (database.pgPool === undefined) throw new Error('syncProfile: a PostgreSQL database without its pool');
  return syncOnPostgres(database.pgPool, custId, request, now, maxDevices, keys, merge);
}

/**
 * The PostgreSQL statements of a sync, named so each connection prepares them once (no query
 * building or planning per request). `$n` parameters; bigints come back as strings.
 */
const PG = {
  lock: { name: 'cw_sync_lock', text: 'select pg_advisory_xact_lock(hashtext($1), hashtext($2))' },
  countOtherDevices: { name: 'cw_sync_count_devices', text: 'select count(*)::int as count from sync_devices where cust_id = $1 and uuid <> $2' },
  insertDevice: {
    name: 'cw_sync_insert_device',
    text: 'insert into sync_devices (cust_id, uuid, first_seen, last_seen) values ($1, $2, $3, $3) on conflict (cust_id, uuid) do update set last_seen = excluded.last_seen',
  },
  // Marks the device as seen and reads the records the merge needs (sent, or stored since `since`:
  // two disjoint index lookups joined by `union all` rather than an OR) in one round trip. The
  // update is a data-modifying WITH, run
  // whether or not it is read; `touched` (0: a device the customer has not used) is on every row,
  // and the left join gives one row of nulls when there is no record.
  touchAndSelect: {
    name: 'cw_sync_touch_select',
    text:
      'with touched as (update sync_devices set last_seen = $5 where cust_id = $1 and uuid = $6 returning 1) ' +
      'select t.touched, r.record_key, r.gid, r.ts, r.deleted, r.payload, r.server_ts from (select count(*)::int as touched from touched) t left join (' +
      'select record_key, gid, ts, deleted, payload, server_ts from sync_records where cust_id = $1 and table_name = $2 and server_ts >= $3 ' +
      'union all select record_key, gid, ts, deleted, payload, server_ts from sync_records where cust_id = $1 and table_name = $2 and record_key = any($4::text[]) and server_ts < $3' +
      ') r on true',
  },
  // Every written record in one statement, whatever their number (merge writes each key once).
  upsertRecords: {
    name: 'cw_sync_upsert',
    text:
      'insert into sync_records (cust_id, table_name, record_key, gid, ts, deleted, payload, server_ts) ' +
      'select $1, $2, k, g, t, d, p, s from unnest($3::text[], $4::text[], $5::bigint[], $6::int[], $7::text[], $8::bigint[]) as u(k, g, t, d, p, s) ' +
      'on conflict (cust_id, table_name, record_key) do update set gid = excluded.gid, ts = excluded.ts, ' +
      'deleted = excluded.deleted, payload = excluded.payload, server_ts = excluded.server_ts',
  },
} as const;

/**
 * One sync on PostgreSQL: a transaction holding an advisory lock on (customer, table), so two
 * devices of one customer syncing the same table at once are merged one after the other, never
 * both from the same stale read; a new device also takes a lock on the customer's device list, so
 * two new devices syncing different tables cannot both take the last place. The reply is returned
 * only after COMMIT.
 */
async function syncOnPostgres(
  pool: NonNullable<Database['pgPool']>,
  custId: string,
  request: SyncProfileRequest,
  now: number,
  maxDevices: number,
  keys: string[],
  merge: (stored: StoredSyncRecord[]) => { writes: StoredSyncRecord[]; reply: SyncProfileReply },
): Promise<SyncOutcome> {
  const table = request.key;
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    // BEGIN and the (customer, table) lock in one round trip: a simple-protocol query of two
    // statements (it takes no parameters, so the values are escaped literals). Every later statement
    // takes its snapshot after the lock is held.
    await client.query(`begin; select pg_advisory_xact_lock(hashtext(${client.escapeLiteral(custId)}), hashtext(${client.escapeLiteral(table)}))`);
    try {
      const read = await client.query<{ touched: number } & { [K in keyof SyncRecordRow]: SyncRecordRow[K] | null }>({
        ...PG.touchAndSelect,
        values: [custId, table, request.since, keys, now, request.uuid],
      });
      const rows = read.rows.filter((row): row is { touched: number } & SyncRecordRow => row.record_key !== null);
      if ((read.rows[0]?.touched ?? 0) === 0) {
        // A device the customer has not synced from: take its place if the limit allows. (The
        // records read above stay valid: they are guarded by the (customer, table) lock.)
        await client.query({ ...PG.lock, values: [custId, 'sync_devices:limit'] });
        const counted = await client.query<{ count: number }>({ ...PG.countOtherDevices, values: [custId, request.uuid] });
        if ((counted.rows[0]?.count ?? 0) >= maxDevices) throw new SyncDeviceLimitError(maxDevices);
        await client.query({ ...PG.insertDevice, values: [custId, request.uuid, now] });
      }
      const { writes, reply } = merge(rows.map(storedFromRow));
      if (writes.length > 0) {
        const written = writes.map((record) => rowFromStored(custId, table, record));
        await client.query({
          ...PG.upsertRecords,
          values: [
            custId,
            table,
            written.map((row) => row.record_key),
            written.map((row) => row.gid),
            written.map((row) => row.ts),
            written.map((row) => row.deleted),
            written.map((row) => row.payload),
            written.map((row) => row.server_ts),
          ],
        });
      }
      await client.query('commit');
      return { reply, written: writes.length };
    } catch (error) {
      try {
        await client.query('rollback');
      } catch (rollbackError) {
        // The connection is unusable: drop it from the pool rather than hand it out again.
        broken = rollbackError instanceof Error ? rollbackError : new Error(String(rollbackError));
      }
      throw error;
    }
  } finally {
    client.release(broken);
  }
}

/** A sync_records row as read (bigints may come back as strings from PostgreSQL). */
interface SyncRecordRow {
  record_key: string;
  gid: string;
  ts: number | string;
  deleted: number;
  payload: string;
  server_ts: number | string;
}

function storedFromRow(row: SyncRecordRow): StoredSyncRecord {
  return {
    key: row.record_key,
    gid: row.gid,
    ts: toNumber(row.ts),
    deleted: row.deleted === 1,
    payload: JSON.parse(row.payload) as Record<string, unknown>,
    serverTs: toNumber(row.server_ts),
  };
}

function rowFromStored(custId: string, table: SyncTable, record: StoredSyncRecord) {
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

/** better-sqlite3's handle (db/connect.ts exposes it on SQLite databases). */
type SqliteHandle = NonNullable<Database['sqlite']>;

/** A sync waiting for the next group commit. */
interface PendingSync {
  work: () => SyncOutcome;
  resolve: (outcome: SyncOutcome) => void;
  reject: (error: unknown) => void;
}

/** Most syncs committed together; the rest wait for the next commit. */
const MAX_GROUP_COMMIT = 256;

/**
 * The SQLite path: statements prepared once per database handle, no query building per request,
 * and group commit. Syncs that arrive together run one after the other in one `BEGIN IMMEDIATE`
 * transaction, each in its own savepoint (a failing sync rolls back alone), and are answered after
 * the one COMMIT, so many devices share one transaction's overhead (and, were synchronous FULL,
 * one fsync). No reply is sent before its records are committed (in the WAL; db/connect.ts runs
 * synchronous=NORMAL: durable against the process dying, not against power loss).
 */
class SqliteSyncStatements {
  readonly touchDevice;
  readonly countDevices;
  readonly insertDevice;
  readonly selectSince;
  readonly selectKeysOrSince;
  readonly upsertRecord;
  private readonly savepoint;
  private readonly group;
  private pending: PendingSync[] = [];
  private scheduled = false;

  constructor(private readonly database: Database, handle: SqliteHandle) {
    this.touchDevice = handle.prepare('update sync_devices set last_seen = @now where cust_id = @cust and uuid = @uuid');
    this.countDevices = handle.prepare('select count(*) from sync_devices where cust_id = @cust').pluck();
    this.insertDevice = handle.prepare(
      'insert into sync_devices (cust_id, uuid, first_seen, last_seen) values (@cust, @uuid, @now, @now) ' +
        'on conflict (cust_id, uuid) do update set last_seen = excluded.last_seen',
    );
    this.selectSince = handle.prepare(`select ${RECORD_COLUMNS} from sync_records where cust_id = @cust and table_name = @table and server_ts >= @since`);
    // Two index lookups (changed since, and by key) rather than an OR that would scan the table;
    // disjoint (the by-key half only below `since`), so `union all` needs no de-duplicating sort.
    this.selectKeysOrSince = handle.prepare(
      `select ${RECORD_COLUMNS} from sync_records where cust_id = @cust and table_name = @table and server_ts >= @since ` +
        `union all select ${RECORD_COLUMNS} from sync_records where cust_id = @cust and table_name = @table and record_key in (select value from json_each(@keys)) and server_ts < @since`,
    );
    this.upsertRecord = handle.prepare(
      'insert into sync_records (cust_id, table_name, record_key, gid, ts, deleted, payload, server_ts) ' +
        'values (@cust_id, @table_name, @record_key, @gid, @ts, @deleted, @payload, @server_ts) ' +
        'on conflict (cust_id, table_name, record_key) do update set gid = excluded.gid, ts = excluded.ts, ' +
        'deleted = excluded.deleted, payload = excluded.payload, server_ts = excluded.server_ts',
    );
    // Called inside `group`, a better-sqlite3 transaction function becomes a savepoint.
    this.savepoint = handle.transaction((work: () => SyncOutcome) => work());
    this.group = handle.transaction((items: PendingSync[]) =>
      items.map((item): { ok: true; outcome: SyncOutcome } | { ok: false; error: unknown } => {
        try {
          return { ok: true, outcome: this.savepoint(item.work) };
        } catch (error) {
          return { ok: false, error };
        }
      }),
    );
  }

  /** Runs `work` in the next group commit; resolves after the COMMIT. */
  submit(work: () => SyncOutcome): Promise<SyncOutcome> {
    return new Promise((resolve, reject) => {
      this.pending.push({ work, resolve, reject });
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.scheduled || this.pending.length === 0) return;
    this.scheduled = true;
    // setImmediate: the requests read in this turn of the event loop join the same commit.
    setImmediate(() => {
      // Kysely's SQLite driver serialises use of its one connection; holding it keeps a Kysely
      // transaction from being open on the handle while the group runs.
      this.database.kysely
        .connection()
        .execute(() => Promise.resolve(this.flush()))
        .catch((error: unknown) => {
          // The connection could not be had (database closed): fail what is waiting.
          this.scheduled = false;
          for (const item of this.pending.splice(0)) item.reject(error);
        });
    });
  }

  private flush(): void {
    this.scheduled = false;
    const items = this.pending.splice(0, MAX_GROUP_COMMIT);
    try {
      const results = this.group.immediate(items);
      results.forEach((result, index) => {
        const item = items[index] as PendingSync;
        if (result.ok) item.resolve(result.outcome);
        else item.reject(result.error);
      });
    } catch (error) {
      // BEGIN or COMMIT failed: nothing of this group is stored.
      for (const item of items) item.reject(error);
    } finally {
      this.schedule();
    }
  }
}

const preparedByHandle = new WeakMap<SqliteHandle, SqliteSyncStatements>();
const RECORD_COLUMNS = 'record_key, gid, ts, deleted, payload, server_ts';

function sqliteStatements(database: Database, handle: SqliteHandle): SqliteSyncStatements {
  let prepared = preparedByHandle.get(handle);
  if (prepared === undefined) {
    prepared = new SqliteSyncStatements(database, handle);
    preparedByHandle.set(handle, prepared);
  }
  return prepared;
}

/** One sync on SQLite, inside its savepoint of a group commit; throws to roll it back. */
function syncOnSqlite(
  statements: SqliteSyncStatements,
  custId: string,
  request: SyncProfileRequest,
  now: number,
  maxDevices: number,
  keys: string[],
  merge: (stored: StoredSyncRecord[]) => { writes: StoredSyncRecord[]; reply: SyncProfileReply },
): SyncOutcome {
  const device = { cust: custId, uuid: request.uuid, now };
  if (statements.touchDevice.run(device).changes === 0) {
    if (Number(statements.countDevices.get({ cust: custId })) >= maxDevices) throw new SyncDeviceLimitError(maxDevices);
    statements.insertDevice.run(device);
  }
  const where = { cust: custId, table: request.key, since: request.since };
  const rows = (keys.length > 0 ? statements.selectKeysOrSince.all({ ...where, keys: JSON.stringify(keys) }) : statements.selectSince.all(where)) as SyncRecordRow[];
  const { writes, reply } = merge(rows.map(storedFromRow));
  for (const record of writes) statements.upsertRecord.run(rowFromStored(custId, request.key, record));
  return { reply, written: writes.length };
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

/** Removes one of the customer's devices (account page); true when it was there. Its records stay. */
export async function removeSyncDevice(database: Database, custId: string, uuid: string): Promise<boolean> {
  const result = await database.kysely.deleteFrom('sync_devices').where('cust_id', '=', custId).where('uuid', '=', uuid).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
