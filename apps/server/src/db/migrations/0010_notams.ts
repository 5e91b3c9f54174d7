import type { Kysely, Migration } from 'kysely';
import type { DatabaseDialect } from '../schema.js';

/**
 * Creates `notams` and `tfrs` (notams/store.ts). `notams`: one row per NOTAM of the configured source
 * (FAA NOTAM API or NOTAM_SOURCE=path), keyed by the source's id; the ICAO location and the point
 * (lat/lon, degrees) serve the per-airport and per-corridor look-ups; `kind` is the classification of
 * @clearway/notam (closed-runway, navaid-out, ...); `body` the decoded NOTAM as JSON. `tfrs`: one row
 * per TFR with its GeoJSON geometry, floor and ceiling (feet) and times. Times are ms since the epoch;
 * a permanent NOTAM has a null end. `notam_sources` keeps the last ingestion per source (counts, error).
 */
export function notamsMigration(_dialect: DatabaseDialect): Migration {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('notams')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('number', 'text', (col) => col.notNull())
        .addColumn('location', 'text', (col) => col.notNull())
        .addColumn('classification', 'text', (col) => col.notNull())
        .addColumn('kind', 'text', (col) => col.notNull())
        .addColumn('lat', 'double precision')
        .addColumn('lon', 'double precision')
        .addColumn('effective_start', 'bigint')
        .addColumn('effective_end', 'bigint')
        .addColumn('body', 'text', (col) => col.notNull())
        .addColumn('fetched_at', 'bigint', (col) => col.notNull())
        .execute();
      await db.schema.createIndex('notams_location').on('notams').column('location').execute();
      await db.schema.createIndex('notams_position').on('notams').columns(['lat', 'lon']).execute();
      await db.schema
        .createTable('tfrs')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('title', 'text', (col) => col.notNull())
        .addColumn('floor_ft', 'bigint')
        .addColumn('ceiling_ft', 'bigint')
        .addColumn('effective_start', 'bigint')
        .addColumn('effective_end', 'bigint')
        .addColumn('geometry', 'text', (col) => col.notNull())
        .addColumn('fetched_at', 'bigint', (col) => col.notNull())
        .execute();
      await db.schema
        .createTable('notam_sources')
        .addColumn('source', 'text', (col) => col.primaryKey())
        .addColumn('last_attempt_at', 'bigint')
        .addColumn('last_success_at', 'bigint')
        .addColumn('error', 'text')
        .addColumn('stats', 'text', (col) => col.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('notam_sources').execute();
      await db.schema.dropTable('tfrs').execute();
      await db.schema.dropTable('notams').execute();
    },
  };
}
