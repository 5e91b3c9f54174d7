// Test kit of features/map (src/test: tests and kits only): a fake of the part of a MapLibre map the overlays use.
import type { FeatureCollection } from 'geojson';
import type { OverlayMap } from '../../features/map/layers/overlay';

type Listener = () => void;

/** A fake GeoJSON source: what it was given, in order. */
export interface FakeSource {
  given: (FeatureCollection | string)[];
  setData(data: FeatureCollection | string): void;
  once(type: 'error', listener: Listener): void;
  /** Fails a load (calls the error listeners). */
  fail(): void;
  errorListeners: Listener[];
}

export interface FakeMap extends OverlayMap {
  sources: Map<string, FakeSource>;
  /** Layer id to its visibility ('visible' unless set). */
  layers: Map<string, 'visible' | 'none'>;
  /** Every easeTo, in order. */
  eased: Parameters<OverlayMap['easeTo']>[0][];
  /** Fires an event at its listeners (once-listeners are then dropped). */
  fire(type: string): void;
  /** Adds the style's sources and layers and fires style.load. */
  loadStyle(sourceIds: readonly string[], layerIds: readonly string[]): void;
  bounds: { west: number; south: number; east: number; north: number };
  zoom: number;
  center: { lng: number; lat: number };
  size: { clientWidth: number; clientHeight: number };
}

function fakeSource(): FakeSource {
  const source: FakeSource = {
    given: [],
    errorListeners: [],
    setData(data) {
      source.given.push(data);
    },
    once(_type, listener) {
      source.errorListeners.push(listener);
    },
    fail() {
      const listeners = source.errorListeners.splice(0);
      for (const listener of listeners) listener();
    },
  };
  return source;
}

/** A fake map; without `style` its style is not loaded yet (call loadStyle). */
export function fakeMap(style?: { sources: readonly string[]; layers: readonly string[] }): FakeMap {
  const listeners = new Map<string, { listener: Listener; once: boolean }[]>();
  const listen = (type: string, listener: Listener, once: boolean) => {
    listeners.set(type, [...(listeners.get(type) ?? []), { listener, once }]);
  };
  const map: FakeMap = {
    sources: new Map(),
    layers: new Map(),
    eased: [],
    bounds: { west: -123, south: 37, east: -121, north: 38 },
    zoom: 8,
    center: { lng: -122, lat: 37.5 },
    size: { clientWidth: 800, clientHeight: 600 },
    getSource: <T,>(id: string) => map.sources.get(id) as T | undefined,
    getLayer: (id) => (map.layers.has(id) ? { id } : undefined),
    setLayoutProperty: (id, _name, value) => {
      if (!map.layers.has(id)) throw new Error(`fakeMap: no layer ${id}`);
      map.layers.set(id, value);
    },
    isSourceLoaded: (id) => map.sources.has(id),
    once: (type, listener) => listen(type, listener, true),
    on: (type, listener) => listen(type, listener, false),
    off: (type, listener) => {
      listeners.set(type, (listeners.get(type) ?? []).filter((entry) => entry.listener !== listener));
    },
    getBounds: () => ({ getWest: () => map.bounds.west, getSouth: () => map.bounds.south, getEast: () => map.bounds.east, getNorth: () => map.bounds.north }),
    getZoom: () => map.zoom,
    getCenter: () => map.center,
    getContainer: () => map.size,
    easeTo: (options) => {
      map.eased.push(options);
    },
    fire(type) {
      const entries = listeners.get(type) ?? [];
      listeners.set(type, entries.filter((entry) => !entry.once));
      for (const entry of entries) entry.listener();
    },
    loadStyle(sourceIds, layerIds) {
      for (const id of sourceIds) map.sources.set(id, fakeSource());
      for (const id of layerIds) map.layers.set(id, 'visible');
      map.fire('style.load');
    },
  };
  if (style) map.loadStyle(style.sources, style.layers);
  return map;
}
