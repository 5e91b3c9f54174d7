import type { ColumnType, Kysely } from 'kysely';

/** SQL dialects the server runs on; every migration and query works on both. */
export type DatabaseDialect = 'sqlite' | 'postgres';

/**
 * One forwarded client log entry (spec part 1 §3 "Log entry", §7 logging call). The entry's
 * searchable fields are columns; the whole entry is kept as JSON text in `entry`.
 */
export interface ClientLogsTable {
  /** Random UUID made by the server, so any number of processes can insert without coordination. */
  id: string;
  /** When the server stored it: timestamptz on PostgreSQL (read as Date), ISO 8601 text on SQLite. */
  received_at: ColumnType<Date | string, string, never>;
  /** The UTC day of the log index path, YYYY-MM-DD. */
  day: string;
  level: string;
  message: string;
  /** The device id of the sender. */
  uuid: string;
  env: string;
  cust_id: string | null;
  version: string;
  os: string;
  stack: string | null;
  /** Latitude, degrees north. */
  lat: number | null;
  /** Longitude, degrees east. */
  lon: number | null;
  /** The whole validated entry as JSON text. */
  entry: string;
}

/** A bigint column: PostgreSQL hands it back as a string, SQLite as a number; written as a number. */
type BigintColumn = ColumnType<number | string, number, number>;

/**
 * One synchronised record of one customer's prefs table (spec part 1 §4, §7 sync): the server's
 * copy, merged by @clearway/sync. Tombstones (deleted = 1) are kept.
 */
export interface SyncRecordsTable {
  cust_id: string;
  /** The sync table (SYNC_TABLES), e.g. fav_airports. */
  table_name: string;
  /** The record key within the table (syncRecordKey): code, tail, flight_id, or the table name. */
  record_key: string;
  /** Server-assigned global id. */
  gid: string;
  /** Last change on a device, ms since the epoch. */
  ts: BigintColumn;
  /** 1 when soft-deleted, else 0. */
  deleted: number;
  /** The record's other fields as JSON text. */
  payload: string;
  /** When the server stored this version, ms since the epoch; a request's `since` compares to it. */
  server_ts: BigintColumn;
}

/** A device that has synced for a customer (spec part 1 §9: up to 4 devices per subscription). */
export interface SyncDevicesTable {
  cust_id: string;
  /** The device's prefs `uuid`. */
  uuid: string;
  /** First and last sync, ms since the epoch. */
  first_seen: BigintColumn;
  last_seen: BigintColumn;
}

/** Every table the server's migrations create. */
export interface DatabaseSchema {
  client_logs: ClientLogsTable;
  sync_records: SyncRecordsTable;
  sync_devices: SyncDevicesTable;
}

/** An open database: the Kysely query builder plus which dialect it speaks. */
export interface Database {
  readonly kysely: Kysely<DatabaseSchema>;
  readonly dialect: DatabaseDialect;
  /** Where it points, for logs, with any password hidden. */
  readonly target: string;
  /** Closes every connection; the handle is unusable afterwards. Safe to call twice. */
  close(): Promise<void>;
}
