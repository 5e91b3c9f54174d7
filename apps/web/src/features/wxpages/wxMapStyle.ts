import type { FilterSpecification, LayerSpecification, StyleSpecification } from '@maplibre/maplibre-gl-style-spec';
import { COVERAGE_LAYER, NO_DATA_COLOURS, PALETTES, type MapTheme } from '../map';

/**
 * The weather pages' map: the server's basemap (land, water, state and country borders, in the map
 * page's colours of the theme; cached by the service worker as the map page's tiles are) with one
 * product's layers over it, all on the `wx` GeoJSON source (features carry their list index `i`), and
 * the chosen item's outline on top. No labels (no glyph requests). Pure.
 */

export const WX_SOURCE = 'wx';
/** The basemap is cut to this zoom by the server (features/map BASEMAP_MAX_ZOOM); MapLibre over-zooms beyond. */
const BASEMAP_MAX_ZOOM = 10;

/** The lower 48 (west, south, east, north): where every page opens. */
export const CONUS_BOUNDS: [number, number, number, number] = [-125, 24, -66.5, 49.5];

export function wxMapStyle(origin: string, theme: MapTheme, product: LayerSpecification[]): StyleSpecification {
  const colours = PALETTES[theme];
  return {
    version: 8,
    sources: {
      basemap: { type: 'vector', tiles: [`${origin}/tiles/basemap/{z}/{x}/{y}.pbf`], minzoom: 0, maxzoom: BASEMAP_MAX_ZOOM },
      [WX_SOURCE]: { type: 'geojson', data: { type: 'FeatureCollection', features: [] }, tolerance: 0.5, buffer: 16 },
    },
    layers: [
      { id: 'no-data', type: 'background', paint: { 'background-color': NO_DATA_COLOURS[theme] } },
      { id: 'water', type: 'fill', source: 'basemap', 'source-layer': COVERAGE_LAYER, paint: { 'fill-color': colours.water, 'fill-antialias': false } },
      { id: 'land', type: 'fill', source: 'basemap', 'source-layer': 'land', paint: { 'fill-color': colours.land, 'fill-antialias': false } },
      { id: 'states', type: 'line', source: 'basemap', 'source-layer': 'states', paint: { 'line-color': colours.state, 'line-width': 0.8 } },
      { id: 'countries', type: 'line', source: 'basemap', 'source-layer': 'countries', paint: { 'line-color': colours.country, 'line-width': 1.3 } },
      ...product,
    ],
  };
}

/** The selected item's mark: a ring around a point, a thick outline around an area. */
export function selectionLayers(theme: MapTheme, geometry: 'point' | 'area'): LayerSpecification[] {
  const colour = theme === 'night' ? '#ffffff' : '#000000';
  const nothing: FilterSpecification = ['==', ['get', 'i'], -1];
  return geometry === 'point'
    ? [{ id: 'wx-selected', type: 'circle', source: WX_SOURCE, filter: nothing, paint: { 'circle-radius': 11, 'circle-color': 'rgba(0,0,0,0)', 'circle-stroke-color': colour, 'circle-stroke-width': 3 } }]
    : [{ id: 'wx-selected', type: 'line', source: WX_SOURCE, filter: nothing, paint: { 'line-color': colour, 'line-width': 3.5 } }];
}
