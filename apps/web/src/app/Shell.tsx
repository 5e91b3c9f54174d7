import { useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import Box from '@mui/material/Box';
import { useAppSelector } from '../store/hooks';
import { MapHost } from '../features/map/MapHost';
import { useProfileSync } from '../features/sync/useProfileSync';
import { useAccountAtStart } from '../features/account/session';
import { DeviceLimitAlert } from '../features/sync/DeviceLimitAlert';
import { ErrorBoundary } from './ErrorBoundary';
import { LoadingChip, LoadingScreen, loadingState } from './LoadingScreen';
import { LazyMenuDrawer, LazySettingsDrawer, prefetchDrawers } from './drawers';
import { isMapPath, pageForPath } from '../platform/pages';
import { TopBar } from './TopBar';
import { topBarHeight } from '../platform/topBarHeight';
import { useWindowSize } from './useWindowSize';
import { useVersionPoll } from './versionPoll';

/** The main app shell: top bar, menu and settings drawers, the map host and the current page. */
export function Shell() {
  const { pathname } = useLocation();
  const { width, height } = useWindowSize();
  const [menu, setMenu] = useState({ open: false, mounted: false });
  const [settings, setSettings] = useState({ open: false, mounted: false });
  // The loading screen covers the page until the map is drawn; the nav database and the offline worker
  // then load under a chip, the page usable meanwhile (issue 27 point 10).
  const loading = useAppSelector((s) => loadingState(s.readiness).screen);
  const navDbState = useAppSelector((s) => s.navData.status);
  const navDbCycle = useAppSelector((s) => s.navData.loaded?.cycle ?? '');
  const page = pageForPath(pathname);
  // On the map pages the map views (MapHost) are the page: the page layer lets pointer events through.
  const onMap = isMapPath(pathname);
  useProfileSync();
  // Who is signed in and the login profile, once per page load; nothing waits for it.
  useAccountAtStart();
  // The server's version is polled too (the realtime channel only reaches signed-in devices).
  useVersionPoll();

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
          or going must not resize them (a resize redraws the maps and writes the camera into the address). */}
      <Box component="main" sx={{ flex: 1, position: 'relative', overflow: 'hidden' }}>
        <MapHost />
        <Box data-testid="page-scroll" sx={{ position: 'absolute', inset: 0, overflow: 'auto', ...(onMap && { pointerEvents: 'none' }) }}>
          {/* The page mounts under the loading screen but cannot be used until the map is drawn. */}
          <Box inert={loading} sx={onMap ? { position: 'relative' } : { position: 'relative', minHeight: '100%' }}>
            <ErrorBoundary key={pathname}>
              <Outlet />
            </ErrorBoundary>
          </Box>
        </Box>
        {/* Beside the scroll layer, whose pointer events are off on the map pages: it must take them. */}
        <LoadingScreen />
        <LoadingChip />
      </Box>
    </Box>
  );
}
