import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { WEATHER_PRODUCT_TYPES, weatherSnapshotSchemas, type WeatherProductType } from '@clearway/protocol';
import { migrateToLatest, openDatabase, type Database } from '../db/index.js';
import { InProcessHub } from '../realtime/index.js';
import { makeTempDir, removeTempDir } from '../testing/testApp.js';
import { AWC_POLL_INTERVAL_MS, AWC_PRODUCTS, AwcSource, PathSource, WeatherIngester, type IngestLogger } from './index.js';

const SHARED_WEATHER = join(import.meta.dirname, '../../../../../shared/data/weather');
if (!existsSync(SHARED_WEATHER)) throw new Error(`Weather files expected in ${SHARED_WEATHER} (the shared data folder beside the repository, ../shared/data)`);
const shared = (path: string) => readFileSync(join(SHARED_WEATHER, path), 'utf8');

function recordingLogger(): IngestLogger & { lines: Array<{ level: string; details: object; message: string }> } {
  const lines: Array<{ level: string; details: object; message: string }> = [];
  return {
    lines,
    info: (details, message) => void lines.push({ level: 'info', details, message }),
    warn: (details, message) => void lines.push({ level: 'warn', details, message }),
    error: (details, message) => void lines.push({ level: 'error', details, message }),
  };
}

// Files in the AWC's documented layouts where the shared data has none: the TAF cache XML, the
// aircraft report cache CSV and the Data API's JSON answers (real reports from the shared set).
const TAF_XML = `<?xml version="1.0" encoding="UTF-8"?>
<response xmlns:xsd="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" version="1.2" xsi:noNamespaceSchemaLocation="http://aviationweather.gov/adds/schema/taf1_2.xsd">
  <request_index>1</request_index>
  <data_source name="tafs" />
  <request type="retrieve" />
  <errors />
  <warnings />
  <time_taken_ms>20</time_taken_ms>
  <data num_results="2">
    <TAF>
      <raw_text>TAF AMD KJFK 251341Z 2514/2618 05006KT P6SM BKN018 FM251600 06008KT P6SM OVC025 FM252200 06009KT P6SM BKN040</raw_text>
      <station_id>KJFK</station_id>
      <issue_time>2025-11-25T13:41:00Z</issue_time>
      <bulletin_time>2025-11-25T13:41:00Z</bulletin_time>
      <valid_time_from>2025-11-25T14:00:00Z</valid_time_from>
      <valid_time_to>2025-11-26T18:00:00Z</valid_time_to>
      <latitude>40.639</latitude>
      <longitude>-73.762</longitude>
      <elevation_m>4</elevation_m>
    </TAF>
    <TAF>
      <raw_text>TAF KSFO 251120Z 2512/2618 29010KT P6SM FEW015 FM252000 30015G22KT P6SM SKC</raw_text>
      <station_id>KSFO</station_id>
      <issue_time>2025-11-25T11:20:00Z</issue_time>
      <bulletin_time>2025-11-25T11:20:00Z</bulletin_time>
      <valid_time_from>2025-11-25T12:00:00Z</valid_time_from>
      <valid_time_to>2025-11-26T18:00:00Z</valid_time_to>
      <latitude>37.619</latitude>
      <longitude>-122.375</longitude>
      <elevation_m>3</elevation_m>
    </TAF>
  </data>
</response>
`;

const AIRCRAFT_REPORTS_CSV = `No errors
No warnings
5 ms
data source=aircraftreports
2 results
receipt_time,observation_time,aircraft_ref,latitude,longitude,altitude_ft_msl,sky_condition,turbulence_condition,icing_condition,visibility_statute_mi,wx_string,temp_c,wind_dir_degrees,wind_speed_kt,vert_gust_kt,report_type,raw_text
2025-11-25T00:20:00Z,2025-11-25T00:17:00Z,BE9L,45.8,-108.54,8000,,,,,,,,,,PIREP,BIL UA /OV BIL /TM 0017 /FL080 /TP BE9L /TA UNKN /IC LGT MX 070-080
2025-11-25T00:12:00Z,2025-11-25T00:10:00Z,COL4,38.29,-104.5,16000,,,,,,,,,,Urgent PIREP,PUB UUA /OV PUB 243022/TM 0010/FL160/TP COL4/TB SEV/RM CWSU ZDV
`;

const AIRSIGMET_JSON = JSON.stringify([
  {
    airSigmetId: 1, icaoId: 'KKCI', alphaChar: 'C', seriesId: '62C', receiptTime: '2025-11-25T16:55:00Z', validTimeFrom: 1764089700, validTimeTo: 1764096900,
    airSigmetType: 'SIGMET', hazard: 'CONVECTIVE', severity: 1, altitudeLow1: null, altitudeHi1: 45000,
    rawAirSigmet: 'CONVECTIVE SIGMET 62C VALID UNTIL 1855Z AL MS LA AR FROM 20NE MSL-50NNW SJI-50W MLU-50ESE LIT-20NE MSL AREA SEV TS MOV FROM 24030KT. TOPS ABV FL450.',
    coords: [{ lat: 34.9, lon: -87.4 }, { lat: 31.4, lon: -88.6 }, { lat: 32.5, lon: -93.1 }, { lat: 34.3, lon: -91.3 }, { lat: 34.9, lon: -87.4 }],
  },
  { airSigmetId: 2, icaoId: 'PAWU', airSigmetType: 'AIRMET', hazard: 'ICE', rawAirSigmet: 'AIRMET (Alaska text)', coords: [] },
]);
const ISIGMET_JSON = JSON.stringify([
  {
    icaoId: 'NZKL', firId: 'NZZO', firName: 'NZZO AUCKLAND OCEANIC', receiptTime: '2025-11-25T10:00:00Z', validTimeFrom: '2025-11-25T10:00:00Z', validTimeTo: '2025-11-25T14:00:00Z',
    seriesId: '3', hazard: 'TURB', qualifier: 'SEV', base: 25000, top: 38000, geom: 'AREA',
    coords: [{ lat: -30, lon: 170 }, { lat: -35, lon: 175 }, { lat: -40, lon: 170 }, { lat: -30, lon: 170 }],
    rawSigmet: 'NZZO SIGMET 3 VALID 251000/251400 NZKL- NZZO AUCKLAND OCEANIC FIR SEV TURB FCST WI S3000 E17000 - S3500 E17500 - S4000 E17000 - S3000 E17000 FL250/380 STNR NC=',
  },
]);
const GAIRMET_JSON = JSON.stringify([
  {
    tag: '1W', forecastHour: 0, validTime: '2025-11-25T15:00:00Z', hazard: 'TURB-HI', geometryType: 'AREA', severity: 'MOD', top: '390', base: '240',
    coords: [{ lat: '45.3', lon: '-110.2' }, { lat: '46.1', lon: '-105.0' }, { lat: '42.0', lon: '-104.8' }, { lat: '45.3', lon: '-110.2' }],
  },
  { tag: '2W', forecastHour: 3, validTime: '2025-11-25T18:00:00Z', hazard: 'FZLVL', geometryType: 'LINE', base: 'FZL', top: '080', coords: [{ lat: '44', lon: '-120' }, { lat: '44.5', lon: '-115' }] },
]);
const CWA_JSON = JSON.stringify([
  {
    cwsu: 'ZJX', name: 'Jacksonville', seriesId: 204, validTimeFrom: 1764100500, validTimeTo: 1764104100, base: null, top: 320, hazard: 'TS',
    cwaText: 'ZJX CWA 204 VALID UNTIL 192105 FROM 25WSW AMG-30SSW AMG-60SSW SZW-105SW SZW-60WSW SZW-25WSW AMG DVLPG AREA TS MOV FROM 23035KT. TOPS TO FL320',
    coords: [{ lat: 31.4, lon: -82.9 }, { lat: 31.1, lon: -82.6 }, { lat: 30.1, lon: -84.6 }, { lat: 29.5, lon: -85.9 }, { lat: 31.4, lon: -82.9 }],
  },
]);

/** The Data API's windtemp text: `(Extracted from ...)` in place of the sequence number and heading. */
function windtemp(...files: string[]): string {
  return files.map((file) => shared(`winds-aloft/${file}`).replace(/^\s*\d{3}\s*\n(FB\S+) (\S+) (\d{6})[^\n]*\n/, '(Extracted from $1 $2 $3)\n')).join('\n');
}

interface Served {
  body: Buffer;
  contentType: string;
}

/** A loopback AWC: the cache files and Data API answers at their paths, with ETags and 304s. */
class FakeAwc {
  readonly files = new Map<string, Served>();
  readonly requests: Array<{ url: string; status: number; conditional: boolean }> = [];
  /** URLs that answer 500 this many more times. */
  readonly failures = new Map<string, number>();
  private server: Server | null = null;
  origin = '';

  constructor() {
    const gz = (text: string) => gzipSync(Buffer.from(text, 'utf8'));
    this.files.set('/data/cache/metars.cache.csv.gz', { body: gz(shared('metar/metars.cache-2025-01-27T2225Z.csv')), contentType: 'application/x-gzip' });
    this.files.set('/data/cache/stations.cache.json.gz', { body: gz(shared('products/awc-stations/stations.cache-2026-02-21.json')), contentType: 'application/x-gzip' });
    this.files.set('/data/cache/tafs.cache.xml.gz', { body: gz(TAF_XML), contentType: 'application/x-gzip' });
    this.files.set('/data/cache/aircraftreports.cache.csv.gz', { body: gz(AIRCRAFT_REPORTS_CSV), contentType: 'application/x-gzip' });
    this.files.set('/api/data/airsigmet?format=json', { body: Buffer.from(AIRSIGMET_JSON), contentType: 'application/json' });
    this.files.set('/api/data/isigmet?format=json', { body: Buffer.from(ISIGMET_JSON), contentType: 'application/json' });
    this.files.set('/api/data/gairmet?format=json', { body: Buffer.from(GAIRMET_JSON), contentType: 'application/json' });
    this.files.set('/api/data/cwa?format=json', { body: Buffer.from(CWA_JSON), contentType: 'application/json' });
    this.files.set('/api/data/windtemp?region=all&level=low&fcst=06', { body: Buffer.from(windtemp('FBUS31_KWNO_310158_2026-01-31_FD1US1.txt', 'FBAK31_KWNO_031352_2019-09_FD1AK1.txt')), contentType: 'text/plain' });
    this.files.set('/api/data/windtemp?region=all&level=low&fcst=12', { body: Buffer.from(windtemp('FBHW31_KWNO_031352_2019-09_FD1HW1.txt')), contentType: 'text/plain' });
    this.files.set('/api/data/windtemp?region=all&level=low&fcst=24', { body: Buffer.from(windtemp('FBOC31_KWNO_031537_2019-09_FD1OC1.txt')), contentType: 'text/plain' });
  }

  async start(): Promise<void> {
    this.server = createServer((request, response) => {
      const url = request.url ?? '/';
      const failing = this.failures.get(url) ?? 0;
      const conditional = request.headers['if-none-match'] !== undefined;
      const answer = (status: number, headers: Record<string, string | number> = {}, body?: Buffer) => {
        this.requests.push({ url, status, conditional });
        response.writeHead(status, headers);
        response.end(body);
      };
      if (failing > 0) {
        this.failures.set(url, failing - 1);
        return answer(500, { 'content-type': 'text/plain' }, Buffer.from('Internal Server Error'));
      }
      const file = this.files.get(url);
      if (file === undefined) return answer(404, { 'content-type': 'text/plain' }, Buffer.from('not found'));
      const etag = `"${createHash('sha256').update(file.body).digest('hex').slice(0, 20)}"`;
      const lastModified = 'Tue, 25 Nov 2025 11:20:00 GMT';
      if (request.headers['if-none-match'] === etag) return answer(304, { etag, 'last-modified': lastModified });
      return answer(200, { etag, 'last-modified': lastModified, 'content-type': file.contentType, 'content-length': file.body.length }, file.body);
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    const address = this.server.address();
    this.origin = `http://127.0.0.1:${typeof address === 'object' && address !== null ? address.port : 0}`;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => (this.server === null ? resolve() : this.server.close(() => resolve())));
  }

  take(): Array<{ url: string; status: number; conditional: boolean }> {
    return this.requests.splice(0);
  }
}

describe('ingestion from the Aviation Weather Center (a loopback server in its layout)', () => {
  let awc: FakeAwc;
  let dir: string;
  let db: Database;
  let now: number;
  const clock = { now: () => now, setTimer: () => 0, clearTimer: () => undefined };
  const sleeps: number[] = [];
  const ingesterWith = (logger = recordingLogger(), attempts = 3) =>
    new WeatherIngester({ db, hub: new InProcessHub(), source: new AwcSource(awc.origin), logger, clock, attempts, backoffMs: 5, sleep: async (ms) => void sleeps.push(ms) });

  beforeAll(async () => {
    awc = new FakeAwc();
    await awc.start();
  });
  afterAll(async () => {
    await awc.stop();
  });
  beforeEach(async () => {
    dir = await makeTempDir();
    db = openDatabase({ dialect: 'sqlite', path: join(dir, 'wx.sqlite') });
    await migrateToLatest(db);
    now = Date.UTC(2025, 10, 25, 12);
    sleeps.length = 0;
    awc.failures.clear();
    awc.take();
  });
  afterEach(async () => {
    await db.close();
    await removeTempDir(dir);
  });

  it('fetches every type (gzip cache files, Data API JSON and text) into snapshots; a second poll gets 304s and stores nothing new', async () => {
    const ingester = ingesterWith();
    const first = await ingester.ingestAll();
    expect(first.map((o) => [o.type, o.status])).toEqual(['stations', 'metar', 'taf', 'pirep', 'airmet', 'fbo'].map((type) => [type, 'new-cycle']));
    const firstRequests = awc.take();
    expect(firstRequests.map((r) => r.url).sort()).toEqual(Object.values(AWC_PRODUCTS).flat().map((p) => p.path).sort());
    expect(firstRequests.every((r) => r.status === 200 && !r.conditional)).toBe(true);
    const json = async (type: WeatherProductType): Promise<unknown> => JSON.parse((await ingester.store.snapshotText(type))!.text);
    const parsed = {
      metar: weatherSnapshotSchemas.metar.parse(await json('metar')),
      taf: weatherSnapshotSchemas.taf.parse(await json('taf')),
      pirep: weatherSnapshotSchemas.pirep.parse(await json('pirep')),
      airmet: weatherSnapshotSchemas.airmet.parse(await json('airmet')),
      fbo: weatherSnapshotSchemas.fbo.parse(await json('fbo')),
      stations: weatherSnapshotSchemas.stations.parse(await json('stations')),
    };
    expect(parsed.stations.stations.length).toBeGreaterThan(8000);
    expect(parsed.metar.stations.length).toBeGreaterThan(4000);
    expect(parsed.taf.tafs.map((t) => [t.id, t.lat, t.validFrom])).toEqual([['KJFK', 40.639, Date.UTC(2025, 10, 25, 14)], ['KSFO', 37.619, Date.UTC(2025, 10, 25, 12)]]);
    expect(parsed.pirep.reports.map((p) => [p.lat, p.lon, p.urgent, p.altFt, p.turb, p.icing])).toEqual([[38.29, -104.5, true, 16000, 'SEV', null], [45.8, -108.54, false, 8000, null, 'LGT']]);
    // The Alaska text AIRMET has no kind in the snapshot; the others are areas, the freezing-level line widened.
    expect(parsed.airmet.advisories.map((a) => [a.kind, a.hazard, a.severity]).sort()).toEqual(
      [['CONVECTIVE_SIGMET', 'CONVECTION', null], ['CWA', 'CONVECTION', null], ['G_AIRMET', 'FREEZING_LEVEL', null], ['G_AIRMET', 'TURBULENCE', 'MOD'], ['SIGMET', 'TURBULENCE', null]].sort(),
    );
    const line = parsed.airmet.advisories.find((a) => a.hazard === 'FREEZING_LEVEL')!;
    expect(line.polygon.length).toBe(5);
    expect(line.baseIsFreezingLevel).toBe(true);
    expect(parsed.airmet.advisories.find((a) => a.kind === 'G_AIRMET' && a.hazard === 'TURBULENCE')).toMatchObject({ baseFt: 24000, topFt: 39000 });
    expect(parsed.fbo.bulletins.map((b) => [b.raw.slice(0, 18), b.forecastHours])).toEqual([
      ['FBAK31 KWNO 031352', 6], ['FBHW31 KWNO 031352', 6], ['FBOC31 KWNO 031537', 6], ['FBUS31 KWNO 310158', 6],
    ]);

    const cycles = await ingester.store.heads();
    now += 5 * 60_000;
    const second = await ingester.ingestAll();
    expect(second.map((o) => o.status)).toEqual(Array(6).fill('not-modified'));
    const secondRequests = awc.take();
    expect(secondRequests.length).toBe(firstRequests.length);
    expect(secondRequests.every((r) => r.status === 304 && r.conditional)).toBe(true);
    const after = await ingester.store.heads();
    expect(after.map((h) => [h.type, h.cycle]).sort()).toEqual(cycles.map((h) => [h.type, h.cycle]).sort());
    expect(after.every((h) => h.fetchedAt === now)).toBe(true);
  }, 60_000);

  it('a changed file on the publisher gives a new cycle; the same content again does not', async () => {
    const ingester = ingesterWith();
    const first = await ingester.ingest('taf');
    const path = '/data/cache/tafs.cache.xml.gz';
    const original = awc.files.get(path)!;
    try {
      // Only the file's time changes: new bytes, new ETag, same TAFs: stored again, same cycle.
      awc.files.set(path, { ...original, body: gzipSync(Buffer.from(TAF_XML.replace('<time_taken_ms>20', '<time_taken_ms>21'))) });
      now += 60_000;
      expect(await ingester.ingest('taf')).toMatchObject({ status: 'unchanged', cycle: 'cycle' in first ? first.cycle : -1 });
      awc.files.set(path, { ...original, body: gzipSync(Buffer.from(TAF_XML.replace('FM252000 30015G22KT', 'FM252000 31018G25KT'))) });
      now += 60_000;
      const changed = await ingester.ingest('taf');
      expect(changed).toMatchObject({ status: 'new-cycle', cycle: now });
    } finally {
      awc.files.set(path, original);
    }
  });

  it('retries a failed download with exponential back-off and stores what the retry brings', async () => {
    const logger = recordingLogger();
    const ingester = ingesterWith(logger);
    awc.failures.set('/data/cache/metars.cache.csv.gz', 2);
    const outcome = await ingester.ingest('metar');
    expect(outcome.status).toBe('new-cycle');
    expect(awc.take().filter((r) => r.url === '/data/cache/metars.cache.csv.gz').map((r) => r.status)).toEqual([500, 500, 200]);
    expect(sleeps).toEqual([5, 10]);
    expect(logger.lines.filter((l) => l.message === 'weather fetch failed; retrying')).toHaveLength(2);
  });

  it('keeps the previous snapshot and its age when every try fails, and says so in the log', async () => {
    const logger = recordingLogger();
    const ingester = ingesterWith(logger);
    expect((await ingester.ingest('pirep')).status).toBe('new-cycle');
    const before = await ingester.store.head('pirep');
    awc.failures.set('/data/cache/aircraftreports.cache.csv.gz', 10);
    now += 5 * 60_000;
    const outcome = await ingester.ingest('pirep');
    expect(outcome).toMatchObject({ status: 'failed', attempts: 3 });
    expect('error' in outcome && outcome.error).toContain('answered 500');
    expect(await ingester.store.head('pirep')).toEqual(before);
    const error = logger.lines.find((l) => l.level === 'error');
    expect(error?.message).toBe('weather fetch failed; the previous snapshot is kept');
    expect(error?.details).toMatchObject({ type: 'pirep', keptCycle: before!.cycle, ageMs: 5 * 60_000 });
  });

  it('polls each type on its own interval, well under the Data API limit of 100 requests a minute even with every retry', () => {
    const perMinute = WEATHER_PRODUCT_TYPES.reduce((sum, type: WeatherProductType) => sum + (AWC_PRODUCTS[type].length * 60_000) / AWC_POLL_INTERVAL_MS[type], 0);
    expect(perMinute).toBeLessThan(2);
    // Four tries per request at worst (the default).
    expect(perMinute * 4).toBeLessThan(10);
  });
});

describe('the Data API JSON forms of METAR, TAF and PIREP from a folder', () => {
  it('reads files built in the documented layout', async () => {
    const dir = await makeTempDir();
    const db = openDatabase({ dialect: 'sqlite', path: join(dir, 'wx.sqlite') });
    try {
      await migrateToLatest(db);
      const files = join(dir, 'wx');
      await import('node:fs/promises').then((fs) => fs.mkdir(files));
      await writeFile(join(files, 'metar.json'), JSON.stringify([
        { icaoId: 'KSFO', receiptTime: '2025-11-25T11:58:00Z', obsTime: 1764071760, reportTime: '2025-11-25T12:00:00Z', temp: 13, dewp: 9, wdir: 290, wspd: 12, visib: '10+', altim: 1016.6, fltCat: 'VFR', metarType: 'METAR', rawOb: 'METAR KSFO 251156Z 29012KT 10SM FEW010 BKN250 13/09 A3002 RMK AO2', lat: 37.6197, lon: -122.3647, elev: 3, name: 'San Francisco Intl, CA, US' },
        { icaoId: 'KOAK', obsTime: 1764071760, rawOb: 'METAR KOAK 251156Z 00000KT 1/4SM FG VV002 11/11 A3001', lat: 37.72, lon: -122.22 },
        { icaoId: 'XXXX', obsTime: 1764071760, rawOb: 'METAR ZZZZ 251156Z 00000KT 10SM SKC 11/11 A3001', lat: null, lon: null },
      ]));
      await writeFile(join(files, 'taf.json'), JSON.stringify([
        { icaoId: 'KSFO', issueTime: '2025-11-25T11:20:00Z', validTimeFrom: 1764072000, validTimeTo: 1764180000, rawTAF: 'TAF KSFO 251120Z 2512/2618 29010KT P6SM FEW015 FM252000 30015G22KT P6SM SKC', lat: 37.6197, lon: -122.3647 },
      ]));
      await writeFile(join(files, 'pirep.json'), JSON.stringify([
        { receiptTime: '2025-11-25T00:12:00Z', obsTime: 1764029400, acType: 'COL4', lat: 38.29, lon: -104.5, fltLvl: '160', pirepType: 'Urgent PIREP', rawOb: 'PUB UUA /OV PUB 243022/TM 0010/FL160/TP COL4/TB SEV/RM CWSU ZDV' },
      ]));
      const logger = recordingLogger();
      const ingester = new WeatherIngester({ db, hub: new InProcessHub(), source: new PathSource(files), logger });
      const outcomes = await ingester.ingestAll();
      expect(outcomes.find((o) => o.type === 'metar')).toMatchObject({ status: 'new-cycle', entries: 2, unknownStations: 1 });
      const metar = weatherSnapshotSchemas.metar.parse(JSON.parse((await ingester.store.snapshotText('metar'))!.text));
      expect(metar.stations.map((m) => [m.id, m.cat, m.cover, m.ceilingFt])).toEqual([['KOAK', 'LIFR', 'VV', 200], ['KSFO', 'VFR', 'BKN', 25000]]);
      expect(metar.stations[1]).toMatchObject({ time: 1764071760_000, wind: { dir: 290, kt: 12, gust: null }, visSm: 10 });
      const taf = weatherSnapshotSchemas.taf.parse(JSON.parse((await ingester.store.snapshotText('taf'))!.text));
      expect(taf.tafs.map((t) => t.id)).toEqual(['KSFO']);
      const pirep = weatherSnapshotSchemas.pirep.parse(JSON.parse((await ingester.store.snapshotText('pirep'))!.text));
      expect(pirep.reports).toEqual([expect.objectContaining({ urgent: true, turb: 'SEV', altFt: 16000, aircraft: 'COL4' })]);
      // The unknown station is reported in the log, not fatal.
      expect(logger.lines.find((l) => l.message === 'weather reports not read or not placed' && (l.details as { type: string }).type === 'metar')?.details).toMatchObject({ unknownStationIds: ['ZZZZ'] });
    } finally {
      await db.close();
      await removeTempDir(dir);
    }
  });
});
