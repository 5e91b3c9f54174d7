import { useEffect, useLayoutEffect, useRef } from 'react';
import { Box } from '@mui/material';
import { Map as MapLibreMap, setWorkerUrl, type GeoJSONSource, type MapLayerMouseEvent } from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import type { FeatureCollection } from 'geojson';
import type { LayerSpecification } from '@maplibre/maplibre-gl-style-spec';
import { noteMapRequest } from '../../sw/mapRequests';
import { provideBarbImages, type ImageMap, type MapTheme } from '../map';
import { CONUS_BOUNDS, WX_SOURCE, selectionLayers, wxMapStyle } from './wxMapStyle';
import 'maplibre-gl/dist/maplibre-gl.css';

setWorkerUrl(workerUrl);

export interface WxMapProps {
  theme: MapTheme;
  /** The product's features, each with its list index in property `i`. */
  data: FeatureCollection;
  /** The product's layers on the `wx` source (wxMapStyle WX_SOURCE). */
  layers: LayerSpecification[];
  /** Layers a tap picks an item from, top first. */
  clickLayers: string[];
  geometry: 'point' | 'area';
  selected: number | null;
  onPick: (i: number) => void;
  /** Wind barb images (winds aloft). */
  barbs?: boolean;
  /** Adds the product's own images once the style has loaded (e.g. PIREP symbols). */
  images?: (map: MapLibreMap, theme: MapTheme) => void;
  /** Called once, when the first frame with the product's features has been drawn (performance.now()). */
  onDrawn?: (at: number) => void;
  label: string;
}

/**
 * One weather product on a map of the lower 48 (wxMapStyle). A tap on a feature picks its item; the
 * selected one is outlined. The map is decorative for screen readers: the list beside it carries the
 * same items (aria-hidden canvas, the region named by `label`).
 */
export function WxMap({ theme, data, layers, clickLayers, geometry, selected, onPick, barbs = false, images, onDrawn, label }: WxMapProps) {
  const container = useRef<HTMLDivElement>(null);
  const mapRef = useRef<MapLibreMap | null>(null);
  const latest = useRef({ data, selected, onPick, onDrawn });
  useLayoutEffect(() => {
    latest.current = { data, selected, onPick, onDrawn };
  });
  const drawn = useRef(false);

  // The map, made again when the theme or the product's layers change (a new style).
  const layerKey = JSON.stringify(layers);
  useEffect(() => {
    const element = container.current;
    if (!element) return undefined;
    let map: MapLibreMap;
    try {
      map = new MapLibreMap({
        container: element,
        style: wxMapStyle(window.location.origin, theme, [...(JSON.parse(layerKey) as LayerSpecification[]), ...selectionLayers(theme, geometry)]),
        bounds: CONUS_BOUNDS,
        fitBoundsOptions: { padding: 8 },
        attributionControl: false,
        fadeDuration: 0,
        dragRotate: false,
        pitchWithRotate: false,
        transformRequest: (url) => {
          noteMapRequest(url);
          return undefined;
        },
      });
    } catch (error) {
      // No WebGL2 (an old device, a test DOM): the list beside carries the same items.
      element.setAttribute('data-wx-map-error', error instanceof Error ? error.message : String(error));
      element.textContent = 'The map cannot be drawn on this device; the list has every item.';
      return undefined;
    }
    mapRef.current = map;
    map.touchZoomRotate.disableRotation();
    const stopBarbs = barbs ? provideBarbImages(map as unknown as ImageMap) : () => undefined;
    const fill = () => {
      images?.(map, theme);
      const source = map.getSource(WX_SOURCE) as GeoJSONSource | undefined;
      source?.setData(latest.current.data);
      const chosen = latest.current.selected;
      if (map.getLayer('wx-selected')) map.setFilter('wx-selected', ['==', ['get', 'i'], chosen ?? -1]);
    };
    map.on('load', fill);
    const rendered = () => {
      if (drawn.current || latest.current.data.features.length === 0 || !map.isSourceLoaded(WX_SOURCE) || !map.loaded()) return;
      drawn.current = true;
      latest.current.onDrawn?.(performance.now());
    };
    map.on('render', rendered);
    map.on('idle', rendered);
    const click = (event: MapLayerMouseEvent) => {
      const i = event.features?.[0]?.properties?.['i'];
      if (typeof i === 'number') latest.current.onPick(i);
    };
    const pointer = (on: boolean) => () => {
      map.getCanvas().style.cursor = on ? 'pointer' : '';
    };
    for (const layer of clickLayers) {
      map.on('click', layer, click);
      map.on('mouseenter', layer, pointer(true));
      map.on('mouseleave', layer, pointer(false));
    }
    const resize = new ResizeObserver(() => map.resize());
    resize.observe(element);
    return () => {
      resize.disconnect();
      stopBarbs();
      map.remove();
      mapRef.current = null;
    };
    // clickLayers, geometry and images are fixed per page.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [theme, layerKey, barbs]);

  useEffect(() => {
    const map = mapRef.current;
    if (!map || !map.isStyleLoaded()) return;
    (map.getSource(WX_SOURCE) as GeoJSONSource | undefined)?.setData(data);
  }, [data]);

  useEffect(() => {
    const map = mapRef.current;
    if (!map || !map.isStyleLoaded() || !map.getLayer('wx-selected')) return;
    map.setFilter('wx-selected', ['==', ['get', 'i'], selected ?? -1]);
  }, [selected]);

  return (
    <Box
      ref={container}
      role="region"
      aria-label={label}
      data-testid="wx-map"
      sx={{ position: 'relative', width: '100%', height: '100%', minHeight: 220, '& canvas': { outline: 'none' } }}
    />
  );
}
