// GeoJSON for the map's aviation sources, with only the properties the web app's map style
// (apps/web features/map/mapStyle.ts) reads. Here rather than in the app because two places build
// them from a nav database: the web routing worker (`mapLayers`, per view) and the server's
// pre-built overview layers (apps/server navdata/overview.ts, whole region).
import type { Feature, FeatureCollection, GeoJsonProperties, Point } from 'geojson';
import type { AirwaySegment } from './api.js';
import type { Airport, Fix, Navaid } from './model.js';

/**
 * Below this zoom the map declutters airports as the VFR planning charts do: public-use airports and
 * seaplane bases, and any towered field; private strips, heliports, ultralight, glider and balloon
 * ports join from this zoom (a state fills the screen).
 */
export const ALL_AIRPORTS_MIN_ZOOM = 7;

/** The airports drawn at a zoom (closed ones never; see ALL_AIRPORTS_MIN_ZOOM). */
export function airportsShownAt(airports: readonly Airport[], zoom: number): Airport[] {
  return airports.filter(
    (airport) => airport.type !== 'closed' && (zoom >= ALL_AIRPORTS_MIN_ZOOM || airport.towered === true || (airport.publicUse && (airport.type === 'airport' || airport.type === 'seaplane_base'))),
  );
}

function point(lon: number, lat: number, properties: GeoJsonProperties): Feature<Point> {
  return { type: 'Feature', geometry: { type: 'Point', coordinates: [lon, lat] }, properties };
}

/** Airports as map features: id, name, towered, surface class (H, S, W). */
export function airportFeatures(airports: readonly Airport[]): FeatureCollection {
  return {
    type: 'FeatureCollection',
    features: airports
      .filter((airport) => airport.type !== 'closed')
      .map((airport) => point(airport.lonDeg, airport.latDeg, {
        id: airport.id,
        name: airport.name,
        type: airport.type,
        towered: airport.towered === true,
        surface: airport.type === 'seaplane_base' ? 'W' : airport.longestRunwaySurface ?? 'S',
      })),
  };
}

/** Navaids with their symbol family: VOR (VOR, VORTAC, VOR-DME, TACAN) or NDB (NDB, NDB-DME); plain DMEs are skipped. */
export function navaidFeatures(navaids: readonly Navaid[]): FeatureCollection {
  return {
    type: 'FeatureCollection',
    features: navaids.flatMap((navaid) => {
      const family = navaid.type.startsWith('NDB') ? 'NDB' : ['VOR', 'VORTAC', 'VOR-DME', 'TACAN'].includes(navaid.type) ? 'VOR' : null;
      return family ? [point(navaid.lonDeg, navaid.latDeg, { id: navaid.id, name: navaid.name, type: navaid.type, family })] : [];
    }),
  };
}

export function fixFeatures(fixes: readonly Fix[]): FeatureCollection {
  return { type: 'FeatureCollection', features: fixes.map((fix) => point(fix.lonDeg, fix.latDeg, { id: fix.id, type: 'FIX' })) };
}

/** Airway segments as lines: V and T routes are low, J and Q high; others (e.g. A, R colour routes) low. */
export function airwayFeatures(segments: readonly AirwaySegment[]): FeatureCollection {
  return {
    type: 'FeatureCollection',
    features: segments.map((segment) => ({
      type: 'Feature',
      geometry: { type: 'LineString', coordinates: [[segment.from.lonDeg, segment.from.latDeg], [segment.to.lonDeg, segment.to.latDeg]] },
      properties: { id: segment.airwayId, kind: segment.kind, level: segment.kind === 'J' || segment.kind === 'Q' ? 'high' : 'low' },
    })),
  };
}
