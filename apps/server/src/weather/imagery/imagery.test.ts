import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageryIndexSchema, imageryKeys, type ImageryIndex, type ImageryViewState } from '@clearway/protocol';
import { buildApp } from '../../app.js';
import { ConfigError, loadConfig } from '../../config/index.js';
import { migrateToLatest, openDatabase, type Database } from '../../db/index.js';
import { FakeClock } from '../../testing/fakeClock.js';
import { POSTGRES_SKIP_REASON, TEST_DATABASE_URL, createScratchSchema } from '../../testing/postgres.js';
import { requireService } from '../../testing/skips.js';
import { makeTempDir, removeTempDir } from '../../testing/testApp.js';
import { IMAGE_CACHE_CONTROL } from './index.js';
import { makePng } from './testPng.js';

const T0 = Date.UTC(2026, 10, 25, 12, 0, 0);
const SURFACE_ISSUED = 'Wed, 25 Nov 2026 11:00:00 GMT';
const SURFACE_PNG = makePng(64, 48, 0x2060a0, 0xf0f0f0, 8);

/** One picture a loopback source gives: what it answers at its path. */
interface SourceRoute {
  mode: 'image' | 'http-503' | 'html';
  /** The picture for the nth request (the last one repeats). */
  images: Buffer[];
  lastModified?: string;
  requests: number;
  /** If-None-Match values received. */
  conditional: string[];
}

/** A publisher on 127.0.0.1: images with ETag (and Last-Modified when given), 304 on a matching If-None-Match. */
class LoopbackSource {
  readonly routes = new Map<string, SourceRoute>();
  private server: Server | null = null;
  origin = '';

  route(path: string, route: Partial<SourceRoute> & Pick<SourceRoute, 'mode'>): SourceRoute {
    const full: SourceRoute = { images: [], requests: 0, conditional: [], ...route };
    this.routes.set(path, full);
    return full;
  }

  async start(): Promise<void> {
    this.server = createServer((request: IncomingMessage, response: ServerResponse) => {
      const route = this.routes.get(request.url ?? '');
      if (route === undefined) return void response.writeHead(404).end('no such picture');
      const image = route.images[Math.min(route.requests, route.images.length - 1)];
      route.requests += 1;
      if (route.mode === 'http-503') return void response.writeHead(503, { 'content-type': 'text/plain' }).end('publisher down');
      if (route.mode === 'html') return void response.writeHead(200, { 'content-type': 'text/html' }).end('<html>maintenance</html>');
      const etag = `"src-${image!.length}-${image!.readUInt32BE(image!.length - 16)}"`;
      const inm = request.headers['if-none-match'];
      if (typeof inm === 'string') route.conditional.push(inm);
      const headers: Record<string, string> = { etag, 'content-type': 'image/png' };
      if (route.lastModified !== undefined) headers['last-modified'] = route.lastModified;
      if (inm === etag) return void response.writeHead(304, headers).end();
      response.writeHead(200, headers).end(image);
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.origin = `http://127.0.0.1:${(this.server!.address() as AddressInfo).port}`;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => (this.server === null ? resolve() : this.server.close(() => resolve())));
  }
}

function viewOf(index: ImageryIndex, product: string, view: string): ImageryViewState {
  const found = index.products.find((p) => p.id === product)?.views.find((v) => v.id === view);
  if (found === undefined) throw new Error(`index has no ${product}/${view}`);
  return found;
}

async function indexOf(app: FastifyInstance): Promise<ImageryIndex> {
  const reply = await app.inject({ method: 'GET', url: '/wx/img/index.json' });
  expect(reply.statusCode).toBe(200);
  return imageryIndexSchema.parse(reply.json());
}

/** A database for one test: SQLite file or a PostgreSQL scratch schema; `open` gives another handle on the same data (a restart). */
interface TestDatabase {
  open: () => Promise<Database>;
  dispose: () => Promise<void>;
}

function imageryContract(makeDatabase: () => Promise<TestDatabase>): void {
  const source = new LoopbackSource();
  let surface: SourceRoute;
  let loop: SourceRoute;
  beforeAll(async () => {
    await source.start();
  });
  afterAll(() => source.stop());

  it('fetches each configured view on the job runner, keeps its issue time and frames, serves the index and images with ETag/304, and keeps the last image of a failing source', async () => {
    surface = source.route('/sfc.png', { mode: 'image', images: [SURFACE_PNG], lastModified: SURFACE_ISSUED });
    const loopFrames = [0, 1, 2, 3, 4].map((n) => makePng(40, 30, 0x103010, 0x40ff40, n * 8, 8));
    loop = source.route('/ne.png', { mode: 'image', images: loopFrames });
    source.route('/tops.png', { mode: 'http-503' });
    source.route('/sat.png', { mode: 'html' });
    const env = {
      HOST: '127.0.0.1',
      LOG_LEVEL: 'silent',
      WX_IMAGERY_SOURCES: JSON.stringify({
        'surface/analysis': { url: `${source.origin}/sfc.png`, everySeconds: 60 },
        'radar-regional/ne': { url: `${source.origin}/ne.png`, everySeconds: 60, frames: 3 },
        'tops/conus': { url: `${source.origin}/tops.png`, everySeconds: 60 },
        'satellite/ir': { url: `${source.origin}/sat.png`, everySeconds: 60 },
      }),
    };
    const database = await makeDatabase();
    const clock = new FakeClock(T0);
    let db = await database.open();
    let app = await buildApp(loadConfig(env), { db, weather: { imageryIngest: { clock, startDelayMs: 0 } } });
    try {
      await app.ready();
      // Before the first look: configured views are pending, the others not configured.
      let index = await indexOf(app);
      expect(viewOf(index, 'surface', 'analysis')).toMatchObject({ configured: true, status: 'pending', frames: [] });
      expect(viewOf(index, 'gfa', 'clouds-03')).toMatchObject({ configured: false, status: 'not-configured', frames: [] });
      expect(index.products.find((p) => p.id === 'gfa')?.configured).toBe(false);
      // Frames kept: the configured count of the loop (3), the catalogue's for the others.
      expect(index.products.filter((p) => ['radar-regional', 'surface', 'gfa'].includes(p.id)).map((p) => [p.id, p.maxFrames])).toEqual([['surface', 1], ['radar-regional', 3], ['gfa', 1]]);

      await clock.advance(0); // the runner's first look fetches every view
      index = await indexOf(app);
      const sfc = viewOf(index, 'surface', 'analysis');
      expect(sfc).toMatchObject({ status: 'ok', error: null, lastAttemptAt: T0, lastSuccessAt: T0 });
      expect(sfc.frames).toHaveLength(1);
      expect(sfc.frames[0]).toMatchObject({ issuedAt: Date.parse(SURFACE_ISSUED), issuedFrom: 'last-modified', bytes: SURFACE_PNG.length, contentType: 'image/png' });
      expect(viewOf(index, 'tops', 'conus')).toMatchObject({ status: 'failing', error: 'the source answered HTTP 503', frames: [] });
      const sat = viewOf(index, 'satellite', 'ir');
      expect(sat.status).toBe('failing');
      expect(sat.error).toContain('text/html');
      expect(sat.error).toContain('not a PNG, GIF, JPEG or WebP image');
      expect(sat.error).not.toContain(source.origin); // the source's address stays on the server

      // The image: its bytes, type, strong ETag, a year's cache; 304 on If-None-Match.
      const frame = sfc.frames[0]!;
      const image = await app.inject({ method: 'GET', url: `/wx${frame.path}` });
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toBe('image/png');
      expect(image.headers.etag).toBe(frame.etag);
      expect(image.headers['cache-control']).toBe(IMAGE_CACHE_CONTROL);
      expect(Buffer.compare(image.rawPayload, SURFACE_PNG)).toBe(0);
      const again = await app.inject({ method: 'GET', url: `/wx${frame.path}`, headers: { 'if-none-match': frame.etag } });
      expect(again.statusCode).toBe(304);
      expect(again.rawPayload.length).toBe(0);
      // The index revalidates by its ETag.
      const tagged = await app.inject({ method: 'GET', url: '/wx/img/index.json' });
      expect(tagged.headers['cache-control']).toBe('no-cache');
      expect((await app.inject({ method: 'GET', url: '/wx/img/index.json', headers: { 'if-none-match': String(tagged.headers.etag) } })).statusCode).toBe(304);
      // Unknown frames and malformed names: 404 saying what was wrong.
      const missing = await app.inject({ method: 'GET', url: '/wx/img/surface/analysis/123-0123456789ab.png' });
      expect(missing.statusCode).toBe(404);
      expect(missing.json().error).toContain('surface/analysis frame 123-0123456789ab');
      expect((await app.inject({ method: 'GET', url: '/wx/img/surface/analysis/latest.exe' })).json().error).toContain('expected {frame id}.{png|gif|jpg|webp}');

      // Next periods: the surface source is asked conditionally (304: same frame); the loop gains a
      // frame per period and keeps its last 3, oldest first.
      for (let n = 1; n <= 4; n += 1) await clock.advance(60_000);
      expect(surface.requests).toBe(5);
      expect(surface.conditional.length).toBeGreaterThanOrEqual(4);
      index = await indexOf(app);
      expect(viewOf(index, 'surface', 'analysis').frames.map((f) => f.id)).toEqual([frame.id]);
      expect(viewOf(index, 'surface', 'analysis').lastSuccessAt).toBe(T0 + 240_000);
      const ne = viewOf(index, 'radar-regional', 'ne');
      expect(loop.requests).toBe(5);
      expect(ne.frames).toHaveLength(3);
      expect(ne.frames.map((f) => f.issuedAt)).toEqual([T0 + 120_000, T0 + 180_000, T0 + 240_000]);
      expect(ne.frames.every((f) => f.issuedFrom === 'fetched')).toBe(true);
      expect(ne.frames.map((f) => f.bytes)).toEqual(loopFrames.slice(2).map((png) => png.length));
      const newest = await app.inject({ method: 'GET', url: `/wx${ne.frames[2]!.path}` });
      expect(Buffer.compare(newest.rawPayload, loopFrames[4]!)).toBe(0);
      // A dropped frame is gone.
      const firstLoopFrame = `/wx/img/radar-regional/ne/${T0}-`;
      expect(ne.frames.some((f) => `/wx${f.path}`.startsWith(firstLoopFrame))).toBe(false);

      // The surface source fails: the last image stays, with the failure in the index.
      surface.mode = 'http-503';
      await clock.advance(60_000);
      index = await indexOf(app);
      const failing = viewOf(index, 'surface', 'analysis');
      expect(failing).toMatchObject({ status: 'failing', error: 'the source answered HTTP 503', lastSuccessAt: T0 + 240_000, lastAttemptAt: T0 + 300_000 });
      expect(failing.frames.map((f) => f.id)).toEqual([frame.id]);
      expect((await app.inject({ method: 'GET', url: `/wx${frame.path}` })).statusCode).toBe(200);
    } finally {
      await app.close();
      await db.close();
    }

    // A restart (a new process on the same database, nothing fetched yet): the frames and the failure are still there.
    db = await database.open();
    app = await buildApp(loadConfig(env), { db, weather: { imageryIngest: { clock: new FakeClock(T0 + 400_000), startDelayMs: 60_000 } } });
    try {
      await app.ready();
      const index = await indexOf(app);
      expect(viewOf(index, 'surface', 'analysis')).toMatchObject({ status: 'failing', frames: [{ issuedAt: Date.parse(SURFACE_ISSUED) }] });
      expect(viewOf(index, 'radar-regional', 'ne').frames).toHaveLength(3);
      const image = await app.inject({ method: 'GET', url: `/wx${viewOf(index, 'surface', 'analysis').frames[0]!.path}` });
      expect(Buffer.compare(image.rawPayload, SURFACE_PNG)).toBe(0);
    } finally {
      await app.close();
      await db.close();
      await database.dispose();
    }
  });
}

describe('weather imagery configuration (WX_IMAGERY_SOURCES)', () => {
  const problem = (value: string) => {
    try {
      loadConfig({ WX_IMAGERY_SOURCES: value });
    } catch (error) {
      if (error instanceof ConfigError) return error.message;
      throw error;
    }
    throw new Error('expected a ConfigError');
  };

  it('reads addresses and options per view; unset: nothing configured', () => {
    expect(loadConfig({}).weather.imagery).toEqual([]);
    expect(loadConfig({ WX_IMAGERY_SOURCES: '{"surface/prog-12":"https://img.example/p12.gif","radar-regional/ne":{"url":"http://127.0.0.1:9/ne.png","everySeconds":120,"frames":6}}' }).weather.imagery).toEqual([
      { key: 'surface/prog-12', url: 'https://img.example/p12.gif' },
      { key: 'radar-regional/ne', url: 'http://127.0.0.1:9/ne.png', everySeconds: 120, frames: 6 },
    ]);
  });

  it('refuses what it cannot use, naming the variable and the entry', () => {
    expect(problem('not json')).toMatch(/^Invalid configuration: WX_IMAGERY_SOURCES must be a JSON object .*it is not JSON/);
    expect(problem('["a"]')).toContain('WX_IMAGERY_SOURCES must be a JSON object');
    expect(problem('{"surface/prog-13":"https://x.example/a.png"}')).toContain('"surface/prog-13" is not an imagery view (known: surface/analysis');
    expect(problem('{"tops/conus":"ftp://x.example/a.png"}')).toContain('"tops/conus" needs an http(s):// url');
    expect(problem('{"tops/conus":{"url":"https://x.example/a.png","everySeconds":0}}')).toContain('everySeconds must be a whole number of seconds from 1 to 86400');
    expect(problem('{"tops/conus":{"url":"https://x.example/a.png","frames":100}}')).toContain('frames must be a whole number from 1 to 48');
    expect(problem('{"tops/conus":{"url":"https://x.example/a.png","every":5}}')).toContain('unknown field every');
  });

  it('without a source every product and view of the catalogue is listed as not configured', async () => {
    const dir = await makeTempDir();
    const db = openDatabase({ dialect: 'sqlite', path: join(dir, 'wx.db') });
    await migrateToLatest(db);
    const app = await buildApp(loadConfig({ HOST: '127.0.0.1', LOG_LEVEL: 'silent' }), { db });
    try {
      await app.ready();
      const index = await indexOf(app);
      const views = index.products.flatMap((product) => product.views.map((view) => ({ key: `${product.id}/${view.id}`, view })));
      expect(views.map((v) => v.key)).toEqual(imageryKeys());
      expect(index.products.map((p) => p.configured)).toEqual(index.products.map(() => false));
      expect(views.filter((v) => v.view.status !== 'not-configured' || v.view.configured || v.view.frames.length > 0)).toEqual([]);
    } finally {
      await app.close();
      await db.close();
      await removeTempDir(dir);
    }
  });
});

describe('weather imagery on SQLite', () => {
  imageryContract(async () => {
    const dir = await makeTempDir();
    const path = join(dir, 'wx.sqlite');
    const first = openDatabase({ dialect: 'sqlite', path });
    await migrateToLatest(first);
    await first.close();
    return { open: async () => openDatabase({ dialect: 'sqlite', path }), dispose: () => removeTempDir(dir) };
  });
});

describe('weather imagery on PostgreSQL', { tags: ['postgres'] }, () => {
  it('has a server to test against', (context) => requireService(context, 'postgres', TEST_DATABASE_URL !== undefined, POSTGRES_SKIP_REASON));

  describe.skipIf(TEST_DATABASE_URL === undefined)('on TEST_DATABASE_URL', () => {
    imageryContract(async () => {
      const scratch = await createScratchSchema(TEST_DATABASE_URL ?? '');
      const first = openDatabase({ dialect: 'postgres', url: scratch.url });
      await migrateToLatest(first);
      await first.close();
      return { open: async () => openDatabase({ dialect: 'postgres', url: scratch.url }), dispose: () => scratch.drop() };
    });
  });
});
