import type { ExpressionSpecification, LayerSpecification, SourceSpecification, StyleSpecification } from '@maplibre/maplibre-gl-style-spec';
import { OVERLAYS } from './layers';
import { packTileUrl } from './packs/urls';
import { LAYER_SLOTS, type LayerSlot } from './layers/overlay';
import { COVERAGE_LAYER, NO_DATA_COLOURS } from './layers/tileCoverage';
import { NAME_FONT, PALETTES, type MapTheme, type Palette } from './palette';

/**
 * The map's style (no outside service): the server's vector basemap (`/tiles/basemap`, layers land,
 * countries, states), with each overlay's sources and layers (layers/index.ts) in their slots of the
 * stack; label glyphs from the server's `/fonts/{fontstack}/{range}.pbf`. Pure, so it is unit tested.
 */
export type { MapTheme } from './palette';

export interface MapStyleOptions {
  /** Origin of the tile server, e.g. `http://127.0.0.1:8080` (MapLibre needs absolute tile URLs). */
  origin: string;
  theme: MapTheme;
  /**
   * Performance mode: fewer layers (no state borders, fixes, route waypoints, airway / fix / navaid
   * name labels) and no label collision work (the remaining labels are placed without it).
   */
  performance: boolean;
  /** The switchable overlays that are on, by id (the store's `overlays.shown`); absent ones are off. */
  shown?: Readonly<Record<string, boolean>>;
}

/** The basemap is cut to this zoom by the server; MapLibre over-zooms beyond. */
export const BASEMAP_MAX_ZOOM = 10;

function placeLabelLayers(colours: Palette): LayerSpecification[] {
  const layer = (id: string, kind: 'country' | 'state', minzoom: number, maxzoom: number, size: number | ExpressionSpecification, colour: string): LayerSpecification => ({
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
  return [layer('country-labels', 'country', 1, 8, 13, colours.country), layer('state-labels', 'state', 4, 10, ['interpolate', ['linear'], ['zoom'], 7, 11, 8, 12], colours.stateText)];
}

export function mapStyle({ origin, theme, performance, shown = {} }: MapStyleOptions): StyleSpecification {
  const colours = PALETTES[theme];
  const parts = OVERLAYS.map((overlay) => overlay.style({ origin, theme, palette: colours, performance, shown: !overlay.toggle || shown[overlay.id] === true }));
  const slots = Object.fromEntries(LAYER_SLOTS.map((slot) => [slot, parts.flatMap((part) => part.layers[slot] ?? [])])) as Record<LayerSlot, LayerSpecification[]>;
  const layers: LayerSpecification[] = [
    // Land and water both come from the tiles; where no tile reached the device, no data (layers/tileCoverage.ts).
    { id: 'no-data', type: 'background', paint: { 'background-color': NO_DATA_COLOURS[theme] } },
    { id: 'water', type: 'fill', source: 'basemap', 'source-layer': COVERAGE_LAYER, paint: { 'fill-color': colours.water, 'fill-antialias': false } },
    // No antialiased outline pass (a program and a draw of every coast each frame): the opening picture
    // is drawn with the fewest shader programs. State borders are solid for the same reason.
    { id: 'land', type: 'fill', source: 'basemap', 'source-layer': 'land', paint: { 'fill-color': colours.land, 'fill-antialias': false } },
    ...slots.chart,
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
    ...slots.lines,
    ...slots.features,
    ...slots.markers,
    ...slots.labels,
  ];
  const sources: Record<string, SourceSpecification> = {
    // Through the pack protocol: a downloaded region's basemap pack first, this URL second (packs/protocol.ts).
    basemap: { type: 'vector', tiles: [packTileUrl('basemap', `${origin}/tiles/basemap/{z}/{x}/{y}.pbf`)], minzoom: 0, maxzoom: BASEMAP_MAX_ZOOM },
  };
  for (const part of parts) Object.assign(sources, part.sources);
  return { version: 8, glyphs: `${origin}/fonts/{fontstack}/{range}.pbf`, sources, layers };
}

/** The GeoJSON sources of every overlay (a new style empties them: they are filled again). */
export function overlayGeoJsonSources(): string[] {
  const style = mapStyle({ origin: 'http://localhost', theme: 'day', performance: false });
  return Object.entries(style.sources).flatMap(([id, source]) => (source.type === 'geojson' ? [id] : []));
}
