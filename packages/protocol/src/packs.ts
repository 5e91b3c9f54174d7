import type { LonLatBoundsDeg } from './chartRegions.js';

/**
 * Region packs: per chart region and chart cycle, one PMTiles v3 archive per kind of tiles, served
 * by the server for offline use (issue 18). Paths on the server's origin:
 *   /packs/index.json                     PackIndex: every region with the packs it has
 *   /packs/{cycle}/{region}.{kind}.pmtiles one pack (ETag, Range, If-Range)
 * Zod-free, so the app's start-up can import it; the index's schema is in packsSchema.ts.
 */

/** Folder of the packs on the server's origin. */
export const PACKS_PATH = '/packs';
export const PACKS_INDEX_PATH = `${PACKS_PATH}/index.json`;
export const PACK_EXTENSION = '.pmtiles';
/** The index format's version; a change that old apps cannot read raises it. */
export const PACK_INDEX_VERSION = 1;

/**
 * What a pack holds: `vfr` the VFR sectional raster tiles (PNG), `basemap` the map's vector tiles
 * (MVT, gzip; the layers of /tiles/basemap), `terrain` elevation tiles (Terrarium-encoded PNG, for
 * MapLibre's raster-dem with `encoding: 'terrarium'`).
 */
export const PACK_KINDS = ['vfr', 'basemap', 'terrain'] as const;
export type PackKind = (typeof PACK_KINDS)[number];

export function isPackKind(value: string): value is PackKind {
  return (PACK_KINDS as readonly string[]).includes(value);
}

/** A pack's file name: `{region}.{kind}.pmtiles`, e.g. `New_York.vfr.pmtiles`. */
export function packFileName(region: string, kind: PackKind): string {
  return `${region}.${kind}${PACK_EXTENSION}`;
}

/** Reads `{region}.{kind}.pmtiles` back; null when the name is not shaped so (the kind may be unknown). */
export function parsePackFileName(name: string): { region: string; kind: string } | null {
  if (!name.endsWith(PACK_EXTENSION)) return null;
  const stem = name.slice(0, -PACK_EXTENSION.length);
  const dot = stem.lastIndexOf('.');
  if (dot <= 0 || dot === stem.length - 1) return null;
  return { region: stem.slice(0, dot), kind: stem.slice(dot + 1) };
}

/** The URL path of a pack on the server's origin. */
export function packPath(cycle: string, region: string, kind: PackKind): string {
  return `${PACKS_PATH}/${encodeURIComponent(cycle)}/${encodeURIComponent(packFileName(region, kind))}`;
}

/**
 * VFR charts are published every 56 days (every second AIRAC cycle) since 2021-02-25, the first
 * such edition. A chart cycle is named by its effective date, `YYYY-MM-DD`; every one is a multiple
 * of 56 days after 2021-02-25. Valid from 00:00 UTC on its date until 00:00 UTC on the next one's.
 */
export const CHART_CYCLE_DAYS = 56;
const DAY_MS = 86_400_000;
const CHART_CYCLE_ANCHOR_MS = Date.UTC(2021, 1, 25);
const CHART_CYCLE_MS = CHART_CYCLE_DAYS * DAY_MS;

export interface ChartCycle {
  /** The cycle's name and effective date, `YYYY-MM-DD`. */
  id: string;
  /** Same as id: the first day it is valid. */
  effective: string;
  /** The next cycle's effective date: the first day it is no longer valid. */
  expires: string;
}

function isoDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

function cycleFromStart(startMs: number): ChartCycle {
  const id = isoDay(startMs);
  return { id, effective: id, expires: isoDay(startMs + CHART_CYCLE_MS) };
}

/** The chart cycle in force at `nowMs` (ms since the epoch). */
export function chartCycleAt(nowMs: number): ChartCycle {
  const index = Math.floor((nowMs - CHART_CYCLE_ANCHOR_MS) / CHART_CYCLE_MS);
  return cycleFromStart(CHART_CYCLE_ANCHOR_MS + index * CHART_CYCLE_MS);
}

/** The cycle `count` cycles after (negative: before) `cycle`. */
export function offsetChartCycle(cycle: ChartCycle, count: number): ChartCycle {
  return cycleFromStart(Date.parse(`${cycle.id}T00:00:00Z`) + count * CHART_CYCLE_MS);
}

/** What is wrong with a chart cycle name, or null when `id` is one (`2026-10-01`). */
export function chartCycleProblem(id: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(id);
  if (!match) return `"${id}" is not a chart cycle: write its effective date as YYYY-MM-DD, e.g. ${chartCycleAt(CHART_CYCLE_ANCHOR_MS).id}`;
  const ms = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  if (isoDay(ms) !== id) return `"${id}" is not a date`;
  if ((ms - CHART_CYCLE_ANCHOR_MS) % CHART_CYCLE_MS !== 0) {
    const before = chartCycleAt(ms);
    return `${id} is not a chart cycle's effective date (charts change every ${CHART_CYCLE_DAYS} days: ${before.id} and ${before.expires} are)`;
  }
  return null;
}

/** The cycle named `id`; null when it is not a chart cycle (chartCycleProblem says why). */
export function chartCycleById(id: string): ChartCycle | null {
  return chartCycleProblem(id) === null ? cycleFromStart(Date.parse(`${id}T00:00:00Z`)) : null;
}

/** One pack in the index. */
export interface PackEntry {
  kind: PackKind;
  /** The chart cycle it was built for (its effective date). */
  cycle: string;
  effective: string;
  expires: string;
  /** Size of the file, bytes. */
  bytes: number;
  /** SHA-256 of the file, lower-case hex: checked by the app before it marks the region downloaded. */
  sha256: string;
  /** Strong ETag of the file: the If-Range validator of a resumed download. */
  etag: string;
  /** On the index's own origin: `/packs/{cycle}/{region}.{kind}.pmtiles`. */
  url: string;
  /** Tiles in the archive, and their zoom range (from the archive's header). */
  tiles: number;
  minZoom: number;
  maxZoom: number;
}

/** One region in the index: every region of CHART_REGIONS is listed, with no packs when the server has none. */
export interface PackIndexRegion {
  code: string;
  name: string;
  alaska: boolean;
  bounds: LonLatBoundsDeg;
  /** Newest cycle first, then by kind in PACK_KINDS order. */
  packs: PackEntry[];
}

/** `GET /packs/index.json`. */
export interface PackIndex {
  version: number;
  /** Cycles that have at least one pack, newest first. */
  cycles: string[];
  regions: PackIndexRegion[];
}
