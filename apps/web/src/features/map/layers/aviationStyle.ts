import type { ExpressionSpecification, LayerSpecification } from '@maplibre/maplibre-gl-style-spec';
import type { Feature, FeatureCollection } from 'geojson';
import type { RunwayInfo } from '@clearway/navdb';
import { LABEL_FONT, NAME_FONT, type Palette } from '../palette';
import type { LayerSlot } from './overlay';

/** Zoom from which fixes are drawn. */
export const FIX_MIN_ZOOM = 9;
/** Zoom from which airways are drawn, and their names. */
export const AIRWAY_MIN_ZOOM = 6;
export const AIRWAY_LABEL_MIN_ZOOM = 7;
/** Zoom from which hard-surface airports are drawn with their runways. */
export const RUNWAY_MIN_ZOOM = 11;
/** Zoom from which airport and navaid ids are labelled; navaid names and fix ids from close zoom. */
export const AIRPORT_LABEL_MIN_ZOOM = 6;
export const NAVAID_NAME_MIN_ZOOM = 9;
export const FIX_LABEL_MIN_ZOOM = 10;
/** Zoom from which seaplane bases show the anchor in their ring. */
export const WATER_SYMBOL_MIN_ZOOM = 7;

/**
 * Label size in px by zoom: at least 12 px from zoom 8, where a pilot reads ids on a kneeboard at arm's
 * length (issue 27 point 8); smaller only on the overview zooms where labels compete for room.
 */
export const LABEL_SIZE: ExpressionSpecification = ['interpolate', ['linear'], ['zoom'], 6, 10, 8, 12, 12, 14];

/** The label layers (symbol); the clickable feature layers. */
export const LABEL_LAYERS = ['airway-labels', 'fix-labels', 'navaid-labels', 'airport-labels'] as const;
export const CLICKABLE_LAYERS = ['airports', 'runways', 'navaids', 'fixes'] as const;

/** The aviation overlay's GeoJSON sources, filled from the routing worker (or the server's overview). */
export const AVIATION_SOURCES = ['airports', 'navaids', 'fixes', 'airways', 'runways'] as const;

/**
 * The aviation overlay's layers by slot: airways under the route, runways, fixes, navaids and
 * airports over it, their labels on top. Performance mode drops fixes and most labels.
 */
export function aviationLayers(colours: Palette, performance: boolean): Partial<Record<LayerSlot, LayerSpecification[]>> {
  return {
    lines: airwayLayers(colours),
    features: [
      {
        // Hard-surface airports at close zoom: the runway pattern, in the airport's chart colour.
        id: 'runways',
        type: 'line',
        source: 'runways',
        minzoom: RUNWAY_MIN_ZOOM,
        layout: { 'line-cap': 'butt' },
        paint: {
          'line-color': ['case', ['get', 'towered'], colours.towered, colours.nonTowered],
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
          'circle-color': ['case', ['==', ['get', 'family'], 'NDB'], colours.ndb, 'rgba(0,0,0,0)'],
          'circle-opacity': ['case', ['==', ['get', 'family'], 'NDB'], 0.55, 1],
          'circle-stroke-color': ['case', ['==', ['get', 'family'], 'NDB'], colours.ndb, colours.vor],
          'circle-stroke-width': ['case', ['==', ['get', 'family'], 'NDB'], 1, 2],
        },
      },
      {
        id: 'airports',
        type: 'circle',
        source: 'airports',
        paint: {
          'circle-radius': ['interpolate', ['linear'], ['zoom'], 3, ['case', ['get', 'towered'], 2.5, 1.2], 8, ['case', ['get', 'towered'], 6, 4], 12, 9],
          'circle-color': ['case', ['get', 'towered'], colours.towered, colours.nonTowered],
          // Soft (S) and water (W) airports are drawn hollow, as on the chart.
          // From RUNWAY_MIN_ZOOM a hard-surface airport is its runways inside a ring.
          'circle-stroke-color': ['step', ['zoom'],
            ['case', ['==', ['get', 'surface'], 'H'], colours.halo, ['case', ['get', 'towered'], colours.towered, colours.nonTowered]],
            RUNWAY_MIN_ZOOM, ['case', ['get', 'towered'], colours.towered, colours.nonTowered]],
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
        paint: { 'text-color': ['case', ['get', 'towered'], colours.towered, colours.nonTowered] },
      },
    ],
    labels: labelLayers(colours, performance),
  };
}

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
      'text-size': LABEL_SIZE,
      'text-anchor': 'top',
      'text-offset': [0, 0.7],
      // Towered airports first when labels compete.
      'symbol-sort-key': ['case', ['get', 'towered'], 0, 1],
      ...noCollision,
    },
    paint: { ...halo, 'text-color': ['case', ['get', 'towered'], colours.towered, colours.nonTowered] },
  };
  const navaidLabels: LayerSpecification = {
    id: 'navaid-labels',
    type: 'symbol',
    source: 'navaids',
    minzoom: performance ? 8 : 6,
    layout: {
      'text-field': performance
        ? ['get', 'id']
        : ['step', ['zoom'], ['get', 'id'], NAVAID_NAME_MIN_ZOOM, ['format', ['get', 'name'], { 'text-font': ['literal', NAME_FONT] }, '\n', {}, ['get', 'id'], {}]],
      'text-font': LABEL_FONT,
      'text-size': LABEL_SIZE,
      'text-anchor': 'bottom',
      'text-offset': [0, -0.9],
      ...noCollision,
    },
    paint: { ...halo, 'text-color': ['case', ['==', ['get', 'family'], 'NDB'], colours.ndb, colours.vor] },
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
        'text-size': LABEL_SIZE,
        'text-rotation-alignment': 'map',
        'text-keep-upright': true,
      },
      paint: { ...halo, 'text-color': ['case', ['==', ['get', 'level'], 'high'], colours.airwayHigh, colours.airwayLowText] },
    },
    {
      id: 'fix-labels',
      type: 'symbol',
      source: 'fixes',
      minzoom: FIX_LABEL_MIN_ZOOM,
      layout: { 'text-field': ['get', 'id'], 'text-font': NAME_FONT, 'text-size': LABEL_SIZE, 'text-anchor': 'left', 'text-offset': [0.6, 0] },
      paint: { ...halo, 'text-color': colours.fix },
    },
    navaidLabels,
    airportLabels,
  ];
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
