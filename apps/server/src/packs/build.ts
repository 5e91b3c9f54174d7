import { mkdir, readFile, readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { boundsIntersect, packFileName, type ChartCycle, type ChartRegion, type LonLatBoundsDeg, type PackKind } from '@clearway/protocol';
import { BASEMAP_LAYERS, BASEMAP_MAX_ZOOM, BasemapTiles, COVERAGE_LAYER } from '../tiles/index.js';
import { ElevationGrid, readHgtFolder } from './hgt.js';
import { Compression, PmtilesWriter, TileType, tileId } from './pmtiles.js';
import { TERRAIN_MAX_ZOOM, TERRAIN_MIN_ZOOM, TERRAIN_TILE_SIZE, terrainTile } from './terrain.js';
import { tilesInBounds, type TileAddress } from './tileMath.js';

/** Where the tiles come from. */
export interface PackSources {
  /** VFR chart raster tiles `{z}/{x}/{y}.png` (CHARTS_DIR); undefined: none configured. */
  chartsDir: string | undefined;
  /** Folder of `.hgt` elevation cells (TERRAIN_DIR); undefined: no terrain packs. */
  terrainDir: string | undefined;
}

/** One step of a build, for a progress bar. */
export interface BuildProgress {
  region: string;
  kind: PackKind;
  /** Tiles written of this pack so far, and in all. */
  done: number;
  total: number;
  /** Packs finished before this one. */
  packsDone: number;
  /** The region's place in the list (0-based) and the regions in all. */
  regionIndex: number;
  regionCount: number;
}

export interface BuiltPack {
  region: string;
  kind: PackKind;
  path: string;
  bytes: number;
  tiles: number;
  minZoom: number;
  maxZoom: number;
  ms: number;
}

export interface BuildReport {
  cycle: string;
  dir: string;
  built: BuiltPack[];
  /** Regions with no pack at all, and why. */
  skipped: { region: string; reason: string }[];
  /** Problems with the sources (a missing CHARTS_DIR, a malformed .hgt), each said plainly. */
  problems: string[];
  ms: number;
}

export interface BuildOptions {
  packsDir: string;
  cycle: ChartCycle;
  regions: readonly ChartRegion[];
  sources: PackSources;
  /** Basemap tiles to cut from (one instance keeps its indexes between regions). */
  basemap?: BasemapTiles;
  onProgress?: (progress: BuildProgress) => void;
  /** Monotonic clock, ms (default performance.now). */
  now?: () => number;
}

/** Zooms of the basemap in a pack: the server's whole range, so the offline map matches the online one. */
export const PACK_BASEMAP_MIN_ZOOM = 0;
export const PACK_BASEMAP_MAX_ZOOM = BASEMAP_MAX_ZOOM;

const CHART_ATTRIBUTION = 'FAA VFR sectional charts (public domain)';

/** The chart tiles present in a folder, by zoom, as `x/y` keys. @throws Error saying plainly when the folder is missing. */
export async function chartInventory(chartsDir: string): Promise<Map<number, Set<string>>> {
  const info = await stat(chartsDir).catch(() => null);
  if (!info?.isDirectory()) throw new Error(`CHARTS_DIR ${chartsDir} does not exist or is not a folder: no VFR chart packs can be built`);
  const byZoom = new Map<number, Set<string>>();
  for (const zName of await readdir(chartsDir)) {
    if (!/^\d{1,2}$/.test(zName)) continue;
    const keys = new Set<string>();
    const zDir = join(chartsDir, zName);
    for (const xName of await readdir(zDir).catch(() => [])) {
      if (!/^\d{1,7}$/.test(xName)) continue;
      for (const yName of await readdir(join(zDir, xName)).catch(() => [])) {
        const match = /^(\d{1,7})\.png$/.exec(yName);
        if (match) keys.add(`${xName}/${match[1]}`);
      }
    }
    if (keys.size > 0) byZoom.set(Number(zName), keys);
  }
  return byZoom;
}

function sortByTileId(tiles: TileAddress[]): TileAddress[] {
  return tiles
    .map((tile) => ({ tile, id: tileId(tile.z, tile.x, tile.y) }))
    .sort((a, b) => a.id - b.id)
    .filter((item, i, all) => i === 0 || all[i - 1]?.id !== item.id)
    .map((item) => item.tile);
}

/** Chart tiles of the inventory inside a region's bounds. */
export function chartTilesFor(inventory: Map<number, Set<string>>, bounds: LonLatBoundsDeg): TileAddress[] {
  const tiles: TileAddress[] = [];
  for (const [z, keys] of inventory) {
    for (const tile of tilesInBounds(bounds, z, z)) if (keys.has(`${tile.x}/${tile.y}`)) tiles.push(tile);
  }
  return sortByTileId(tiles);
}

/** Terrain tiles over the parts of a region the elevation cells cover. */
export function terrainTilesFor(grid: ElevationGrid, bounds: LonLatBoundsDeg): TileAddress[] {
  const tiles: TileAddress[] = [];
  for (const cell of grid.cellBounds()) {
    if (!boundsIntersect(cell, bounds)) continue;
    const overlap: [number, number, number, number] = [Math.max(cell[0], bounds[0]), Math.max(cell[1], bounds[1]), Math.min(cell[2], bounds[2]), Math.min(cell[3], bounds[3])];
    tiles.push(...tilesInBounds(overlap, TERRAIN_MIN_ZOOM, TERRAIN_MAX_ZOOM));
  }
  return sortByTileId(tiles);
}

interface PackPlan {
  kind: PackKind;
  tiles: TileAddress[];
  tileType: number;
  tileCompression: number;
  metadata: Record<string, unknown>;
  tile: (tile: TileAddress) => Promise<Uint8Array>;
}

async function writePack(path: string, region: ChartRegion, plan: PackPlan, progress: (done: number) => void): Promise<{ bytes: number; tiles: number; minZoom: number; maxZoom: number }> {
  const writer = new PmtilesWriter(path, { tileType: plan.tileType, tileCompression: plan.tileCompression, bounds: region.bounds, metadata: plan.metadata });
  try {
    let done = 0;
    for (const tile of plan.tiles) {
      await writer.add(tile.z, tile.x, tile.y, await plan.tile(tile));
      done++;
      // Every 16 tiles is often enough for a bar and rare enough to cost nothing.
      if (done % 16 === 0 || done === plan.tiles.length) progress(done);
    }
    return await writer.finish();
  } catch (error) {
    await writer.abort();
    throw error;
  }
}

/**
 * Builds the packs of each region for one cycle into `{packsDir}/{cycle}/{region}.{kind}.pmtiles`:
 * `vfr` from the chart tiles inside the region, `basemap` cut from the server's basemap, `terrain`
 * where the elevation cells reach the region. A region with no chart tile is skipped (a basemap
 * alone is not a chart download); a problem with a source is reported, never thrown.
 */
export async function buildPacks(options: BuildOptions): Promise<BuildReport> {
  const now = options.now ?? (() => performance.now());
  const started = now();
  const dir = join(options.packsDir, options.cycle.id);
  const report: BuildReport = { cycle: options.cycle.id, dir, built: [], skipped: [], problems: [], ms: 0 };

  let inventory = new Map<number, Set<string>>();
  if (options.sources.chartsDir === undefined) report.problems.push('CHARTS_DIR is not set: no VFR chart packs can be built');
  else {
    try {
      inventory = await chartInventory(options.sources.chartsDir);
    } catch (error) {
      report.problems.push((error as Error).message);
    }
  }
  let grid: ElevationGrid | null = null;
  if (options.sources.terrainDir !== undefined) {
    try {
      grid = new ElevationGrid(await readHgtFolder(options.sources.terrainDir));
    } catch (error) {
      report.problems.push(`No terrain packs: ${(error as Error).message}`);
    }
  }
  const basemap = options.basemap ?? new BasemapTiles();
  await mkdir(dir, { recursive: true });

  let packsDone = 0;
  for (const [regionIndex, region] of options.regions.entries()) {
    const charts = chartTilesFor(inventory, region.bounds);
    if (charts.length === 0) {
      report.skipped.push({
        region: region.code,
        reason: options.sources.chartsDir === undefined ? 'CHARTS_DIR is not set' : `no VFR chart tile in ${options.sources.chartsDir} inside its bounds`,
      });
      continue;
    }
    const chartsDir = options.sources.chartsDir ?? '';
    const plans: PackPlan[] = [
      {
        kind: 'vfr',
        tiles: charts,
        tileType: TileType.png,
        tileCompression: Compression.none,
        metadata: { name: `${region.name} VFR sectional`, format: 'png', type: 'overlay', attribution: CHART_ATTRIBUTION, region: region.code, cycle: options.cycle.id, expires: options.cycle.expires },
        tile: (tile) => readFile(join(chartsDir, String(tile.z), String(tile.x), `${tile.y}.png`)),
      },
      {
        kind: 'basemap',
        tiles: sortByTileId(tilesInBounds(region.bounds, PACK_BASEMAP_MIN_ZOOM, PACK_BASEMAP_MAX_ZOOM)),
        tileType: TileType.mvt,
        tileCompression: Compression.gzip,
        metadata: {
          name: `${region.name} basemap`,
          format: 'pbf',
          type: 'baselayer',
          attribution: 'Natural Earth (world-atlas), US Census (us-atlas)',
          region: region.code,
          cycle: options.cycle.id,
          vector_layers: [...BASEMAP_LAYERS, COVERAGE_LAYER].map((id) => ({ id, fields: {} })),
        },
        tile: async (tile) => gzipSync(basemap.tile(tile.z, tile.x, tile.y) ?? new Uint8Array(0)),
      },
    ];
    if (grid !== null) {
      const elevations = grid;
      const terrain = terrainTilesFor(elevations, region.bounds);
      if (terrain.length > 0) {
        plans.push({
          kind: 'terrain',
          tiles: terrain,
          tileType: TileType.png,
          tileCompression: Compression.none,
          metadata: { name: `${region.name} terrain`, format: 'png', type: 'baselayer', encoding: 'terrarium', tileSize: TERRAIN_TILE_SIZE, attribution: 'NASA NASADEM / SRTM (public domain)', region: region.code, cycle: options.cycle.id },
          tile: async (tile) => terrainTile(elevations, tile.z, tile.x, tile.y),
        });
      }
    }
    for (const plan of plans) {
      const path = join(dir, packFileName(region.code, plan.kind));
      const packStarted = now();
      try {
        const written = await writePack(path, region, plan, (done) => options.onProgress?.({ region: region.code, kind: plan.kind, done, total: plan.tiles.length, packsDone, regionIndex, regionCount: options.regions.length }));
        report.built.push({ region: region.code, kind: plan.kind, path, ...written, ms: now() - packStarted });
      } catch (error) {
        report.problems.push(`${region.code} ${plan.kind}: ${(error as Error).message}`);
      }
      packsDone++;
    }
  }
  report.ms = now() - started;
  return report;
}

