import { Migrator, sql } from 'kysely';
import { InCodeMigrationProvider } from './migrations/index.js';
import type { Database } from './schema.js';

/** Thrown when a migration fails; names the migration and the database's reason. */
export class MigrationError extends Error {
  override readonly name = 'MigrationError';
}

function reason(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

async function currentSchema(database: Database): Promise<string | undefined> {
  if (database.dialect !== 'postgres') return undefined;
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(database.kysely);
  return rows[0]?.schema;
}

/** The migrator for a database, its bookkeeping tables in the connection's schema. */
export async function createMigrator(database: Database): Promise<Migrator> {
  return new Migrator({
    db: database.kysely,
    provider: new InCodeMigrationProvider(database.dialect),
    // On PostgreSQL Kysely otherwise finds another schema's kysely_migration table on the search
    // path (tests and tenants share a database) and then fails on the lock table.
    migrationTableSchema: await currentSchema(database),
  });
}

/**
 * Brings the schema to the latest migration. Safe to run from several processes at once: Kysely
 * takes a lock (an advisory lock on PostgreSQL) and skips what is already applied.
 * @returns the names of the migrations applied by this call, oldest first (empty when up to date).
 * @throws MigrationError naming the failed migration and why.
 */
export async function migrateToLatest(database: Database): Promise<string[]> {
  const migrator = await createMigrator(database);
  const { error, results = [] } = await migrator.migrateToLatest();
  if (error !== undefined) {
    const failed = results.find((result) => result.status === 'Error')?.migrationName;
    const where = failed !== undefined ? `migration ${failed}` : 'migrations';
    throw new MigrationError(`Database ${where} failed on ${database.target}: ${reason(error)}`, { cause: error });
  }
  return results.filter((result) => result.status === 'Success').map((result) => result.migrationName);
}
