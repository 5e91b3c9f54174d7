import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { metarSnapshotSchema, weatherChannelMessageSchema, weatherCyclesSchema, weatherStationReportSchema } from '@clearway/protocol';
import { buildApp } from '../app.js';
import { loadConfig } from '../config/index.js';
import { migrateToLatest, openDatabase, type Database } from '../db/index.js';
import { InProcessHub, RedisHub, type RealtimeHub } from '../realtime/index.js';
import { REDIS_SKIP_REASON, startTestRedis, type TestRedis } from '../testing/redis.js';
import { requireService } from '../testing/skips.js';
import { makeTempDir, removeTempDir, startTestApp } from '../testing/testApp.js';
import { PathSource, WeatherIngester } from './index.js';

const SHARED_WEATHER = join(import.meta.dirname, '../../../../../shared/data/weather');
if (!existsSync(SHARED_WEATHER)) throw new Error(`Weather files expected in ${SHARED_WEATHER} (the shared data folder beside the repository, ../shared/data)`);
const WITHIN_MS = 5_000;
const silent = pino({ level: 'silent' });

interface WeatherServer {
  app: FastifyInstance;
  db: Database;
  origin: string;
  close: () => Promise<void>;
}

/** The real app (weather ingestion off: the tests ingest themselves), listening on 127.0.0.1; servers given one dir share one database. */
async function startWeatherServer(dir: string, hub: RealtimeHub): Promise<WeatherServer> {
  const config = loadConfig({ HOST: '127.0.0.1', LOG_LEVEL: 'silent', SQLITE_PATH: join(dir, 'wx.db'), WEB_DIST: join(dir, 'web'), WEATHER_SOURCE: 'off' });
  const db = openDatabase(config.database);
  await migrateToLatest(db);
  const app = await buildApp(config, { db, hub });
  const origin = await app.listen({ host: '127.0.0.1', port: 0 });
  return { app, db, origin, close: async () => {
    await app.close();
    await db.close();
  } };
}

interface WeatherSocket {
  messages: unknown[];
  next: () => Promise<unknown>;
  close: () => Promise<void>;
}

function openWeatherSocket(origin: string, headers: Record<string, string> = {}): Promise<WeatherSocket> {
  const socket = new WebSocket(`${origin.replace(/^http/, 'ws')}/ws/weather`, { headers });
  const messages: unknown[] = [];
  let taken = 0;
  let wake: (() => void) | null = null;
  socket.on('message', (data) => {
    messages.push(JSON.parse(String(data)));
    wake?.();
  });
  const next = async () => {
    const deadline = Date.now() + WITHIN_MS;
    while (taken >= messages.length) {
      if (Date.now() > deadline) throw new Error(`no weather socket message within ${WITHIN_MS} ms`);
      await new Promise<void>((resolve) => {
        wake = resolve;
        setTimeout(resolve, 50);
      });
    }
    return messages[taken++];
  };
  const close = () =>
    new Promise<void>((resolve) => {
      if (socket.readyState === WebSocket.CLOSED) return resolve();
      socket.once('close', () => resolve());
      socket.close();
    });
  return new Promise((resolve, reject) => {
    socket.once('open', () => resolve({ messages, next, close }));
    socket.once('unexpected-response', (request, response) => {
      reject(new Error(`upgrade refused: ${response.statusCode}`));
      response.resume();
      request.destroy();
    });
    socket.on('error', reject);
  });
}

describe('weather below /wx and the weather socket', () => {
  let dir: string;
  let hub: InProcessHub;
  let server: WeatherServer;
  let ingester: WeatherIngester;

  beforeAll(async () => {
    dir = await makeTempDir();
    hub = new InProcessHub();
    server = await startWeatherServer(dir, hub);
    ingester = new WeatherIngester({ db: server.db, hub, source: new PathSource(SHARED_WEATHER), logger: silent });
  }, 60_000);
  afterAll(async () => {
    await server.close();
    await hub.close();
    await removeTempDir(dir);
  });

  it('answers null cycles and 404 before anything is ingested, then the cycles, and announces a new cycle on the socket', async () => {
    const before = await server.app.inject({ url: '/wx/cycles.json' });
    expect(before.statusCode).toBe(200);
    expect(before.headers['cache-control']).toBe('no-cache');
    expect(weatherCyclesSchema.parse(before.json())).toEqual({
      cycles: { metar: null, taf: null, pirep: null, airmet: null, fbo: null, stations: null },
      fetchedAt: { metar: null, taf: null, pirep: null, airmet: null, fbo: null, stations: null },
    });
    const missing = await server.app.inject({ url: '/wx/metar.json' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ type: 'metar' });

    const socket = await openWeatherSocket(server.origin);
    try {
      expect(await socket.next()).toEqual({ type: 'all', cycles: { metar: null, taf: null, pirep: null, airmet: null, fbo: null, stations: null } });
      const metar = await ingester.ingest('metar');
      expect(metar.status).toBe('new-cycle');
      // The station list came first (the METARs are placed with it), then the METARs.
      const messages = [await socket.next(), await socket.next()].map((m) => weatherChannelMessageSchema.parse(m));
      const stationsCycle = (await ingester.store.head('stations'))!.cycle;
      expect(messages).toEqual([{ type: 'stations', cycle: stationsCycle }, { type: 'metar', cycle: 'cycle' in metar ? metar.cycle : -1 }]);
      // Ingesting the same files again brings nothing new: no message.
      expect((await ingester.ingest('metar')).status).toBe('not-modified');
      expect((await ingester.ingest('taf')).status).toBe('new-cycle');
      expect(await socket.next()).toMatchObject({ type: 'taf' });
      expect(socket.messages).toHaveLength(4);
    } finally {
      await socket.close();
    }
    const after = weatherCyclesSchema.parse((await server.app.inject({ url: '/wx/cycles.json' })).json());
    expect(after.cycles.metar).toBe((await ingester.store.head('metar'))!.cycle);
    expect(after.fetchedAt.metar).toBeGreaterThanOrEqual(after.cycles.metar!);
    expect(after.cycles.pirep).toBeNull();
  }, 60_000);

  it('serves a snapshot with a strong ETag, gzip when accepted, 304 on If-None-Match', async () => {
    const plain = await server.app.inject({ url: '/wx/metar.json' });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['cache-control']).toBe('no-cache');
    expect(plain.headers['content-type']).toBe('application/json; charset=utf-8');
    const etag = String(plain.headers.etag);
    expect(etag).toMatch(/^"wx-metar-\d+-[0-9a-f]{16}"$/);
    const snapshot = metarSnapshotSchema.parse(plain.json());
    expect(snapshot.cycle).toBe((await ingester.store.head('metar'))!.cycle);
    expect(snapshot.stations.length).toBeGreaterThan(4000);

    const zipped = await server.app.inject({ url: '/wx/metar.json', headers: { 'accept-encoding': 'gzip, br' } });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toBe('Accept-Encoding');
    expect(zipped.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(gunzipSync(zipped.rawPayload).equals(plain.rawPayload)).toBe(true);
    const refused = await server.app.inject({ url: '/wx/metar.json', headers: { 'accept-encoding': 'gzip;q=0, identity' } });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.rawPayload.equals(plain.rawPayload)).toBe(true);
    const head = await server.app.inject({ method: 'HEAD', url: '/wx/metar.json' });
    expect(head.statusCode).toBe(200);
    expect(head.headers.etag).toBe(etag);
    expect(head.body).toBe('');
    const zippedTag = String(zipped.headers.etag);
    expect(zippedTag).not.toBe(etag);

    for (const tag of [etag, zippedTag, `W/${etag}`]) {
      const revalidated = await server.app.inject({ url: '/wx/metar.json', headers: { 'if-none-match': tag, 'accept-encoding': 'gzip' } });
      expect(revalidated.statusCode).toBe(304);
      expect(revalidated.body).toBe('');
    }
    expect((await server.app.inject({ url: '/wx/metar.json', headers: { 'if-none-match': '"wx-metar-1-0000000000000000"' } })).statusCode).toBe(200);
    const unknown = await server.app.inject({ url: '/wx/nexrad.json' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toContain('nexrad.json');
  });

  it('answers the METARs inside a bbox, and 400 naming the parameter when it is malformed', async () => {
    const all = metarSnapshotSchema.parse((await server.app.inject({ url: '/wx/metar.json' })).json());
    const box = (await server.app.inject({ url: '/wx/metar.json?bbox=-123,37,-121.5,38.5', headers: { 'accept-encoding': 'gzip' } }));
    expect(box.statusCode).toBe(200);
    const inside = metarSnapshotSchema.parse(JSON.parse(gunzipSync(box.rawPayload).toString('utf8')));
    const expected = all.stations.filter((m) => m.lon >= -123 && m.lon <= -121.5 && m.lat >= 37 && m.lat <= 38.5).map((m) => m.id);
    expect(inside.stations.map((m) => m.id).sort()).toEqual(expected.sort());
    expect(expected).toContain('KSFO');
    expect(expected.length).toBeLessThan(all.stations.length / 50);
    expect(inside.cycle).toBe(all.cycle);
    const again = await server.app.inject({ url: '/wx/metar.json?bbox=-123,37,-121.5,38.5', headers: { 'if-none-match': String(box.headers.etag) } });
    expect(again.statusCode).toBe(304);
    // West greater than east: the box crosses the antimeridian (Alaska's Aleutians, the Pacific).
    const pacific = metarSnapshotSchema.parse((await server.app.inject({ url: '/wx/metar.json?bbox=170,40,-170,60' })).json());
    expect(pacific.stations.every((m) => m.lon >= 170 || m.lon <= -170)).toBe(true);
    expect(pacific.stations.length).toBe(all.stations.filter((m) => (m.lon >= 170 || m.lon <= -170) && m.lat >= 40 && m.lat <= 60).length);

    for (const bad of ['1,2,3', 'a,b,c,d', '-123,38,-121,37', '-190,37,-121,38']) {
      const refused = await server.app.inject({ url: `/wx/metar.json?bbox=${bad}` });
      expect(refused.statusCode, bad).toBe(400);
      expect(refused.json()).toMatchObject({ parameter: 'bbox' });
      expect(refused.json().error).toContain('bbox');
    }
  });

  it('answers one station\'s METAR and TAF, and 404 for a station no snapshot knows', async () => {
    const ksfo = await server.app.inject({ url: '/wx/station/ksfo.json' });
    expect(ksfo.statusCode).toBe(200);
    const report = weatherStationReportSchema.parse(ksfo.json());
    expect(report.id).toBe('KSFO');
    expect(report.metar?.raw).toMatch(/^(?:METAR |SPECI )?KSFO /);
    expect(report.cycles.metar).toBe((await ingester.store.head('metar'))!.cycle);
    expect(report.cycles.taf).toBe((await ingester.store.head('taf'))!.cycle);
    const jfk = weatherStationReportSchema.parse((await server.app.inject({ url: '/wx/station/KJFK.json' })).json());
    expect(jfk.taf?.raw).toContain('KJFK');
    expect((await server.app.inject({ url: '/wx/station/KSFO.json', headers: { 'if-none-match': String(ksfo.headers.etag) } })).statusCode).toBe(304);
    const unknown = await server.app.inject({ url: '/wx/station/ZZZZ.json' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toContain('ZZZZ');
    expect((await server.app.inject({ url: '/wx/station/not-an-id.json' })).statusCode).toBe(404);
  });

  it('needs no sign-in (as nav data downloads) and refuses a weather socket from a foreign page', async () => {
    // No cookie on any request above; the socket from another site's page is refused.
    await expect(openWeatherSocket(server.origin, { origin: 'https://evil.example' })).rejects.toThrow('upgrade refused: 403');
    const own = await openWeatherSocket(server.origin, { origin: server.origin });
    expect(await own.next()).toMatchObject({ type: 'all' });
    await own.close();
  });
});

describe('the weather channel across two servers sharing Redis', { tags: ['redis'] }, () => {
  let redis: TestRedis | undefined;
  beforeAll(async () => {
    redis = await startTestRedis();
  }, 240_000);
  afterAll(async () => {
    await redis?.stop();
  });

  it('has a Redis server to test against', (context) => requireService(context, 'redis', redis !== undefined, REDIS_SKIP_REASON));

  it('a new cycle ingested by server B reaches a weather socket on server A, and A serves it from the shared database', async (context) => {
    if (redis === undefined) return context.skip(REDIS_SKIP_REASON);
    const dir = await makeTempDir();
    const channel = `clearway:test:wx:${process.pid}:${Date.now()}`;
    const hubs = [new RedisHub(redis.url, silent, channel), new RedisHub(redis.url, silent, channel)] as const;
    const a = await startWeatherServer(dir, hubs[0]);
    const b = await startWeatherServer(dir, hubs[1]);
    const socket = await openWeatherSocket(a.origin);
    try {
      expect(await socket.next()).toMatchObject({ type: 'all', cycles: { fbo: null } });
      const ingester = new WeatherIngester({ db: b.db, hub: hubs[1], source: new PathSource(join(SHARED_WEATHER, 'winds-aloft')), logger: silent });
      const outcome = await ingester.ingest('fbo');
      expect(outcome.status).toBe('new-cycle');
      const cycle = 'cycle' in outcome ? outcome.cycle : -1;
      expect(await socket.next()).toEqual({ type: 'fbo', cycle });
      const fromA = await a.app.inject({ url: '/wx/fbo.json' });
      expect(fromA.json()).toMatchObject({ type: 'fbo', cycle });
      expect(fromA.headers.etag).toBe((await b.app.inject({ url: '/wx/fbo.json' })).headers.etag);
    } finally {
      await socket.close();
      await a.close();
      await b.close();
      await Promise.all(hubs.map((hub) => hub.close()));
      await removeTempDir(dir);
    }
  }, 60_000);
});

describe('buildApp with WEATHER_SOURCE=path', () => {
  it('ingests the folder by itself once ready and serves it', async () => {
    const test = await startTestApp({ env: { WEATHER_SOURCE: join(SHARED_WEATHER, 'winds-aloft') } });
    try {
      const deadline = Date.now() + 20_000;
      let cycles = weatherCyclesSchema.parse((await test.app.inject({ url: '/wx/cycles.json' })).json());
      while (cycles.cycles.fbo === null && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        cycles = weatherCyclesSchema.parse((await test.app.inject({ url: '/wx/cycles.json' })).json());
      }
      expect(cycles.cycles.fbo).not.toBeNull();
      const fbo = (await test.app.inject({ url: '/wx/fbo.json' })).json() as { bulletins: unknown[] };
      expect(fbo.bulletins).toHaveLength(4);
    } finally {
      await test.close();
    }
  }, 30_000);
});
