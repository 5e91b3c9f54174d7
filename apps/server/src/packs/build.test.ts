import { readFile, writeFile, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { PMTiles, zxyToTileId } from 'pmtiles';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chartCycleById, findChartRegion, type ChartRegion } from '@clearway/protocol';
import { makeTempDir, removeTempDir } from '../testing/testApp.js';
import { buildPacks, type BuildReport } from './build.js';
import { FileRangeSource } from './fileSource.js';
import { PmtilesWriter, Compression, TileType, tileId } from './pmtiles.js';
import { TERRAIN_MAX_ZOOM, TERRAIN_MIN_ZOOM, terrariumMetres } from './terrain.js';
import { latToTileY, lonToTileX, tileXToLon, tileYToLat } from './tileMath.js';

/** The shared data, beside the repository (TESTING.md "Data for tests"). */
const SHARED = join(import.meta.dirname, '..', '..', '..', '..', '..', 'shared', 'data');
const CHARTS_DIR = join(SHARED, 'charts', 'vfr-raster-tiles');
const TERRAIN_DIR = join(SHARED, 'terrain');
const HGT = join(TERRAIN_DIR, 'N44W072_nasadem_3arcsec.hgt');
const CYCLE = chartCycleById('2026-07-09')!;

function region(code: string): ChartRegion {
  const found = findChartRegion(code);
  if (!found) throw new Error(`no region ${code}`);
  return found;
}

async function openPack(path: string): Promise<{ archive: PMTiles; close: () => Promise<void> }> {
  const source = new FileRangeSource(path);
  return { archive: new PMTiles(source), close: () => source.close() };
}

/** Pixels of a PNG as RGBA, decoded by Skia (@napi-rs/canvas), not by the code under test. */
async function decodePng(bytes: Uint8Array): Promise<{ width: number; data: Uint8ClampedArray }> {
  const image = await loadImage(Buffer.from(bytes));
  const canvas = createCanvas(image.width, image.height);
  const context = canvas.getContext('2d');
  context.drawImage(image, 0, 0);
  return { width: image.width, data: context.getImageData(0, 0, image.width, image.height).data };
}

describe('region pack build (shared chart tiles and terrain)', () => {
  let dir: string;
  let report: BuildReport;

  beforeAll(async () => {
    dir = await makeTempDir('clearway-packs-');
    report = await buildPacks({
      packsDir: dir,
      cycle: CYCLE,
      regions: [region('New_York'), region('Anchorage'), region('Hawaiian_Islands')],
      sources: { chartsDir: CHARTS_DIR, terrainDir: TERRAIN_DIR },
    });
  }, 120_000);
  afterAll(async () => {
    await removeTempDir(dir);
  });

  it('builds the three packs of a region with chart data and skips those without, saying why', () => {
    expect(report.problems).toEqual([]);
    expect(report.built.map((pack) => `${pack.region}.${pack.kind}`)).toEqual(['New_York.vfr', 'New_York.basemap', 'New_York.terrain']);
    expect(report.skipped).toEqual([
      { region: 'Anchorage', reason: `no VFR chart tile in ${CHARTS_DIR} inside its bounds` },
      { region: 'Hawaiian_Islands', reason: `no VFR chart tile in ${CHARTS_DIR} inside its bounds` },
    ]);
    for (const pack of report.built) expect(pack.path).toBe(join(dir, '2026-07-09', `New_York.${pack.kind}.pmtiles`));
  });

  it('stores every chart tile of the region byte for byte (read back with the pmtiles library)', async () => {
    const vfr = report.built.find((pack) => pack.kind === 'vfr')!;
    const { archive, close } = await openPack(vfr.path);
    try {
      const header = await archive.getHeader();
      expect([header.minZoom, header.maxZoom, header.tileType]).toEqual([5, 7, 2]);
      // Every source tile the New York box touches, listed from the folder independently of the build.
      const [west, south, east, north] = region('New_York').bounds;
      let compared = 0;
      for (const z of [5, 6, 7]) {
        for (let x = lonToTileX(west, z); x <= lonToTileX(east, z); x++) {
          for (let y = latToTileY(north, z); y <= latToTileY(south, z); y++) {
            const source = await readFile(join(CHARTS_DIR, String(z), String(x), `${y}.png`)).catch(() => null);
            const stored = await archive.getZxy(z, x, y);
            if (source === null) {
              expect(stored, `${z}/${x}/${y}`).toBeUndefined();
              continue;
            }
            expect(Buffer.from(stored!.data).equals(source), `${z}/${x}/${y}`).toBe(true);
            compared++;
          }
        }
      }
      expect(compared).toBe(vfr.tiles);
      expect(compared).toBeGreaterThan(10);
      // A tile outside the region is not in its pack.
      expect(await archive.getZxy(7, 18, 42)).toBeUndefined();
      expect(await archive.getMetadata()).toMatchObject({ region: 'New_York', cycle: '2026-07-09', expires: '2026-09-03' });
    } finally {
      await close();
    }
  });

  it('stores the basemap tiles as the tile server cuts them (gzip MVT, zooms 0 to 10)', async () => {
    const basemap = report.built.find((pack) => pack.kind === 'basemap')!;
    const { archive, close } = await openPack(basemap.path);
    try {
      const header = await archive.getHeader();
      expect([header.minZoom, header.maxZoom, header.tileType, header.tileCompression]).toEqual([0, 10, 1, 2]);
      // z6 tile over New York City; pmtiles decompresses tiles itself, so compare with the server's tile unzipped.
      const z = 6;
      const x = lonToTileX(-74, z);
      const y = latToTileY(40.7, z);
      const stored = await archive.getZxy(z, x, y);
      const { BasemapTiles } = await import('../tiles/index.js');
      expect(Buffer.from(stored!.data).equals(Buffer.from(new BasemapTiles().tile(z, x, y)!))).toBe(true);
    } finally {
      await close();
    }
  });

  it('encodes terrain that decodes back to the .hgt elevations (Terrarium, whole metres)', async () => {
    const terrain = report.built.find((pack) => pack.kind === 'terrain')!;
    expect([terrain.minZoom, terrain.maxZoom]).toEqual([TERRAIN_MIN_ZOOM, TERRAIN_MAX_ZOOM]);
    // The oracle: the raw file read here with a DataView, row 0 at 45°N, column 0 at 72°W, 1201 samples a side.
    const raw = await readFile(HGT);
    const sample = (row: number, col: number) => raw.readInt16BE((row * 1201 + col) * 2);
    const { archive, close } = await openPack(terrain.path);
    try {
      const z = TERRAIN_MAX_ZOOM;
      // The tile holding Mount Washington (44.2706N, 71.3033W).
      const x = lonToTileX(-71.3033, z);
      const y = latToTileY(44.2706, z);
      const stored = await archive.getZxy(z, x, y);
      const image = await decodePng(new Uint8Array(stored!.data));
      expect(image.width).toBe(256);
      let checked = 0;
      let maxError = 0;
      for (let py = 0; py < 256; py += 5) {
        for (let px = 0; px < 256; px += 5) {
          const at = (py * 256 + px) * 4;
          const metres = terrariumMetres(image.data[at]!, image.data[at + 1]!, image.data[at + 2]!);
          const lat = tileYToLat(y + (py + 0.5) / 256, z);
          const lon = tileXToLon(x + (px + 0.5) / 256, z);
          const row = (45 - lat) * 1200;
          const col = (lon + 72) * 1200;
          const r = Math.floor(row);
          const c = Math.floor(col);
          const around = [sample(r, c), sample(r, c + 1), sample(r + 1, c), sample(r + 1, c + 1)];
          // Nearest sample's value within the spread of the four samples around the pixel, plus the rounding to whole metres.
          expect(metres).toBeGreaterThanOrEqual(Math.min(...around) - 0.5);
          expect(metres).toBeLessThanOrEqual(Math.max(...around) + 0.5);
          const fr = row - r;
          const fc = col - c;
          const bilinear = (around[0]! * (1 - fc) + around[1]! * fc) * (1 - fr) + (around[2]! * (1 - fc) + around[3]! * fc) * fr;
          maxError = Math.max(maxError, Math.abs(metres - bilinear));
          checked++;
        }
      }
      expect(checked).toBeGreaterThan(2000);
      expect(maxError).toBeLessThanOrEqual(0.5);
      // The summit: the highest sample of the cell is Mount Washington (1917 m on the USGS benchmark).
      let highest = -Infinity;
      for (let i = 0; i < 1201 * 1201; i++) highest = Math.max(highest, raw.readInt16BE(i * 2));
      expect(highest).toBeGreaterThan(1880);
      expect(highest).toBeLessThan(1925);
      expect((await archive.getMetadata()) as Record<string, unknown>).toMatchObject({ encoding: 'terrarium' });
    } finally {
      await close();
    }
  });

  it('reports a malformed .hgt and a missing CHARTS_DIR plainly, building nothing from them', async () => {
    const badTerrain = join(dir, 'bad-terrain');
    await mkdir(badTerrain, { recursive: true });
    await writeFile(join(badTerrain, 'N44W072.hgt'), Buffer.alloc(1000));
    const missing = join(dir, 'no-charts-here');
    const bad = await buildPacks({ packsDir: join(dir, 'out'), cycle: CYCLE, regions: [region('New_York')], sources: { chartsDir: missing, terrainDir: badTerrain } });
    expect(bad.problems).toEqual([
      `CHARTS_DIR ${missing} does not exist or is not a folder: no VFR chart packs can be built`,
      `No terrain packs: ${join(badTerrain, 'N44W072.hgt')}: a .hgt file holds 1201x1201 or 3601x3601 big-endian 16-bit samples (2884802 or 25934402 bytes); this one has 1000 bytes`,
    ]);
    expect(bad.built).toEqual([]);
    expect(bad.skipped).toEqual([{ region: 'New_York', reason: `no VFR chart tile in ${missing} inside its bounds` }]);
  });
});

describe('PMTiles writer', () => {
  it('numbers tiles as the pmtiles library does (Hilbert order per zoom)', () => {
    for (const [z, x, y] of [[0, 0, 0], [1, 1, 0], [5, 9, 11], [7, 37, 46], [11, 618, 744], [20, 123_456, 654_321]] as const) {
      expect(tileId(z, x, y), `${z}/${x}/${y}`).toBe(zxyToTileId(z, x, y));
    }
  });

  it('writes leaf directories when the root would pass its limit, and runs of equal tiles, all readable', async () => {
    const dir = await makeTempDir('clearway-pmtiles-');
    try {
      const path = join(dir, 'many.pmtiles');
      const writer = new PmtilesWriter(path, { tileType: TileType.png, tileCompression: Compression.none, bounds: [-180, -85, 180, 85], metadata: { name: 'test' }, rootLimitBytes: 2048 });
      // 4^7 = 16384 tiles at zoom 7 in id order, of pseudo-random lengths; a 2 KiB root limit (16 KiB
      // in packs) forces leaf directories. The tiles of the first 8 columns are equal, which makes runs.
      const z = 7;
      const ids: [number, number, number][] = [];
      for (let x = 0; x < 128; x++) for (let y = 0; y < 128; y++) ids.push([tileId(z, x, y), x, y]);
      ids.sort((a, b) => a[0] - b[0]);
      const content = (x: number, y: number) => (x < 8 ? 'same' : `tile ${x}/${y} ${'.'.repeat(((x * 7919 + y * 104_729) % 997) + 1)}`);
      for (const [, x, y] of ids) await writer.add(z, x, y, Buffer.from(content(x, y)));
      const summary = await writer.finish();
      expect(summary.tiles).toBe(16384);
      const bytes = await readFile(path);
      const leafLength = Number(bytes.readBigUInt64LE(48));
      expect(leafLength).toBeGreaterThan(0);
      expect(Number(bytes.readBigUInt64LE(16))).toBeLessThanOrEqual(2048 - 127);
      const source = new FileRangeSource(path);
      const archive = new PMTiles(source);
      for (const [x, y] of [[0, 0], [5, 77], [7, 127], [127, 127], [64, 3], [100, 101], [8, 0]] as const) {
        const tile = await archive.getZxy(z, x, y);
        expect(Buffer.from(tile!.data).toString(), `${x}/${y}`).toBe(content(x, y));
      }
      expect(summary.contents).toBe(16384 - 8 * 128 + 1);
      expect(await archive.getZxy(8, 0, 0)).toBeUndefined();
      expect(await archive.getMetadata()).toEqual({ name: 'test' });
      expect(JSON.parse(gunzipSync(bytes.subarray(Number(bytes.readBigUInt64LE(24)), Number(bytes.readBigUInt64LE(24)) + Number(bytes.readBigUInt64LE(32)))).toString())).toEqual({ name: 'test' });
      await source.close();
      await expect(writer.add(7, 0, 0, Buffer.from('late'))).rejects.toThrow(/added after id/);
    } finally {
      await removeTempDir(dir);
    }
  });
});
