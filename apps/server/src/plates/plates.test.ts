import { existsSync } from 'node:fs';
import { copyFile, readFile, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import Fastify from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { georefToPage, pageToGeoref, type PlateAirportList, type PlateGeoref } from '@clearway/protocol';
import { buildApp } from '../app.js';
import { loadConfig } from '../config/index.js';
import { migrateToLatest, openDatabase, type Database } from '../db/index.js';
import { POSTGRES_SKIP_REASON, TEST_DATABASE_URL, createScratchSchema } from '../testing/postgres.js';
import { requireService } from '../testing/skips.js';
import { makeTempDir, removeTempDir } from '../testing/testApp.js';
import { dtppCycleAt, importPlates, MetafileError, parseMetafile, parseVrtGeoref, PathPlatesSource, PlatesImportError, platesRoutes } from './index.js';
import { SHARED_KSBP_DTPP, SHARED_KSFO_PLATES, writeKsfoDtpp } from './testFixtures.js';

if (!existsSync(SHARED_KSBP_DTPP)) throw new Error(`The d-TPP excerpt is expected in ${SHARED_KSBP_DTPP} (../shared/data/plates beside the repository)`);
const KSBP_METAFILE = join(SHARED_KSBP_DTPP, 'd-TPP_Metafile-excerpt-KSBP-cycle2002.xml');

describe('d-TPP metafile', () => {
  it('reads the real KSBP excerpt of cycle 2002: dates, airport, every record with its user action', async () => {
    const metafile = parseMetafile(await readFile(KSBP_METAFILE, 'utf8'));
    expect(metafile).toMatchObject({ cycle: '2002', effectiveFrom: '2020-01-30T09:01:00.000Z', effectiveTo: '2020-02-27T09:01:00.000Z' });
    expect(metafile.records.map((record) => `${record.chartCode} ${record.chartName} [${record.userAction}] ${record.pdfName}`)).toEqual([
      'MIN TAKEOFF MINIMUMS [] SW3TO.PDF',
      'MIN ALTERNATE MINIMUMS [C] SW3ALT.PDF',
      'HOT HOT SPOT [] SW3HOTSPOT.PDF',
      'IAP ILS RWY 11 [] 00989I11.PDF',
      'IAP RNAV (GPS) RWY 11 [C] 00989R11.PDF',
      'IAP RNAV (GPS) RWY 29 [C] 00989R29.PDF',
      'IAP LOC RWY 11 [] 00989L11.PDF',
      'IAP VOR OR TACAN-A [] 00989VTA.PDF',
      'APD AIRPORT DIAGRAM [] 00989AD.PDF',
      'DP AVILA FOUR [C] 00989AVILA.PDF',
      'DP CREPE THREE [] 00989CREPE.PDF',
      'DP WYNNR THREE [] 00989WYNNR.PDF',
    ]);
    expect(metafile.records[4]).toEqual({
      state: 'CA', city: 'SAN LUIS OBISPO', airportName: 'SAN LUIS COUNTY RGNL', faaIdent: 'SBP', icaoIdent: 'KSBP',
      chartSeq: '53525', chartCode: 'IAP', chartName: 'RNAV (GPS) RWY 11', userAction: 'C', pdfName: '00989R11.PDF', procedureId: 'R11', amendment: '2 1/30/2020',
    });
  });

  it('refuses a truncated file and a record with an unknown user action, saying where', async () => {
    const xml = await readFile(KSBP_METAFILE, 'utf8');
    expect(() => parseMetafile(xml.slice(0, xml.length / 2))).toThrow(new MetafileError('d-TPP metafile: ends before </digital_tpp> (truncated download?)'));
    const bad = xml.replace('<useraction>C</useraction>', '<useraction>X</useraction>');
    expect(() => parseMetafile(bad)).toThrow(/^d-TPP metafile line \d+: record SW3ALT\.PDF has user action "X" \(A, C, D or empty\)$/);
  });

  it('numbers d-TPP cycles like the FAA: 2002 from 30 January 2020, 2501 from 23 January 2025', () => {
    expect(dtppCycleAt(Date.UTC(2020, 1, 1))).toBe('2002');
    expect(dtppCycleAt(Date.UTC(2025, 0, 23, 12))).toBe('2501');
    expect(dtppCycleAt(Date.UTC(2025, 0, 22, 12))).toBe('2413');
  });
});

describe('plate georeference (.vrt)', () => {
  it('places the SFO VORTAC where the ILS OR LOC RWY 28L plan view draws it', async () => {
    const georef = parseVrtGeoref(await readFile(join(SHARED_KSFO_PLATES, 'CA-SFO-ILS-OR-LOC-RWY-28L.vrt'), 'utf8'), 'ILS 28L');
    expect(georef).toMatchObject({ source: 'geotransform', width: 1613, height: 2475 });
    // SFO VORTAC 37°37'10.2"N 122°22'26.0"W (FAA NASR). On the plate rendered at 300 dpi (1613 x 2475 px)
    // its symbol's centre is at about (338, 875) px, read off the picture by eye.
    const page = georefToPage(georef, 37.619487, -122.373895);
    expect(page).not.toBeNull();
    expect(Math.abs((page?.x ?? 0) * 1613 - 338)).toBeLessThan(8);
    expect(Math.abs((page?.y ?? 0) * 2475 - 875)).toBeLessThan(8);
    const back = pageToGeoref(georef, page?.x ?? 0, page?.y ?? 0);
    expect(back.lat).toBeCloseTo(37.619487, 9);
    expect(back.lon).toBeCloseTo(-122.373895, 9);
  });

  it('fits ground control points to the same affine map, and reports what is missing', () => {
    const truth: PlateGeoref = { source: 'gcps', transform: [-122.5, 0.0005, 0.00001, 37.95, -0.00002, -0.0004], width: 1000, height: 1500 };
    const gcps = [[10, 20], [900, 40], [500, 1400], [30, 1300]].map(([x, y]) => {
      const at = pageToGeoref(truth, (x ?? 0) / 1000, (y ?? 0) / 1500);
      return `<GCP Id="" Pixel="${x}" Line="${y}" X="${at.lon}" Y="${at.lat}" />`;
    });
    const fitted = parseVrtGeoref(`<VRTDataset rasterXSize="1000" rasterYSize="1500"><GCPList>${gcps.join('')}</GCPList></VRTDataset>`, 'gcps.vrt');
    fitted.transform.forEach((value, i) => expect(value).toBeCloseTo(truth.transform[i] ?? NaN, 9));
    expect(() => parseVrtGeoref('<VRTDataset rasterXSize="10" rasterYSize="10"></VRTDataset>', 'x.vrt')).toThrow('x.vrt: neither a <GeoTransform> nor ground control points (<GCP>)');
  });
});

/** The app with PLATES_DIR in `dir`, on `db`. */
async function platesApp(dir: string, db: Database) {
  const config = loadConfig({ HOST: '127.0.0.1', LOG_LEVEL: 'silent', WEB_DIST: join(dir, 'web'), PLATES_DIR: join(dir, 'plates') });
  return buildApp(config, { db });
}

function importAndServe(fresh: () => Promise<{ db: Database; dispose: () => Promise<void> }>): void {
  let dir: string;
  let db: Database;
  let dispose: () => Promise<void>;
  beforeEach(async () => {
    dir = await makeTempDir('clearway-plates-');
    ({ db, dispose } = await fresh());
  });
  afterEach(async () => {
    await dispose();
    await removeTempDir(dir);
  });

  it('refuses the excerpt whose index names absent PDFs, listing them, unless told to skip them', async () => {
    const platesDir = join(dir, 'plates');
    const source = new PathPlatesSource(SHARED_KSBP_DTPP);
    await expect(importPlates({ db, platesDir, source })).rejects.toThrow(
      new PlatesImportError(`d-TPP cycle 2002 from ${SHARED_KSBP_DTPP}: the index names 11 PDF(s) that are not there: 00989AD.PDF, 00989AVILA.PDF, 00989CREPE.PDF, 00989I11.PDF, 00989L11.PDF, 00989R29.PDF, 00989VTA.PDF, 00989WYNNR.PDF, SW3ALT.PDF, SW3HOTSPOT.PDF, SW3TO.PDF`),
    );
    expect(await db.kysely.selectFrom('plate_cycles').selectAll().execute()).toEqual([]);
    expect(await readdir(platesDir)).toEqual([]);

    const report = await importPlates({ db, platesDir, source, skipMissing: true });
    expect(report).toMatchObject({ cycle: '2002', imported: true, charts: 1, pdfs: 1, georeferenced: 0, deleted: 0, unknownCodes: [] });
    expect(report.missing).toHaveLength(11);
    expect(await readdir(join(platesDir, '2002'))).toEqual(['00989R11.PDF']);

    const app = await platesApp(dir, db);
    try {
      const list = await app.inject({ method: 'GET', url: '/plates/airports/sbp' });
      expect(list.statusCode).toBe(200);
      expect(list.json<PlateAirportList>()).toEqual({
        airport: 'KSBP', faaIdent: 'SBP', name: 'SAN LUIS COUNTY RGNL', city: 'SAN LUIS OBISPO', state: 'CA',
        cycle: '2002', effectiveFrom: '2020-01-30T09:01:00.000Z', effectiveTo: '2020-02-27T09:01:00.000Z',
        charts: [{
          pdfName: '00989R11.PDF', chartCode: 'IAP', chartName: 'RNAV (GPS) RWY 11', group: 'approach', seq: '53525', procedureId: 'R11',
          userAction: 'C', changedThisCycle: true, amendment: '2 1/30/2020', bytes: 324704, url: '/plates/files/2002/00989R11.PDF', georef: null,
        }],
      });
      const etag = list.headers.etag;
      expect((await app.inject({ method: 'GET', url: '/plates/airports/KSBP', headers: { 'if-none-match': String(etag) } })).statusCode).toBe(304);

      const pdf = await app.inject({ method: 'GET', url: '/plates/files/2002/00989R11.PDF' });
      expect(pdf.statusCode).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      expect(pdf.rawPayload.equals(await readFile(join(SHARED_KSBP_DTPP, '00989R11.PDF')))).toBe(true);
      const range = await app.inject({ method: 'GET', url: '/plates/files/2002/00989R11.PDF', headers: { range: 'bytes=0-7' } });
      expect(range.statusCode).toBe(206);
      expect(range.headers['content-range']).toBe('bytes 0-7/324704');
      expect(range.body).toBe('%PDF-1.4');
      expect((await app.inject({ method: 'GET', url: '/plates/files/2002/00989R11.PDF', headers: { 'if-none-match': String(pdf.headers.etag) } })).statusCode).toBe(304);

      const unknown = await app.inject({ method: 'GET', url: '/plates/airports/KXYZ' });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toEqual({ error: 'No approach plates for KXYZ in d-TPP cycle 2002', airport: 'KXYZ', cycle: '2002' });
      expect((await app.inject({ method: 'GET', url: '/plates/files/2002/00989AD.PDF' })).json()).toMatchObject({ error: 'No plates file "00989AD.PDF" in 2002' });
    } finally {
      await app.close();
    }
  });

  it('imports KSFO with its georeferences, and keeps it when a re-import meets a damaged PDF', async () => {
    const platesDir = join(dir, 'plates');
    const folder = join(dir, 'ksfo');
    await writeKsfoDtpp(folder);
    const report = await importPlates({ db, platesDir, source: new PathPlatesSource(folder) });
    expect(report).toMatchObject({ cycle: '1413', imported: true, charts: 6, pdfs: 6, georeferenced: 2, missing: [] });

    await writeFile(join(folder, 'CA-SFO-GAP-FIVE.pdf'), (await readFile(join(folder, 'CA-SFO-GAP-FIVE.pdf'))).subarray(0, 5000));
    await expect(importPlates({ db, platesDir, source: new PathPlatesSource(folder), force: true })).rejects.toThrow(
      `d-TPP cycle 1413 from ${folder}: 1 damaged PDF(s): CA-SFO-GAP-FIVE.pdf: no %%EOF trailer (truncated?)`,
    );
    await copyFile(join(SHARED_KSFO_PLATES, 'CA-SFO-GAP-FIVE.pdf'), join(dir, 'check.pdf'));

    const app = await platesApp(dir, db);
    try {
      const list = (await app.inject({ method: 'GET', url: '/plates/airports/KSFO' })).json<PlateAirportList>();
      expect(list.charts.map((chart) => [chart.group, chart.chartName, chart.changedThisCycle, chart.georef?.source ?? null])).toEqual([
        ['hotspot', 'HOT SPOT', false, null],
        ['approach', 'ILS OR LOC RWY 28L', true, 'geotransform'],
        ['approach', 'RNAV (GPS) RWY 28L', false, 'geotransform'],
        ['approach', 'VOR RWY 19L', true, null],
        ['diagram', 'AIRPORT DIAGRAM', false, null],
        ['departure', 'GAP FIVE', false, null],
      ]);
      // The previous import's GAP FIVE is still the one served, whole.
      const served = await app.inject({ method: 'GET', url: '/plates/files/1413/CA-SFO-GAP-FIVE.pdf' });
      expect(served.rawPayload.equals(await readFile(join(dir, 'check.pdf')))).toBe(true);
    } finally {
      await app.close();
    }
  });
}

describe('plates import and serving on SQLite', () => {
  importAndServe(async () => {
    const db = openDatabase({ dialect: 'sqlite', path: ':memory:' });
    await migrateToLatest(db);
    return { db, dispose: () => db.close() };
  });
});

describe('plates import and serving on PostgreSQL', { tags: ['postgres'] }, () => {
  it('has a server to test against', (context) => requireService(context, 'postgres', TEST_DATABASE_URL !== undefined, POSTGRES_SKIP_REASON));
  describe.skipIf(TEST_DATABASE_URL === undefined)('on TEST_DATABASE_URL', () => {
    importAndServe(async () => {
      const scratch = await createScratchSchema(TEST_DATABASE_URL ?? '');
      const db = openDatabase({ dialect: 'postgres', url: scratch.url });
      await migrateToLatest(db);
      return { db, dispose: async () => {
        await db.close();
        await scratch.drop();
      } };
    });
  });
});

describe('plates rate limit', () => {
  it('answers 429 with Retry-After past the limit per address, and counts addresses apart', async () => {
    const db = openDatabase({ dialect: 'sqlite', path: ':memory:' });
    await migrateToLatest(db);
    const app = Fastify({ trustProxy: true });
    await app.register(platesRoutes, { db, platesDir: '/nonexistent', rateLimit: { max: 2, windowMs: 60_000 }, now: () => 30_000 });
    try {
      const from = (ip: string) => app.inject({ method: 'GET', url: '/plates/airports/KSFO', headers: { 'x-forwarded-for': ip } });
      expect((await from('10.0.0.1')).statusCode).toBe(404);
      expect((await from('10.0.0.1')).statusCode).toBe(404);
      const refused = await from('10.0.0.1');
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toBe('30');
      expect(refused.json()).toEqual({ error: 'Too many plate requests from 10.0.0.1: at most 2 per 60 s; try again in 30 s' });
      expect((await from('10.0.0.2')).statusCode).toBe(404);
    } finally {
      await app.close();
      await db.close();
    }
  });
});
