import type { LonLatBoundsDeg } from './chartRegions.js';
import type { DataChannel } from './environments.js';

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
 * What a pack holds: `vfr` the VFR sectional raster tiles (PNG), `ifr-low` and `ifr-high` the IFR
 * enroute low and high chart raster tiles (PNG; only where the server's CHARTS_DIR has them),
 * `basemap` the map's vector tiles (MVT, gzip; the layers of /tiles/basemap), `terrain` elevation
 * tiles (Terrarium-encoded PNG, for MapLibre's raster-dem with `encoding: 'terrarium'`).
 */
export const PACK_KINDS = ['vfr', 'ifr-low', 'ifr-high', 'basemap', 'terrain'] as const;
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
  /**
   * The server's release channel (DATA_CHANNEL): `current` offers the cycles in force or past,
   * `next` also the following cycle from NEXT_CHART_CYCLE_LEAD_DAYS before its effective date,
   * `dev` every cycle it holds.
   */
  channel: DataChannel;
  /** Cycles offered that have at least one pack, newest first. */
  cycles: string[];
  regions: PackIndexRegion[];
}

/** Channel `next` offers a chart cycle this many days before it becomes current. */
export const NEXT_CHART_CYCLE_LEAD_DAYS = 7;

/** Whether channel `channel` offers cycle `cycle` at `nowMs`. */
export function chartCycleOffered(cycle: ChartCycle, channel: DataChannel, nowMs: number): boolean {
  const effectiveMs = Date.parse(`${cycle.effective}T00:00:00Z`);
  if (channel === 'dev') return true;
  if (channel === 'next') return effectiveMs - NEXT_CHART_CYCLE_LEAD_DAYS * DAY_MS <= nowMs;
  return effectiveMs <= nowMs;
}

/**
 * Area packs (besides the named regions): a US state, or a route's corridor, built by the server
 * on demand from the same sources as the region packs (`POST /packs/areas`, then each pack at
 * `/packs/areas/{cycle}/{id}.{kind}.pmtiles`). The answer carries the packs' sizes, so the app
 * shows them before the download starts.
 */
export const PACKS_AREAS_PATH = `${PACKS_PATH}/areas`;
export const PACKS_STATES_PATH = `${PACKS_PATH}/states.json`;

/** A route's corridor: the legs' points, and how far either side of them, nautical miles. */
export const CORRIDOR_MAX_POINTS = 200;
export const CORRIDOR_MAX_BUFFER_NM = 50;
export const CORRIDOR_DEFAULT_BUFFER_NM = 25;
/** The longest route a corridor pack is built for (sum of the legs), nautical miles. */
export const CORRIDOR_MAX_LENGTH_NM = 2500;

export type PackAreaRequest =
  | { type: 'state'; state: string }
  | { type: 'corridor'; points: [lonDeg: number, latDeg: number][]; bufferNm: number; name?: string };

/** A US state as the server lists it (`GET /packs/states.json`). */
export interface UsStateArea {
  /** USPS code, e.g. NY. */
  code: string;
  name: string;
  bounds: LonLatBoundsDeg;
}

/** `POST /packs/areas`: the area's packs, built (or found) by the server. */
export interface PackArea {
  /** `state-NY` or `route-{12 hex}`: the name its packs are stored under on the device. */
  id: string;
  type: 'state' | 'corridor';
  name: string;
  cycle: string;
  bounds: LonLatBoundsDeg;
  packs: PackEntry[];
}

/** The id of a state's area. */
export function stateAreaId(code: string): string {
  return `state-${code.toUpperCase()}`;
}

/** True for an area id (`state-NY`, `route-0123456789ab`). */
export function isAreaId(value: string): boolean {
  return /^(state-[A-Z]{2}|route-[0-9a-f]{12})$/.test(value);
}
