/**
 * The camera that shows a whole route (issue 27 point 5): every waypoint in view and the route
 * spanning at least half the map's shorter side. Pure Web Mercator, as MapLibre's fitBounds with
 * padding computes it, so it is unit tested without a map.
 */
import { normalize360 } from '@clearway/geo';

/** MapLibre's world size at zoom 0, pixels (512-pixel tiles). */
const WORLD_PX_AT_ZOOM_0 = 512;
/** Closest zoom a route is shown at (a route of a few hundred metres stays readable). */
export const ROUTE_MAX_ZOOM = 14;
/** Farthest zoom (a route around half the world). */
const ROUTE_MIN_ZOOM = 0;

/** Room kept free at each side, pixels: the route summary over the top, the toolbar on the right. */
export interface PaddingPx {
  top: number;
  right: number;
  bottom: number;
  left: number;
}

export interface RouteCamera {
  /** [longitude, latitude], degrees, longitude in [-180, 180). */
  center: [number, number];
  zoom: number;
  padding: PaddingPx;
}

const MAX_LAT_DEG = 85.051129;

/** Web Mercator x of a longitude, in world widths (0 at 180 W, 1 at 180 E; beyond for unwrapped longitudes). */
function mercatorX(lonDeg: number): number {
  return (lonDeg + 180) / 360;
}

/** Web Mercator y of a latitude, in world heights (0 at the top, 1 at the bottom). */
export function mercatorY(latDeg: number): number {
  const lat = (Math.max(-MAX_LAT_DEG, Math.min(MAX_LAT_DEG, latDeg)) * Math.PI) / 180;
  return (1 - Math.log(Math.tan(Math.PI / 4 + lat / 2)) / Math.PI) / 2;
}

function latOfMercatorY(y: number): number {
  return (Math.atan(Math.sinh(Math.PI * (1 - 2 * y))) * 180) / Math.PI;
}

/**
 * Longitudes made continuous across the antimeridian: the points are read as covering the shortest
 * arc, so a route from Alaska to Russia is not shown across the whole world.
 */
export function unwrapLongitudes(lonsDeg: readonly number[]): number[] {
  if (lonsDeg.length < 2) return [...lonsDeg];
  const sorted = [...lonsDeg].sort((a, b) => a - b);
  let gap = 0;
  let gapEnd = 0;
  for (let i = 1; i < sorted.length; i += 1) {
    const here = (sorted[i] ?? 0) - (sorted[i - 1] ?? 0);
    if (here > gap) {
      gap = here;
      gapEnd = sorted[i] ?? 0;
    }
  }
  const across = (sorted[0] ?? 0) + 360 - (sorted[sorted.length - 1] ?? 0);
  // The largest empty arc is inside [-180, 180]: the points west of it move east by a turn.
  if (gap <= across) return [...lonsDeg];
  return lonsDeg.map((lon) => (lon < gapEnd ? lon + 360 : lon));
}

/** The padding for a map of this size: fixed room for the controls, never more than a quarter of the shorter side. */
export function routePadding(widthPx: number, heightPx: number): PaddingPx {
  const quarter = Math.min(widthPx, heightPx) / 4;
  return { top: Math.min(72, quarter), right: Math.min(56, quarter), bottom: Math.min(32, quarter), left: Math.min(32, quarter) };
}

/**
 * The camera (north up, no pitch) that fits the points into the map inside its padding. With each
 * side's padding at most a quarter of the shorter side, the route's extent along the tighter axis
 * is at least half the shorter side (unless ROUTE_MAX_ZOOM stops a tiny route first). Null without a
 * finite point or for an empty map.
 */
export function routeCamera(points: readonly { lat: number; lon: number }[], widthPx: number, heightPx: number): RouteCamera | null {
  const placed = points.filter((p) => Number.isFinite(p.lat) && Number.isFinite(p.lon));
  if (placed.length === 0 || !(widthPx > 0) || !(heightPx > 0)) return null;
  const padding = routePadding(widthPx, heightPx);
  const xs = unwrapLongitudes(placed.map((p) => p.lon)).map(mercatorX);
  const ys = placed.map((p) => mercatorY(p.lat));
  const [west, east] = [Math.min(...xs), Math.max(...xs)];
  const [north, south] = [Math.min(...ys), Math.max(...ys)];
  const roomX = widthPx - padding.left - padding.right;
  const roomY = heightPx - padding.top - padding.bottom;
  // World size in pixels at which the extent fills the room along the tighter axis.
  const scale = Math.min(east > west ? roomX / (east - west) : Infinity, south > north ? roomY / (south - north) : Infinity);
  const zoom = Number.isFinite(scale)
    ? Math.max(ROUTE_MIN_ZOOM, Math.min(ROUTE_MAX_ZOOM, Math.log2(scale / WORLD_PX_AT_ZOOM_0)))
    : ROUTE_MAX_ZOOM;
  const worldPx = WORLD_PX_AT_ZOOM_0 * 2 ** zoom;
  // The box's centre sits at the centre of the padded room: the map's centre is offset by half the
  // difference of opposite paddings.
  const x = (west + east) / 2 + (padding.right - padding.left) / 2 / worldPx;
  const y = (north + south) / 2 + (padding.bottom - padding.top) / 2 / worldPx;
  const lon = normalize360(x * 360) - 180;
  return { center: [lon, latOfMercatorY(y)], zoom, padding };
}
