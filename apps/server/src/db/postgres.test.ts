import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { logIndexPath } from '@clearway/protocol';
import { buildApp } from '../app.js';
import { createSession, findOrCreateCustomer, SESSION_COOKIE } from '../auth/index.js';
import { loadConfig } from '../config/index.js';
import { databaseContract } from '../testing/databaseContract.js';
import { POSTGRES_SKIP_REASON, TEST_DATABASE_URL, createScratchSchema } from '../testing/postgres.js';
import { requireService } from '../testing/skips.js';
import { validLogEntry } from '../testing/testApp.js';
import { openDatabase } from './connect.js';
import { checkDatabase } from './health.js';
import { migrateToLatest } from './migrate.js';
import { MIGRATION_NAMES } from './migrations/index.js';

// Runs against a real PostgreSQL server (see apps/server/scripts/pg-test-setup.sh). Each test gets a
// fresh schema that is dropped afterwards, so runs never see each other's tables.
describe('PostgreSQL database', { tags: ['postgres'] }, () => {
  it('has a server to test against', (context) => requireService(context, 'postgres', TEST_DATABASE_URL !== undefined, POSTGRES_SKIP_REASON));

  describe.skipIf(TEST_DATABASE_URL === undefined)('on TEST_DATABASE_URL', () => {
    const url = TEST_DATABASE_URL ?? '';

    databaseContract(async () => {
      const scratch = await createScratchSchema(url);
      const db = openDatabase({ dialect: 'postgres', url: scratch.url });
      return {
        db,
        dispose: async () => {
          await db.close();
          await scratch.drop();
        },
      };
    });

    it('serves the app on PostgreSQL: health and stored client logs', async () => {
      const scratch = await createScratchSchema(url);
      // Remote logging is on in qa (and beta) only, for signed-in devices.
      const config = loadConfig({ HOST: '127.0.0.1', LOG_LEVEL: 'silent', DATABASE_URL: scratch.url, CLEARWAY_ENV: 'qa' });
      const db = openDatabase(config.database);
      try {
        expect(await migrateToLatest(db)).toEqual(MIGRATION_NAMES);
        const app = await buildApp(config, { db });
        try {
          const health = await app.inject({ method: 'GET', url: '/healthz' });
          expect(health.statusCode).toBe(200);
          expect(health.json()).toMatchObject({ status: 'ok', db: { status: 'ok', dialect: 'postgres' } });
          const customer = await findOrCreateCustomer(db, { email: 'logs@example.com', fullName: '' });
          const cookie = `${SESSION_COOKIE}=${await createSession(db, customer.custId, 3600_000)}`;
          const posted = await app.inject({ method: 'POST', url: logIndexPath('2026-11-21'), payload: validLogEntry(), headers: { cookie } });
          expect(posted.statusCode).toBe(201);
          const { id } = posted.json<{ id: string }>();
          const row = await db.kysely.selectFrom('client_logs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
          expect(row).toMatchObject({ day: '2026-11-21', level: 'error', uuid: validLogEntry().uuid, cust_id: customer.custId });
          expect(row.received_at).toBeInstanceOf(Date);
        } finally {
          await app.close();
        }
      } finally {
        await db.close();
        await scratch.drop();
      }
    });

    it('migrates and introspects only its own schema while other schemas of the database change', async () => {
      // Tenants and test runs share one database. Another schema's DDL, run beside a start-up, once
      // failed the migration: Kysely's introspector read every schema's columns and one was dropped
      // under it (SQLSTATE 42703). The churn below stops as soon as the migrations are done.
      const churn = await createScratchSchema(url);
      const churner = openDatabase({ dialect: 'postgres', url: churn.url }, { poolSize: 1 });
      let done = false;
      let churned = 0;
      const churning = (async () => {
        while (!done) {
          await sql`create table busy (id serial primary key, a integer, b text)`.execute(churner.kysely);
          await sql`alter table busy drop column a`.execute(churner.kysely);
          await sql`drop table busy`.execute(churner.kysely);
          churned += 1;
        }
      })();
      const scratches = [];
      try {
        for (let run = 0; run < 6; run += 1) {
          const scratch = await createScratchSchema(url);
          scratches.push(scratch);
          const db = openDatabase({ dialect: 'postgres', url: scratch.url });
          try {
            expect(await migrateToLatest(db)).toEqual(MIGRATION_NAMES);
            const tables = await db.kysely.introspection.getTables({ withInternalKyselyTables: true });
            expect(new Set(tables.map((table) => table.schema))).toEqual(new Set([scratch.schema]));
            expect(tables.map((table) => table.name)).toContain('kysely_migration');
            expect(tables.map((table) => table.name)).not.toContain('busy');
          } finally {
            await db.close();
          }
        }
      } finally {
        done = true;
        await churning;
        await churner.close();
        await churn.drop();
        for (const scratch of scratches) await scratch.drop();
      }
      expect(churned).toBeGreaterThan(0);
    });

    it('describes its columns as Kysely does: types, nullability, defaults and serial keys', async () => {
      const scratch = await createScratchSchema(url);
      const db = openDatabase({ dialect: 'postgres', url: scratch.url });
      try {
        await sql`create table sample (id serial primary key, code text not null default 'x', seen timestamptz, n bigint generated always as identity)`.execute(db.kysely);
        await sql`create view sample_codes as select code from sample`.execute(db.kysely);
        await sql`comment on column sample.code is 'the code'`.execute(db.kysely);
        const tables = await db.kysely.introspection.getTables();
        expect(tables.map((table) => [table.name, table.isView, table.schema])).toEqual([
          ['sample', false, scratch.schema],
          ['sample_codes', true, scratch.schema],
        ]);
        expect(tables[0]?.columns).toEqual([
          { name: 'id', dataType: 'int4', dataTypeSchema: 'pg_catalog', isNullable: false, hasDefaultValue: true, isAutoIncrementing: true, comment: undefined },
          { name: 'code', dataType: 'text', dataTypeSchema: 'pg_catalog', isNullable: false, hasDefaultValue: true, isAutoIncrementing: false, comment: 'the code' },
          { name: 'seen', dataType: 'timestamptz', dataTypeSchema: 'pg_catalog', isNullable: true, hasDefaultValue: false, isAutoIncrementing: false, comment: undefined },
          { name: 'n', dataType: 'int8', dataTypeSchema: 'pg_catalog', isNullable: false, hasDefaultValue: false, isAutoIncrementing: true, comment: undefined },
        ]);
      } finally {
        await db.close();
        await scratch.drop();
      }
    });

    it('hides the password in its description', () => {
      const db = openDatabase({ dialect: 'postgres', url: 'postgres://clearway:secret@127.0.0.1:5432/clearway_test' });
      expect(db.dialect).toBe('postgres');
      expect(db.target).toBe('postgres://clearway:***@127.0.0.1:5432/clearway_test');
      return db.close();
    });

    it('reports an unreachable server as an error', async () => {
      // Port 1 on loopback refuses at once; nothing listens there.
      const db = openDatabase({ dialect: 'postgres', url: 'postgres://clearway:clearway@127.0.0.1:1/clearway_test' });
      try {
        const check = await checkDatabase(db);
        expect(check).toMatchObject({ status: 'error', dialect: 'postgres' });
        expect(check.error).toMatch(/ECONNREFUSED|connect/);
      } finally {
        await db.close();
      }
    });
  });
});
