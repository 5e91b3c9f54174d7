import type { Kysely, Migration } from 'kysely';
import type { DatabaseDialect } from '../schema.js';

/**
 * Creates `flight_service_plans` (flightservice/store.ts): one row per customer and flight id, the
 * plan as the flight-service provider holds it: its state (filed, active, closed, cancelled), the
 * provider and its reference, the FPL message and the form last filed (JSON), the amendment count
 * (`version`, 1 when filed). Times are ms since the epoch.
 */
export function flightServiceMigration(_dialect: DatabaseDialect): Migration {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('flight_service_plans')
        .addColumn('cust_id', 'text', (col) => col.notNull())
        .addColumn('flight_id', 'text', (col) => col.notNull())
        .addColumn('state', 'text', (col) => col.notNull())
        .addColumn('provider', 'text', (col) => col.notNull())
        .addColumn('reference', 'text', (col) => col.notNull())
        .addColumn('message', 'text', (col) => col.notNull())
        .addColumn('form', 'text', (col) => col.notNull())
        .addColumn('version', 'integer', (col) => col.notNull())
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .addColumn('updated_at', 'bigint', (col) => col.notNull())
        .addPrimaryKeyConstraint('flight_service_plans_pk', ['cust_id', 'flight_id'])
        .execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('flight_service_plans').execute();
    },
  };
}
