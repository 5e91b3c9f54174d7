import type { NotamRecord, Tfr } from '@clearway/weather';
import type { Database } from '../db/index.js';
import { rowNumberOrNull } from '../db/index.js';

/** What the last ingestion counted. */
export interface NotamIngestStats {
  notams: number;
  tfrs: number;
  /** Per classification (closed-runway, navaid-out, ...). */
  kinds: Record<string, number>;
  /** NOTAMs whose text had problems (decoded as far as it went). */
  withProblems: number;
  /** Items, features or files rejected, the first 20 with their reasons. */
  rejected: string[];
  rejectedCount: number;
  read: string[];
}

export interface NotamSourceStatus {
  source: string;
  lastAttemptAt: number | null;
  lastSuccessAt: number | null;
  error: string | null;
  stats: NotamIngestStats | null;
}

const CHUNK = 100;

/**
 * NOTAMs and TFRs in the database (migration 0010_notams). An ingestion replaces everything in one
 * transaction, so readers see the previous set or the new one, never half of it.
 */
export class NotamStore {
  constructor(private readonly db: Database) {}

  async replace(source: string, notams: readonly NotamRecord[], tfrs: readonly Tfr[], at: number, stats: NotamIngestStats): Promise<void> {
    await this.db.kysely.transaction().execute(async (trx) => {
      await trx.deleteFrom('notams').execute();
      for (let i = 0; i < notams.length; i += CHUNK) {
        await trx
          .insertInto('notams')
          .values(notams.slice(i, i + CHUNK).map((n) => ({ id: n.id, number: n.number, location: n.location, classification: n.classification, kind: n.kind, lat: n.lat, lon: n.lon, effective_start: n.start, effective_end: n.end, body: JSON.stringify(n), fetched_at: at })))
          .execute();
      }
      await trx.deleteFrom('tfrs').execute();
      for (let i = 0; i < tfrs.length; i += CHUNK) {
        await trx
          .insertInto('tfrs')
          .values(tfrs.slice(i, i + CHUNK).map((t) => {
            const { geometry, ...properties } = t;
            return { id: t.id, title: t.title, floor_ft: t.floorFt, ceiling_ft: t.ceilingFt, effective_start: t.start, effective_end: t.end, geometry: JSON.stringify({ type: 'Feature', geometry, properties }), fetched_at: at };
          }))
          .execute();
      }
      await trx.deleteFrom('notam_sources').where('source', '=', source).execute();
      await trx.insertInto('notam_sources').values({ source, last_attempt_at: at, last_success_at: at, error: null, stats: JSON.stringify(stats) }).execute();
    });
  }

  /** A failed ingestion: the error is kept, the NOTAMs stay as they were. */
  async recordFailure(source: string, at: number, error: string): Promise<void> {
    const updated = await this.db.kysely.updateTable('notam_sources').set({ last_attempt_at: at, error }).where('source', '=', source).executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) await this.db.kysely.insertInto('notam_sources').values({ source, last_attempt_at: at, last_success_at: null, error, stats: 'null' }).execute();
  }

  async status(): Promise<NotamSourceStatus | null> {
    const row = await this.db.kysely.selectFrom('notam_sources').selectAll().orderBy('last_attempt_at', 'desc').executeTakeFirst();
    if (row === undefined) return null;
    return { source: row.source, lastAttemptAt: rowNumberOrNull(row.last_attempt_at), lastSuccessAt: rowNumberOrNull(row.last_success_at), error: row.error, stats: JSON.parse(row.stats) as NotamIngestStats | null };
  }

  /** The NOTAMs of these locations not expired at `now`, by start time. */
  async byLocations(locations: readonly string[], now: number): Promise<NotamRecord[]> {
    if (locations.length === 0) return [];
    const rows = await this.db.kysely
      .selectFrom('notams')
      .select('body')
      .where('location', 'in', [...locations])
      .where((eb) => eb.or([eb('effective_end', 'is', null), eb('effective_end', '>', now)]))
      .execute();
    return sortByStart(rows.map((r) => JSON.parse(r.body) as NotamRecord));
  }

  /** The NOTAMs placed inside a box (west, south, east, north), not expired at `now`, at most `limit`. */
  async inBox([w, s, e, n]: readonly [number, number, number, number], now: number, limit: number): Promise<NotamRecord[]> {
    const rows = await this.db.kysely
      .selectFrom('notams')
      .select('body')
      .where('lat', '>=', s)
      .where('lat', '<=', n)
      .where('lon', '>=', w)
      .where('lon', '<=', e)
      .where((eb) => eb.or([eb('effective_end', 'is', null), eb('effective_end', '>', now)]))
      .limit(limit)
      .execute();
    return sortByStart(rows.map((r) => JSON.parse(r.body) as NotamRecord));
  }

  /** The TFRs not expired at `now`. */
  async tfrs(now: number): Promise<Tfr[]> {
    const rows = await this.db.kysely
      .selectFrom('tfrs')
      .select('geometry')
      .where((eb) => eb.or([eb('effective_end', 'is', null), eb('effective_end', '>', now)]))
      .orderBy('id')
      .execute();
    return rows.map((r) => {
      const feature = JSON.parse(r.geometry) as { geometry: Tfr['geometry']; properties: Omit<Tfr, 'geometry'> };
      return { ...feature.properties, geometry: feature.geometry };
    });
  }
}

function sortByStart(list: NotamRecord[]): NotamRecord[] {
  return list.sort((a, b) => (a.start ?? 0) - (b.start ?? 0) || a.number.localeCompare(b.number));
}
