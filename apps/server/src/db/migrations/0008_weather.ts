import type { Kysely, Migration } from 'kysely';
import type { DatabaseDialect } from '../schema.js';

/**
 * Creates `weather_snapshots` (weather/store.ts): the latest snapshot of each weather product type
 * (metar, taf, pirep, airmet, fbo, stations), one row per type, so every server process answers the
 * same. The snapshot is kept as its gzip bytes (served as they are); `content_hash` (SHA-256 of the
 * content without its cycle) decides whether a new ingestion changes it, and `cycle` changes only
 * then. `validators` holds the publisher's ETag / Last-Modified per source URL (JSON), for
 * conditional requests. Times are ms since the epoch.
 */
export function weatherMigration(dialect: DatabaseDialect): Migration {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('weather_snapshots')
        .addColumn('type', 'text', (col) => col.primaryKey())
        .addColumn('cycle', 'bigint', (col) => col.notNull())
        .addColumn('etag', 'text', (col) => col.notNull())
        .addColumn('content_hash', 'text', (col) => col.notNull())
        .addColumn('body_gzip', dialect === 'postgres' ? 'bytea' : 'blob', (col) => col.notNull())
        .addColumn('body_bytes', 'bigint', (col) => col.notNull())
        .addColumn('fetched_at', 'bigint', (col) => col.notNull())
        .addColumn('validators', 'text', (col) => col.notNull())
        .addColumn('stats', 'text', (col) => col.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('weather_snapshots').execute();
    },
  };
}
