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

/** Every table the server's migrations create. */
export interface DatabaseSchema {
  client_logs: ClientLogsTable;
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
