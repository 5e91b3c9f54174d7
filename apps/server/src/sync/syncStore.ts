import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { syncRecordKey, type SyncObject, type SyncProfileReply, type SyncProfileRequest, type SyncTable } from '@clearway/protocol';
import { mergeSync, type StoredSyncRecord } from '@clearway/sync';
import type { Database, DatabaseSchema } from '../db/schema.js';

/** Thrown when a request names another customer than the caller's session; the route answers 403. */
export class SyncForbiddenError extends Error {
  override readonly name = 'SyncForbiddenError';
}

/** Spec part 1 §9: up to 4 devices per subscription. */
export const MAX_DEVICES_PER_CUSTOMER = 4;

/** The refusal a fifth device gets (403), naming the limit and the way out. */
export function deviceLimitMessage(limit = MAX_DEVICES_PER_CUSTOMER): string {
  return `This subscription is already used on ${limit} devices (the limit). Remove a device on the account page to add this one.`;
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

  return inWriteTransaction(database, custId, table, async (trx) => {
    await recordDevice(trx, database.dialect, custId, request.uuid, now, maxDevices);

    // Only what the merge needs: the records the device sent and those stored since `since`.
    const rows = await trx
      .selectFrom('sync_records')
      .select(['record_key', 'gid', 'ts', 'deleted', 'payload', 'server_ts'])
      .where('cust_id', '=', custId)
      .where('table_name', '=', table)
      .where((eb) => (keys.length > 0 ? eb.or([eb('record_key', 'in', keys), eb('server_ts', '>=', request.since)]) : eb('server_ts', '>=', request.since)))
      .execute();

    const { writes, reply } = merge(rows.map(storedFromRow));

    if (writes.length > 0) {
      await trx
        .insertInto('sync_records')
        .values(writes.map((record) => rowFromStored(custId, table, record)))
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
    return { reply, written: writes.length };
  });
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
 * the one COMMIT: with synchronous=FULL (the default) every commit waits for the disk, so sharing it
 * is what lets SQLite serve many devices at once without weakening durability. No reply is sent
 * before its records are committed.
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
    // Two index lookups (changed since, and by key) rather than an OR that would scan the table.
    this.selectKeysOrSince = handle.prepare(
      `select ${RECORD_COLUMNS} from sync_records where cust_id = @cust and table_name = @table and server_ts >= @since ` +
        `union select ${RECORD_COLUMNS} from sync_records where cust_id = @cust and table_name = @table and record_key in (select value from json_each(@keys))`,
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

/**
 * Marks the device as seen, adding it when new unless the customer is at the device limit. On
 * PostgreSQL a new device takes an advisory lock on the customer's device list, so two new devices
 * syncing different tables at once cannot both take the last place (SQLite's write lock does that).
 */
async function recordDevice(trx: Queries, dialect: Database['dialect'], custId: string, uuid: string, now: number, maxDevices: number): Promise<void> {
  const seen = await trx.updateTable('sync_devices').set({ last_seen: now }).where('cust_id', '=', custId).where('uuid', '=', uuid).executeTakeFirst();
  if (Number(seen.numUpdatedRows) > 0) return;
  if (dialect === 'postgres') await sql`select pg_advisory_xact_lock(hashtext(${custId}), hashtext(${'sync_devices:limit'}))`.execute(trx);
  const { count } = await trx
    .selectFrom('sync_devices')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('cust_id', '=', custId)
    .where('uuid', '!=', uuid)
    .executeTakeFirstOrThrow();
  if (Number(count) >= maxDevices) throw new SyncDeviceLimitError(maxDevices);
  await trx
    .insertInto('sync_devices')
    .values({ cust_id: custId, uuid, first_seen: now, last_seen: now })
    .onConflict((conflict) => conflict.columns(['cust_id', 'uuid']).doUpdateSet({ last_seen: now }))
    .execute();
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
