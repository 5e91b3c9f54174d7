import type { Kysely, Migration } from 'kysely';
import type { DatabaseDialect } from '../schema.js';

/**
 * Creates the approach plate (FAA d-TPP) index tables (plates/store.ts):
 * - `plate_cycles`: one row per imported d-TPP cycle (`2002` = 2020, 2nd cycle), its effective
 *   dates, where it came from, its counts and whether it is complete; the newest complete cycle is
 *   the one served, so a failed or unfinished import leaves the previous cycle in place.
 * - `plate_charts`: one row per chart record of the metafile: airport (ICAO and FAA ident), chart
 *   sequence, chart code (APD, IAP, DP, STAR, MIN, HOT, ...), chart name, PDF file name, procedure
 *   id, user action (A added, C changed, D deleted, '' unchanged), amendment, the PDF's size and
 *   SHA-256, and the georeference beside it (JSON, or null).
 * Times are ms since the epoch.
 */
export function platesMigration(_dialect: DatabaseDialect): Migration {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('plate_cycles')
        .addColumn('cycle', 'text', (col) => col.primaryKey())
        .addColumn('from_date', 'text', (col) => col.notNull())
        .addColumn('to_date', 'text', (col) => col.notNull())
        .addColumn('source', 'text', (col) => col.notNull())
        .addColumn('imported_at', 'bigint', (col) => col.notNull())
        .addColumn('complete', 'integer', (col) => col.notNull())
        .addColumn('charts', 'integer', (col) => col.notNull())
        .addColumn('report', 'text', (col) => col.notNull())
        .execute();
      await db.schema
        .createTable('plate_charts')
        .addColumn('cycle', 'text', (col) => col.notNull())
        .addColumn('airport', 'text', (col) => col.notNull())
        .addColumn('faa_ident', 'text', (col) => col.notNull())
        .addColumn('airport_name', 'text', (col) => col.notNull())
        .addColumn('city', 'text', (col) => col.notNull())
        .addColumn('state', 'text', (col) => col.notNull())
        .addColumn('chart_seq', 'text', (col) => col.notNull())
        .addColumn('chart_code', 'text', (col) => col.notNull())
        .addColumn('chart_name', 'text', (col) => col.notNull())
        .addColumn('pdf_name', 'text', (col) => col.notNull())
        .addColumn('proc_uid', 'text', (col) => col.notNull())
        .addColumn('user_action', 'text', (col) => col.notNull())
        .addColumn('amendment', 'text', (col) => col.notNull())
        .addColumn('pdf_bytes', 'bigint', (col) => col.notNull())
        .addColumn('pdf_sha256', 'text', (col) => col.notNull())
        .addColumn('georef', 'text')
        .addPrimaryKeyConstraint('plate_charts_pk', ['cycle', 'airport', 'chart_seq', 'pdf_name'])
        .execute();
      await db.schema.createIndex('plate_charts_airport').on('plate_charts').columns(['airport', 'cycle']).execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('plate_charts').execute();
      await db.schema.dropTable('plate_cycles').execute();
    },
  };
}
