// The db module's front door: other modules import it only from here (eslint.config.js).
export type * from './schema.js';
export { openDatabase, type OpenDatabaseOptions } from './connect.js';
export { createMigrator, migrateToLatest, MigrationError } from './migrate.js';
export { MIGRATION_NAMES } from './migrations/index.js';
export { checkDatabase, type DatabaseCheck } from './health.js';
export { rowNumber, rowNumberOrNull } from './rowNumber.js';
