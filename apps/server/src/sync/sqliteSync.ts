import type { SyncProfileRequest } from '@clearway/protocol';
import { rowNumber, type Database } from '../db/index.js';
import { SyncDeviceLimitError } from './devices.js';
import { RECORD_COLUMNS, rowFromStored, storedFromRow, type SyncMerge, type SyncOutcome, type SyncRecordRow } from './syncRecords.js';

/** better-sqlite3's handle (db/connect.ts exposes it on SQLite databases). */
type SqliteHandle = NonNullable<Database['sqlite']>;
/** A prepared statement of that handle (named, so the class's declaration can be emitted). */
type Statement = ReturnType<SqliteHandle['prepare']>;

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
  readonly touchDevice: Statement;
  readonly countDevices: Statement;
  readonly insertDevice: Statement;
  readonly selectSince: Statement;
  readonly selectKeysOrSince: Statement;
  readonly upsertRecord: Statement;
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

export function sqliteStatements(database: Database, handle: SqliteHandle): SqliteSyncStatements {
  let prepared = preparedByHandle.get(handle);
  if (prepared === undefined) {
    prepared = new SqliteSyncStatements(database, handle);
    preparedByHandle.set(handle, prepared);
  }
  return prepared;
}

/** One sync on SQLite, inside its savepoint of a group commit; throws to roll it back. */
export function syncOnSqlite(
  statements: SqliteSyncStatements,
  custId: string,
  request: SyncProfileRequest,
  now: number,
  maxDevices: number,
  keys: string[],
  merge: SyncMerge,
): SyncOutcome {
  const device = { cust: custId, uuid: request.uuid, now };
  if (statements.touchDevice.run(device).changes === 0) {
    if (rowNumber(statements.countDevices.get({ cust: custId }) as number) >= maxDevices) throw new SyncDeviceLimitError(maxDevices);
    statements.insertDevice.run(device);
  }
  const where = { cust: custId, table: request.key, since: request.since };
  const rows = (keys.length > 0 ? statements.selectKeysOrSince.all({ ...where, keys: JSON.stringify(keys) }) : statements.selectSince.all(where)) as SyncRecordRow[];
  const { writes, reply } = merge(rows.map(storedFromRow));
  for (const record of writes) statements.upsertRecord.run(rowFromStored(custId, request.key, record));
  return { reply, written: writes.length };
}
