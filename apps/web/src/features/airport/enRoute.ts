import type { Airport } from '@clearway/navdb';

/** A route point as the route slice may hold it (flight plan Waypoint `location`, or plain degrees). */
interface PointLike {
  code?: unknown;
  location?: { lat?: unknown; lon?: unknown };
  latDeg?: unknown;
  lonDeg?: unknown;
}

export interface LatLonDeg {
  latDeg: number;
  lonDeg: number;
}

/** The waypoints' positions of whatever the route slice holds as its current route; [] when none. */
export function routePoints(current: unknown): LatLonDeg[] {
  if (typeof current !== 'object' || current === null) return [];
  const waypoints = (current as { waypoints?: unknown }).waypoints;
  if (!Array.isArray(waypoints)) return [];
  const out: LatLonDeg[] = [];
  for (const w of waypoints as PointLike[]) {
    if (typeof w !== 'object' || w === null) continue;
    const lat = w.location?.lat ?? w.latDeg;
    const lon = w.location?.lon ?? w.lonDeg;
    if (typeof lat === 'number' && typeof lon === 'number' && Number.isFinite(lat) && Number.isFinite(lon)) out.push({ latDeg: lat, lonDeg: lon });
  }
  return out;
}

export interface EnRouteAirport {
  code: string;
  name: string;
}

/** Airports near each waypoint, in route order, each once. */
export function mergeEnRoute(perPoint: { airport: Airport }[][], limit = 50): EnRouteAirport[] {
  const seen = new Set<string>();
  const out: EnRouteAirport[] = [];
  for (const list of perPoint) {
    for (const { airport } of list) {
      if (seen.has(airport.id)) continue;
      seen.add(airport.id);
      out.push({ code: airport.icaoId ?? airport.id, name: airport.name });
      if (out.length >= limit) return out;
    }
  }
  return out;
}
