import type { Kysely, Migration } from 'kysely';
import type { DatabaseDialect } from '../schema.js';

/**
 * Creates the weather imagery tables (weather/imagery/store.ts), so every server process serves the
 * same pictures and they survive a restart:
 * - `weather_image_frames`: the kept images of each product view (one row per frame: its bytes,
 *   issue time, media type, SHA-256 and strong ETag); loops keep their last frames, stills one.
 * - `weather_image_sources`: the state of each view's source: the last try and success, the last
 *   failure, and the source's validators (ETag / Last-Modified, JSON) for conditional requests.
 * Times are ms since the epoch.
 */
export function weatherImageryMigration(dialect: DatabaseDialect): Migration {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('weather_image_frames')
        .addColumn('product', 'text', (col) => col.notNull())
        .addColumn('view', 'text', (col) => col.notNull())
        .addColumn('frame_id', 'text', (col) => col.notNull())
        .addColumn('issued_at', 'bigint', (col) => col.notNull())
        .addColumn('issued_from', 'text', (col) => col.notNull())
        .addColumn('fetched_at', 'bigint', (col) => col.notNull())
        .addColumn('content_type', 'text', (col) => col.notNull())
        .addColumn('ext', 'text', (col) => col.notNull())
        .addColumn('bytes', 'bigint', (col) => col.notNull())
        .addColumn('sha256', 'text', (col) => col.notNull())
        .addColumn('etag', 'text', (col) => col.notNull())
        .addColumn('body', dialect === 'postgres' ? 'bytea' : 'blob', (col) => col.notNull())
        .addPrimaryKeyConstraint('weather_image_frames_pk', ['product', 'view', 'frame_id'])
        .execute();
      await db.schema
        .createTable('weather_image_sources')
        .addColumn('product', 'text', (col) => col.notNull())
        .addColumn('view', 'text', (col) => col.notNull())
        .addColumn('last_attempt_at', 'bigint')
        .addColumn('last_success_at', 'bigint')
        .addColumn('error', 'text')
        .addColumn('validators', 'text', (col) => col.notNull())
        .addPrimaryKeyConstraint('weather_image_sources_pk', ['product', 'view'])
        .execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('weather_image_sources').execute();
      await db.schema.dropTable('weather_image_frames').execute();
    },
  };
}
