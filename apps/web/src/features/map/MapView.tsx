import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { Map as MapLibreMap } from 'maplibre-gl';
import 'maplibre-gl/dist/maplibre-gl.css';
import type { MapLocation, Viewport } from '../../store/mapStateSlice';
import { useAppStore } from '../../store/hooks';
import { adoptEarlyMap, newMap, type StyleChoice } from './createMap';
import { attachFeatureClicks } from './featureClicks';
import type { FeatureDetails } from './featureDetails';
import { FeaturePopover } from './FeaturePopover';
import { TileGapNote } from './TileGapNote';
import { forgetSources } from './layers/fillSource';
import { mapStyle, overlayGeoJsonSources, type MapTheme } from './mapStyle';
import { mapSync } from './mapSync';
import { reportTimes, TIME_KEYS, trackTimes, type MapTimes } from './mapTimes';
import { useOverlays } from './useOverlays';
import { InflightMapLayer } from '../inflight/components';

// What MapHost loads of this chunk besides the view: the early map and the toolbar's overlay switches.
export { startEarlyMap } from './createMap';
export { OverlayToggles } from './OverlayToggles';

export interface MapViewProps {
  /** Map view id (1 or 2). */
  viewId: number;
  theme: MapTheme;
  performance: boolean;
  /** A place the map is asked to fly to (state 'set'); onLocationDone is called once it went. */
  location?: MapLocation | null;
  /** Keep the camera in the address hash (`#zoom/lat/lon`), for one view only. */
  hash: boolean;
  /**
   * Whether that hash is written now (default true): only while a map page is shown. Beside or behind
   * another page the address is the page's; the map stops writing and drops its hash from it.
   */
  hashActive?: boolean;
  onIdle: () => void;
  onError: (reason: string) => void;
  /** The style has loaded (true), or the map is gone (false). */
  onLoaded?: (loaded: boolean) => void;
  onViewport?: (viewport: Viewport) => void;
  onLocationDone?: () => void;
  /** Open the airport page for an airport id (from a tapped airport's details). */
  onOpenAirport?: (code: string) => void;
}

/** The view's map: the early map if it may adopt it, else a new one (throws without WebGL). */
function takeMap(element: HTMLDivElement, hash: boolean, choice: StyleChoice, shown: Record<string, boolean>): { map: MapLibreMap; times: MapTimes; choice: StyleChoice } {
  const adopted = hash ? adoptEarlyMap() : null;
  if (!adopted) {
    const map = newMap(element, choice, shown, hash);
    return { map, times: trackTimes(map), choice };
  }
  adopted.element.style.cssText = 'position:absolute;inset:0';
  element.appendChild(adopted.element);
  // Only now is it seen: a first idle before this does not count; the idle after this repaint does.
  // A size other than the early guess is picked up by MapLibre's own resize observer.
  const { times } = adopted;
  times.idleMs = null;
  times.airportsIdleMs = null;
  times.airportsIdleFrom = null;
  adopted.map.triggerRepaint();
  return { map: adopted.map, times, choice: adopted.choice };
}

let geoJsonSources: string[] | null = null;

/**
 * One MapLibre map: its life cycle (creation or adoption of the early map, style changes, events,
 * removal). What it draws over the basemap comes from the overlay modules (layers/, useOverlays).
 * Exposes its state to tests as data attributes (no window globals).
 */
export function MapView(props: MapViewProps) {
  const { viewId, theme, performance, location = null, hash } = props;
  const store = useAppStore();
  const container = useRef<HTMLDivElement>(null);
  const [map, setMap] = useState<MapLibreMap | null>(null);
  const [details, setDetails] = useState<FeatureDetails | null>(null);
  const callbacks = useRef(props);
  const styleRef = useRef<StyleChoice>({ theme, performance });
  // The latest props for the map's own events and for its creation, kept after each render.
  useLayoutEffect(() => {
    callbacks.current = props;
    styleRef.current = { theme, performance };
  });
  const [styleKey, setStyleKey] = useState(0);
  /** The style options the map has now: a theme or mode change sets a new style, nothing else does. */
  const applied = useRef<StyleChoice | null>(null);

  useEffect(() => {
    const element = container.current;
    if (!element) return undefined;
    const { dataset } = element;
    dataset['mapState'] = 'loading';
    for (const key of TIME_KEYS) delete dataset[key];
    let taken: ReturnType<typeof takeMap>;
    try {
      taken = takeMap(element, hash, styleRef.current, store.getState().overlays.shown);
    } catch (error) {
      dataset['mapState'] = 'error';
      callbacks.current.onError(error instanceof Error ? error.message : String(error));
      return undefined;
    }
    const { map: created, times } = taken;
    applied.current = taken.choice;
    dataset['mapCreatedMs'] = String(times.createdMs);
    const report = () => reportTimes(created, times, dataset, {
      loaded: () => callbacks.current.onLoaded?.(true),
      idle: () => callbacks.current.onIdle(),
    });
    created.on('moveend', () => {
      const center = created.getCenter();
      const b = created.getBounds();
      dataset['mapBounds'] = [b.getWest(), b.getSouth(), b.getEast(), b.getNorth()].map((v) => v.toFixed(5)).join(',');
      callbacks.current.onViewport?.({ center: [center.lng, center.lat], zoom: created.getZoom(), bearing: created.getBearing(), pitch: created.getPitch() });
    });
    attachFeatureClicks(created, element, setDetails);
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
  }, [viewId, hash, store]);

  // The address hash follows the map only while a map page is shown (a map resize beside a page is a move too).
  const hashActive = props.hashActive ?? true;
  useEffect(() => {
    const handle = map?._hash;
    if (!map || !handle || hashActive) return undefined;
    // Not Hash.remove()/addTo(): map.remove() calls Hash.remove() itself and needs the handle attached.
    map.off('moveend', handle._updateHash);
    handle._removeHash();
    // A write already throttled (300 ms) may still land: drop it once more after that.
    const late = window.setTimeout(handle._removeHash, 350);
    return () => {
      window.clearTimeout(late);
      map.on('moveend', handle._updateHash);
    };
  }, [map, hashActive]);

  // Theme and performance mode: a new style, keeping the overlays (their sources are refilled after styledata).
  useEffect(() => {
    if (!map) return;
    const last = applied.current;
    if (last && last.theme === theme && last.performance === performance) return;
    applied.current = { theme, performance };
    // The new style's GeoJSON sources are empty (the diff empties them in place): all are filled again after styledata.
    forgetSources(map, (geoJsonSources ??= overlayGeoJsonSources()));
    map.setStyle(mapStyle({ origin: window.location.origin, theme, performance, shown: store.getState().overlays.shown }), { diff: true });
    map.once('styledata', () => setStyleKey((key) => key + 1));
  }, [map, theme, performance, store]);

  useOverlays(map, container, styleKey);

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
        style={{ position: 'absolute', inset: 0 }}
      />
      <TileGapNote map={map} />
      {map && <InflightMapLayer map={map} />}
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

export default MapView;
