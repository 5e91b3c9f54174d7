import { useEffect, type RefObject } from 'react';
import type { Map as MapLibreMap } from 'maplibre-gl';
import { useAppStore } from '../../store/hooks';
import { useServices } from '../../platform/services';
import { AGE_TICK_MS, useWeatherStore } from '../weather';
import { OVERLAYS } from './layers';

/** Same fields, each the same value or reference. */
export function sameInput(a: object, b: object): boolean {
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  const keys = Object.keys(left);
  return keys.length === Object.keys(right).length && keys.every((key) => Object.is(left[key], right[key]));
}

/**
 * Drives every overlay of layers/index.ts on one map: `add` once, then `update` with each overlay's
 * input from the store whenever it changed, and all of them again after a new style (`styleKey`).
 * The inputs come from a store subscription, not from props, so a new overlay needs no new prop;
 * the weather store's changes and a minute tick (a weather layer's stale style) run them too.
 */
export function useOverlays(map: MapLibreMap | null, container: RefObject<HTMLElement | null>, styleKey: number): void {
  const store = useAppStore();
  const { routing } = useServices();
  const weather = useWeatherStore();
  useEffect(() => {
    // The view's test hooks: its container's data attributes.
    const out = container.current?.dataset;
    if (!map || !out) return undefined;
    const services = { routing, weather };
    const removals = OVERLAYS.map((overlay) => overlay.add?.(map, out));
    const last = new Map<string, object>();
    const run = () => {
      const state = store.getState();
      for (const overlay of OVERLAYS) {
        const input = overlay.select(state, services);
        const before = last.get(overlay.id);
        if (before && sameInput(before, input)) continue;
        last.set(overlay.id, input);
        overlay.update(map, input, out);
      }
    };
    run();
    const unsubscribe = store.subscribe(run);
    const unsubscribeWeather = weather?.subscribe(run);
    const tick = weather ? window.setInterval(run, AGE_TICK_MS) : undefined;
    return () => {
      unsubscribe();
      unsubscribeWeather?.();
      window.clearInterval(tick);
      for (const remove of removals) remove?.();
    };
  }, [map, container, store, routing, weather, styleKey]);
}
