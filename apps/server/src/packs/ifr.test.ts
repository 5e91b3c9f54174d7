import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import Fastify from 'fastify';
import { PMTiles } from 'pmtiles';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkReply, chartCycleById, packIndexSchema, type ChartRegion } from '@clearway/protocol';
import { makeTempDir, removeTempDir } from '../testing/testApp.js';
import { buildPacks, type BuildReport } from './build.js';
import { FileRangeSource } from './fileSource.js';
import { encodeRgbPng } from './png.js';
import { packRoutes } from './routes.js';
import { latToTileY, lonToTileX } from './tileMath.js';

const CYCLE = chartCycleById('2026-07-09')!;
/** A small box in New York's region (its code, so the index lists it), so the basemap part is quick. */
const REGION: ChartRegion = { code: 'New_York', name: 'New York', alaska: false, bounds: [-74.4, 40.5, -73.6, 41.0] };
const ZOOMS = [6, 7, 8];

/** A flat 8×8 PNG of one colour (each kind and zoom its own, so a tile read from the wrong folder shows). */
function png(r: number, g: number, b: number): Buffer {
  return encodeRgbPng(8, 8, new Uint8Array(64 * 3).map((_, i) => [r, g, b][i % 3]!));
}

/** Writes `{dir}/{z}/{x}/{y}.png` for every tile of REGION at ZOOMS; returns the tiles written. */
async function tileSet(dir: string, colour: number): Promise<string[]> {
  const written: string[] = [];
  const [west, south, east, north] = REGION.bounds;
  for (const z of ZOOMS) {
    for (let x = lonToTileX(west, z); x <= lonToTileX(east, z); x++) {
      for (let y = latToTileY(north, z); y <= latToTileY(south, z); y++) {
        await mkdir(join(dir, String(z), String(x)), { recursive: true });
        await writeFile(join(dir, String(z), String(x), `${y}.png`), png(colour, z * 10, x % 256));
        written.push(`${z}/${x}/${y}`);
      }
    }
  }
  return written;
}

describe('IFR low/high packs from CHARTS_DIR/ifr-low and CHARTS_DIR/ifr-high', () => {
  let dir: string;
  let withIfr: BuildReport;
  let vfrOnly: BuildReport;
  let tiles: string[];

  beforeAll(async () => {
    dir = await makeTempDir('clearway-ifr-packs-');
    const charts = join(dir, 'charts');
    tiles = await tileSet(charts, 10);
    expect(await tileSet(join(charts, 'ifr-low'), 120)).toEqual(tiles);
    expect(await tileSet(join(charts, 'ifr-high'), 230)).toEqual(tiles);
    const vfrCharts = join(dir, 'vfr-only');
    await tileSet(vfrCharts, 10);
    withIfr = await buildPacks({ packsDir: join(dir, 'packs'), cycle: CYCLE, regions: [REGION], sources: { chartsDir: charts, terrainDir: undefined } });
    vfrOnly = await buildPacks({ packsDir: join(dir, 'packs-vfr'), cycle: CYCLE, regions: [REGION], sources: { chartsDir: vfrCharts, terrainDir: undefined } });
  }, 60_000);
  afterAll(async () => {
    await removeTempDir(dir);
  });

  it('builds an ifr-low and an ifr-high pack holding each source tile byte for byte', async () => {
    expect(withIfr.problems).toEqual([]);
    expect(withIfr.built.map((pack) => pack.kind)).toEqual(['vfr', 'ifr-low', 'ifr-high', 'basemap']);
    for (const kind of ['ifr-low', 'ifr-high'] as const) {
      const built = withIfr.built.find((pack) => pack.kind === kind)!;
      expect(built.path).toBe(join(dir, 'packs', CYCLE.id, `New_York.${kind}.pmtiles`));
      expect(built.tiles).toBe(tiles.length);
      const source = new FileRangeSource(built.path);
      try {
        const archive = new PMTiles(source);
        const header = await archive.getHeader();
        expect([header.minZoom, header.maxZoom, header.tileType]).toEqual([6, 8, 2]);
        for (const address of tiles) {
          const [z, x, y] = address.split('/').map(Number) as [number, number, number];
          const stored = await archive.getZxy(z, x, y);
          const expected = await readFile(join(dir, 'charts', kind, String(z), String(x), `${y}.png`));
          expect(Buffer.from(stored!.data).equals(expected), `${kind} ${address}`).toBe(true);
        }
        expect(await archive.getMetadata()).toMatchObject({ name: `New York ${kind === 'ifr-low' ? 'IFR enroute low' : 'IFR enroute high'}`, cycle: CYCLE.id });
      } finally {
        await source.close();
      }
    }
  });

  it('builds no IFR pack when CHARTS_DIR has no IFR folders', () => {
    expect(vfrOnly.problems).toEqual([]);
    expect(vfrOnly.built.map((pack) => pack.kind)).toEqual(['vfr', 'basemap']);
  });

  it('lists the IFR packs in the index after the VFR pack, with their sizes', async () => {
    const app = Fastify();
    await app.register(packRoutes, { packsDir: join(dir, 'packs'), channel: 'dev' });
    try {
      const index = checkReply('/packs/index.json', packIndexSchema, (await app.inject({ url: '/packs/index.json' })).json());
      const packs = index.regions.find((region) => region.code === 'New_York')!.packs;
      expect(packs.map((pack) => pack.kind)).toEqual(['vfr', 'ifr-low', 'ifr-high', 'basemap']);
      const low = packs.find((pack) => pack.kind === 'ifr-low')!;
      expect(low.bytes).toBe(withIfr.built.find((pack) => pack.kind === 'ifr-low')!.bytes);
      const file = await app.inject({ url: low.url, headers: { range: 'bytes=0-6' } });
      expect(file.statusCode).toBe(206);
      expect(file.rawPayload.toString('latin1')).toBe('PMTiles');
    } finally {
      await app.close();
    }
  });
});
