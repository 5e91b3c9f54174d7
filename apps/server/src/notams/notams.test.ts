import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig } from '../config/index.js';
import { migrateToLatest, openDatabase, type Database } from '../db/index.js';
import { FakeClock } from '../testing/fakeClock.js';
import { makeTempDir, removeTempDir, writeFiles } from '../testing/testApp.js';
import { FaaNotamSource, NotamIngester, NotamStore, PathNotamSource, type NotamBatch, type NotamSource } from './index.js';

/*
 * NOTAM ingestion and routes on SQLite with the real app: the two real FAA NOTAM API answers of
 * ../shared/data/notam (read by NOTAM_SOURCE=path and served by a loopback HTTP server for the FAA
 * client). The shared data holds no TFR list, so the one here is written by hand in the FAA's format.
 */
const NOTAM_DIR = fileURLToPath(new URL('../../../../../shared/data/notam/', import.meta.url));
const KOSH = readFileSync(join(NOTAM_DIR, 'faa-notamapi-v1-KOSH-2024-07.geojson'), 'utf8');
const INTL = readFileSync(join(NOTAM_DIR, 'faa-notamapi-v1-intl-page1-2024-02.json'), 'utf8');
/** 2024-07-24 12:00Z: AirVenture week, most KOSH NOTAMs in force. */
const NOW = Date.UTC(2024, 6, 24, 12);
const TFR_LIST = JSON.stringify({
  type: 'FeatureCollection',
  features: [
    {
      type: 'Feature',
      geometry: { type: 'Polygon', coordinates: [[[-88.65, 43.9], [-88.45, 43.9], [-88.45, 44.07], [-88.65, 44.07], [-88.65, 43.9]]] },
      properties: { NOTAM_KEY: '4/2258-1-FDC-F', TITLE: 'OSHKOSH, WI, AIRSHOW', LEGAL: '91.145', STATE: 'WI' },
    },
  ],
});
const logger = { info: () => undefined, warn: () => undefined, error: () => undefined };

describe('FaaNotamSource against a loopback FAA NOTAM API', () => {
  let server: Server;
  let base: string;
  const seen: IncomingMessage[] = [];
  let status = 200;
  beforeAll(async () => {
    server = createServer((request, response) => {
      seen.push(request);
      const url = new URL(request.url ?? '/', 'http://x');
      if (status !== 200) return void response.writeHead(status).end('{"error":"Unauthorized"}');
      if (url.pathname === '/tfr') return void response.writeHead(200, { 'content-type': 'application/json' }).end(TFR_LIST);
      // Two pages: KOSH's answer, then the international page, each told it is one of 2.
      const page = url.searchParams.get('pageNum') === '2' ? INTL : KOSH;
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ ...JSON.parse(page), pageNum: Number(url.searchParams.get('pageNum')), totalPages: 2 }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('reads every page with the credentials, then the TFR list', async () => {
    const source = new FaaNotamSource({ apiUrl: `${base}/notamapi/v1/notams`, clientId: 'id-1', clientSecret: 'secret-1', query: 'icaoLocation=KOSH', tfrUrl: `${base}/tfr` });
    const batch = await source.fetch();
    expect(batch.notams).toHaveLength(74);
    expect(batch.rejected).toEqual([]);
    expect(seen.map((r) => r.url)).toEqual([
      '/notamapi/v1/notams?responseFormat=geoJson&pageSize=1000&pageNum=1&icaoLocation=KOSH',
      '/notamapi/v1/notams?responseFormat=geoJson&pageSize=1000&pageNum=2&icaoLocation=KOSH',
      '/tfr',
    ]);
    expect(seen[0]?.headers['client_id']).toBe('id-1');
    expect(seen[0]?.headers['client_secret']).toBe('secret-1');
    expect(seen[2]?.headers['client_secret']).toBeUndefined();
    expect((batch.tfrList as { features: unknown[] }).features).toHaveLength(1);
  });

  it('an HTTP 401 says what to check', async () => {
    status = 401;
    const source = new FaaNotamSource({ apiUrl: `${base}/notamapi/v1/notams`, clientId: 'id', clientSecret: 'wrong', query: '', tfrUrl: null });
    await expect(source.fetch()).rejects.toThrow(`GET ${base}/notamapi/v1/notams?responseFormat=geoJson&pageSize=1000&pageNum=1 answered HTTP 401 (check NOTAM_FAA_CLIENT_ID and NOTAM_FAA_CLIENT_SECRET)`);
    status = 200;
  });
});

describe('NOTAM routes on SQLite', () => {
  let dir: string;
  let db: Database;
  let app: FastifyInstance;
  beforeAll(async () => {
    dir = await makeTempDir();
    await writeFiles(join(dir, 'notam'), { 'kosh.geojson': KOSH, 'intl.json': INTL, 'tfr/list.json': TFR_LIST, 'README.txt': 'not read', 'notes.json': '{"what":"notes"}' });
    const config = loadConfig({ HOST: '127.0.0.1', LOG_LEVEL: 'silent', SQLITE_PATH: join(dir, 'test.db'), WEB_DIST: join(dir, 'web'), DEVICES: 'off' });
    db = openDatabase(config.database);
    await migrateToLatest(db);
    app = await buildApp(config, { db, notams: { now: () => NOW, limit: { max: 12, windowMs: 60_000 } } });
    await app.ready();
    const outcome = await new NotamIngester({ db, source: new PathNotamSource(join(dir, 'notam')), logger, clock: new FakeClock(NOW) }).ingest();
    expect(outcome).toMatchObject({ status: 'stored', stats: { notams: 74, tfrs: 1, rejectedCount: 1, rejected: ['notes.json: not a NOTAM API answer (no items) nor a TFR list (no NOTAM_KEY features)'] } });
  });
  afterAll(async () => {
    await app.close();
    await db.close();
    await removeTempDir(dir);
  });

  it('per airport: OSH and KOSH name the same NOTAMs, expired ones left out, each with its classification', async () => {
    const kosh = await app.inject({ method: 'GET', url: '/notams/airport/KOSH.json' });
    expect(kosh.statusCode).toBe(200);
    const body = kosh.json<{ fetchedAt: number; notams: Array<{ number: string; kind: string; end: number | null }> }>();
    expect(body.fetchedAt).toBe(NOW);
    // Of the 24 KOSH NOTAMs only 07/070 (2024-07-24 04:00-10:00Z) has expired at NOW.
    expect(body.notams.map((n) => n.number)).not.toContain('07/070');
    expect(body.notams).toHaveLength(23);
    expect(body.notams.every((n) => n.end === null || n.end > NOW)).toBe(true);
    expect(body.notams.find((n) => n.number === '07/025')?.kind).toBe('navaid-out');
    const osh = await app.inject({ method: 'GET', url: '/notams/airport/osh.json' });
    expect(osh.json<{ notams: unknown[] }>().notams).toEqual(body.notams);
    expect((await app.inject({ method: 'GET', url: '/notams/airport/K-OSH.json' })).statusCode).toBe(404);
  });

  it('per route corridor and per area', async () => {
    // Fond du Lac to Appleton over Oshkosh (near 88.5 W), 10 NM either side: the 20 placed NOTAMs in
    // force but three obstacles 11 to 18 NM west (06/010, 06/037, 07/032).
    const route = await app.inject({ method: 'GET', url: '/notams/route.json?points=43.77,-88.49;44.26,-88.52&widthNm=10' });
    expect(route.statusCode).toBe(200);
    const body = route.json<{ count: number; byLocation: Record<string, number> }>();
    expect(body.byLocation).toEqual({ KOSH: 17 });
    expect(body.count).toBe(17);
    // Far from Oshkosh: none.
    expect((await app.inject({ method: 'GET', url: '/notams/route.json?points=37.6,-122.4;37.7,-122.2' })).json<{ count: number }>().count).toBe(0);
    const bad = await app.inject({ method: 'GET', url: '/notams/route.json?points=43.7,-88.4&widthNm=10' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ error: string }>().error).toBe('points: a route needs at least 2 points (lat,lon;lat,lon)');
    const area = await app.inject({ method: 'GET', url: '/notams/area.json?bbox=-89,43.5,-88,44.5' });
    expect(area.json<{ notams: unknown[] }>().notams).toHaveLength(20);
  });

  it('TFRs as GeoJSON, and the per-address limit', async () => {
    const tfrs = await app.inject({ method: 'GET', url: '/notams/tfrs.geojson' });
    expect(tfrs.headers['content-type']).toBe('application/geo+json; charset=utf-8');
    const collection = tfrs.json<{ type: string; features: Array<{ id: string; geometry: { type: string }; properties: { title: string; legal: string } }> }>();
    expect(collection.type).toBe('FeatureCollection');
    expect(collection.features.map((f) => [f.id, f.geometry.type, f.properties.title, f.properties.legal])).toEqual([['4/2258-1-FDC-F', 'Polygon', 'OSHKOSH, WI, AIRSHOW', '91.145']]);
    // 12 a minute per address (this app's setting): the 13th is refused.
    let last = 200;
    for (let i = 0; i < 13 && last !== 429; i += 1) last = (await app.inject({ method: 'GET', url: '/notams/status.json' })).statusCode;
    expect(last).toBe(429);
  });
});

describe('a failed refresh', () => {
  it('keeps the stored NOTAMs and records the error', async () => {
    const dir = await makeTempDir();
    const db = openDatabase({ dialect: 'sqlite', path: join(dir, 'x.db') });
    try {
      await migrateToLatest(db);
      const good: NotamSource = { kind: 'path', description: 'test', pollIntervalMs: 60_000, fetch: async (): Promise<NotamBatch> => new PathNotamSource(NOTAM_DIR).fetch() };
      const bad: NotamSource = { kind: 'path', description: 'test', pollIntervalMs: 60_000, fetch: () => Promise.reject(new Error('No NOTAM API answer or TFR list in /nowhere')) };
      expect((await new NotamIngester({ db, source: good, logger, clock: new FakeClock(NOW) }).ingest()).status).toBe('stored');
      const failed = await new NotamIngester({ db, source: bad, logger, clock: new FakeClock(NOW + 1), attempts: 2, sleep: async () => undefined }).ingest();
      expect(failed).toMatchObject({ status: 'failed', attempts: 2, error: 'No NOTAM API answer or TFR list in /nowhere' });
      const store = new NotamStore(db);
      expect(await store.byLocations(['KOSH'], NOW)).toHaveLength(23);
      expect(await store.status()).toMatchObject({ lastAttemptAt: NOW + 1, lastSuccessAt: NOW, error: 'No NOTAM API answer or TFR list in /nowhere' });
    } finally {
      await db.close();
      await removeTempDir(dir);
    }
  });
});
