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
  /**
   * VFR chart raster tiles `{z}/{x}/{y}.png` (CHARTS_DIR); undefined: none configured. IFR enroute
   * low and high chart tiles, when the folder has them, in its sub-folders `ifr-low/{z}/{x}/{y}.png`
   * and `ifr-high/{z}/{x}/{y}.png` (IFR_CHART_FOLDERS).
   */
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

/** What a build packs: a chart region, or an area (a US state, a route's corridor) with its own tile filter. */
export interface PackRegion extends Pick<ChartRegion, 'code' | 'name' | 'bounds'> {
  /** Keeps a tile of the box (default: every tile of it). */
  include?: (tile: TileAddress) => boolean;
}

export interface BuildOptions {
  packsDir: string;
  cycle: ChartCycle;
  regions: readonly PackRegion[];
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

/** The raster chart kinds and where their tiles are under CHARTS_DIR ('' = the folder itself). */
export const CHART_KIND_FOLDERS = { vfr: '', 'ifr-low': 'ifr-low', 'ifr-high': 'ifr-high' } as const satisfies Partial<Record<PackKind, string>>;
export type ChartKind = keyof typeof CHART_KIND_FOLDERS;
const CHART_KINDS = Object.keys(CHART_KIND_FOLDERS) as ChartKind[];
const CHART_NAMES: Record<ChartKind, { title: string; attribution: string }> = {
  vfr: { title: 'VFR sectional', attribution: CHART_ATTRIBUTION },
  'ifr-low': { title: 'IFR enroute low', attribution: 'FAA IFR enroute low altitude charts (public domain)' },
  'ifr-high': { title: 'IFR enroute high', attribution: 'FAA IFR enroute high altitude charts (public domain)' },
};

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

async function writePack(path: string, region: PackRegion, plan: PackPlan, progress: (done: number) => void): Promise<{ bytes: number; tiles: number; minZoom: number; maxZoom: number }> {
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

  const inventories = new Map<ChartKind, Map<number, Set<string>>>();
  if (options.sources.chartsDir === undefined) report.problems.push('CHARTS_DIR is not set: no VFR chart packs can be built');
  else {
    try {
      inventories.set('vfr', await chartInventory(options.sources.chartsDir));
      // IFR low/high only when CHARTS_DIR has their folders (none is no problem).
      for (const kind of CHART_KINDS) {
        if (kind === 'vfr') continue;
        const folder = join(options.sources.chartsDir, CHART_KIND_FOLDERS[kind]);
        if (!(await stat(folder).catch(() => null))?.isDirectory()) continue;
        const inventory = await chartInventory(folder);
        if (inventory.size > 0) inventories.set(kind, inventory);
      }
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
    const keep = region.include ?? (() => true);
    const chartPlans: PackPlan[] = [];
    for (const [kind, inventory] of inventories) {
      const tiles = chartTilesFor(inventory, region.bounds).filter(keep);
      if (tiles.length === 0) continue;
      const folder = join(options.sources.chartsDir ?? '', CHART_KIND_FOLDERS[kind]);
      chartPlans.push({
        kind,
        tiles,
        tileType: TileType.png,
        tileCompression: Compression.none,
        metadata: { name: `${region.name} ${CHART_NAMES[kind].title}`, format: 'png', type: 'overlay', attribution: CHART_NAMES[kind].attribution, region: region.code, cycle: options.cycle.id, expires: options.cycle.expires },
        tile: (tile) => readFile(join(folder, String(tile.z), String(tile.x), `${tile.y}.png`)),
      });
    }
    if (chartPlans.length === 0) {
      report.skipped.push({
        region: region.code,
        reason: options.sources.chartsDir === undefined ? 'CHARTS_DIR is not set' : `no VFR chart tile in ${options.sources.chartsDir} inside its bounds`,
      });
      continue;
    }
    const plans: PackPlan[] = [
      ...chartPlans,
      {
        kind: 'basemap',
        tiles: sortByTileId(tilesInBounds(region.bounds, PACK_BASEMAP_MIN_ZOOM, PACK_BASEMAP_MAX_ZOOM)).filter(keep),
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
      const terrain = terrainTilesFor(elevations, region.bounds).filter(keep);
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

