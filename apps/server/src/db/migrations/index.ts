import type { Migration, MigrationProvider } from 'kysely';
import type { DatabaseDialect } from '../schema.js';
import { clientLogsMigration } from './0001_client_logs.js';
import { syncMigration } from './0002_sync.js';
import { authMigration } from './0003_auth.js';
import { billingMigration } from './0004_billing.js';
import { jobLeasesMigration } from './0005_job_leases.js';
import { syncLimitsMigration } from './0006_sync_limits.js';
import { authIdentitiesMigration } from './0007_auth_identities.js';
import { weatherMigration } from './0008_weather.js';
import { weatherImageryMigration } from './0009_weather_imagery.js';
import { notamsMigration } from './0010_notams.js';
import { platesMigration } from './0011_plates.js';
import { flightServiceMigration } from './0012_flight_service.js';
import { telemetryMigration } from './0013_telemetry.js';

/**
 * Every migration, in order. Names are `NNNN_what` and never change once released; Kysely records
 * applied names in `kysely_migration` and runs the rest in name order. A migration receives the
 * dialect so it can pick a type where SQLite and PostgreSQL differ.
 */
const MIGRATIONS: ReadonlyArray<readonly [name: string, make: (dialect: DatabaseDialect) => Migration]> = [
  ['0001_client_logs', clientLogsMigration],
  ['0002_sync', syncMigration],
  ['0003_auth', authMigration],
  ['0004_billing', billingMigration],
  ['0005_job_leases', jobLeasesMigration],
  ['0006_sync_limits', syncLimitsMigration],
  ['0007_auth_identities', authIdentitiesMigration],
  ['0008_weather', weatherMigration],
  ['0009_weather_imagery', weatherImageryMigration],
  ['0010_notams', notamsMigration],
  ['0011_plates', platesMigration],
  ['0012_flight_service', flightServiceMigration],
  // 0013 and 0014 are kept for work on other branches; names run in order, so a gap is harmless.
  ['0013_telemetry', telemetryMigration],
];

/** The names of every migration, oldest first. */
export const MIGRATION_NAMES: readonly string[] = MIGRATIONS.map(([name]) => name);

/** Supplies the migrations from code, so the built server needs no migration files on disk. */
export class InCodeMigrationProvider implements MigrationProvider {
  constructor(private readonly dialect: DatabaseDialect) {}

  async getMigrations(): Promise<Record<string, Migration>> {
    return Object.fromEntries(MIGRATIONS.map(([name, make]) => [name, make(this.dialect)]));
  }
}
