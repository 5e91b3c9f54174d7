import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Map as MapLibreMap, prewarm, setWorkerCount, setWorkerUrl, type GeoJSONSource } from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import 'maplibre-gl/dist/maplibre-gl.css';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import Close from '@mui/icons-material/Close';
import type { FeatureCollection } from 'geojson';
import type { RunwayInfo } from '@clearway/navdb';
import { navdataOverviewUrl, type ClientConfig } from '@clearway/protocol';
import { DEFAULT_NAV_REGION, downloadRootFor } from '../navdata';
import type { RoutingWorkerFacade } from '../../worker/facade';
import {
  AIRWAY_MIN_ZOOM,
  AVIATION_SOURCES,
  CLICKABLE_LAYERS,
  FIX_MIN_ZOOM,
  RUNWAY_MIN_ZOOM,
  mapStyle,
  routeFeatures,
  runwayFeatures,
  type MapStyleOptions,
  type MapTheme,
} from './mapStyle';
import type { MapLocation, Viewport } from '../../store/mapStateSlice';
import { featureDetails, type FeatureDetails } from './featureDetails';
import { holdFirstPicture } from './firstPicture';
import { noteMapRequest } from '../../sw/mapRequests';
import { mapSync } from './mapSync';
import { topBarHeight } from '../../platform/topBarHeight';

// The module is loaded lazily (MapHost), so MapLibre and its worker stay out of the initial bundle.
setWorkerUrl(workerUrl);
// Tile workers: one per two cores, at most two (MapLibre's own rule, capped). Each compiles the worker
// script before its first tile, and on a two-core device a second one only takes the core the page and
// the GPU need for the first picture (one worker: map idle 0.88 of two in the same script).
setWorkerCount(Math.min(2, Math.max(1, Math.floor((navigator.hardwareConcurrency || 2) / 2))));
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
  /** The client configuration (its data channel's download root has the airport and navaid overview), or null before it is known. */
  config: ClientConfig | null;
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

/** The style options a map was last given (theme, performance mode, VFR). */
type StyleChoice = Pick<MapStyleOptions, 'theme' | 'performance' | 'vfr'>;

function newMap(container: HTMLElement, choice: StyleChoice, hash: boolean): MapLibreMap {
  const map = new MapLibreMap({
    container,
    style: mapStyle({ origin: window.location.origin, ...choice }),
    ...START,
    hash,
    attributionControl: false,
    // Labels appear at once: no 300 ms fade after each placement, so the map settles (idle) sooner.
    fadeDuration: 0,
    // Requests made before the service worker controls the page are fetched again through it (offline).
    transformRequest: (url) => {
      noteMapRequest(url);
      return undefined;
    },
  });
  // Its first picture is drawn once, complete (see firstPicture.ts).
  const release = holdFirstPicture(map);
  map.once('remove', () => release(false));
  return map;
}

/** When a map was created, first loaded its style, was first idle and first idle with airports drawn (ms since navigation). */
interface MapTimes {
  createdMs: number;
  loadMs: number | null;
  idleMs: number | null;
  airportsIdleMs: number | null;
  /**
   * Whose airports that first picture with airports showed: the server's overview or the nav
   * database's. Recorded at the event, so the order of the two is read from it, not from two clocks.
   */
  airportsIdleFrom: AirportsFrom | null;
}

type AirportsFrom = 'overview' | 'navdb';

const sinceNavigation = () => Math.round(window.performance.now());

/**
 * Whose airports the loaded airports source holds: the overview (its address) or the nav
 * database (features); null while it holds none or is loading.
 */
function airportsShown(map: MapLibreMap): AirportsFrom | null {
  const source = map.getSource<GeoJSONSource>('airports');
  const data = source ? filled.get(source) : undefined;
  if (data === undefined || (typeof data !== 'string' && data.features.length === 0) || !map.isSourceLoaded('airports')) return null;
  return typeof data === 'string' ? 'overview' : 'navdb';
}

/**
 * Records a map's times from its creation. Registered before any view's own listeners, so they see
 * the times of the event they handle (MapLibre calls listeners in the order they were added).
 */
function trackTimes(map: MapLibreMap): MapTimes {
  const times: MapTimes = { createdMs: sinceNavigation(), loadMs: null, idleMs: null, airportsIdleMs: null, airportsIdleFrom: null };
  map.on('load', () => {
    times.loadMs ??= sinceNavigation();
  });
  map.on('idle', () => {
    const at = sinceNavigation();
    times.idleMs ??= at;
    if (times.airportsIdleMs !== null) return;
    times.airportsIdleFrom = airportsShown(map);
    if (times.airportsIdleFrom !== null) times.airportsIdleMs = at;
  });
  return times;
}

/** A map created before any view mounted (see startEarlyMap). */
interface EarlyMap {
  map: MapLibreMap;
  element: HTMLDivElement;
  choice: StyleChoice;
  times: MapTimes;
}

let early: EarlyMap | null = null;

/**
 * Creates the first view's map before boot ends (main.tsx, through MapHost's preloadMap), while boot
 * still opens IndexedDB and waits for sign-in: the GPU compiles the shaders and the basemap tiles and
 * the airport overview load in that time instead of after. The first view with the address hash adopts
 * it; until then it is laid out where a single view will be, but hidden. Day style: a night or performance-mode user gets
 * a style diff on adoption. The overview is asked for as soon as the configuration is known.
 */
export function startEarlyMap(config: Promise<ClientConfig | null>): void {
  // MapHost's preloadMap calls this only with WebGL 2 and on a map page.
  if (early || !document.body) return;
  const element = document.createElement('div');
  // Where a single view will be, under the top bar: adopted at the same size, it needs no resize (a
  // resize would also write the camera into the address).
  const top = topBarHeight({ width: window.innerWidth, height: window.innerHeight, path: window.location.pathname });
  element.style.cssText = `position:fixed;left:0;right:0;bottom:0;top:${top}px;visibility:hidden;pointer-events:none;z-index:-1`;
  document.body.appendChild(element);
  const choice: StyleChoice = { theme: 'day', performance: false, vfr: false };
  try {
    const map = newMap(element, choice, true);
    const held: EarlyMap = { map, element, choice, times: trackTimes(map) };
    early = held;
    void config.then((known) => {
      if (known) fillOverview(held.map, known);
    }, () => undefined);
  } catch {
    // No WebGL context after all: the view creates its map and reports the failure.
    element.remove();
  }
}

/**
 * The server's overview of the region's airports and navaids (what the map shows of them below zoom 7),
 * drawn until the nav database is open; its layers then replace it. Offline without a cached copy the
 * overview fails (logged) and the map waits for the database.
 */
function fillOverview(map: MapLibreMap, config: ClientConfig): void {
  const root = downloadRootFor(config);
  fillSource(map, 'airports', navdataOverviewUrl(root, DEFAULT_NAV_REGION, 'airports'));
  // Navaids are drawn from zoom 5, not in the opening view: theirs loads after the first picture.
  map.once('idle', () => fillSource(map, 'navaids', navdataOverviewUrl(root, DEFAULT_NAV_REGION, 'navaids')));
}

/** The early map, once: null when there is none or a view already took it. */
function adoptEarlyMap(): EarlyMap | null {
  const held = early;
  early = null;
  return held;
}

/**
 * Gives a GeoJSON source its data (features, or an address MapLibre loads) once the style's sources
 * exist. The same data again, or an empty collection for a source that never had features, is skipped:
 * each setData costs a tile-worker round trip and a frame, which count while the first picture is drawn.
 */
function fillSource(map: MapLibreMap, id: string, data: FeatureCollection | string): void {
  const apply = () => {
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
  };
  if (map.getSource(id)) apply();
  else map.once('style.load', apply);
}

const NOTHING: FeatureCollection = { type: 'FeatureCollection', features: [] };

/** What each source was last given (see fillSource). */
const filled = new WeakMap<GeoJSONSource, FeatureCollection | string>();

/** One MapLibre map. Exposes its state to tests as data attributes (no window globals). */
export function MapView(props: MapViewProps) {
  const { viewId, theme, performance, vfr, routing, navDbLoaded, config, route, preview = null, location = null, hash } = props;
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
  /** The style options the map has now: a theme, mode or VFR change sets a new style, nothing else does. */
  const applied = useRef<StyleChoice | null>(null);

  useEffect(() => {
    const element = container.current;
    if (!element) return undefined;
    element.dataset['mapState'] = 'loading';
    for (const key of ['mapLoadMs', 'mapIdleMs', 'mapAirportsIdleMs', 'mapAirportsIdleFrom', 'mapAirportsDrawn']) delete element.dataset[key];
    const adopted = hash ? adoptEarlyMap() : null;
    let created: MapLibreMap;
    let times: MapTimes;
    if (adopted) {
      adopted.element.style.cssText = 'position:absolute;inset:0';
      element.appendChild(adopted.element);
      created = adopted.map;
      applied.current = adopted.choice;
      times = adopted.times;
      // Only now is it seen: a first idle before this does not count; the idle after this repaint does.
      // A size other than the early guess is picked up by MapLibre's own resize observer.
      times.idleMs = null;
      times.airportsIdleMs = null;
      times.airportsIdleFrom = null;
      created.triggerRepaint();
    } else {
      try {
        created = newMap(element, styleRef.current, hash);
        applied.current = styleRef.current;
        times = trackTimes(created);
      } catch (error) {
        element.dataset['mapState'] = 'error';
        callbacks.current.onError(error instanceof Error ? error.message : String(error));
        return undefined;
      }
    }
    // The times as data attributes (figures for the map-idle benchmark), and the view's callbacks, once
    // each: at once for what an adopted map did before, else at the event.
    const { dataset } = element;
    dataset['mapCreatedMs'] = String(times.createdMs);
    const report = () => {
      if (times.loadMs !== null && dataset['mapLoadMs'] === undefined) {
        dataset['mapLoadMs'] = String(times.loadMs);
        callbacks.current.onLoaded?.(true);
      }
      if (times.idleMs !== null && dataset['mapIdleMs'] === undefined) {
        dataset['mapState'] = 'idle';
        dataset['mapIdleMs'] = String(times.idleMs);
        callbacks.current.onIdle();
      }
      if (times.airportsIdleMs !== null && dataset['mapAirportsIdleMs'] === undefined) {
        dataset['mapAirportsIdleMs'] = String(times.airportsIdleMs);
        if (times.airportsIdleFrom !== null) dataset['mapAirportsIdleFrom'] = times.airportsIdleFrom;
        // How many are in view, counted after the event so the count does not hold up the picture.
        setTimeout(() => {
          const ids = new Set(created.queryRenderedFeatures({ layers: ['airports'] }).map((feature) => String(feature.properties['id'])));
          dataset['mapAirportsDrawn'] = String(ids.size);
        }, 0);
      }
    };
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
    report();
    created.on('load', report);
    created.on('idle', () => {
      report();
      dataset['mapZoom'] = created.getZoom().toFixed(2);
      dataset['mapLayers'] = created.getLayersOrder().join(' ');
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
    const last = applied.current;
    if (last && last.theme === theme && last.performance === performance && last.vfr === vfr) return;
    applied.current = { theme, performance, vfr };
    // The new style's GeoJSON sources are empty (the diff empties them in place): all are filled again after styledata.
    for (const id of AVIATION_SOURCES) {
      const source = map.getSource<GeoJSONSource>(id);
      if (source) filled.delete(source);
    }
    map.setStyle(mapStyle({ origin: window.location.origin, theme, performance, vfr }), { diff: true });
    map.once('styledata', () => setStyleKey((key) => key + 1));
  }, [map, theme, performance, vfr]);

  // Every map draws the overview until the nav database is open (again after a new style emptied it).
  useEffect(() => {
    if (map && config && !navDbLoaded) fillOverview(map, config);
    // Only until the database's layers are drawn: they are never replaced by the overview.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [map, config, styleKey]);

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
        fillSource(map, 'airports', airportData);
        fillSource(map, 'navaids', layers.navaids);
        fillSource(map, 'fixes', layers.fixes);
        fillSource(map, 'airways', airwayData);
        if (element) {
          // Milliseconds since navigation when the database's airports for the view were first handed to the map.
          element.dataset['mapAirportsMs'] ??= String(Math.round(window.performance.now()));
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
        fillSource(map, 'runways', runwayData);
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
    fillSource(map, 'route', data);
    if (container.current) {
      container.current.dataset['mapRoutePoints'] = String(Math.max(0, data.features.length - 1));
      container.current.dataset['mapRoute'] = data.features.length > 0 ? (route ?? []).map((w) => w.code ?? '').join(' ') : '';
    }
  }, [map, route, styleKey]);

  // The final-fix preview of a procedure picker.
  useEffect(() => {
    if (!map) return;
    const data = routeFeatures(preview);
    fillSource(map, 'final-fixes', data);
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
