import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { gunzipSync } from 'node:zlib';
import Fastify from 'fastify';
import type { FeatureCollection } from 'geojson';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeNavDb, type Airport, type NavDataSet } from '@clearway/navdb';
import { sampleNavDataSet } from '@clearway/navdb/testing';
import { endpointsForOrigin, navdataIndexSchema } from '@clearway/protocol';
import { makeTempDir, removeTempDir, startTestApp, type TestApp } from '../testing/testApp.js';
import { ArtifactStore } from './artifactStore.js';
import { OverviewStore } from './overview.js';
import { ARTIFACT_CACHE_CONTROL, navdataRoutes } from './routes.js';

/** The navdb sample plus what the overview must leave out: a closed field, a private strip and a plain DME. */
function dataSet(extraAirports: Partial<Airport>[] = []): NavDataSet {
  const data = sampleNavDataSet();
  const hayward = data.airports.find((airport) => airport.id === 'HWD');
  if (!hayward) throw new Error('the navdb sample lost HWD');
  const like = (fields: Partial<Airport>): Airport => ({ ...hayward, faaId: fields.id ?? null, icaoId: null, runways: [], frequencies: [], ...fields });
  data.airports.push(
    like({ id: 'CLSD', name: 'CLOSED FIELD', type: 'closed', publicUse: true, towered: false }),
    like({ id: 'PVT1', name: 'PRIVATE STRIP', publicUse: false, towered: false }),
    ...extraAirports.map(like),
  );
  const [navaid] = data.navaids;
  if (!navaid) throw new Error('the navdb sample has no navaid');
  data.navaids.push({ ...navaid, id: 'DMEX', name: 'PLAIN DME', type: 'DME' });
  return data;
}

const usBytes = encodeNavDb(dataSet());

const ids = (collection: FeatureCollection) => collection.features.map((feature) => feature.properties?.id as string).sort();

describe('nav data overview layers', () => {
  let navdataDir: string;
  let running: TestApp;
  let usEtag: string;

  beforeAll(async () => {
    navdataDir = await makeTempDir('clearway-overview-');
    await mkdir(join(navdataDir, 'current'), { recursive: true });
    await writeFile(join(navdataDir, 'current/us.cwnav'), usBytes);
    await writeFile(join(navdataDir, 'current/broken.cwnav'), 'not an artifact');
    await writeFile(join(navdataDir, 'current/cut.cwnav'), usBytes.subarray(0, 2000));
    running = await startTestApp({ env: { NAVDATA_DIR: navdataDir } });
    const index = navdataIndexSchema.parse((await get('/downloads/current/navdata/index.json')).json());
    usEtag = index.artifacts.find((artifact) => artifact.region === 'us')?.etag ?? '';
  });
  afterAll(async () => {
    await running.close();
    await removeTempDir(navdataDir);
  });

  const get = (url: string, headers: Record<string, string> = {}) => running.app.inject({ method: 'GET', url, headers });

  it('sends the airports the map shows below the declutter zoom, with the style properties only', async () => {
    const reply = await get('/downloads/current/navdata/us.airports.geojson');
    expect(reply.statusCode).toBe(200);
    expect(reply.headers).toMatchObject({
      'content-type': 'application/geo+json',
      'cache-control': ARTIFACT_CACHE_CONTROL,
      vary: 'Accept-Encoding',
      'content-length': String(reply.rawPayload.length),
    });
    expect(reply.headers['content-encoding']).toBeUndefined();
    expect(reply.headers.etag).toMatch(new RegExp(`^"${usEtag.slice(1, -1)}-airports-[0-9a-f]{8}"$`));
    const airports = reply.json<FeatureCollection>();
    expect(airports.type).toBe('FeatureCollection');
    // Public or towered fields; the private heliport and strip, the closed field and NZCH (public use unknown) are left out.
    expect(ids(airports)).toEqual(['HWD', 'LSZH', 'OAK', 'SFO']);
    expect(airports.features.find((feature) => feature.properties?.id === 'SFO')).toEqual({
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [expect.closeTo(-122.37488972, 6), expect.closeTo(37.61896194, 6)] },
      properties: { id: 'SFO', name: 'SAN FRANCISCO INTL', type: 'airport', towered: true, surface: expect.stringMatching(/^[HSW]$/) },
    });
  });

  it('sends the VOR and NDB family navaids, without plain DMEs', async () => {
    const reply = await get('/downloads/current/navdata/us.navaids.geojson');
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toBe('application/geo+json');
    const navaids = reply.json<FeatureCollection>();
    expect(ids(navaids)).toEqual(['HW', 'OAK', 'OSI', 'SFO']);
    expect(Object.fromEntries(navaids.features.map((feature) => [feature.properties?.id, feature.properties?.family]))).toEqual({
      HW: 'NDB', OAK: 'VOR', OSI: 'VOR', SFO: 'VOR',
    });
  });

  it('sends gzip to a client that accepts it, plain JSON otherwise', async () => {
    const plain = await get('/downloads/current/navdata/us.airports.geojson');
    const gzip = await get('/downloads/current/navdata/us.airports.geojson', { 'accept-encoding': 'gzip, deflate, br' });
    expect(gzip.statusCode).toBe(200);
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers['content-type']).toBe('application/geo+json');
    expect(gzip.headers.etag).toBe(String(plain.headers.etag).replace(/"$/, '-gz"'));
    expect(Number(gzip.headers['content-length'])).toBe(gzip.rawPayload.length);
    expect(gunzipSync(gzip.rawPayload).equals(plain.rawPayload)).toBe(true);

    const refused = await get('/downloads/current/navdata/us.airports.geojson', { 'accept-encoding': 'gzip;q=0' });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.rawPayload.equals(plain.rawPayload)).toBe(true);
  });

  it('answers 304 to either encoding\'s ETag, and HEAD with the headers only', async () => {
    const plain = await get('/downloads/current/navdata/us.navaids.geojson');
    const etag = String(plain.headers.etag);
    for (const tag of [etag, etag.replace(/"$/, '-gz"'), `W/${etag}`]) {
      const reply = await get('/downloads/current/navdata/us.navaids.geojson', { 'if-none-match': tag, 'accept-encoding': 'gzip' });
      expect(reply.statusCode).toBe(304);
      expect(reply.body).toBe('');
      expect(reply.headers['cache-control']).toBe(ARTIFACT_CACHE_CONTROL);
    }
    // The artifact's own tag is not the overview's.
    expect((await get('/downloads/current/navdata/us.navaids.geojson', { 'if-none-match': usEtag })).statusCode).toBe(200);

    const head = await running.app.inject({ method: 'HEAD', url: '/downloads/current/navdata/us.navaids.geojson' });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe(String(plain.rawPayload.length));
    expect(head.headers.etag).toBe(etag);
    expect(head.body).toBe('');
  });

  it.each([
    ['/downloads/stable/navdata/us.airports.geojson', { error: 'Unknown nav data channel "stable"', channel: 'stable', channels: ['current', 'next', 'dev'] }],
    ['/downloads/current/navdata/mars.airports.geojson', { error: 'No nav data for region "mars" in channel current', channel: 'current', region: 'mars' }],
    ['/downloads/next/navdata/us.navaids.geojson', { error: 'No nav data for region "us" in channel next', channel: 'next', region: 'us' }],
    ['/downloads/current/navdata/us.fixes.geojson', { error: 'No nav data file "us.fixes.geojson" in channel current', channel: 'current', file: 'us.fixes.geojson' }],
    ['/downloads/current/navdata/airports.geojson', { error: 'No nav data file "airports.geojson" in channel current', channel: 'current', file: 'airports.geojson' }],
  ])('%s is a JSON 404 naming what is missing', async (url, body) => {
    const reply = await get(url);
    expect(reply.statusCode).toBe(404);
    expect(reply.json()).toEqual(body);
  });

  it('answers 500 naming the file and the reason when the artifact does not open, and keeps serving', async () => {
    for (const attempt of [1, 2]) {
      const broken = await get('/downloads/current/navdata/broken.airports.geojson');
      expect(broken.statusCode, `attempt ${attempt}`).toBe(500);
      expect(broken.json()).toEqual({
        error: 'Cannot build the map overview of current/broken.cwnav: Not a Clearway nav database (bad magic)',
        channel: 'current',
        region: 'broken',
      });
    }
    const cut = await get('/downloads/current/navdata/cut.navaids.geojson');
    expect(cut.statusCode).toBe(500);
    expect(cut.json<{ error: string }>().error).toMatch(/^Cannot build the map overview of current\/cut\.cwnav: Nav database is truncated: section \S+ ends at byte \d+ of 2000$/);
    expect((await get('/downloads/current/navdata/us.airports.geojson')).statusCode).toBe(200);
  });

  it('follows a rebuilt artifact with a new overview and ETag, without a restart', async () => {
    const dir = join(navdataDir, 'dev');
    await mkdir(dir, { recursive: true });
    await writeFile(join(dir, 'us.cwnav'), usBytes);
    const before = await get('/downloads/dev/navdata/us.airports.geojson');
    expect(ids(before.json<FeatureCollection>())).not.toContain('NEW1');

    // As navimport publishes: write beside, then rename over the old file.
    await writeFile(join(dir, 'us.cwnav.tmp'), encodeNavDb(dataSet([{ id: 'NEW1', name: 'NEW FIELD', publicUse: true }])));
    await rename(join(dir, 'us.cwnav.tmp'), join(dir, 'us.cwnav'));
    const after = await get('/downloads/dev/navdata/us.airports.geojson', { 'if-none-match': String(before.headers.etag) });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(ids(after.json<FeatureCollection>())).toContain('NEW1');
  });
});

describe('OverviewStore', () => {
  it('shares one build between concurrent requests and keeps it for the same artifact', async () => {
    const dir = await makeTempDir('clearway-overview-store-');
    try {
      await mkdir(join(dir, 'current'));
      await writeFile(join(dir, 'current/us.cwnav'), usBytes);
      const info = await new ArtifactStore(dir).artifact('current', 'us');
      if (!info) throw new Error('no artifact');
      const overviews = new OverviewStore();
      const [first, second] = [overviews.overview(info), overviews.overview(info)];
      expect(second).toBe(first);
      const outcome = await first;
      expect(outcome.kind).toBe('built');
      expect(overviews.overview(info)).toBe(first);
    } finally {
      await removeTempDir(dir);
    }
  });
});

describe('overview warm-up', () => {
  it('builds every artifact\'s overview once the server listens', async () => {
    const dir = await makeTempDir('clearway-overview-warm-');
    const lines: string[] = [];
    const logger = pino({ level: 'info' }, new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    }));
    const app = Fastify({ loggerInstance: logger });
    try {
      await mkdir(join(dir, 'next'));
      await writeFile(join(dir, 'next/us.cwnav'), usBytes);
      await app.register(navdataRoutes, { navdataDir: dir, endpoints: endpointsForOrigin('http://localhost:8080') });
      await app.listen({ host: '127.0.0.1', port: 0 });
      await expect.poll(() => lines.some((line) => line.includes('nav data overview built') && line.includes('us.cwnav')), { timeout: 5000 }).toBe(true);
    } finally {
      await app.close();
      await removeTempDir(dir);
    }
  });
});
