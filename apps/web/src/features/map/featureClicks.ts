import type { Map as MapLibreMap } from 'maplibre-gl';
import { CLICKABLE_LAYERS } from './layers/aviationStyle';
import { featureDetails, type FeatureDetails } from './featureDetails';
import { currentWeatherStore } from '../weather';
import { WEATHER_CLICKABLE_LAYERS } from './layers/weather';
import { weatherDetails } from './layers/weatherDetails';

/** Weather symbols are small: a tap this many px from one still finds it. */
export const WEATHER_TAP_TOLERANCE_PX = 12;

/**
 * Tapping an airport, navaid or fix shows its details (beside the tap, kept inside the map: the
 * popover is at most 280 x 150 px); a tap elsewhere or a drag closes them. The pointer is a hand
 * over what can be tapped.
 */
export function attachFeatureClicks(map: MapLibreMap, element: HTMLElement, show: (details: FeatureDetails | null) => void): void {
  map.on('dragstart', () => show(null));
  map.on('click', (event) => {
    const box: [[number, number], [number, number]] = [[event.point.x - 6, event.point.y - 6], [event.point.x + 6, event.point.y + 6]];
    const layers = CLICKABLE_LAYERS.filter((id) => map.getLayer(id));
    let shown: FeatureDetails | null = null;
    for (const feature of map.queryRenderedFeatures(box, { layers })) {
      shown = featureDetails(feature, event.point.x, event.point.y);
      if (shown) break;
    }
    if (!shown) {
      const t = WEATHER_TAP_TOLERANCE_PX;
      const around: [[number, number], [number, number]] = [[event.point.x - t, event.point.y - t], [event.point.x + t, event.point.y + t]];
      const weatherLayers = WEATHER_CLICKABLE_LAYERS.filter((id) => map.getLayer(id) && map.getLayoutProperty(id, 'visibility') !== 'none');
      const found = weatherLayers.length > 0 ? map.queryRenderedFeatures(around, { layers: weatherLayers }) : [];
      // Top layer first: stations over reports over areas.
      found.sort((a, b) => weatherLayers.indexOf(a.layer.id as never) - weatherLayers.indexOf(b.layer.id as never));
      for (const feature of found) {
        shown = weatherDetails(feature.layer.id, feature.properties as Record<string, unknown>, currentWeatherStore(), event.point.x, event.point.y);
        if (shown) break;
      }
    }
    if (shown) {
      shown = {
        ...shown,
        x: Math.max(4, Math.min(shown.x + 12, element.clientWidth - 290)),
        y: shown.y + 170 > element.clientHeight ? Math.max(4, shown.y - 160) : shown.y + 12,
      };
    }
    show(shown);
  });
  for (const layer of [...CLICKABLE_LAYERS, ...WEATHER_CLICKABLE_LAYERS]) {
    map.on('mouseenter', layer, () => {
      map.getCanvas().style.cursor = 'pointer';
    });
    map.on('mouseleave', layer, () => {
      map.getCanvas().style.cursor = '';
    });
  }
}
