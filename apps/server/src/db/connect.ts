import { chmodSync, closeSync, existsSync, mkdirSync, openSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import pg from 'pg';
import { CurrentSchemaPostgresDialect } from './postgresIntrospector.js';
import { describeDatabase, type DatabaseConfig } from '../config/index.js';
import type { Database, DatabaseSchema } from './schema.js';

/** Options for openDatabase. */
export interface OpenDatabaseOptions {
  /** Called when an idle PostgreSQL connection fails (without it such errors crash the process). */
  onPoolError?: (error: Error) => void;
  /** PostgreSQL pool size, connections. */
  poolSize?: number;
}

/** Mode of the SQLite file and its -wal and -shm: owner only (it holds the identity provider's keys and every account). */
export const SQLITE_FILE_MODE = 0o600;
/** Mode of a folder openDatabase creates for the SQLite file. */
export const SQLITE_FOLDER_MODE = 0o700;

/**
 * Makes the SQLite file readable by its owner only before SQLite opens it: a new folder is created
 * 0700 and a new file 0600 (SQLite gives its -wal and -shm the mode of the database file); an
 * existing file, -wal or -shm readable by others (an older install's 0644) is narrowed to 0600. An
 * existing folder is left as it is (it may be shared, such as /tmp).
 */
function prepareSqliteFile(path: string): void {
  const folder = dirname(path);
  if (!existsSync(folder)) mkdirSync(folder, { recursive: true, mode: SQLITE_FOLDER_MODE });
  if (!existsSync(path)) closeSync(openSync(path, 'a', SQLITE_FILE_MODE));
  for (const file of [path, `${path}-wal`, `${path}-shm`]) {
    if (existsSync(file) && (statSync(file).mode & 0o077) !== 0) chmodSync(file, SQLITE_FILE_MODE);
  }
}

/**
 * Opens the configured database. SQLite: creates the file's folder (0700) and the file (0600) if
 * missing (prepareSqliteFile), turns on WAL (readers
 * do not block the writer) with synchronous=NORMAL (see below) and foreign keys (off by default in SQLite). PostgreSQL: a `pg` pool that
 * connects lazily, so a wrong URL is reported by the first query (the migrations at start-up).
 */
export function openDatabase(config: DatabaseConfig, options: OpenDatabaseOptions = {}): Database {
  const target = describeDatabase(config);
  if (config.dialect === 'sqlite') {
    if (config.path !== ':memory:') prepareSqliteFile(config.path);
    const sqlite = new SqliteDatabase(config.path);
    sqlite.pragma('journal_mode = WAL');
    // With WAL, synchronous=NORMAL writes every commit into the WAL file before COMMIT returns but
    // fsyncs only at checkpoints, not at each commit. A committed transaction is then in the
    // operating system's cache and survives the server process dying (SIGKILL, a crash: the
    // acknowledged-sync guarantee that e2e/sync-durability.e2e.ts checks); a power loss or kernel
    // crash can lose the last commits before the next checkpoint (the file stays consistent).
    // FULL would fsync the WAL on every commit, blocking the event loop on the disk each time.
    sqlite.pragma('synchronous = NORMAL');
    sqlite.pragma('foreign_keys = ON');
    const kysely = new Kysely<DatabaseSchema>({ dialect: new SqliteDialect({ database: sqlite }) });
    const close = async () => {
      await kysely.destroy();
      // Kysely only closes a connection it has used; close the handle ourselves in any case.
      if (sqlite.open) sqlite.close();
    };
    return { kysely, dialect: 'sqlite', target, close, sqlite };
  }
  const pool = new pg.Pool({
    connectionString: config.url,
    max: options.poolSize ?? 10,
    // Fail a start-up against an unreachable server in seconds rather than hanging.
    connectionTimeoutMillis: 5000,
  });
  pool.on('error', (error) => options.onPoolError?.(error));
  const kysely = new Kysely<DatabaseSchema>({ dialect: new CurrentSchemaPostgresDialect({ pool }) });
  const close = async () => {
    await kysely.destroy();
    // Kysely ends the pool only if it ever used it.
    if (!pool.ended) await pool.end();
  };
  return { kysely, dialect: 'postgres', target, close, pgPool: pool };
}
