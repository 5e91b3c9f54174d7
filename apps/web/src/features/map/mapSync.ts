import type { Map as MapLibreMap } from 'maplibre-gl';

/**
 * Pan/move synchronisation between the two map views (spec part 1 §2 "Shell"): while enabled, a
 * camera change made by the user on one view is copied to the other.
 */
class MapSync {
  readonly #maps = new Map<number, MapLibreMap>();
  enabled = false;

  join(viewId: number, map: MapLibreMap): () => void {
    this.#maps.set(viewId, map);
    const follow = (event: { originalEvent?: unknown }) => {
      if (!this.enabled || event.originalEvent === undefined) return;
      for (const [otherId, other] of this.#maps) {
        if (otherId === viewId) continue;
        other.jumpTo({ center: map.getCenter(), zoom: map.getZoom(), bearing: map.getBearing(), pitch: map.getPitch() });
      }
    };
    map.on('move', follow);
    return () => {
      map.off('move', follow);
      if (this.#maps.get(viewId) === map) this.#maps.delete(viewId);
    };
  }

  /** Resizes every map (after the divider moves). */
  resizeAll(): void {
    for (const map of this.#maps.values()) map.resize();
  }
}

export const mapSync = new MapSync();
