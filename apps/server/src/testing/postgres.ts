import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * The PostgreSQL server for tests, from `apps/server/scripts/pg-test-setup.sh`; unset fails the
 * PostgreSQL suites unless ALLOW_SKIP names `postgres` (testing/skips.ts requireService).
 */
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL || undefined;

/** Why the PostgreSQL suite did not run, shown in the test report. */
export const POSTGRES_SKIP_REASON =
  'TEST_DATABASE_URL is not set: run `export TEST_DATABASE_URL=$(sudo bash apps/server/scripts/pg-test-setup.sh)` to include PostgreSQL';

/** A schema made for one test run, and the database URL that uses it. */
export interface ScratchSchema {
  schema: string;
  /** TEST_DATABASE_URL with `options=-c search_path=<schema>`, so every table lands in the schema. */
  url: string;
  drop: () => Promise<void>;
}

async function run(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** Creates a fresh, uniquely named schema so runs never see each other's tables. */
export async function createScratchSchema(url: string): Promise<ScratchSchema> {
  const schema = `clearway_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  await run(url, `create schema "${schema}"`);
  const scoped = new URL(url);
  scoped.searchParams.set('options', `-c search_path=${schema}`);
  return { schema, url: scoped.toString(), drop: () => run(url, `drop schema if exists "${schema}" cascade`) };
}
