/**
 * Region type miles400 (spec part 2 §9, default region_type): the chart regions within 400 miles of
 * the pilot's position (or home airport) are suggested first. Pure.
 */
export const MILES400 = 400;
const EARTH_RADIUS_MI = 3958.8;

export interface LonLat {
  lon: number;
  lat: number;
}

export interface BoundedRegion {
  code: string;
  bounds: readonly [west: number, south: number, east: number, north: number];
}

function rad(deg: number): number {
  return (deg * Math.PI) / 180;
}

function greatCircleMi(a: LonLat, b: LonLat): number {
  const dLat = rad(b.lat - a.lat);
  const dLon = rad(b.lon - a.lon);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_MI * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Statute miles from `point` to the nearest point of the region's bounds (0 inside). */
export function milesToRegion(point: LonLat, bounds: BoundedRegion['bounds']): number {
  const [west, south, east, north] = bounds;
  const lat = Math.min(north, Math.max(south, point.lat));
  // The bounds never cross the antimeridian in the chart region list (west <= east).
  const lon = Math.min(east, Math.max(west, point.lon));
  return greatCircleMi(point, { lon, lat });
}

/** The regions within `miles` of `point`, nearest first (ties by code); none without a point. */
export function regionsWithin<R extends BoundedRegion>(regions: readonly R[], point: LonLat | null, miles = MILES400): R[] {
  if (point === null) return [];
  return regions
    .map((region) => ({ region, miles: milesToRegion(point, region.bounds) }))
    .filter((entry) => entry.miles <= miles)
    .sort((a, b) => a.miles - b.miles || a.region.code.localeCompare(b.region.code))
    .map((entry) => entry.region);
}

/** The regions in the order the page lists them: those suggested (within `miles`) first, then the rest by name. */
export function orderRegions<R extends BoundedRegion & { name: string }>(regions: readonly R[], point: LonLat | null, miles = MILES400): { suggested: R[]; others: R[] } {
  const suggested = regionsWithin(regions, point, miles);
  const chosen = new Set(suggested.map((region) => region.code));
  const others = regions.filter((region) => !chosen.has(region.code)).sort((a, b) => a.name.localeCompare(b.name));
  return { suggested, others };
}
