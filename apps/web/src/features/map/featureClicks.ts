import type { Map as MapLibreMap } from 'maplibre-gl';
import { CLICKABLE_LAYERS } from './layers/aviationStyle';
import { featureDetails, type FeatureDetails } from './featureDetails';

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
    if (shown) {
      shown = {
        ...shown,
        x: Math.max(4, Math.min(shown.x + 12, element.clientWidth - 290)),
        y: shown.y + 170 > element.clientHeight ? Math.max(4, shown.y - 160) : shown.y + 12,
      };
    }
    show(shown);
  });
  for (const layer of CLICKABLE_LAYERS) {
    map.on('mouseenter', layer, () => {
      map.getCanvas().style.cursor = 'pointer';
    });
    map.on('mouseleave', layer, () => {
      map.getCanvas().style.cursor = '';
    });
  }
}
