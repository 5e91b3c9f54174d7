import type { Route, Waypoint } from '@clearway/flightplan';
import type { SimFlightPlanWaypoint, SimWaypointType } from '@clearway/protocol';

function simType(point: Waypoint): SimWaypointType {
  if (point.type === 'AIRPORT') return 'AIRPORT';
  if (point.type === 'FIX') return 'FIX';
  if (point.type === 'NAVAID') {
    const kind = (point.navaid_type ?? '').toUpperCase();
    if (kind.includes('NDB')) return 'NDB';
    if (kind === 'VORTAC' || kind === 'TACAN') return 'VORTAC';
    if (kind.includes('DME')) return 'VOR-DME';
    return 'VOR';
  }
  return 'LATLON';
}

/** The route's points as flight plan waypoints for X-Plane (airports at their elevation, the rest at the cruise altitude). */
export function routeToSimWaypoints(route: Route): SimFlightPlanWaypoint[] {
  const points = route.all_waypoints.length > 0 ? route.all_waypoints : route.waypoints;
  return points
    .filter((p) => !p.invalid && Number.isFinite(p.location.lat) && Number.isFinite(p.location.lon) && !(p.location.lat === 0 && p.location.lon === 0))
    .map((p) => {
      const type = simType(p);
      const altitude = type === 'AIRPORT' ? (p.elevation === -9999 ? 0 : p.elevation) : (p.cruise_altitude ?? route.altitude);
      return { id: p.code.slice(0, 16) || 'WPT', type, altitude: Math.max(-2000, Math.min(60_000, altitude)), lat: p.location.lat, lon: p.location.lon };
    });
}
