import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { fboSnapshotSchema, type WeatherProductType } from '@clearway/protocol';
import { migrateToLatest, openDatabase, type Database } from '../db/index.js';
import { DatabaseLeases } from '../jobs/index.js';
import { InProcessHub } from '../realtime/index.js';
import { FakeClock } from '../testing/fakeClock.js';
import { POSTGRES_SKIP_REASON, TEST_DATABASE_URL, createScratchSchema } from '../testing/postgres.js';
import { requireService } from '../testing/skips.js';
import { makeTempDir, removeTempDir } from '../testing/testApp.js';
import { WeatherIngester, WeatherStore, type IngestStats, type SourceResult, type WeatherSource } from './index.js';

/** Two handles on one database: two server processes. */
interface TwoHandles {
  a: Database;
  b: Database;
  dispose: () => Promise<void>;
}

const STATS: IngestStats = { files: 1, reports: 1, entries: 1, malformed: 0, unknownStations: 0, unknownStationIds: [], unrecognisedFiles: [] };
const T0 = Date.UTC(2026, 10, 25, 12);
const FB = `FBUS31 KWNO 251358
FD1US1
DATA BASED ON 251200Z
VALID 251800Z   FOR USE 1400-2100Z. TEMPS NEG ABV 24000

FT  3000    6000    9000   12000   18000   24000  30000  34000  39000
ABI      2016+09 2125+04 2333-01 2446-12 2462-24 258839 259849 259658
`;

/** A source that counts its fetches and gives one FB bulletin. */
function countingSource(counts: Map<WeatherProductType, number>): WeatherSource {
  return {
    kind: 'path',
    description: 'counting test source',
    types: ['fbo'],
    pollIntervalMs: () => 60_000,
    fetch: async (type): Promise<SourceResult> => {
      counts.set(type, (counts.get(type) ?? 0) + 1);
      return { status: 'files', files: [{ name: 'FBUS31.txt', kind: 'fb-text', text: FB, referenceMs: T0 }], validators: {} };
    },
  };
}

function storeContract(twoHandles: () => Promise<TwoHandles>): void {
  async function withHandles(test: (handles: TwoHandles) => Promise<void>): Promise<void> {
    const handles = await twoHandles();
    try {
      await test(handles);
    } finally {
      await handles.dispose();
    }
  }

  it('keeps the cycle while the content is the same and gives a later one when it changes; every handle reads the same', () =>
    withHandles(async ({ a, b }) => {
      const writer = new WeatherStore(a);
      const reader = new WeatherStore(b);
      expect(await reader.head('fbo')).toBeNull();
      const content = { bulletins: [{ forecastHours: 6, year: 2026, month: 11, raw: FB }] };
      const first = await writer.save('fbo', content, { now: T0, fetchedAt: T0, validators: { u: { etag: '"1"' } }, stats: STATS });
      expect(first).toMatchObject({ changed: true, cycle: T0 });
      const same = await writer.save('fbo', structuredClone(content), { now: T0 + 60_000, fetchedAt: T0 + 60_000, validators: { u: { etag: '"2"' } }, stats: STATS });
      expect(same).toEqual({ changed: false, cycle: T0, etag: first.etag });
      expect(await reader.head('fbo')).toEqual({ type: 'fbo', cycle: T0, etag: first.etag, fetchedAt: T0 + 60_000 });
      expect(await reader.validators('fbo')).toEqual({ u: { etag: '"2"' } });
      // A clock that went back still moves the cycle forward.
      const changed = await writer.save('fbo', { bulletins: [] }, { now: T0 - 5_000, fetchedAt: T0 + 120_000, validators: {}, stats: STATS });
      expect(changed.changed).toBe(true);
      expect(changed.cycle).toBe(T0 + 1);
      expect(changed.etag).not.toBe(first.etag);
      const stored = await reader.snapshot('fbo');
      expect(JSON.parse(gunzipSync(stored!.gzip).toString('utf8'))).toEqual({ type: 'fbo', cycle: T0 + 1, bulletins: [] });
      expect(stored!.bodyBytes).toBe(gunzipSync(stored!.gzip).length);
      expect(stored!.stats).toEqual(STATS);
      expect(await reader.touch('fbo', T0 + 180_000, { v: { lastModified: 'Tue, 25 Nov 2025 11:20:00 GMT' } })).toBe(true);
      expect(await reader.touch('taf', T0, {})).toBe(false);
      expect((await writer.heads()).map((h) => [h.type, h.cycle, h.fetchedAt])).toEqual([['fbo', T0 + 1, T0 + 180_000]]);
    }));

  it('two processes polling at the same moment fetch each type once per period (the job lease)', () =>
    withHandles(async ({ a, b }) => {
      const counts = new Map<WeatherProductType, number>();
      const clock = new FakeClock(T0);
      const make = (db: Database) => new WeatherIngester({ db, hub: new InProcessHub(), source: countingSource(counts), logger: { info: () => undefined, warn: () => undefined, error: () => undefined }, clock, leases: new DatabaseLeases(db) });
      const [first, second] = [make(a), make(b)];
      const runs = await Promise.all([first.runDue(), second.runDue(), first.runDue(), second.runDue()]);
      expect(runs.flat()).toEqual([{ job: 'weather_fbo', period: T0 / 60_000, ok: true }]);
      expect(counts.get('fbo')).toBe(1);
      await clock.advance(60_000);
      await Promise.all([first.runDue(), second.runDue()]);
      expect(counts.get('fbo')).toBe(2);
      const stored = await new WeatherStore(b).snapshotText('fbo');
      expect(fboSnapshotSchema.parse(JSON.parse(stored!.text)).bulletins).toEqual([{ forecastHours: 6, year: 2026, month: 11, raw: FB.trim() }]);
    }));
}

describe('weather ingestion at start-up', () => {
  it('fetches the station list once when every type wants it first', async () => {
    const dir = await makeTempDir();
    const db = openDatabase({ dialect: 'sqlite', path: join(dir, 'wx.sqlite') });
    try {
      await migrateToLatest(db);
      const counts = new Map<WeatherProductType, number>();
      const source: WeatherSource = {
        kind: 'path',
        description: 'test source',
        types: ['stations', 'metar', 'taf'],
        pollIntervalMs: () => 60_000,
        fetch: async (type): Promise<SourceResult> => {
          counts.set(type, (counts.get(type) ?? 0) + 1);
          await new Promise((resolve) => setTimeout(resolve, 20));
          const files = {
            stations: [{ name: 's.json', kind: 'stations-json' as const, text: JSON.stringify([{ icaoId: 'KSFO', lat: 37.62, lon: -122.37, elev: 3, site: 'San Francisco', siteType: ['METAR', 'TAF'] }]), referenceMs: T0 }],
            metar: [{ name: 'm.json', kind: 'metar-json' as const, text: JSON.stringify([{ rawOb: 'KSFO 251156Z 29012KT 10SM FEW010 13/09 A3002', obsTime: T0 / 1000 }]), referenceMs: T0 }],
            taf: [{ name: 't.json', kind: 'taf-json' as const, text: JSON.stringify([{ rawTAF: 'TAF KSFO 251120Z 2512/2618 29010KT P6SM FEW015', issueTime: '2026-11-25T11:20:00Z' }]), referenceMs: T0 }],
          }[type as 'stations' | 'metar' | 'taf'];
          return { status: 'files', files, validators: {} };
        },
      };
      const ingester = new WeatherIngester({ db, hub: new InProcessHub(), source, logger: { info: () => undefined, warn: () => undefined, error: () => undefined } });
      const outcomes = await Promise.all([ingester.ingest('metar'), ingester.ingest('taf'), ingester.ingest('stations')]);
      expect(outcomes.map((o) => o.status)).toEqual(['new-cycle', 'new-cycle', 'new-cycle']);
      expect(Object.fromEntries(counts)).toEqual({ stations: 1, metar: 1, taf: 1 });
      // The METAR without a position was placed by the station list.
      const metar = JSON.parse((await ingester.store.snapshotText('metar'))!.text) as { stations: Array<{ id: string; lat: number }> };
      expect(metar.stations).toEqual([expect.objectContaining({ id: 'KSFO', lat: 37.62 })]);
    } finally {
      await db.close();
      await removeTempDir(dir);
    }
  });
});

describe('weather snapshots on SQLite (two connections to one file)', () => {
  storeContract(async () => {
    const dir = await makeTempDir();
    const path = join(dir, 'wx.sqlite');
    const a = openDatabase({ dialect: 'sqlite', path });
    await migrateToLatest(a);
    const b = openDatabase({ dialect: 'sqlite', path });
    return {
      a,
      b,
      dispose: async () => {
        await a.close();
        await b.close();
        await removeTempDir(dir);
      },
    };
  });
});

describe('weather snapshots on PostgreSQL (two pools on one schema)', { tags: ['postgres'] }, () => {
  it('has a server to test against', (context) => requireService(context, 'postgres', TEST_DATABASE_URL !== undefined, POSTGRES_SKIP_REASON));

  describe.skipIf(TEST_DATABASE_URL === undefined)('on TEST_DATABASE_URL', () => {
    storeContract(async () => {
      const scratch = await createScratchSchema(TEST_DATABASE_URL ?? '');
      const a = openDatabase({ dialect: 'postgres', url: scratch.url });
      await migrateToLatest(a);
      const b = openDatabase({ dialect: 'postgres', url: scratch.url });
      return {
        a,
        b,
        dispose: async () => {
          await a.close();
          await b.close();
          await scratch.drop();
        },
      };
    });
  });
});
