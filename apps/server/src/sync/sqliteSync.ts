import { rowNumber, type Database } from '../db/index.js';
import { SyncDeviceLimitError } from './devices.js';
import { checkQuota, SyncDeviceTakenError } from './limits.js';
import { planSync, RECORD_COLUMNS, type SyncOutcome, type SyncRecordRow, type SyncRun } from './syncRecords.js';

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
  readonly selectDevice: Statement;
  readonly touchDevice: Statement;
  readonly countDevices: Statement;
  readonly insertDevice: Statement;
  readonly selectByKeys: Statement;
  readonly selectPage: Statement;
  readonly addUsage: Statement;
  readonly upsertRecord: Statement;
  private readonly savepoint;
  private readonly group;
  private pending: PendingSync[] = [];
  private scheduled = false;

  constructor(private readonly database: Database, handle: SqliteHandle) {
    // The device row and whether the session it is bound to is still live (auth_sessions, read only).
    this.selectDevice = handle.prepare(
      'select d.session_id, exists (select 1 from auth_sessions s where s.id_hash = d.session_id and s.expires_at > @live) as live ' +
        'from sync_devices d where d.cust_id = @cust and d.uuid = @uuid',
    );
    this.touchDevice = handle.prepare('update sync_devices set last_seen = @now, session_id = @session where cust_id = @cust and uuid = @uuid');
    this.countDevices = handle.prepare('select count(*) from sync_devices where cust_id = @cust').pluck();
    this.insertDevice = handle.prepare('insert into sync_devices (cust_id, uuid, first_seen, last_seen, session_id) values (@cust, @uuid, @now, @now, @session)');
    // Every stored record of a key sent (whatever its server_ts), and apart from those, the page of
    // records stored since `since`, in (server_ts, gid) order from the page start: one index range
    // each (sync_records_pk, sync_records_page_idx), read row by row until the page is full.
    this.selectByKeys = handle.prepare(
      `select ${RECORD_COLUMNS} from sync_records where cust_id = @cust and table_name = @table and record_key in (select value from json_each(@keys))`,
    );
    this.selectPage = handle.prepare(
      `select ${RECORD_COLUMNS} from sync_records where cust_id = @cust and table_name = @table and server_ts >= @from ` +
        'and (server_ts > @afterTs or (server_ts = @afterTs and gid > @afterGid)) and record_key not in (select value from json_each(@keys)) ' +
        'order by server_ts, gid',
    );
    // The customer's usage after this sync's change, in the same savepoint as the writes.
    this.addUsage = handle.prepare(
      'insert into sync_usage (cust_id, records, bytes) values (@cust, @records, @bytes) on conflict (cust_id) do update ' +
        'set records = sync_usage.records + excluded.records, bytes = sync_usage.bytes + excluded.bytes returning records, bytes',
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
export function syncOnSqlite(statements: SqliteSyncStatements, run: SyncRun): SyncOutcome {
  const { custId, request, now } = run;
  const device = { cust: custId, uuid: request.uuid, now, session: run.sessionId };
  const bound = statements.selectDevice.get({ cust: custId, uuid: request.uuid, live: run.sessionNow }) as { session_id: string | null; live: number } | undefined;
  if (bound === undefined) {
    if (rowNumber(statements.countDevices.get({ cust: custId }) as number) >= run.maxDevices) throw new SyncDeviceLimitError(run.maxDevices);
    statements.insertDevice.run(device);
  } else {
    // Bound to another session that is still signed in: a copied id (GET /api/devices lists them).
    if (bound.session_id !== null && bound.session_id !== run.sessionId && bound.live === 1) throw new SyncDeviceTakenError();
    statements.touchDevice.run(device);
  }
  const keys = JSON.stringify(run.keys);
  const byKey = statements.selectByKeys.all({ cust: custId, table: request.key, keys }) as SyncRecordRow[];
  const page: SyncRecordRow[] = [];
  let pageBytes = 0;
  let more = false;
  const rows = statements.selectPage.iterate({
    cust: custId,
    table: request.key,
    from: Math.max(request.since, run.start.serverTs),
    afterTs: run.start.serverTs,
    afterGid: run.start.gid,
    keys,
  }) as IterableIterator<SyncRecordRow>;
  for (const row of rows) {
    if (page.length >= run.page.records || pageBytes >= run.page.bytes) {
      more = true;
      break;
    }
    page.push(row);
    pageBytes += Buffer.byteLength(row.payload);
  }
  const plan = planSync(run, byKey, page, more);
  if (plan.delta.records !== 0 || plan.delta.bytes !== 0) {
    const usage = statements.addUsage.get({ cust: custId, ...plan.delta }) as { records: number; bytes: number };
    checkQuota({ records: rowNumber(usage.records), bytes: rowNumber(usage.bytes) }, plan.delta, run.quota);
  }
  for (const row of plan.rows) statements.upsertRecord.run(row);
  return plan.outcome;
}
