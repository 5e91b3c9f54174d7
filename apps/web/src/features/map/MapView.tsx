import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Map as MapLibreMap, prewarm, setWorkerCount, setWorkerUrl, type GeoJSONSource } from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import 'maplibre-gl/dist/maplibre-gl.css';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import Close from '@mui/icons-material/Close';
import type { RunwayInfo } from '@clearway/navdb';
import type { RoutingWorkerFacade } from '../../worker/facade';
import {
  AIRWAY_MIN_ZOOM,
  CLICKABLE_LAYERS,
  FIX_MIN_ZOOM,
  RUNWAY_MIN_ZOOM,
  mapStyle,
  routeFeatures,
  runwayFeatures,
  type MapTheme,
} from './mapStyle';
import type { MapLocation, Viewport } from './mapStateSlice';
import { featureDetails, type FeatureDetails } from './featureDetails';
import { mapSync } from './mapSync';

// The module is loaded lazily (MapHost), so MapLibre and its worker stay out of the initial bundle.
setWorkerUrl(workerUrl);
// Two tile workers: enough for the basemap and GeoJSON layers, and quicker to start than one per core.
setWorkerCount(2);
// The module loads as the shell's code runs (MapHost), before the boot stages end: start the tile
// workers now, so their script is fetched and compiled by the time the first map is created.
prewarm();

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
  /** A procedure's final fixes previewed over the route (dashed), or null. */
  preview?: readonly { lat: number; lon: number; code?: string }[] | null;
  /** A place the map is asked to fly to (state 'set'); onLocationDone is called once it went. */
  location?: MapLocation | null;
  /** Keep the camera in the address hash (`#zoom/lat/lon`), for one view only. */
  hash: boolean;
  onIdle: () => void;
  onError: (reason: string) => void;
  /** The style has loaded (true), or the map is gone (false). */
  onLoaded?: (loaded: boolean) => void;
  onViewport?: (viewport: Viewport) => void;
  onLocationDone?: () => void;
  /** Open the airport page for an airport id (from a tapped airport's details). */
  onOpenAirport?: (code: string) => void;
}

/** Most airports whose runways are fetched for one view. */
export const RUNWAY_AIRPORT_CAP = 60;

/** Where a map opens before it knows better: the contiguous United States. */
const START = { center: [-98.5, 39.5] as [number, number], zoom: 3.6 };

/** One MapLibre map. Exposes its state to tests as data attributes (no window globals). */
export function MapView(props: MapViewProps) {
  const { viewId, theme, performance, vfr, routing, navDbLoaded, route, preview = null, location = null, hash } = props;
  const container = useRef<HTMLDivElement>(null);
  const [map, setMap] = useState<MapLibreMap | null>(null);
  const [details, setDetails] = useState<FeatureDetails | null>(null);
  const callbacks = useRef(props);
  const styleRef = useRef({ theme, performance, vfr });
  // The latest props for the map's own events and for its creation, kept after each render.
  useLayoutEffect(() => {
    callbacks.current = props;
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
        // Labels appear at once: no 300 ms fade after each placement, so the map settles (idle) sooner.
        fadeDuration: 0,
      });
    } catch (error) {
      element.dataset['mapState'] = 'error';
      callbacks.current.onError(error instanceof Error ? error.message : String(error));
      return undefined;
    }
    created.once('load', () => {
      element.dataset['mapLoadMs'] = String(Math.round(window.performance.now()));
      callbacks.current.onLoaded?.(true);
    });
    const reportViewport = () => {
      const center = created.getCenter();
      callbacks.current.onViewport?.({
        center: [center.lng, center.lat],
        zoom: created.getZoom(),
        bearing: created.getBearing(),
        pitch: created.getPitch(),
      });
    };
    created.on('moveend', reportViewport);
    created.on('dragstart', () => setDetails(null));
    // Tapping an airport, navaid or fix shows its details; elsewhere closes them.
    created.on('click', (event) => {
      const box: [[number, number], [number, number]] = [[event.point.x - 6, event.point.y - 6], [event.point.x + 6, event.point.y + 6]];
      const layers = CLICKABLE_LAYERS.filter((id) => created.getLayer(id));
      const found = created.queryRenderedFeatures(box, { layers });
      let shown: FeatureDetails | null = null;
      for (const feature of found) {
        shown = featureDetails(feature, event.point.x, event.point.y);
        if (shown) break;
      }
      // Beside the tap, kept inside the map (the popover is at most 280 x 150 px).
      if (shown) {
        shown = {
          ...shown,
          x: Math.max(4, Math.min(shown.x + 12, element.clientWidth - 290)),
          y: shown.y + 170 > element.clientHeight ? Math.max(4, shown.y - 160) : shown.y + 12,
        };
      }
      setDetails(shown);
    });
    for (const layer of CLICKABLE_LAYERS) {
      created.on('mouseenter', layer, () => {
        created.getCanvas().style.cursor = 'pointer';
      });
      created.on('mouseleave', layer, () => {
        created.getCanvas().style.cursor = '';
      });
    }
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
      callbacks.current.onLoaded?.(false);
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
    const runwayCache = new Map<string, Promise<RunwayInfo | null>>();
    const runwaysOf = (id: string) => {
      let info = runwayCache.get(id);
      if (!info) {
        info = routing.call('getRunwayInfo', { airportId: id }).catch(() => null);
        if (runwayCache.size > 2000) runwayCache.clear();
        runwayCache.set(id, info);
      }
      return info;
    };
    const refresh = () => {
      const current = ++generation;
      const b = map.getBounds();
      const bounds = { west: b.getWest(), south: b.getSouth(), east: b.getEast(), north: b.getNorth() };
      const zoom = map.getZoom();
      // One worker call builds every aviation source as lean GeoJSON (the records stay in the worker).
      void routing.call('mapLayers', { bounds, zoom, fixes: zoom >= FIX_MIN_ZOOM && !performance, airways: zoom >= AIRWAY_MIN_ZOOM }).then(async (layers) => {
        if (current !== generation) return;
        const airportData = layers.airports;
        const airwayData = layers.airways;
        map.getSource<GeoJSONSource>('airports')?.setData(airportData);
        map.getSource<GeoJSONSource>('navaids')?.setData(layers.navaids);
        map.getSource<GeoJSONSource>('fixes')?.setData(layers.fixes);
        map.getSource<GeoJSONSource>('airways')?.setData(airwayData);
        if (element) {
          // Milliseconds since navigation when the view's airports were first handed to the map, and
          // when the map was next idle with them drawn (figures for the map-idle benchmark).
          if (element.dataset['mapAirportsMs'] === undefined) {
            element.dataset['mapAirportsMs'] = String(Math.round(window.performance.now()));
            map.once('idle', () => {
              element.dataset['mapAirportsIdleMs'] = String(Math.round(window.performance.now()));
            });
          }
          element.dataset['mapAirports'] = String(airportData.features.length);
          element.dataset['mapAirways'] = String(airwayData.features.length);
        }
        // Close in, hard-surface airports are drawn with their runways (the nearest to the centre first).
        const centre = map.getCenter();
        // Hard-surface airports (closed ones are not in the layer; seaplane bases are surface W).
        const hard = zoom >= RUNWAY_MIN_ZOOM
          ? airportData.features
            .flatMap((feature) => {
              const { id, surface } = (feature.properties ?? {}) as { id?: string; surface?: string };
              const [lon = 0, lat = 0] = feature.geometry.type === 'Point' ? feature.geometry.coordinates : [];
              return surface === 'H' && typeof id === 'string' ? [{ id, distance: Math.hypot(lat - centre.lat, lon - centre.lng) }] : [];
            })
            .sort((a, c) => a.distance - c.distance)
            .slice(0, RUNWAY_AIRPORT_CAP)
          : [];
        const infos = (await Promise.all(hard.map((a) => runwaysOf(a.id)))).filter((info): info is RunwayInfo => info !== null);
        if (current !== generation) return;
        const runwayData = runwayFeatures(infos);
        map.getSource<GeoJSONSource>('runways')?.setData(runwayData);
        if (element) element.dataset['mapRunways'] = String(runwayData.features.length);
      }).catch((error: unknown) => console.warn('[map] mapLayers', error));
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
    if (container.current) {
      container.current.dataset['mapRoutePoints'] = String(Math.max(0, data.features.length - 1));
      container.current.dataset['mapRoute'] = data.features.length > 0 ? (route ?? []).map((w) => w.code ?? '').join(' ') : '';
    }
  }, [map, route, styleKey]);

  // The final-fix preview of a procedure picker.
  useEffect(() => {
    if (!map) return;
    const data = routeFeatures(preview);
    const apply = () => map.getSource<GeoJSONSource>('final-fixes')?.setData(data);
    if (map.isStyleLoaded()) apply();
    else map.once('load', apply);
    if (container.current) container.current.dataset['mapPreviewPoints'] = String(Math.max(0, data.features.length - 1));
  }, [map, preview, styleKey]);

  // A requested map location: fly there, then report it done.
  const locationState = location?.state;
  const locationLat = location?.lat;
  const locationLon = location?.lon;
  useEffect(() => {
    if (!map || locationState !== 'set' || typeof locationLat !== 'number' || typeof locationLon !== 'number') return;
    map.flyTo({ center: [locationLon, locationLat], zoom: Math.max(map.getZoom(), 9), essential: true });
    callbacks.current.onLocationDone?.();
  }, [map, locationState, locationLat, locationLon]);

  return (
    <div style={{ position: 'absolute', inset: 0 }}>
      <div
        ref={container}
        data-testid={`map-view-${viewId}`}
        data-map-view={viewId}
        data-map-theme={theme}
        data-map-vfr={vfr ? 'on' : 'off'}
        style={{ position: 'absolute', inset: 0 }}
      />
      {details && (
        <FeaturePopover
          details={details}
          viewId={viewId}
          onClose={() => setDetails(null)}
          onOpenAirport={(code) => {
            setDetails(null);
            callbacks.current.onOpenAirport?.(code);
          }}
        />
      )}
    </div>
  );
}

/** The details of a tapped feature, beside the tap; for an airport a button opens its page. */
function FeaturePopover({ details, viewId, onClose, onOpenAirport }: {
  details: FeatureDetails;
  viewId: number;
  onClose: () => void;
  onOpenAirport: (code: string) => void;
}) {
  // Escape closes the details.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);
  return (
    <Paper
      elevation={4}
      role="dialog"
      aria-label={`${details.id} details`}
      data-testid={`map-feature-details-${viewId}`}
      data-feature-kind={details.kind}
      data-feature-id={details.id}
      sx={{ position: 'absolute', left: details.x, top: details.y, zIndex: 4, p: 1.5, pr: 4, minWidth: 180, maxWidth: 280 }}
    >
      <IconButton aria-label="Close details" size="small" onClick={onClose} sx={{ position: 'absolute', top: 2, right: 2 }}>
        <Close fontSize="small" />
      </IconButton>
      <Typography variant="subtitle2" component="div">{details.id}</Typography>
      <Typography variant="body2" component="div">{details.name}</Typography>
      <Typography variant="caption" component="div" color="text.secondary">{details.type}</Typography>
      {details.kind === 'airport' && (
        <Button size="small" variant="contained" sx={{ mt: 1 }} data-testid="map-open-airport" onClick={() => onOpenAirport(details.id)}>
          Airport page
        </Button>
      )}
    </Paper>
  );
}

export default MapView;
