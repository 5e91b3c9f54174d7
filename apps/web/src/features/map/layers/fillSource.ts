import type { GeoJSONSource } from 'maplibre-gl';
import type { FeatureCollection } from 'geojson';
import type { OverlayMap } from './overlay';

export const NOTHING: FeatureCollection = { type: 'FeatureCollection', features: [] };

/** What each source was last given (see fillSource). */
const filled = new WeakMap<GeoJSONSource, FeatureCollection | string>();

/** Runs `apply` once the map's style has its sources (at once when it has them). */
export function whenSourceExists(map: OverlayMap, id: string, apply: () => void): void {
  if (map.getSource(id)) apply();
  else map.once('style.load', apply);
}

/**
 * Gives a GeoJSON source its data (features, or an address MapLibre loads) once the style's sources
 * exist. The same data again, or an empty collection for a source that never had features, is skipped:
 * each setData costs a tile-worker round trip and a frame, which count while the first picture is drawn.
 */
export function fillSource(map: OverlayMap, id: string, data: FeatureCollection | string): void {
  whenSourceExists(map, id, () => {
    const source = map.getSource<GeoJSONSource>(id);
    if (!source) return;
    const last = filled.get(source);
    // The same address again (the overview of an adopted map), or still nothing to draw.
    if (last === data || (last === undefined && typeof data !== 'string' && data.features.length === 0)) return;
    filled.set(source, data);
    if (typeof data === 'string') {
      // An address that cannot be loaded (no server, nothing published) leaves the source failed, and a
      // failed source keeps the map from ever being idle: the source is emptied instead.
      source.once('error', () => {
        if (filled.get(source) !== data) return;
        filled.set(source, NOTHING);
        void source.setData(NOTHING);
      });
    }
    void source.setData(data);
  });
}

/** What a source was last given by fillSource (undefined: nothing since the style was set). */
export function sourceData(map: OverlayMap, id: string): FeatureCollection | string | undefined {
  const source = map.getSource<GeoJSONSource>(id);
  return source ? filled.get(source) : undefined;
}

/** A new style empties its GeoJSON sources in place: what they were given is forgotten, so they are filled again. */
export function forgetSources(map: OverlayMap, ids: Iterable<string>): void {
  for (const id of ids) {
    const source = map.getSource<GeoJSONSource>(id);
    if (source) filled.delete(source);
  }
}
