import type { SyncProfileRequest } from '@clearway/protocol';
import type { Database } from '../db/index.js';
import { SyncDeviceLimitError } from './devices.js';
import { rowFromStored, storedFromRow, type SyncMerge, type SyncOutcome, type SyncRecordRow } from './syncRecords.js';

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
export async function syncOnPostgres(
  pool: NonNullable<Database['pgPool']>,
  custId: string,
  request: SyncProfileRequest,
  now: number,
  maxDevices: number,
  keys: string[],
  merge: SyncMerge,
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
