import type { LayerSpecification, SourceSpecification } from '@maplibre/maplibre-gl-style-spec';
import type { GeoJSONSource } from 'maplibre-gl';
import type { RootState } from '../../../store/rootReducer';
import type { RoutingWorkerFacade } from '../../../worker/facade';
import type { WeatherProductType } from '@clearway/protocol';
import type { WeatherStore } from '../../weather';
import type { MapTheme, Palette } from '../palette';

/**
 * A map overlay (ARCHITECTURE.md "Map overlays are modules"): its style sources and layers, what it
 * takes from the store, and how it puts that on a map. MapView creates the map and calls, for each
 * overlay of the list in layers/index.ts: `add` once per map, then `update` with the overlay's
 * input whenever that input changed (shallow compare of its fields) and after every new style.
 */
export interface MapOverlay<Input extends object = object> {
  /** Its key in the store's `overlays.shown` (for a toggle) and in the list. */
  readonly id: string;
  /** A map toolbar button switching it on and off (the store's `overlays.shown[id]`); none: always on. */
  readonly toggle?: OverlayToggle;
  /** Its part of the style: sources and layers, each layer in a slot of the stack (see LayerSlot). */
  style(options: OverlayStyleOptions): OverlayStyle;
  /** What `update` needs, from the store and services; fields are compared by reference. */
  select(state: RootState, services: OverlayServices): Input;
  /** Once per map, before the first update: its own map events; returns their removal. */
  add?(map: OverlayMap, out: OverlayOutput): () => void;
  /** Puts the input on the map (source data, visibility, camera) and test hooks on `out`. */
  update(map: OverlayMap, input: Input, out: OverlayOutput): void;
}

export interface OverlayToggle {
  /** Tooltip and accessible name. */
  label: string;
  /** data-testid of the button. */
  testId: string;
  /** The button's face (short text). */
  text: string;
  /** A weather layer: the button also shows that product's age and its stale style (weatherToggle.tsx). */
  weather?: WeatherProductType;
}

export interface OverlayStyleOptions {
  /** Origin of the tile server, e.g. `http://127.0.0.1:8080` (MapLibre needs absolute tile URLs). */
  origin: string;
  theme: MapTheme;
  palette: Palette;
  /** Performance mode: fewer layers, no label collision work. */
  performance: boolean;
  /** The overlay is switched on (always true for an overlay without a toggle). */
  shown: boolean;
}

/**
 * Where a layer goes in the stack, bottom to top: `chart` over the land (rasters: VFR, weather
 * radar), then the basemap's borders and place names, `lines` (airways, route), `features`
 * (airports, navaids, fixes), `markers` (route points, ownship, traffic), `labels`. Within a slot,
 * overlays in list order.
 */
export type LayerSlot = 'chart' | 'lines' | 'features' | 'markers' | 'labels';
export const LAYER_SLOTS: readonly LayerSlot[] = ['chart', 'lines', 'features', 'markers', 'labels'];

export interface OverlayStyle {
  sources: Record<string, SourceSpecification>;
  layers: Partial<Record<LayerSlot, LayerSpecification[]>>;
}

export interface OverlayServices {
  /** The routing worker; absent in some tests. */
  routing: RoutingWorkerFacade | undefined;
  /** The weather snapshots (features/weather); absent or null: none. */
  weather?: WeatherStore | null;
}

/** The map view's test hooks (its container's dataset: `out.mapRoute` is `data-map-route`). */
export type OverlayOutput = Record<string, string | undefined>;

/** The part of a MapLibre map the overlays use (a test passes a small fake). */
export interface OverlayMap {
  getSource<T extends GeoJSONSource>(id: string): T | undefined;
  getLayer(id: string): unknown;
  setLayoutProperty(layerId: string, name: 'visibility', value: 'visible' | 'none'): unknown;
  isSourceLoaded(id: string): boolean;
  once(type: 'style.load' | 'idle' | 'moveend', listener: () => void): unknown;
  on(type: 'moveend', listener: () => void): unknown;
  off(type: 'moveend', listener: () => void): unknown;
  getBounds(): { getWest(): number; getSouth(): number; getEast(): number; getNorth(): number };
  getZoom(): number;
  getCenter(): { lng: number; lat: number };
  getContainer(): { clientWidth: number; clientHeight: number };
  easeTo(options: { center: [number, number]; zoom: number; bearing: number; pitch: number; duration: number }): unknown;
}
