import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Map as MapLibreMap, setWorkerCount, setWorkerUrl, type GeoJSONSource } from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import 'maplibre-gl/dist/maplibre-gl.css';
import type { Airport, Fix, Navaid } from '@clearway/navdb';
import type { RoutingWorkerFacade } from '../../worker/facade';
import {
  FIX_MIN_ZOOM,
  airportFeatures,
  fixFeatures,
  mapStyle,
  navaidFeatures,
  routeFeatures,
  type MapTheme,
} from './mapStyle';
import { mapSync } from './mapSync';

// The module is loaded lazily (MapHost), so MapLibre and its worker stay out of the initial bundle.
setWorkerUrl(workerUrl);
// Two tile workers: enough for the basemap and GeoJSON layers, and quicker to start than one per core.
setWorkerCount(2);

export interface MapViewProps {
  /** Map view id (1 or 2). */
  viewId: number;
  theme: MapTheme;
  performance: boolean;
  vfr: boolean;
  routing: RoutingWorkerFacade | undefined;
  /** The nav database is loaded in the routing worker: aviation layers can be queried. */
  navDbLoaded: boolean;
  route: readonly { lat: number; lon: number; code?: string }[] | null;
  /** Keep the camera in the address hash (`#zoom/lat/lon`), for one view only. */
  hash: boolean;
  onIdle: () => void;
  onError: (reason: string) => void;
}

/** Where a map opens before it knows better: the contiguous United States. */
const START = { center: [-98.5, 39.5] as [number, number], zoom: 3.6 };

/** One MapLibre map. Exposes its state to tests as data attributes (no window globals). */
export function MapView({ viewId, theme, performance, vfr, routing, navDbLoaded, route, hash, onIdle, onError }: MapViewProps) {
  const container = useRef<HTMLDivElement>(null);
  const [map, setMap] = useState<MapLibreMap | null>(null);
  const callbacks = useRef({ onIdle, onError });
  const styleRef = useRef({ theme, performance, vfr });
  // The latest props for the map's own events and for its creation, kept after each render.
  useLayoutEffect(() => {
    callbacks.current = { onIdle, onError };
    styleRef.current = { theme, performance, vfr };
  });
  const [styleKey, setStyleKey] = useState(0);

  useEffect(() => {
    const element = container.current;
    if (!element) return undefined;
    element.dataset['mapState'] = 'loading';
    // Milliseconds since the page's navigation started, when the map is created (its code loaded).
    element.dataset['mapCreatedMs'] = String(Math.round(window.performance.now()));
    let created: MapLibreMap;
    try {
      created = new MapLibreMap({
        container: element,
        style: mapStyle({ origin: window.location.origin, ...styleRef.current }),
        ...START,
        hash,
        attributionControl: false,
        canvasContextAttributes: { preserveDrawingBuffer: true },
      });
    } catch (error) {
      element.dataset['mapState'] = 'error';
      callbacks.current.onError(error instanceof Error ? error.message : String(error));
      return undefined;
    }
    created.once('load', () => {
      element.dataset['mapLoadMs'] = String(Math.round(window.performance.now()));
    });
    created.once('idle', () => {
      element.dataset['mapState'] = 'idle';
      // Milliseconds since the page's navigation started.
      element.dataset['mapIdleMs'] = String(Math.round(window.performance.now()));
      callbacks.current.onIdle();
    });
    created.on('idle', () => {
      element.dataset['mapZoom'] = created.getZoom().toFixed(2);
      element.dataset['mapLayers'] = created.getStyle().layers.map((layer) => layer.id).join(' ');
    });
    created.on('error', (event) => console.warn('[map]', event.error.message));
    const leave = mapSync.join(viewId, created);
    setMap(created);
    return () => {
      leave();
      created.remove();
      setMap(null);
    };
  }, [viewId, hash]);

  // Theme and VFR: a new style, keeping the aviation data (sources are refilled after styledata).
  useEffect(() => {
    if (!map) return;
    map.setStyle(mapStyle({ origin: window.location.origin, theme, performance, vfr }), { diff: true });
    map.once('styledata', () => setStyleKey((key) => key + 1));
  }, [map, theme, performance, vfr]);

  // Aviation layers from the routing worker, for what is in view, after each move.
  useEffect(() => {
    if (!map || !routing || !navDbLoaded) return undefined;
    let generation = 0;
    const element = container.current;
    const refresh = () => {
      const current = ++generation;
      const b = map.getBounds();
      const bounds = { west: b.getWest(), south: b.getSouth(), east: b.getEast(), north: b.getNorth() };
      const zoom = map.getZoom();
      const wanted: ('airport' | 'navaid' | 'fix')[] = ['airport', 'navaid', ...(zoom >= FIX_MIN_ZOOM && !performance ? ['fix' as const] : [])];
      void Promise.all(wanted.map((kind) => routing.call('inBounds', { kind, bounds }))).then((results) => {
        if (current !== generation) return;
        const [airports = [], navaids = [], fixes = []] = results;
        const airportData = airportFeatures(airports as Airport[]);
        map.getSource<GeoJSONSource>('airports')?.setData(airportData);
        map.getSource<GeoJSONSource>('navaids')?.setData(navaidFeatures(navaids as Navaid[]));
        map.getSource<GeoJSONSource>('fixes')?.setData(fixFeatures(fixes as Fix[]));
        if (element) element.dataset['mapAirports'] = String(airportData.features.length);
      }, (error: unknown) => console.warn('[map] inBounds', error));
    };
    refresh();
    map.on('moveend', refresh);
    return () => {
      generation += 1;
      map.off('moveend', refresh);
    };
  }, [map, routing, navDbLoaded, performance, styleKey]);

  // The current route.
  useEffect(() => {
    if (!map) return;
    const data = routeFeatures(route);
    const apply = () => map.getSource<GeoJSONSource>('route')?.setData(data);
    if (map.isStyleLoaded()) apply();
    else map.once('load', apply);
    if (container.current) container.current.dataset['mapRoutePoints'] = String(Math.max(0, data.features.length - 1));
  }, [map, route, styleKey]);

  return (
    <div
      ref={container}
      data-testid={`map-view-${viewId}`}
      data-map-view={viewId}
      data-map-theme={theme}
      data-map-vfr={vfr ? 'on' : 'off'}
      style={{ position: 'absolute', inset: 0 }}
    />
  );
}

export default MapView;
