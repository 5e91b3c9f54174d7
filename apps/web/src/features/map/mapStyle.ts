import type { LayerSpecification, StyleSpecification } from '@maplibre/maplibre-gl-style-spec';
import type { Feature, FeatureCollection, GeoJsonProperties, Point } from 'geojson';
import type { RunwayInfo } from '@clearway/navdb';

/**
 * The map's style (no outside service): the server's vector basemap (`/tiles/basemap`, layers land,
 * countries, states), the VFR chart raster tiles (`/tiles/vfr`) and GeoJSON sources for the
 * aviation layers, which MapView fills from the routing worker; label glyphs from the server's
 * `/fonts/{fontstack}/{range}.pbf`. Pure, so it is unit tested.
 */
export type MapTheme = 'day' | 'night';

export interface MapStyleOptions {
  /** Origin of the tile server, e.g. `http://127.0.0.1:8080` (MapLibre needs absolute tile URLs). */
  origin: string;
  theme: MapTheme;
  /**
   * Performance mode: fewer layers (no state borders, fixes, route waypoints, airway / fix / navaid
   * name labels) and no label collision work (the remaining labels are placed without it).
   */
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
  /** Victor and T routes (low): grey-blue; Jet and Q routes (high): dark blue-grey. */
  airwayLow: '#6f8fa8',
  airwayHigh: '#3d4f63',
  preview: '#0a8f6a',
} as const;

const PALETTES = {
  day: { water: '#b7d6ea', land: '#f4f0e6', country: '#7d6f5c', state: '#a39684', fix: CHART_COLOURS.fix, halo: '#ffffff', text: '#1b1b1b', airwayLow: CHART_COLOURS.airwayLow, airwayHigh: CHART_COLOURS.airwayHigh },
  night: { water: '#0a1a2a', land: '#1f2a33', country: '#8fa3b5', state: '#58697a', fix: '#c9d2da', halo: '#0a1a2a', text: '#e4ebf0', airwayLow: '#7f9fb8', airwayHigh: '#a9b7c6' },
} as const;

/** Zoom from which fixes are drawn. */
export const FIX_MIN_ZOOM = 9;
/** The basemap is cut to this zoom by the server; MapLibre over-zooms beyond. */
export const BASEMAP_MAX_ZOOM = 10;
/** The chart tile folder's zoom range. */
export const VFR_MIN_ZOOM = 5;
export const VFR_MAX_ZOOM = 11;

/** Zoom from which airways are drawn, and their names. */
export const AIRWAY_MIN_ZOOM = 6;
export const AIRWAY_LABEL_MIN_ZOOM = 7;
/** Zoom from which hard-surface airports are drawn with their runways. */
export const RUNWAY_MIN_ZOOM = 11;
/** Zoom from which airport and navaid ids are labelled; navaid names and fix ids from close zoom. */
export const AIRPORT_LABEL_MIN_ZOOM = 6;
export const NAVAID_NAME_MIN_ZOOM = 9;
export const FIX_LABEL_MIN_ZOOM = 10;
/** Label fonts served by the server (apps/server/src/tiles/glyphs.ts). */
export const LABEL_FONT = ['DejaVu Sans Bold'];
export const NAME_FONT = ['DejaVu Sans Book'];

/** Zoom from which seaplane bases show the anchor in their ring. */
export const WATER_SYMBOL_MIN_ZOOM = 7;

/** The label layers (symbol); the clickable feature layers. */
export const LABEL_LAYERS = ['airway-labels', 'fix-labels', 'navaid-labels', 'airport-labels'] as const;
export const CLICKABLE_LAYERS = ['airports', 'runways', 'navaids', 'fixes'] as const;

export const AVIATION_SOURCES = ['airports', 'navaids', 'fixes', 'airways', 'runways', 'route', 'final-fixes'] as const;
export type AviationSource = (typeof AVIATION_SOURCES)[number];

const EMPTY: FeatureCollection = { type: 'FeatureCollection', features: [] };

function placeLabelLayers(colours: { country: string; state: string; halo: string }): LayerSpecification[] {
  const layer = (id: string, kind: 'country' | 'state', minzoom: number, maxzoom: number, size: number, colour: string): LayerSpecification => ({
    id,
    type: 'symbol',
    source: 'basemap',
    'source-layer': 'places',
    filter: ['==', ['get', 'kind'], kind],
    minzoom,
    maxzoom,
    layout: { 'text-field': ['get', 'name'], 'text-font': NAME_FONT, 'text-size': size, 'text-transform': 'uppercase', 'text-letter-spacing': 0.08, 'text-max-width': 8 },
    paint: { 'text-color': colour, 'text-halo-color': colours.halo, 'text-halo-width': 1.2 },
  });
  return [layer('country-labels', 'country', 1, 8, 13, colours.country), layer('state-labels', 'state', 4, 10, 11, colours.state)];
}

export function mapStyle({ origin, theme, performance, vfr }: MapStyleOptions): StyleSpecification {
  const colours = PALETTES[theme];
  const layers: LayerSpecification[] = [
    { id: 'water', type: 'background', paint: { 'background-color': colours.water } },
    // No antialiased outline pass (a program and a draw of every coast each frame): the opening picture
    // is drawn with the fewest shader programs. State borders are solid for the same reason.
    { id: 'land', type: 'fill', source: 'basemap', 'source-layer': 'land', paint: { 'fill-color': colours.land, 'fill-antialias': false } },
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
      paint: { 'line-color': colours.state, 'line-width': 0.8 },
    } satisfies LayerSpecification]),
    {
      id: 'countries',
      type: 'line',
      source: 'basemap',
      'source-layer': 'countries',
      paint: { 'line-color': colours.country, 'line-width': 1.3 },
    },
    // Country and state names from the basemap, below the aviation layers so aviation labels win a collision.
    ...(performance ? [] : placeLabelLayers(colours)),
    ...airwayLayers(colours),
    { id: 'route-line', type: 'line', source: 'route', filter: ['==', ['geometry-type'], 'LineString'],
      layout: { 'line-cap': 'round', 'line-join': 'round' },
      paint: { 'line-color': CHART_COLOURS.route, 'line-width': 4, 'line-opacity': 0.85 } },
    { id: 'final-fixes-line', type: 'line', source: 'final-fixes', filter: ['==', ['geometry-type'], 'LineString'],
      layout: { 'line-cap': 'round', 'line-join': 'round' },
      paint: { 'line-color': CHART_COLOURS.preview, 'line-width': 3, 'line-dasharray': [2, 1.5] } },
    {
      // Hard-surface airports at close zoom: the runway pattern, in the airport's chart colour.
      id: 'runways',
      type: 'line',
      source: 'runways',
      minzoom: RUNWAY_MIN_ZOOM,
      layout: { 'line-cap': 'butt' },
      paint: {
        'line-color': ['case', ['get', 'towered'], CHART_COLOURS.towered, CHART_COLOURS.nonTowered],
        'line-width': ['interpolate', ['exponential', 2], ['zoom'], 11, 2.5, 16, 24],
      },
    },
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
        // From RUNWAY_MIN_ZOOM a hard-surface airport is its runways inside a ring.
        'circle-stroke-color': ['step', ['zoom'],
          ['case', ['==', ['get', 'surface'], 'H'], colours.halo, ['case', ['get', 'towered'], CHART_COLOURS.towered, CHART_COLOURS.nonTowered]],
          RUNWAY_MIN_ZOOM, ['case', ['get', 'towered'], CHART_COLOURS.towered, CHART_COLOURS.nonTowered]],
        'circle-stroke-width': ['case', ['==', ['get', 'surface'], 'H'], 1, 2],
        // Soft (S): a ring with a light fill; water (W): an empty ring holding an anchor (water-airports).
        'circle-opacity': ['step', ['zoom'],
          ['match', ['get', 'surface'], 'H', 1, 'W', 0, 0.25],
          RUNWAY_MIN_ZOOM, ['match', ['get', 'surface'], 'H', 0, 'W', 0, 0.25]],

      },
    },
    {
      // Seaplane bases: the chart's anchor in the ring (a glyph, placed whatever the collisions).
      id: 'water-airports',
      type: 'symbol',
      source: 'airports',
      minzoom: WATER_SYMBOL_MIN_ZOOM,
      filter: ['==', ['get', 'surface'], 'W'],
      layout: {
        'text-field': '\u2693',
        'text-font': LABEL_FONT,
        'text-size': ['interpolate', ['linear'], ['zoom'], 7, 8, 12, 13],
        'text-allow-overlap': true,
        'text-ignore-placement': true,
      },
      paint: { 'text-color': ['case', ['get', 'towered'], CHART_COLOURS.towered, CHART_COLOURS.nonTowered] },
    },
    ...(performance ? [] : [{
      id: 'route-points',
      type: 'circle',
      source: 'route',
      filter: ['==', ['geometry-type'], 'Point'],
      paint: { 'circle-radius': 4, 'circle-color': colours.halo, 'circle-stroke-color': CHART_COLOURS.route, 'circle-stroke-width': 2 },
    } satisfies LayerSpecification]),
    { id: 'final-fixes-points', type: 'circle', source: 'final-fixes', filter: ['==', ['geometry-type'], 'Point'],
      paint: { 'circle-radius': 4, 'circle-color': colours.halo, 'circle-stroke-color': CHART_COLOURS.preview, 'circle-stroke-width': 2 } },
    ...labelLayers(colours, performance),
  ];
  return {
    version: 8,
    glyphs: `${origin}/fonts/{fontstack}/{range}.pbf`,
    sources: {
      basemap: { type: 'vector', tiles: [`${origin}/tiles/basemap/{z}/{x}/{y}.pbf`], minzoom: 0, maxzoom: BASEMAP_MAX_ZOOM },
      vfr: { type: 'raster', tiles: [`${origin}/tiles/vfr/{z}/{x}/{y}.png`], tileSize: 256, minzoom: VFR_MIN_ZOOM, maxzoom: VFR_MAX_ZOOM },
      airports: { type: 'geojson', data: EMPTY },
      navaids: { type: 'geojson', data: EMPTY },
      fixes: { type: 'geojson', data: EMPTY },
      airways: { type: 'geojson', data: EMPTY },
      runways: { type: 'geojson', data: EMPTY },
      route: { type: 'geojson', data: EMPTY },
      'final-fixes': { type: 'geojson', data: EMPTY },
    },
    layers,
  };
}

type Palette = (typeof PALETTES)[MapTheme];

/** Victor / T (low) and Jet / Q (high) airways as two line layers. */
function airwayLayers(colours: Palette): LayerSpecification[] {
  return [
    { id: 'airways-low', type: 'line', source: 'airways', minzoom: AIRWAY_MIN_ZOOM, filter: ['==', ['get', 'level'], 'low'],
      paint: { 'line-color': colours.airwayLow, 'line-width': ['interpolate', ['linear'], ['zoom'], 6, 0.8, 10, 2], 'line-opacity': 0.8 } },
    { id: 'airways-high', type: 'line', source: 'airways', minzoom: AIRWAY_MIN_ZOOM, filter: ['==', ['get', 'level'], 'high'],
      paint: { 'line-color': colours.airwayHigh, 'line-width': ['interpolate', ['linear'], ['zoom'], 6, 0.8, 10, 2], 'line-opacity': 0.8 } },
  ];
}

/**
 * Labels, with collision detection (MapLibre's default: a label that would overlap another is not
 * placed). Performance mode keeps only airport and navaid ids, placed without collision work.
 */
function labelLayers(colours: Palette, performance: boolean): LayerSpecification[] {
  const halo = { 'text-color': colours.text, 'text-halo-color': colours.halo, 'text-halo-width': 1.5 };
  const noCollision = performance ? { 'text-allow-overlap': true, 'text-ignore-placement': true } : {};
  const airportLabels: LayerSpecification = {
    id: 'airport-labels',
    type: 'symbol',
    source: 'airports',
    minzoom: performance ? 8 : AIRPORT_LABEL_MIN_ZOOM,
    layout: {
      'text-field': ['get', 'id'],
      'text-font': LABEL_FONT,
      'text-size': ['interpolate', ['linear'], ['zoom'], 6, 10, 12, 13],
      'text-anchor': 'top',
      'text-offset': [0, 0.7],
      // Towered airports first when labels compete.
      'symbol-sort-key': ['case', ['get', 'towered'], 0, 1],
      ...noCollision,
    },
    paint: { ...halo, 'text-color': ['case', ['get', 'towered'], CHART_COLOURS.towered, CHART_COLOURS.nonTowered] },
  };
  const navaidLabels: LayerSpecification = {
    id: 'navaid-labels',
    type: 'symbol',
    source: 'navaids',
    minzoom: performance ? 8 : 6,
    layout: {
      'text-field': performance
        ? ['get', 'id']
        : ['step', ['zoom'], ['get', 'id'], NAVAID_NAME_MIN_ZOOM, ['format', ['get', 'name'], { 'text-font': ['literal', NAME_FONT], 'font-scale': 0.85 }, '\n', {}, ['get', 'id'], {}]],
      'text-font': LABEL_FONT,
      'text-size': 11,
      'text-anchor': 'bottom',
      'text-offset': [0, -0.9],
      ...noCollision,
    },
    paint: { ...halo, 'text-color': ['case', ['==', ['get', 'family'], 'NDB'], CHART_COLOURS.ndb, CHART_COLOURS.vor] },
  };
  if (performance) return [navaidLabels, airportLabels];
  return [
    {
      id: 'airway-labels',
      type: 'symbol',
      source: 'airways',
      minzoom: AIRWAY_LABEL_MIN_ZOOM,
      layout: {
        'symbol-placement': 'line',
        'symbol-spacing': 300,
        'text-field': ['get', 'id'],
        'text-font': LABEL_FONT,
        'text-size': 10,
        'text-rotation-alignment': 'map',
        'text-keep-upright': true,
      },
      paint: { ...halo, 'text-color': ['case', ['==', ['get', 'level'], 'high'], colours.airwayHigh, colours.airwayLow] },
    },
    {
      id: 'fix-labels',
      type: 'symbol',
      source: 'fixes',
      minzoom: FIX_LABEL_MIN_ZOOM,
      layout: { 'text-field': ['get', 'id'], 'text-font': NAME_FONT, 'text-size': 10, 'text-anchor': 'left', 'text-offset': [0.6, 0] },
      paint: { ...halo, 'text-color': colours.fix },
    },
    navaidLabels,
    airportLabels,
  ];
}

function point(lon: number, lat: number, properties: GeoJsonProperties): Feature<Point> {
  return { type: 'Feature', geometry: { type: 'Point', coordinates: [lon, lat] }, properties };
}


/** Runway centre lines of airports (getRunwayInfo paths), in the airport's chart colour. */
export function runwayFeatures(infos: readonly RunwayInfo[]): FeatureCollection {
  return {
    type: 'FeatureCollection',
    features: infos.flatMap((info) => info.runway.paths.map((path): Feature => ({
      type: 'Feature',
      geometry: { type: 'LineString', coordinates: [[path.x1, path.y1], [path.x2, path.y2]] },
      properties: { id: info.summary.code, name: info.summary.name, towered: info.runway.base.atct },
    }))),
  };
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
