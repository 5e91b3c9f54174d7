import { createHash } from 'node:crypto';
import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { PMTiles } from 'pmtiles';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkReply, packAreaSchema, usStateAreaSchema, type PackArea } from '@clearway/protocol';
import { makeTempDir, removeTempDir } from '../testing/testApp.js';
import { corridorBounds, distanceToLegNm, tileInCorridor } from './corridor.js';
import { FileRangeSource } from './fileSource.js';
import { encodeRgbPng } from './png.js';
import { packRoutes } from './routes.js';
import { latToTileY, lonToTileX } from './tileMath.js';

const CYCLE = '2026-07-09';
/** Chart tiles over southern New England (Rhode Island and around), zooms 6 to 8. */
const BOX = [-72.5, 41.0, -70.5, 42.2] as const;
/** One degree of arc on the sphere of EARTH_RADIUS_NM (3440.07 nm): 2πR/360. */
const NM_PER_DEGREE = (2 * Math.PI * 3440.07019148103) / 360;

async function chartTiles(dir: string): Promise<string[]> {
  const written: string[] = [];
  const [west, south, east, north] = BOX;
  for (const z of [6, 7, 8]) {
    for (let x = lonToTileX(west, z); x <= lonToTileX(east, z); x++) {
      for (let y = latToTileY(north, z); y <= latToTileY(south, z); y++) {
        await mkdir(join(dir, String(z), String(x)), { recursive: true });
        await writeFile(join(dir, String(z), String(x), `${y}.png`), encodeRgbPng(4, 4, new Uint8Array(48).fill((x * 7 + y) % 256)));
        written.push(`${z}/${x}/${y}`);
      }
    }
  }
  return written;
}

describe('corridor geometry (closed-form oracles on the equator)', () => {
  it('measures to the leg, and to its ends beyond them', () => {
    // Along the equator a degree of latitude or longitude is one degree of arc.
    expect(distanceToLegNm([5, 1], [0, 0], [10, 0])).toBeCloseTo(NM_PER_DEGREE, 6);
    expect(distanceToLegNm([12, 0], [0, 0], [10, 0])).toBeCloseTo(2 * NM_PER_DEGREE, 6);
    expect(distanceToLegNm([-3, 0], [0, 0], [10, 0])).toBeCloseTo(3 * NM_PER_DEGREE, 6);
    expect(distanceToLegNm([5, -0.5], [10, 0], [0, 0])).toBeCloseTo(NM_PER_DEGREE / 2, 6);
  });

  it('grows the box by the buffer and keeps only tiles near the route', () => {
    const corridor = { points: [[0, 0], [10, 0]] as [number, number][], bufferNm: NM_PER_DEGREE };
    const [west, south, east, north] = corridorBounds(corridor);
    expect([west, south, east, north].map((v) => Math.round(v * 1000) / 1000)).toEqual([-1.000, -1, 11.000, 1]);
    // z8 tiles are 1.4 degrees wide: the one the route crosses is in, one 5 degrees off it is out.
    expect(tileInCorridor({ z: 8, x: lonToTileX(5, 8), y: latToTileY(0.1, 8) }, corridor)).toBe(true);
    expect(tileInCorridor({ z: 8, x: lonToTileX(5, 8), y: latToTileY(5, 8) }, corridor)).toBe(false);
  });
});

describe('area packs: a US state and a route corridor, built on demand (POST /packs/areas)', () => {
  let dir: string;
  let app: FastifyInstance;
  let tiles: string[];

  beforeAll(async () => {
    dir = await makeTempDir('clearway-area-packs-');
    tiles = await chartTiles(join(dir, 'charts'));
    app = Fastify();
    // repoRoot in the temp folder: no shared terrain beside it, so the packs are chart and basemap only.
    await app.register(packRoutes, { packsDir: join(dir, 'packs'), chartsDir: join(dir, 'charts'), chartsCycle: CYCLE, repoRoot: join(dir, 'repo') });
  });
  afterAll(async () => {
    await app.close();
    await removeTempDir(dir);
  });

  const post = (body: unknown) => app.inject({ method: 'POST', url: '/packs/areas', payload: body as object });

  it('lists the 50 states and DC with their boxes', async () => {
    const reply = await app.inject({ url: '/packs/states.json' });
    const states = (reply.json() as unknown[]).map((state) => checkReply('/packs/states.json', usStateAreaSchema, state));
    expect(states).toHaveLength(51);
    const ri = states.find((state) => state.code === 'RI')!;
    expect(ri.name).toBe('Rhode Island');
    // Providence (41.82 N, 71.41 W) lies in its box.
    expect(ri.bounds[0] < -71.41 && ri.bounds[2] > -71.41 && ri.bounds[1] < 41.82 && ri.bounds[3] > 41.82).toBe(true);
  });

  it("packs a state with each pack's size before any download, serves it with its SHA-256, and builds it once", async () => {
    const reply = await post({ type: 'state', state: 'ri' });
    expect(reply.statusCode).toBe(200);
    const area = checkReply('/packs/areas', packAreaSchema, reply.json()) as PackArea;
    expect(area).toMatchObject({ id: 'state-RI', type: 'state', name: 'Rhode Island', cycle: CYCLE });
    expect(area.packs.map((pack) => pack.kind)).toEqual(['vfr', 'basemap']);
    for (const pack of area.packs) {
      const file = join(dir, 'packs', 'areas', CYCLE, `state-RI.${pack.kind}.pmtiles`);
      expect(pack.bytes).toBe((await stat(file)).size);
      const served = await app.inject({ url: pack.url });
      expect(served.statusCode).toBe(200);
      expect(pack.url).toBe(`/packs/areas/${CYCLE}/state-RI.${pack.kind}.pmtiles`);
      expect(createHash('sha256').update(served.rawPayload).digest('hex')).toBe(pack.sha256);
      expect(served.rawPayload.equals(await readFile(file))).toBe(true);
    }
    const vfrFile = join(dir, 'packs', 'areas', CYCLE, 'state-RI.vfr.pmtiles');
    const builtAt = (await stat(vfrFile)).mtimeMs;
    const again = (await post({ type: 'state', state: 'RI' })).json() as PackArea;
    expect(again.packs.map((pack) => pack.sha256)).toEqual(area.packs.map((pack) => pack.sha256));
    expect((await stat(vfrFile)).mtimeMs).toBe(builtAt);
  });

  it('packs a corridor with only the tiles near the route', async () => {
    // Westerly RI to Chatham MA, 10 nm either side.
    const body = { type: 'corridor', points: [[-71.8, 41.35], [-70.0, 41.68]], bufferNm: 10, name: 'KWST KCQX' };
    const reply = await post(body);
    expect(reply.statusCode).toBe(200);
    const area = checkReply('/packs/areas', packAreaSchema, reply.json()) as PackArea;
    expect(area).toMatchObject({ type: 'corridor', name: 'KWST KCQX', cycle: CYCLE });
    expect(area.id).toMatch(/^route-[0-9a-f]{12}$/);
    const vfr = area.packs.find((pack) => pack.kind === 'vfr')!;
    expect(vfr.tiles).toBeGreaterThan(0);
    // Fewer tiles than the source has over the box: the ones far from the route are left out.
    expect(vfr.tiles).toBeLessThan(tiles.length);
    const source = new FileRangeSource(join(dir, 'packs', 'areas', CYCLE, `${area.id}.vfr.pmtiles`));
    try {
      const archive = new PMTiles(source);
      // The z8 tile under the route's first point is there; the box's north-west z8 tile (42.2 N, 72.5 W, 55 nm off) is not.
      expect(await archive.getZxy(8, lonToTileX(-71.8, 8), latToTileY(41.35, 8))).toBeDefined();
      expect(await archive.getZxy(8, lonToTileX(-72.45, 8), latToTileY(42.15, 8))).toBeUndefined();
    } finally {
      await source.close();
    }
    // The same route and buffer name the same packs.
    expect(((await post(body)).json() as PackArea).id).toBe(area.id);
  });

  it('says what is wrong with a request, and where', async () => {
    expect((await post({ type: 'state', state: 'ZZ' })).json()).toEqual({ error: 'Unknown US state "ZZ": the states are listed at /packs/states.json' });
    const oneLeg = await post({ type: 'corridor', points: [[-71.8, 41.35]], bufferNm: 10 });
    expect(oneLeg.statusCode).toBe(400);
    expect(oneLeg.json()).toEqual({ error: 'Not an area request: points: needs at least 2 points (one leg)' });
    // Anchorage to Miami, about 3,500 nm.
    const far = await post({ type: 'corridor', points: [[-149.99, 61.17], [-80.29, 25.8]], bufferNm: 10 });
    expect(far.statusCode).toBe(400);
    expect(far.json().error).toMatch(/^points: the route is 3\d{3} nm long; a corridor pack is built for routes of at most 2500 nm$/);
    const nowhere = await post({ type: 'corridor', points: [[-100, 35], [-100.5, 35.2]], bufferNm: 5 });
    expect(nowhere.statusCode).toBe(404);
    expect(nowhere.json().error).toMatch(/^No packs of Route corridor \(2 points, 5 nm either side\) for chart cycle 2026-07-09: no VFR chart tile in /);
    const missing = await app.inject({ url: `/packs/areas/${CYCLE}/state-TX.vfr.pmtiles` });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toBe(`No area pack state-TX.vfr.pmtiles for chart cycle ${CYCLE}: ask for the area with POST /packs/areas first`);
  });
});
