import type { Database } from '../db/index.js';
import { rowNumber } from '../db/index.js';
import { SyncDeviceLimitError } from './devices.js';
import { checkQuota, SyncDeviceTakenError } from './limits.js';
import { planSync, type SyncOutcome, type SyncRecordRow, type SyncRun } from './syncRecords.js';

/** Whether the session a device row is bound to is gone: none yet, this one, or ended / expired. */
const BINDING_FREE = (device: string, session: string, live: string) =>
  `(${device}.session_id is null or ${device}.session_id = ${session} or not exists (select 1 from auth_sessions s where s.id_hash = ${device}.session_id and s.expires_at > ${live}))`;

/**
 * The PostgreSQL statements of a sync, named so each connection prepares them once (no query
 * building or planning per request). `$n` parameters; bigints come back as strings.
 */
const PG = {
  lock: { name: 'cw_sync_lock', text: 'select pg_advisory_xact_lock(hashtext($1), hashtext($2))' },
  countOtherDevices: { name: 'cw_sync_count_devices', text: 'select count(*)::int as count from sync_devices where cust_id = $1 and uuid <> $2' },
  // A new device, or (after a concurrent first sync of the same id) one whose binding is free.
  insertDevice: {
    name: 'cw_sync_insert_device_bound',
    text:
      'insert into sync_devices (cust_id, uuid, first_seen, last_seen, session_id) values ($1, $2, $3, $3, $4) on conflict (cust_id, uuid) do update ' +
      `set last_seen = excluded.last_seen, session_id = excluded.session_id where ${BINDING_FREE('sync_devices', '$4::text', '$5::bigint')} returning 1`,
  },
  /**
   * In one round trip: marks the device as seen (when its binding is free; `touched` 0 and `known` 1
   * mean another live session holds the id), and reads the records the merge needs: every stored
   * record of a key sent (part 0), and apart from those the page of records stored since `since`
   * after the page start, in (server_ts, gid) order, at most $11 records and ending with the one that
   * crosses $12 payload bytes (part 1); a part 2 row (without payload) says more records follow.
   * The left join gives one row of nulls when there is no record.
   */
  touchAndSelect: {
    name: 'cw_sync_touch_select_page',
    text:
      'with touched as (update sync_devices set last_seen = $5, session_id = $7::text where cust_id = $1 and uuid = $6 and ' +
      `${BINDING_FREE('sync_devices', '$7::text', '$8::bigint')} returning 1), ` +
      'page as (select gid, server_ts, octet_length(payload) as size from sync_records where cust_id = $1 and table_name = $2 and server_ts >= greatest($3::bigint, $9::bigint) ' +
      'and (server_ts > $9::bigint or (server_ts = $9::bigint and gid > $10::text)) and record_key <> all($4::text[]) order by server_ts, gid limit $11::int + 1), ' +
      'numbered as (select gid, row_number() over w as n, sum(size) over w - size as before from page window w as (order by server_ts, gid rows between unbounded preceding and current row)), ' +
      'marked as (select gid, n, (n <= $11::int and before < $12::bigint) as kept from numbered), ' +
      'chosen as (select gid, n, kept from marked where kept or n = (select min(n) from marked where not kept)) ' +
      'select t.touched, t.known, r.part, r.n, r.record_key, r.gid, r.ts, r.deleted, r.payload, r.server_ts from ' +
      '(select (select count(*)::int from touched) as touched, (select count(*)::int from sync_devices where cust_id = $1 and uuid = $6) as known) t left join (' +
      'select 0 as part, 0::bigint as n, record_key, gid, ts, deleted, payload, server_ts from sync_records where cust_id = $1 and table_name = $2 and record_key = any($4::text[]) ' +
      'union all select case when c.kept then 1 else 2 end, c.n, s.record_key, s.gid, s.ts, s.deleted, case when c.kept then s.payload end, s.server_ts ' +
      'from chosen c join sync_records s on s.gid = c.gid' +
      ') r on true',
  },
  // Every written record in one statement, whatever their number (merge writes each key once), and
  // the customer's usage after the change in the same round trip: the caller checks the quota on
  // the returned figures and rolls back when over (a data-modifying WITH always runs to completion). The usage row's lock orders a customer's
  // concurrent syncs of different tables, so they cannot pass the quota together.
  upsertRecordsAndUsage: {
    name: 'cw_sync_upsert_usage',
    text:
      'with written as (insert into sync_records (cust_id, table_name, record_key, gid, ts, deleted, payload, server_ts) ' +
      'select $1, $2, k, g, t, d, p, s from unnest($3::text[], $4::text[], $5::bigint[], $6::int[], $7::text[], $8::bigint[]) as u(k, g, t, d, p, s) ' +
      'on conflict (cust_id, table_name, record_key) do update set gid = excluded.gid, ts = excluded.ts, ' +
      'deleted = excluded.deleted, payload = excluded.payload, server_ts = excluded.server_ts) ' +
      'insert into sync_usage (cust_id, records, bytes) values ($1, $9::bigint, $10::bigint) on conflict (cust_id) do update ' +
      'set records = sync_usage.records + excluded.records, bytes = sync_usage.bytes + excluded.bytes returning records, bytes',
  },
} as const;

type ReadRow = { touched: number; known: number; part: number | null; n: string | number | null } & { [K in keyof SyncRecordRow]: SyncRecordRow[K] | null };

/** Orders page rows as the page was read (row_number in (server_ts, gid) order, the database's collation). */
function pageOrder(a: ReadRow, b: ReadRow): number {
  return rowNumber(a.n ?? 0) - rowNumber(b.n ?? 0);
}

/**
 * One sync on PostgreSQL: a transaction holding an advisory lock on (customer, table), so two
 * devices of one customer syncing the same table at once are merged one after the other, never
 * both from the same stale read; a new device also takes a lock on the customer's device list, so
 * two new devices syncing different tables cannot both take the last place, and the insert of a
 * device id two sessions present at once binds it to the first only. The records and the usage row
 * are written last, in one statement; a sync that took the usage over the quota is rolled back, so
 * the quota holds across a customer's concurrent syncs. The reply is returned only after COMMIT.
 */
export async function syncOnPostgres(pool: NonNullable<Database['pgPool']>, run: SyncRun): Promise<SyncOutcome> {
  const { custId, request, now } = run;
  const table = request.key;
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    // BEGIN and the (customer, table) lock in one round trip: a simple-protocol query of two
    // statements (it takes no parameters, so the values are escaped literals). Every later statement
    // takes its snapshot after the lock is held.
    await client.query(`begin; select pg_advisory_xact_lock(hashtext(${client.escapeLiteral(custId)}), hashtext(${client.escapeLiteral(table)}))`);
    try {
      const read = await client.query<ReadRow>({
        ...PG.touchAndSelect,
        values: [
          custId,
          table,
          request.since,
          run.keys,
          now,
          request.uuid,
          run.sessionId,
          run.sessionNow,
          run.start.serverTs,
          run.start.gid,
          run.page.records,
          run.page.bytes,
        ],
      });
      const first = read.rows[0];
      if ((first?.touched ?? 0) === 0) {
        if ((first?.known ?? 0) > 0) throw new SyncDeviceTakenError();
        // A device the customer has not synced from: take its place if the limit allows. (The
        // records read above stay valid: they are guarded by the (customer, table) lock.)
        await client.query({ ...PG.lock, values: [custId, 'sync_devices:limit'] });
        const counted = await client.query<{ count: number }>({ ...PG.countOtherDevices, values: [custId, request.uuid] });
        if ((counted.rows[0]?.count ?? 0) >= run.maxDevices) throw new SyncDeviceLimitError(run.maxDevices);
        const inserted = await client.query({ ...PG.insertDevice, values: [custId, request.uuid, now, run.sessionId, run.sessionNow] });
        if (inserted.rowCount === 0) throw new SyncDeviceTakenError();
      }
      const records = read.rows.filter((row): row is ReadRow & SyncRecordRow & { part: number } => row.record_key !== null);
      const byKey = records.filter((row) => row.part === 0);
      const page = records.filter((row) => row.part === 1).sort(pageOrder);
      const more = records.some((row) => row.part === 2);
      const plan = planSync(run, byKey, page, more);
      if (plan.rows.length > 0) {
        const written = plan.rows;
        const usage = await client.query<{ records: string | number; bytes: string | number }>({
          ...PG.upsertRecordsAndUsage,
          values: [
            custId,
            table,
            written.map((row) => row.record_key),
            written.map((row) => row.gid),
            written.map((row) => row.ts),
            written.map((row) => row.deleted),
            written.map((row) => row.payload),
            written.map((row) => row.server_ts),
            plan.delta.records,
            plan.delta.bytes,
          ],
        });
        const row = usage.rows[0];
        if (row === undefined) throw new Error('sync_usage upsert returned no row');
        checkQuota({ records: rowNumber(row.records), bytes: rowNumber(row.bytes) }, plan.delta, run.quota);
      }
      await client.query('commit');
      return plan.outcome;
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
