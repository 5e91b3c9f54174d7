import { createHash } from 'node:crypto';
import { gunzipSync, gzipSync } from 'node:zlib';
import { WEATHER_PRODUCT_TYPES, type WeatherProductType } from '@clearway/protocol';
import type { Database } from '../db/index.js';

/** The publisher's validators of one source URL, for conditional requests. */
export interface SourceValidator {
  etag?: string;
  lastModified?: string;
}
/** Validators by source URL (or file path). */
export type SourceValidators = Record<string, SourceValidator>;

/** What the last ingestion of a type counted (stored with the snapshot, logged too). */
export interface IngestStats {
  /** Files (or URLs) read. */
  files: number;
  /** Reports (or records) read, whether or not they decoded. */
  reports: number;
  /** Entries in the snapshot. */
  entries: number;
  /** Reports that did not decode completely or were dropped as malformed. */
  malformed: number;
  /** Stations named by reports but found nowhere (no position in the report nor in the station list). */
  unknownStations: number;
  /** The first few unknown station ids. */
  unknownStationIds: string[];
  /** Files that were not recognised as any weather product. */
  unrecognisedFiles: string[];
}

/** A stored snapshot without its body. */
export interface SnapshotHead {
  type: WeatherProductType;
  cycle: number;
  etag: string;
  fetchedAt: number;
}

export interface StoredSnapshot extends SnapshotHead {
  /** The snapshot JSON, gzip-compressed. */
  gzip: Buffer;
  bodyBytes: number;
  validators: SourceValidators;
  stats: IngestStats | null;
}

/** The outcome of saving a freshly ingested snapshot. */
export interface SaveResult {
  /** true when the content differed from the stored one: a new cycle. */
  changed: boolean;
  cycle: number;
  etag: string;
}

function isProductType(value: string): value is WeatherProductType {
  return (WEATHER_PRODUCT_TYPES as readonly string[]).includes(value);
}

function parseJson<T>(text: string, fallback: T): T {
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

/**
 * The body of a type's snapshot: `{"type":..,"cycle":..,` followed by the content's own fields, so
 * the content (hashed without its cycle) is serialised once.
 */
export function snapshotBody(type: WeatherProductType, cycle: number, contentJson: string): string {
  if (!contentJson.startsWith('{') || contentJson === '{}') throw new Error(`weather ${type}: snapshot content must be a non-empty JSON object`);
  return `{"type":${JSON.stringify(type)},"cycle":${cycle},${contentJson.slice(1)}`;
}

/** SHA-256 (hex) of a type's content without its cycle. */
export function contentHash(type: WeatherProductType, contentJson: string): string {
  return createHash('sha256').update(type).update('\n').update(contentJson).digest('hex');
}

/**
 * The latest snapshot of each weather type in the database (table weather_snapshots, both
 * dialects), so every server process serves the same. A save whose content hashes as the stored
 * one keeps the cycle (only the fetch time and validators move); any other content gets a new
 * cycle: the store time, and always later than the previous cycle.
 */
export class WeatherStore {
  constructor(private readonly db: Database) {}

  /** Every stored type without bodies. */
  async heads(): Promise<SnapshotHead[]> {
    const rows = await this.db.kysely.selectFrom('weather_snapshots').select(['type', 'cycle', 'etag', 'fetched_at']).execute();
    return rows.flatMap((row) => (isProductType(row.type) ? [{ type: row.type, cycle: Number(row.cycle), etag: row.etag, fetchedAt: Number(row.fetched_at) }] : []));
  }

  async head(type: WeatherProductType): Promise<SnapshotHead | null> {
    const row = await this.db.kysely.selectFrom('weather_snapshots').select(['cycle', 'etag', 'fetched_at']).where('type', '=', type).executeTakeFirst();
    return row === undefined ? null : { type, cycle: Number(row.cycle), etag: row.etag, fetchedAt: Number(row.fetched_at) };
  }

  async snapshot(type: WeatherProductType): Promise<StoredSnapshot | null> {
    const row = await this.db.kysely.selectFrom('weather_snapshots').selectAll().where('type', '=', type).executeTakeFirst();
    if (row === undefined) return null;
    return {
      type,
      cycle: Number(row.cycle),
      etag: row.etag,
      fetchedAt: Number(row.fetched_at),
      gzip: Buffer.from(row.body_gzip),
      bodyBytes: Number(row.body_bytes),
      validators: parseJson<SourceValidators>(row.validators, {}),
      stats: parseJson<IngestStats | null>(row.stats, null),
    };
  }

  /** The snapshot's JSON text, or null when the type has none. */
  async snapshotText(type: WeatherProductType): Promise<{ head: SnapshotHead; text: string } | null> {
    const stored = await this.snapshot(type);
    return stored === null ? null : { head: stored, text: gunzipSync(stored.gzip).toString('utf8') };
  }

  async validators(type: WeatherProductType): Promise<SourceValidators> {
    const row = await this.db.kysely.selectFrom('weather_snapshots').select('validators').where('type', '=', type).executeTakeFirst();
    return row === undefined ? {} : parseJson<SourceValidators>(row.validators, {});
  }

  /**
   * Stores a type's content (the snapshot's fields other than type and cycle). Same content as
   * stored: the cycle stays and only fetched_at, validators and stats change.
   */
  async save(type: WeatherProductType, content: object, options: { now: number; fetchedAt: number; validators: SourceValidators; stats: IngestStats }): Promise<SaveResult> {
    const contentJson = JSON.stringify(content);
    const hash = contentHash(type, contentJson);
    const previous = await this.db.kysely.selectFrom('weather_snapshots').select(['cycle', 'etag', 'content_hash']).where('type', '=', type).executeTakeFirst();
    const validators = JSON.stringify(options.validators);
    const stats = JSON.stringify(options.stats);
    if (previous !== undefined && previous.content_hash === hash) {
      await this.db.kysely
        .updateTable('weather_snapshots')
        .set({ fetched_at: options.fetchedAt, validators, stats })
        .where('type', '=', type)
        .execute();
      return { changed: false, cycle: Number(previous.cycle), etag: previous.etag };
    }
    const cycle = previous === undefined ? options.now : Math.max(options.now, Number(previous.cycle) + 1);
    const body = Buffer.from(snapshotBody(type, cycle, contentJson), 'utf8');
    const etag = `"wx-${type}-${cycle}-${hash.slice(0, 16)}"`;
    const update = {
      cycle,
      etag,
      content_hash: hash,
      // Level 4: within 12% of level 6's size at about half its time (a 1.1 MB METAR snapshot: 223 KB).
      body_gzip: gzipSync(body, { level: 4 }),
      body_bytes: body.length,
      fetched_at: options.fetchedAt,
      validators,
      stats,
    };
    await this.db.kysely
      .insertInto('weather_snapshots')
      .values({ type, ...update })
      .onConflict((conflict) => conflict.column('type').doUpdateSet(update))
      .execute();
    return { changed: true, cycle, etag };
  }

  /** A fetch that brought nothing new (304, unchanged files): the fetch time and validators move. */
  async touch(type: WeatherProductType, fetchedAt: number, validators: SourceValidators): Promise<boolean> {
    const result = await this.db.kysely
      .updateTable('weather_snapshots')
      .set({ fetched_at: fetchedAt, validators: JSON.stringify(validators) })
      .where('type', '=', type)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }
}
