import { NO_MIGRATIONS, sql } from 'kysely';
import { expect, it } from 'vitest';
import { logEntrySchema } from '@clearway/protocol';
import { checkDatabase, createMigrator, migrateToLatest, MigrationError, MIGRATION_NAMES, type Database } from '../db/index.js';
import { insertClientLog, listClientLogs } from '../logs/index.js';
import { validLogEntry } from './testApp.js';

/** An empty database for one test, and how to throw it away. */
export interface FreshDatabase {
  db: Database;
  dispose: () => Promise<void>;
}

const CLIENT_LOG_COLUMNS = [
  'cust_id', 'day', 'entry', 'env', 'forwarded_at', 'id', 'lat', 'level', 'lon', 'message', 'os', 'received_at', 'stack', 'uuid', 'version',
];

/**
 * The behaviour every supported dialect must show: migrations, the client log store and the health
 * check. Called inside a describe block by the SQLite and the PostgreSQL suites.
 */
export function databaseContract(fresh: () => Promise<FreshDatabase>): void {
  async function withDatabase(test: (db: Database) => Promise<void>): Promise<void> {
    const { db, dispose } = await fresh();
    try {
      await test(db);
    } finally {
      await dispose();
    }
  }

  it('applies every migration on an empty database, then none on the next start', () =>
    withDatabase(async (db) => {
      expect(await migrateToLatest(db)).toEqual(MIGRATION_NAMES);
      expect(await migrateToLatest(db)).toEqual([]);
    }));

  it('creates client_logs with every column', () =>
    withDatabase(async (db) => {
      await migrateToLatest(db);
      const tables = await db.kysely.introspection.getTables();
      const clientLogs = tables.find((table) => table.name === 'client_logs');
      expect(clientLogs?.columns.map((column) => column.name).sort()).toEqual(CLIENT_LOG_COLUMNS);
      expect(clientLogs?.columns.find((column) => column.name === 'id')?.isNullable).toBe(false);
      expect(clientLogs?.columns.find((column) => column.name === 'stack')?.isNullable).toBe(true);
    }));

  it('stores client log entries and reads them back newest first', () =>
    withDatabase(async (db) => {
      await migrateToLatest(db);
      const first = logEntrySchema.parse(validLogEntry({ message: 'first' }));
      const second = logEntrySchema.parse(validLogEntry({ message: 'second', cust_id: null, stack: null, location: null }));
      const firstId = await insertClientLog(db, '2026-11-21', first, new Date('2026-11-21T12:00:00.000Z'));
      const secondId = await insertClientLog(db, '2026-11-21', second, new Date('2026-11-21T12:00:05.000Z'));
      await insertClientLog(db, '2026-11-22', first, new Date('2026-11-22T00:00:00.000Z'));

      const stored = await listClientLogs(db, '2026-11-21');
      expect(stored.map((log) => log.id)).toEqual([secondId, firstId]);
      expect(stored[0]).toEqual({ id: secondId, receivedAt: '2026-11-21T12:00:05.000Z', day: '2026-11-21', entry: second });
      expect(stored[1]?.entry).toEqual(first);

      const row = await db.kysely.selectFrom('client_logs').selectAll().where('id', '=', firstId).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ level: 'error', message: 'first', cust_id: 'cust_123', lat: 37.6589, lon: -122.1218 });
      const bare = await db.kysely.selectFrom('client_logs').selectAll().where('id', '=', secondId).executeTakeFirstOrThrow();
      expect(bare).toMatchObject({ cust_id: null, stack: null, lat: null, lon: null });
    }));

  it('migrates down and up again', () =>
    withDatabase(async (db) => {
      await migrateToLatest(db);
      const migrator = await createMigrator(db);
      const down = await migrator.migrateTo(NO_MIGRATIONS);
      expect(down.error).toBeUndefined();
      const left = (await db.kysely.introspection.getTables()).map((table) => table.name);
      for (const table of ['client_logs', 'sync_records', 'sync_devices']) expect(left).not.toContain(table);
      expect(await migrateToLatest(db)).toEqual(MIGRATION_NAMES);
    }));

  it('names the failed migration when one cannot run', () =>
    withDatabase(async (db) => {
      // A table already in the way makes 0001 fail, as a half-restored backup would.
      await sql`create table client_logs (id text)`.execute(db.kysely);
      const failure = migrateToLatest(db);
      await expect(failure).rejects.toBeInstanceOf(MigrationError);
      await expect(failure).rejects.toThrow(/Database migration 0001_client_logs failed on .*client_logs/);
    }));

  it('reports a healthy database with its dialect and round-trip time', () =>
    withDatabase(async (db) => {
      const check = await checkDatabase(db);
      expect(check).toEqual({ status: 'ok', dialect: db.dialect, latency_ms: expect.any(Number) });
      expect(check.latency_ms).toBeGreaterThanOrEqual(0);
    }));
}
