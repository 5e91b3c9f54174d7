import type { LayerSpecification, StyleSpecification } from '@maplibre/maplibre-gl-style-spec';
import type { Feature, FeatureCollection, GeoJsonProperties, Point } from 'geojson';
import type { Airport, Fix, Navaid } from '@clearway/navdb';

/**
 * The map's style (no outside service): the server's vector basemap (`/tiles/basemap`, layers land,
 * countries, states), the VFR chart raster tiles (`/tiles/vfr`) and GeoJSON sources for the
 * aviation layers, which MapView fills from the routing worker. Pure, so it is unit tested.
 */
export type MapTheme = 'day' | 'night';

export interface MapStyleOptions {
  /** Origin of the tile server, e.g. `http://127.0.0.1:8080` (MapLibre needs absolute tile URLs). */
  origin: string;
  theme: MapTheme;
  /** Performance mode: fewer layers (no state borders, no fixes, no route waypoints). */
  performance: boolean;
  /** Show the VFR sectional raster over the vector basemap. */
  vfr: boolean;
}

/** FAA chart colours: towered airports blue, non-towered magenta; VORs blue, NDBs brown-magenta. */
export const CHART_COLOURS = {
  towered: '#1d5fb4',
  nonTowered: '#a3177f',
  vor: '#1d4f91',
  ndb: '#8b3a62',
  fix: '#3b3b3b',
  route: '#d6008f',
} as const;

const PALETTES = {
  day: { water: '#b7d6ea', land: '#f4f0e6', country: '#7d6f5c', state: '#a39684', fix: CHART_COLOURS.fix, halo: '#ffffff' },
  night: { water: '#0a1a2a', land: '#1f2a33', country: '#8fa3b5', state: '#58697a', fix: '#c9d2da', halo: '#0a1a2a' },
} as const;

/** Zoom from which fixes are drawn. */
export const FIX_MIN_ZOOM = 9;
/** The basemap is cut to this zoom by the server; MapLibre over-zooms beyond. */
export const BASEMAP_MAX_ZOOM = 10;
/** The chart tile folder's zoom range. */
export const VFR_MIN_ZOOM = 5;
export const VFR_MAX_ZOOM = 11;

export const AVIATION_SOURCES = ['airports', 'navaids', 'fixes', 'route'] as const;
export type AviationSource = (typeof AVIATION_SOURCES)[number];

const EMPTY: FeatureCollection = { type: 'FeatureCollection', features: [] };

export function mapStyle({ origin, theme, performance, vfr }: MapStyleOptions): StyleSpecification {
  const colours = PALETTES[theme];
  const layers: LayerSpecification[] = [
    { id: 'water', type: 'background', paint: { 'background-color': colours.water } },
    { id: 'land', type: 'fill', source: 'basemap', 'source-layer': 'land', paint: { 'fill-color': colours.land } },
    {
      id: 'vfr',
      type: 'raster',
      source: 'vfr',
      layout: { visibility: vfr ? 'visible' : 'none' },
      paint: { 'raster-opacity': theme === 'night' ? 0.75 : 1 },
    },
    ...(performance ? [] : [{
      id: 'states',
      type: 'line',
      source: 'basemap',
      'source-layer': 'states',
      paint: { 'line-color': colours.state, 'line-width': 0.8, 'line-dasharray': [3, 2] },
    } satisfies LayerSpecification]),
    {
      id: 'countries',
      type: 'line',
      source: 'basemap',
      'source-layer': 'countries',
      paint: { 'line-color': colours.country, 'line-width': 1.3 },
    },
    { id: 'route-line', type: 'line', source: 'route', filter: ['==', ['geometry-type'], 'LineString'],
      layout: { 'line-cap': 'round', 'line-join': 'round' },
      paint: { 'line-color': CHART_COLOURS.route, 'line-width': 4, 'line-opacity': 0.85 } },
    ...(performance ? [] : [{
      id: 'fixes',
      type: 'circle',
      source: 'fixes',
      minzoom: FIX_MIN_ZOOM,
      paint: { 'circle-radius': 3, 'circle-color': colours.fix, 'circle-stroke-color': colours.halo, 'circle-stroke-width': 1 },
    } satisfies LayerSpecification]),
    {
      // VOR family: hollow blue rings; NDB: a brown-magenta dot in a dotted-looking wide halo.
      id: 'navaids',
      type: 'circle',
      source: 'navaids',
      minzoom: 5,
      paint: {
        'circle-radius': ['interpolate', ['linear'], ['zoom'], 5, 3, 10, 8],
        'circle-color': ['case', ['==', ['get', 'family'], 'NDB'], CHART_COLOURS.ndb, 'rgba(0,0,0,0)'],
        'circle-opacity': ['case', ['==', ['get', 'family'], 'NDB'], 0.55, 1],
        'circle-stroke-color': ['case', ['==', ['get', 'family'], 'NDB'], CHART_COLOURS.ndb, CHART_COLOURS.vor],
        'circle-stroke-width': ['case', ['==', ['get', 'family'], 'NDB'], 1, 2],
      },
    },
    {
      id: 'airports',
      type: 'circle',
      source: 'airports',
      paint: {
        'circle-radius': ['interpolate', ['linear'], ['zoom'], 3, ['case', ['get', 'towered'], 2.5, 1.2], 8, ['case', ['get', 'towered'], 6, 4], 12, 9],
        'circle-color': ['case', ['get', 'towered'], CHART_COLOURS.towered, CHART_COLOURS.nonTowered],
        // Soft (S) and water (W) airports are drawn hollow, as on the chart.
        'circle-stroke-color': ['case', ['==', ['get', 'surface'], 'H'], colours.halo,
          ['case', ['get', 'towered'], CHART_COLOURS.towered, CHART_COLOURS.nonTowered]],
        'circle-stroke-width': ['case', ['==', ['get', 'surface'], 'H'], 1, 2],
        'circle-opacity': ['case', ['==', ['get', 'surface'], 'H'], 1, 0.25],
      },
    },
    ...(performance ? [] : [{
      id: 'route-points',
      type: 'circle',
      source: 'route',
      filter: ['==', ['geometry-type'], 'Point'],
      paint: { 'circle-radius': 4, 'circle-color': colours.halo, 'circle-stroke-color': CHART_COLOURS.route, 'circle-stroke-width': 2 },
    } satisfies LayerSpecification]),
  ];
  return {
    version: 8,
    sources: {
      basemap: { type: 'vector', tiles: [`${origin}/tiles/basemap/{z}/{x}/{y}.pbf`], minzoom: 0, maxzoom: BASEMAP_MAX_ZOOM },
      vfr: { type: 'raster', tiles: [`${origin}/tiles/vfr/{z}/{x}/{y}.png`], tileSize: 256, minzoom: VFR_MIN_ZOOM, maxzoom: VFR_MAX_ZOOM },
      airports: { type: 'geojson', data: EMPTY },
      navaids: { type: 'geojson', data: EMPTY },
      fixes: { type: 'geojson', data: EMPTY },
      route: { type: 'geojson', data: EMPTY },
    },
    layers,
  };
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
      return family ? [point(navaid.lonDeg, navaid.latDeg, { id: navaid.id, type: navaid.type, family })] : [];
    }),
  };
}

export function fixFeatures(fixes: readonly Fix[]): FeatureCollection {
  return { type: 'FeatureCollection', features: fixes.map((fix) => point(fix.lonDeg, fix.latDeg, { id: fix.id })) };
}

/** The route as a line through its waypoints plus one point per waypoint; empty without two positions. */
export function routeFeatures(waypoints: readonly { lat: number; lon: number; code?: string }[] | undefined | null): FeatureCollection {
  const placed = (waypoints ?? []).filter((w) => Number.isFinite(w.lat) && Number.isFinite(w.lon));
  if (placed.length < 2) return EMPTY;
  return {
    type: 'FeatureCollection',
    features: [
      { type: 'Feature', geometry: { type: 'LineString', coordinates: placed.map((w) => [w.lon, w.lat]) }, properties: {} },
      ...placed.map((w) => point(w.lon, w.lat, { code: w.code ?? '' })),
    ],
  };
}
