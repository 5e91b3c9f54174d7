/**
 * Area packs on the Downloads page (issue 18): a US state or the current route's corridor, packed
 * by the server on demand (POST /packs/areas). The answer gives each pack's size, shown on the
 * area's row before its download starts; the download itself is a region download of the area's id.
 */
import {
  CORRIDOR_MAX_POINTS,
  PACKS_AREAS_PATH,
  PACKS_STATES_PATH,
  isAreaId,
  packAreaSchema,
  usStateAreaSchema,
  type PackArea,
  type PackAreaRequest,
  type PackIndex,
  type UsStateArea,
} from '@clearway/protocol';
import type { StoredPack } from './packStore';
import { regionRows, type RegionRow } from './rows';

/** What a route gives a corridor: its waypoints with their positions (airways and procedures expanded when known). */
export interface RouteLike {
  waypoints: readonly { location: { lat: number; lon: number }; invalid?: boolean }[];
  all_waypoints?: readonly { location: { lat: number; lon: number }; invalid?: boolean }[];
}

/**
 * The route's points as `[lon, lat]`, expanded waypoints first, invalid and repeated points left
 * out; more than `max` are thinned evenly (first and last kept): the buffer covers the gaps. Fewer
 * than 2 points: none (no leg).
 */
export function corridorPoints(route: RouteLike | null, max = CORRIDOR_MAX_POINTS): [number, number][] {
  if (!route) return [];
  const source = route.all_waypoints && route.all_waypoints.length >= route.waypoints.length ? route.all_waypoints : route.waypoints;
  const points: [number, number][] = [];
  for (const waypoint of source) {
    const { lat, lon } = waypoint.location;
    if (waypoint.invalid || !Number.isFinite(lat) || !Number.isFinite(lon) || Math.abs(lat) > 90 || Math.abs(lon) > 180) continue;
    const last = points.at(-1);
    if (last && last[0] === lon && last[1] === lat) continue;
    points.push([lon, lat]);
  }
  if (points.length < 2) return [];
  if (points.length <= max) return points;
  const step = (points.length - 1) / (max - 1);
  return Array.from({ length: max }, (_, i) => points[Math.round(i * step)]!);
}

/** Fetches a URL and checks its JSON; the error says which address answered what. */
async function fetchJson<T>(url: string, check: (value: unknown) => T, init?: RequestInit, fetchFn: typeof fetch = fetch): Promise<{ value: T } | { error: string }> {
  let response: Response;
  try {
    response = await fetchFn(url, init);
  } catch (error) {
    return { error: `${url} could not be reached: ${error instanceof Error ? error.message : String(error)}` };
  }
  const body = (await response.json().catch(() => null)) as unknown;
  if (!response.ok) {
    const message = body !== null && typeof body === 'object' && typeof (body as { error?: unknown }).error === 'string' ? (body as { error: string }).error : `answered ${response.status}`;
    return { error: message };
  }
  try {
    return { value: check(body) };
  } catch (error) {
    return { error: `${url} answered something else than expected: ${error instanceof Error ? error.message : String(error)}` };
  }
}

/** Asks the server for an area's packs (built on demand: may take seconds). */
export async function requestArea(request: PackAreaRequest, fetchFn: typeof fetch = fetch): Promise<{ area: PackArea } | { error: string }> {
  const result = await fetchJson(PACKS_AREAS_PATH, (value) => packAreaSchema.parse(value), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(request) }, fetchFn);
  return 'error' in result ? result : { area: result.value };
}

/** The US states the server packs. */
export async function fetchUsStates(fetchFn: typeof fetch = fetch): Promise<{ states: UsStateArea[] } | { error: string }> {
  const result = await fetchJson(PACKS_STATES_PATH, (value) => usStateAreaSchema.array().parse(value), undefined, fetchFn);
  return 'error' in result ? result : { states: result.value };
}

/** What the page remembers of an area (its name for the rows when offline), by id. */
export interface KnownArea {
  id: string;
  name: string;
  bounds: PackArea['bounds'];
}

/**
 * The area rows: each area sized this session (with its packs on the server) or stored on the
 * device (by an id such as `state-NY`), as RegionRows, so they download, pause and delete as the
 * named regions do.
 */
export function areaRows(sized: readonly PackArea[], known: Readonly<Record<string, KnownArea>>, stored: readonly StoredPack[]): RegionRow[] {
  const ids = [...new Set([...sized.map((area) => area.id), ...stored.map((pack) => pack.region).filter(isAreaId)])];
  const index: PackIndex = { version: 1, channel: 'current', cycles: [], regions: sized.map((area) => ({ code: area.id, name: area.name, alaska: false, bounds: area.bounds, packs: area.packs })) };
  const regions = ids.map((id) => {
    const area = sized.find((a) => a.id === id) ?? known[id];
    return { code: id, name: area?.name ?? id, alaska: false, bounds: area?.bounds ?? ([0, 0, 0, 0] as PackArea['bounds']) };
  });
  return regionRows(regions, index, stored);
}

const KNOWN_KEY = 'clearway.downloads.areas';

/** The areas this device sized or stored, by id (localStorage; empty when it cannot be read). */
export function readKnownAreas(): Record<string, KnownArea> {
  try {
    const text = globalThis.localStorage?.getItem(KNOWN_KEY);
    return text ? (JSON.parse(text) as Record<string, KnownArea>) : {};
  } catch {
    return {};
  }
}

/** Remembers an area's name and box (for its row when offline). */
export function rememberArea(area: PackArea): Record<string, KnownArea> {
  const known = { ...readKnownAreas(), [area.id]: { id: area.id, name: area.name, bounds: area.bounds } };
  try {
    globalThis.localStorage?.setItem(KNOWN_KEY, JSON.stringify(known));
  } catch {
    // Private mode: the name lives as long as the page.
  }
  return known;
}
