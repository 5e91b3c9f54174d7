import { useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import Box from '@mui/material/Box';
import { useAppDispatch, useAppSelector } from '../store/hooks';
import { useServices } from '../platform/services';
import { appVersionKnown, setNavCollapsed, windowWidthChanged } from '../features/settings/settingsSlice';
import { MapHost } from '../features/map/MapHost';
import { useProfileSync } from '../features/sync/useProfileSync';
import { useAccountAtStart } from '../features/account/session';
import { DeviceLimitAlert } from '../features/sync/DeviceLimitAlert';
import { ErrorBoundary } from '../platform/ErrorBoundary';
import { LoadingChip, LoadingScreen, loadingState } from './LoadingScreen';
import { BootFailure } from './BootFailure';
import { LazyMenuDrawer, LazySettingsDrawer, prefetchDrawers } from './drawers';
import { isMapPath, pageForPath } from '../platform/pages';
import { pageBesideAfter, pageLayout } from '../platform/layout';
import { PAGE_CONTAINER_SX, PageAreaTheme } from '../platform/pageAreaTheme';
import { TopBar } from './TopBar';
import { topBarHeight } from '../platform/topBarHeight';
import { useWindowSize } from './useWindowSize';
import { useVersionPoll } from './versionPoll';

/** The page layer of a full-height page: its one child takes the whole height under the top bar. */
const FULL_HEIGHT_PAGE = { position: 'relative', height: '100%', display: 'flex', flexDirection: 'column', '& > *': { flex: '1 1 auto' } } as const;

/** The main app shell: top bar, menu and settings drawers, the map host and the current page. */
export function Shell() {
  const { pathname } = useLocation();
  const { width, height } = useWindowSize();
  const [menu, setMenu] = useState({ open: false, mounted: false });
  const [settings, setSettings] = useState({ open: false, mounted: false });
  const navDbState = useAppSelector((s) => s.navData.status);
  const navDbCycle = useAppSelector((s) => s.navData.loaded?.cycle ?? '');
  const page = pageForPath(pathname);
  // On the map pages the map views (MapHost) are the page: the page layer lets pointer events through.
  const onMap = isMapPath(pathname);
  // The loading screen covers a map page until the map is drawn; the nav database and the offline worker
  // then load under a chip, the page usable meanwhile (issue 27 point 10). Other pages get only the chip.
  const loading = useAppSelector((s) => loadingState(s.readiness, onMap).screen);
  // A page opened from the map on a wide window sits beside it (spec part 2 §2), decided per navigation
  // while rendering (React's "state from the previous render"), so the page never shows over the map first.
  const [beside, setBeside] = useState({ path: pathname, on: false });
  if (beside.path !== pathname) {
    setBeside({ path: pathname, on: pageBesideAfter({ fromPath: beside.path, toPath: pathname, besideNow: beside.on, widthPx: width }) });
  }
  const layout = pageLayout({ beside: beside.on && beside.path === pathname, widthPx: width, heightPx: height });
  const split = layout !== 'full';
  const full = page.fullHeight === true;
  useProfileSync();
  // Who is signed in and the login profile, once per page load; nothing waits for it.
  useAccountAtStart();
  // The server's version is polled too (the realtime channel only reaches signed-in devices).
  useVersionPoll();

  // The settings entity's shell fields (spec part 2 §3): menu open, window width, app version.
  const dispatch = useAppDispatch();
  const { appVersion } = useServices();
  useEffect(() => {
    dispatch(setNavCollapsed(menu.open));
  }, [dispatch, menu.open]);
  useEffect(() => {
    dispatch(windowWidthChanged(width));
  }, [dispatch, width]);
  useEffect(() => {
    dispatch(appVersionKnown(appVersion));
  }, [dispatch, appVersion]);

  useEffect(() => {
    if (!import.meta.env.PROD) return;
    const idle = window.requestIdleCallback ?? ((run: () => void) => window.setTimeout(run, 1000));
    idle(() => prefetchDrawers());
  }, []);

  return (
    // data-navdb-*: the nav database's state for end-to-end tests and diagnostics, without a window global.
    <Box
      data-testid="app-shell"
      data-navdb-state={navDbState}
      data-navdb-cycle={navDbCycle}
      sx={{ display: 'flex', flexDirection: 'column', height: '100dvh' }}
    >
      <TopBar
        height={topBarHeight({ width, height, path: pathname })}
        title={page.title}
        onMenu={() => setMenu({ open: true, mounted: true })}
        onSettings={() => setSettings({ open: true, mounted: true })}
      />
      {/* A fifth device refused for sync (spec part 1 §9: up to 4 devices); persistent, under the top bar. */}
      <DeviceLimitAlert />
      <LazyMenuDrawer {...menu} onClose={() => setMenu({ open: false, mounted: true })} />
      <LazySettingsDrawer {...settings} onClose={() => setSettings({ open: false, mounted: true })} />
      {/* The map views fill main beside the page's scroll layer, not in it: a page's scroll bar coming
          or going must not resize them (a resize redraws the maps and writes the camera into the address).
          The element tree is the same in every layout (only styles change), so the maps are never remounted. */}
      <Box
        component="main"
        data-testid="app-main"
        data-page-layout={layout}
        sx={{ flex: 1, minHeight: 0, position: 'relative', overflow: 'hidden', display: 'flex', flexDirection: layout === 'beside-horizontal' ? 'column' : 'row' }}
      >
        <Box data-testid="map-area" sx={split ? { position: 'relative', flex: '0 0 50%', minWidth: 0, minHeight: 0 } : { position: 'absolute', inset: 0 }}>
          <MapHost beside={split} />
        </Box>
        {/* The page area is the container the page's responsive styles query (PageAreaTheme): beside
            the map a page lays out for its half, not for the window. */}
        <Box
          data-testid="page-area"
          sx={{
            ...PAGE_CONTAINER_SX,
            ...(split
              ? { position: 'relative', flex: '1 1 0', minWidth: 0, minHeight: 0, bgcolor: 'background.default', borderColor: 'divider', borderStyle: 'solid', borderWidth: 0, ...(layout === 'beside-vertical' ? { borderLeftWidth: 2 } : { borderTopWidth: 2 }) }
              : { position: 'absolute', inset: 0, ...(onMap && { pointerEvents: 'none' }) }),
          }}
        >
          <PageAreaTheme>
            <Box data-testid="page-scroll" sx={{ position: 'absolute', inset: 0, overflow: 'auto', ...(onMap && { pointerEvents: 'none' }) }}>
              {/* The page mounts under the loading screen but cannot be used until the map is drawn.
                  A full-height page (pages.ts) is a flex item given exactly the height left; the others grow. */}
              <Box inert={loading} sx={onMap ? { position: 'relative' } : full ? FULL_HEIGHT_PAGE : { position: 'relative', minHeight: '100%' }}>
                <ErrorBoundary key={pathname}>
                  <Outlet />
                </ErrorBoundary>
              </Box>
            </Box>
          </PageAreaTheme>
        </Box>
        {/* Beside the scroll layer, whose pointer events are off on the map pages: it must take them. */}
        <LoadingScreen onMap={onMap} />
        <LoadingChip onMap={onMap} />
        <BootFailure />
      </Box>
    </Box>
  );
}
