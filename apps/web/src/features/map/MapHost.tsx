import { Suspense, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import CropSquare from '@mui/icons-material/CropSquare';
import LinkIcon from '@mui/icons-material/Link';
import LinkOff from '@mui/icons-material/LinkOff';
import OpenInFull from '@mui/icons-material/OpenInFull';
import SwapHoriz from '@mui/icons-material/SwapHoriz';
import ViewColumn from '@mui/icons-material/ViewColumn';
import ViewStream from '@mui/icons-material/ViewStream';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import type { ClientConfig } from '@clearway/protocol';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { isMapPath, mapPagePath, pagePath } from '../../platform/pages';
import { connectReadinessSource, mapReadinessSource, NO_WEBGL_REASON } from '../../platform/readiness';
import { useServices } from '../../platform/services';
import { airportSelected } from '../route';
import { InflightControls } from '../inflight';
import { useMapExpiryBannerClearance } from '../navdata/components';
import { mapLoaded, mapLocationDone, viewportChanged, type Viewport } from '../../store/mapStateSlice';
import { orientationChanged, setSplit, setSyncMapViews, setViews, swapViews } from './layoutSlice';
import { mapSync } from './mapSync';
import { TerrainControl } from './TerrainControl';
import { ToolbarButton as LayoutButton } from './ToolbarButton';
import { PROFILE_PANEL_PX, ProfileToggle, useProfilePanelOpen } from './ProfileToggle';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { ErrorBoundary, loadFailureText } from '../../platform/ErrorBoundary';
import { retryingLazy } from '../../platform/retryingLazy';

// The map code is its own chunk, so the initial bundle stays small; index.html preloads it and
// preloadMap runs it before the boot stages end, not when the first view mounts after them.
// A failed load is tried once more, and an error stays in the map's own boundary (retryingLazy).
const loadMapView = () => import('./MapView');
const MapView = retryingLazy(loadMapView);
// The overlays' switches come with the map's chunk (the overlay list stays out of the initial bundle).
const OverlayToggles = retryingLazy<object>(() => loadMapView().then((module) => ({ default: module.OverlayToggles })));
// The vertical profile under the map (issue 24) loads when it is first opened.
const ProfilePanel = retryingLazy(() => import('./ProfilePanel'));

/**
 * Creates the first map while boot still runs (MapView's startEarlyMap), so its first picture is drawn
 * sooner; main.tsx calls it with the configuration request, whose download root has the airport overview.
 * Only when the page opened is a map page: the map keeps its camera in the address hash, and on another
 * start address (`/`, which the router redirects) it would write it there before the router reads it.
 */
export function preloadMap(config: Promise<ClientConfig | null>): void {
  if (webGlAvailable() && isMapPath(window.location.pathname)) void loadMapView().then((module) => module.startEarlyMap(config), () => undefined);
}

/** Debounce of the divider drag before the maps are resized and the position is kept (spec part 1 §9). */
export const DIVIDER_DEBOUNCE_MS = 300;
const DIVIDER_KEY = 'clearway.mapDivider';

function webGlAvailable(): boolean {
  return typeof window !== 'undefined' && typeof window.WebGL2RenderingContext !== 'undefined';
}


function storedDivider(): number {
  const value = Number(window.localStorage.getItem(DIVIDER_KEY));
  return Number.isFinite(value) && value >= 0.15 && value <= 0.85 ? value : 0.5;
}

/**
 * The map views behind every page of the shell (spec part 1 §2 "Shell"): one or two MapLibre maps
 * (single, split horizontal, split vertical), the layout buttons, and the map readiness signal
 * ('ready' on the first map's first idle; 'unavailable' without WebGL). `beside`: a page sits beside the
 * map (spec part 2 §2; the shell decides, platform/layout.ts): the map shows view one alone in its half,
 * still panned and zoomed by hand, without the layout toolbar; the two-view split is kept in the layout
 * state for the map page's return.
 */
export function MapHost({ beside = false }: { beside?: boolean }) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { routing, prefs } = useServices();
  const layout = useAppSelector((s) => s.layout);
  const dark = useAppSelector((s) => s.settings.dark_mode);
  const performanceMode = useAppSelector((s) => s.settings.performance_mode);
  const location = useAppSelector((s) => s.map.map_location);
  const [divider, setDivider] = useState(storedDivider);
  const readiness = useMemo(() => mapReadinessSource(), []);
  const canDraw = webGlAvailable();

  // A layout effect settles the signal before the first paint when there is no WebGL (tests, old browsers).
  useLayoutEffect(() => {
    if (!canDraw) readiness.fail(NO_WEBGL_REASON);
    return connectReadinessSource(dispatch, readiness);
  }, [dispatch, readiness, canDraw]);

  // Orientation changes flip the split (landscape: side by side; portrait: stacked).
  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return undefined;
    const query = window.matchMedia('(orientation: landscape)');
    const apply = () => dispatch(orientationChanged(query.matches));
    query.addEventListener('change', apply);
    return () => query.removeEventListener('change', apply);
  }, [dispatch]);

  useEffect(() => {
    mapSync.enabled = layout.sync_map_views;
  }, [layout.sync_map_views]);

  // Divider: live position at once, maps resized and position kept after the drag settles.
  const settle = useRef<number | undefined>(undefined);
  const moveDivider = useCallback((ratio: number) => {
    const clamped = Math.min(0.85, Math.max(0.15, ratio));
    setDivider(clamped);
    window.clearTimeout(settle.current);
    settle.current = window.setTimeout(() => {
      window.localStorage.setItem(DIVIDER_KEY, String(clamped));
      mapSync.resizeAll();
    }, DIVIDER_DEBOUNCE_MS);
  }, []);
  useEffect(() => () => window.clearTimeout(settle.current), []);

  const area = useRef<HTMLDivElement>(null);
  const split = !beside && (layout.splitHorizontal || layout.splitVertical);
  const onMap = isMapPath(pathname);
  // MapPage shows the nav data expiry banner at the bottom of the map; the in-flight controls stay
  // above it. Its height as measured: on a phone its text takes two lines.
  const bannerPx = useMapExpiryBannerClearance();
  // The vertical profile panel (issue 24) sits under the maps, above the expiry banner; the maps end above it.
  const [profileOpen, toggleProfile] = useProfilePanelOpen();
  // The theme by hook (MUI's default theme without a provider, as in tests that render the shell bare).
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const panelPx = onMap && profileOpen ? (phone ? PROFILE_PANEL_PX.phone : PROFILE_PANEL_PX.tablet) : 0;
  const mapBottomPx = panelPx > 0 ? panelPx + bannerPx : 0;
  // The toolbar's width (its weather switches make it wider), so the 3D button lifted by the profile
  // panel can sit beside it: watched only while the panel is open (the button is not lifted otherwise).
  const toolbar = useRef<HTMLDivElement>(null);
  const [toolbarPx, setToolbarPx] = useState(44);
  const lifted = panelPx > 0;
  useLayoutEffect(() => {
    const element = toolbar.current;
    if (!lifted || !element || typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(() => setToolbarPx(element.offsetWidth));
    observer.observe(element);
    return () => observer.disconnect();
  }, [onMap, lifted]);
  // /app/map2 shows view two in the first pane when not split.
  const firstView = !split && pathname.startsWith(pagePath('map2')) ? layout.viewTwoId : layout.viewOneId;

  const startDrag = (event: React.PointerEvent<HTMLDivElement>) => {
    const box = area.current?.getBoundingClientRect();
    if (!box) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    const move = (e: PointerEvent) => moveDivider(layout.splitHorizontal ? (e.clientY - box.top) / box.height : (e.clientX - box.left) / box.width);
    const target = event.currentTarget;
    const up = () => {
      target.removeEventListener('pointermove', move);
      target.removeEventListener('pointerup', up);
    };
    target.addEventListener('pointermove', move);
    target.addEventListener('pointerup', up);
  };

  const view = (viewId: number, hash: boolean) => (
    <MapView
      key={viewId}
      viewId={viewId}
      theme={dark ? 'night' : 'day'}
      performance={performanceMode}
      location={location}
      hash={hash}
      hashActive={onMap}
      onIdle={readiness.ready}
      onError={readiness.fail}
      onLoaded={(loaded) => dispatch(mapLoaded({ viewId, loaded }))}
      onViewport={hash ? onViewport : undefined}
      onLocationDone={onLocationDone}
      onOpenAirport={openAirport}
    />
  );

  const onViewport = useCallback((viewport: Viewport) => dispatch(viewportChanged(viewport)), [dispatch]);
  const onLocationDone = useCallback(() => dispatch(mapLocationDone()), [dispatch]);
  // A tapped airport's page: selected the way the search box selects it (prefs airport_id, store).
  const openAirport = useCallback((code: string) => {
    void (async () => {
      const reply = routing ? await routing.call('airportSummary', { code }).catch(() => ({ error: 'failed' })) : { error: 'no engine' };
      if ('error' in reply) return;
      await prefs?.setProperty('airport_id', reply.code).catch(() => undefined);
      dispatch(airportSelected(reply.code));
      void navigate(pagePath('airport'));
    })();
  }, [routing, prefs, dispatch, navigate]);

  // The map's code failing to load (a chunk missing from the offline cache) shows its error with a
  // Try again button; a new attempt remounts the boundary. Meanwhile the map-only controls are hidden.
  const [mapAttempt, setMapAttempt] = useState(0);
  const [mapFailed, setMapFailed] = useState(false);
  const retryMap = useCallback(() => {
    setMapFailed(false);
    setMapAttempt((n) => n + 1);
  }, []);

  const percent = `${(divider * 100).toFixed(1)}%`;
  const direction = split && layout.splitHorizontal ? 'column' : 'row';
  return (
    <Box
      ref={area}
      data-testid="map-host"
      data-map-layout={!split ? 'single' : layout.splitHorizontal ? 'horizontal' : 'vertical'}
      data-map-views={split ? `${layout.viewOneId},${layout.viewTwoId}` : String(firstView)}
      data-map-sync={layout.sync_map_views ? 'on' : 'off'}
      data-map-profile={panelPx > 0 ? 'open' : 'closed'}
      sx={{ position: 'absolute', top: 0, left: 0, right: 0, bottom: mapBottomPx, display: 'flex', flexDirection: direction, visibility: onMap || beside ? 'visible' : 'hidden' }}
    >
      {canDraw && (
        <ErrorBoundary
          key={mapAttempt}
          onError={(error) => {
            MapView.forgetFailure();
            setMapFailed(true);
            readiness.fail(error.message);
          }}
          fallback={(error) => (
            <Box sx={{ p: 3, pt: 10, bgcolor: 'background.default', flex: 1 }}>
              <Typography role="alert" data-testid="map-failure">
                {loadFailureText(error)}
              </Typography>
              <Button variant="contained" data-testid="map-retry" onClick={retryMap} sx={{ mt: 2, minHeight: 48, minWidth: 120 }}>
                Try again
              </Button>
            </Box>
          )}
        >
          <Suspense fallback={null}>
            <Box data-testid="map-pane-1" sx={{ position: 'relative', flex: split ? `0 0 ${percent}` : '1 1 auto', minWidth: 0, minHeight: 0 }}>
              {view(split ? layout.viewOneId : firstView, true)}
            </Box>
            {split && (
              <>
                <Box
                  role="separator"
                  aria-orientation={layout.splitHorizontal ? 'horizontal' : 'vertical'}
                  aria-label="Resize the map views"
                  data-testid="map-divider"
                  onPointerDown={startDrag}
                  sx={{
                    flex: '0 0 8px',
                    bgcolor: 'grey.600',
                    cursor: layout.splitHorizontal ? 'row-resize' : 'col-resize',
                    touchAction: 'none',
                    zIndex: 2,
                  }}
                />
                <Box data-testid="map-pane-2" sx={{ position: 'relative', flex: '1 1 auto', minWidth: 0, minHeight: 0 }}>
                  {view(layout.viewTwoId, false)}
                </Box>
              </>
            )}
          </Suspense>
        </ErrorBoundary>
      )}
      {onMap && (
        <Paper ref={toolbar} elevation={3} sx={{ position: 'absolute', top: 8, right: 8, zIndex: 3, display: 'flex', flexDirection: 'column', maxHeight: 'calc(100% - 16px)', overflowX: 'hidden', overflowY: 'auto' }}>
          <LayoutButton label="Single view" testId="map-single" active={!split} onClick={() => {
            dispatch(setSplit({ splitHorizontal: false, splitVertical: false }));
          }}><CropSquare fontSize="small" /></LayoutButton>
          <LayoutButton label="Split horizontally" testId="map-split-horizontal" active={layout.splitHorizontal} onClick={() => {
            dispatch(setSplit({ splitHorizontal: true, splitVertical: false }));
          }}><ViewStream fontSize="small" /></LayoutButton>
          <LayoutButton label="Split vertically" testId="map-split-vertical" active={layout.splitVertical} onClick={() => {
            dispatch(setSplit({ splitHorizontal: false, splitVertical: true }));
          }}><ViewColumn fontSize="small" /></LayoutButton>
          <LayoutButton label="Swap views" testId="map-swap" active={false} onClick={() => dispatch(swapViews())}><SwapHoriz fontSize="small" /></LayoutButton>
          <LayoutButton label="Synchronise views" testId="map-sync" active={layout.sync_map_views} onClick={() => {
            dispatch(setSyncMapViews(!layout.sync_map_views));
          }}>{layout.sync_map_views ? <LinkIcon fontSize="small" /> : <LinkOff fontSize="small" />}</LayoutButton>
          <ProfileToggle open={profileOpen} onToggle={toggleProfile} />
          {split && (
            <LayoutButton label="Expand view one" testId="map-expand" active={false} onClick={() => {
              // Expanding a view clears the split (setViews turns both splits off).
              dispatch(setViews({ viewOneId: layout.viewOneId, viewTwoId: layout.viewTwoId }));
              void navigate(mapPagePath(layout.viewOneId), { replace: true });
            }}><OpenInFull fontSize="small" /></LayoutButton>
          )}
          {canDraw && !mapFailed && (
            <ErrorBoundary onError={OverlayToggles.forgetFailure} fallback={() => null}>
              <Suspense fallback={null}>
                <OverlayToggles />
              </Suspense>
            </ErrorBoundary>
          )}
        </Paper>
      )}
      {/* The 3D button sits in the map's own layer, above the canvas (from the page it was under it). */}
      {onMap && !mapFailed && <TerrainControl bottomOffsetPx={mapBottomPx} besideToolbarPx={8 + toolbarPx + 8} />}
      {/* In flight (issue 19): nav strip, status chips, Resume Navigation; its loops run on every page.
          With the profile open the maps end above the banner, so the chips need no lift. */}
      <InflightControls visible={onMap} bottomClearancePx={panelPx > 0 ? 0 : bannerPx} />
      {/* The profile panel just under the maps' box (which ends above it). */}
      {panelPx > 0 && (
        <Box sx={{ position: 'absolute', left: 0, right: 0, top: '100%', height: panelPx }}>
          {/* Mounted with the panel: closed and opened again after a failure, it loads afresh. */}
          <ErrorBoundary
            onError={ProfilePanel.forgetFailure}
            fallback={(error) => (
              <Typography role="alert" data-testid="map-profile-failure" sx={{ p: 2, bgcolor: 'background.default', height: '100%' }}>
                {loadFailureText(error)}
              </Typography>
            )}
          >
            <Suspense fallback={null}>
              <ProfilePanel heightPx={panelPx} phone={phone} />
            </Suspense>
          </ErrorBoundary>
        </Box>
      )}
    </Box>
  );
}
