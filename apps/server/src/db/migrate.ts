import { Migrator } from 'kysely';
import { InCodeMigrationProvider } from './migrations/index.js';
import type { Database } from './schema.js';

/** Thrown when a migration fails; names the migration and the database's reason. */
export class MigrationError extends Error {
  override readonly name = 'MigrationError';
}

function reason(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Brings the schema to the latest migration. Safe to run from several processes at once: Kysely
 * takes a lock (an advisory lock on PostgreSQL) and skips what is already applied.
 * @returns the names of the migrations applied by this call, oldest first (empty when up to date).
 * @throws MigrationError naming the failed migration and why.
 */
export async function migrateToLatest(database: Database): Promise<string[]> {
  const migrator = new Migrator({ db: database.kysely, provider: new InCodeMigrationProvider(database.dialect) });
  const { error, results = [] } = await migrator.migrateToLatest();
  if (error !== undefined) {
    const failed = results.find((result) => result.status === 'Error')?.migrationName;
    const where = failed !== undefined ? `migration ${failed}` : 'migrations';
    throw new MigrationError(`Database ${where} failed on ${database.target}: ${reason(error)}`, { cause: error });
  }
  return results.filter((result) => result.status === 'Success').map((result) => result.migrationName);
}
