import { describe, expect, it } from 'vitest';
import { NO_WEBGL_REASON } from '../platform/readiness';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { renderApp } from '../test/renderApp';
import { signalSettled, firstPendingSignal, type ReadinessSliceState } from '../store/readinessSlice';

describe('loading screen and top bar', () => {
  it('shows the page once the map has settled, with a chip for the nav database, then the service worker; the menu button appears with the nav database', async () => {
    const { store } = renderApp('/app/airport', { settled: false });
    // Without WebGL (jsdom) the map host settles the map signal as soon as the shell mounts: the
    // loading screen goes, the page can be used, and the chip says what is still loading.
    const chip = await screen.findByTestId('loading-chip');
    expect(store.getState().readiness.map).toEqual({ state: 'unavailable', reason: NO_WEBGL_REASON });
    expect(screen.queryByTestId('loading-screen')).toBeNull();
    expect(screen.getByTestId('loading-chip-message').textContent).toBe('Loading Nav Database...');
    expect(getComputedStyle(chip).pointerEvents).toBe('none');
    expect(screen.getByTestId('page-airport').closest('[inert]')).toBeNull();
    expect(screen.getByTestId('top-bar-title').textContent).toBe('Nav Database is Loading...');
    expect(screen.queryByRole('button', { name: 'menu' })).toBeNull();
    expect(screen.getByRole('button', { name: 'settings' })).toBeTruthy();
    // The search box is there while the nav database loads (it answers airports from the overview).
    expect(screen.getByRole('combobox', { name: 'Search' })).toBeTruthy();

    act(() => {
      store.dispatch(signalSettled({ signal: 'navDb', state: 'unavailable', reason: 'No nav database is installed on this server' }));
    });
    expect(screen.getByTestId('loading-chip-message').textContent).toBe('Getting Offline Ready...');
    expect(screen.getByTestId('top-bar-title').textContent).toBe('Airports');
    expect(screen.getByRole('button', { name: 'menu' })).toBeTruthy();

    act(() => {
      store.dispatch(signalSettled({ signal: 'serviceWorker', state: 'ready' }));
    });
    expect(screen.queryByTestId('loading-chip')).toBeNull();
    expect(screen.queryByTestId('loading-screen')).toBeNull();
    expect(screen.getByTestId('page-airport')).toBeTruthy();
  });

  it('shows the first pending message in the order map, nav database, service worker', () => {
    const pending = { state: 'pending', reason: null } as const;
    const done = { state: 'ready', reason: null } as const;
    const r = (map: typeof pending | typeof done, navDb: typeof pending | typeof done, serviceWorker: typeof pending | typeof done): ReadinessSliceState => ({ map, navDb, serviceWorker });
    expect(firstPendingSignal(r(pending, pending, pending))).toBe('map');
    expect(firstPendingSignal(r(done, pending, pending))).toBe('navDb');
    expect(firstPendingSignal(r(done, done, pending))).toBe('serviceWorker');
    expect(firstPendingSignal(r(pending, done, done))).toBe('map');
    expect(firstPendingSignal(r(done, done, done))).toBeNull();
  });

  it('sizes the top bar for the window, and keeps the width, the menu state and the version in settings', async () => {
    const { store } = renderApp('/app/map1', { services: { appVersion: '9.8.7' } });
    const bar = await screen.findByTestId('top-bar');
    // jsdom's window is 1024 × 768: a landscape tablet.
    expect(getComputedStyle(bar).height).toBe('58px');
    expect(store.getState().settings).toMatchObject({ width: 1024, appVersion: '9.8.7', navCollapsed: false });
    act(() => {
      store.dispatch(signalSettled({ signal: 'navDb', state: 'ready' }));
    });
    fireEvent.click(await screen.findByRole('button', { name: 'menu' }));
    await waitFor(() => expect(store.getState().settings.navCollapsed).toBe(true));
  });

  it('lays the map views beside the page scroll layer, so a page scroll bar cannot resize them', async () => {
    const { router } = renderApp('/app/route', { settled: false });
    const host = await screen.findByTestId('map-host');
    const scroll = screen.getByTestId('page-scroll');
    const main = screen.getByTestId('app-main');
    expect(main.tagName).toBe('MAIN');
    expect(getComputedStyle(main).overflow).toBe('hidden');
    expect(host.parentElement).toBe(screen.getByTestId('map-area'));
    expect(scroll.parentElement).toBe(screen.getByTestId('page-area'));
    expect(getComputedStyle(scroll)).toMatchObject({ position: 'absolute', overflow: 'auto' });
    expect(getComputedStyle(scroll).pointerEvents).not.toBe('none');
    expect(scroll.contains(host)).toBe(false);
    expect(scroll.contains(await screen.findByTestId('page-route'))).toBe(true);
    // The loading screen and chip sit beside the scroll layer, whose pointer events are off on the map
    // pages (the screen must take them; the chip lets them through to the map).
    expect(screen.getByTestId('loading-chip').parentElement).toBe(main);

    await act(() => router.navigate('/app/map1'));
    expect(scroll.contains(await screen.findByTestId('page-map1'))).toBe(true);
    expect(getComputedStyle(scroll).pointerEvents).toBe('none');
    // Every layer over the map lets the map's pointer events through (pans, taps).
    expect(getComputedStyle(screen.getByTestId('page-area')).pointerEvents).toBe('none');
    expect(screen.getByTestId('loading-chip').parentElement).toBe(main);
  });

  it('gives a full-height page exactly the height under the top bar, and lets the others grow', async () => {
    const { router } = renderApp('/app/sketch');
    const sketch = await screen.findByTestId('page-sketch');
    const layer = sketch.parentElement as HTMLElement;
    expect(getComputedStyle(layer)).toMatchObject({ height: '100%', display: 'flex', flexDirection: 'column' });
    expect(getComputedStyle(sketch).flexGrow).toBe('1');
    await act(() => router.navigate('/app/route'));
    const route = await screen.findByTestId('page-route');
    const routeLayer = route.parentElement as HTMLElement;
    expect(getComputedStyle(routeLayer).minHeight).toBe('100%');
    expect(getComputedStyle(routeLayer).height).not.toBe('100%');
  });

  it('opens a page beside the map on a wide window, over it on a narrow one, and Restore Map ends the split', async () => {
    const resize = (width: number, height: number) => act(() => {
      Object.assign(window, { innerWidth: width, innerHeight: height });
      window.dispatchEvent(new Event('resize'));
    });
    try {
      // jsdom's 1024 x 768: narrower than the sm breakpoint (1200), so the page covers the map.
      const { router } = renderApp('/app/map1');
      const main = await screen.findByTestId('app-main');
      await act(() => router.navigate('/app/route'));
      await screen.findByTestId('page-route');
      expect(main.dataset.pageLayout).toBe('full');
      expect(getComputedStyle(screen.getByTestId('map-host')).visibility).toBe('hidden');

      await resize(1280, 800);
      await act(() => router.navigate('/app/map1'));
      await act(() => router.navigate('/app/airport'));
      await screen.findByTestId('page-airport');
      expect(main.dataset.pageLayout).toBe('beside-vertical');
      expect(getComputedStyle(main).flexDirection).toBe('row');
      expect(getComputedStyle(screen.getByTestId('map-host')).visibility).toBe('visible');
      expect(getComputedStyle(screen.getByTestId('map-area'))).toMatchObject({ position: 'relative', flex: '0 0 50%' });
      expect(getComputedStyle(screen.getByTestId('page-area')).position).toBe('relative');
      // The map's own layout toolbar belongs to the map page.
      expect(screen.queryByTestId('map-single')).toBeNull();

      // From page to page the split stays; a portrait window stacks the page under the map.
      await act(() => router.navigate('/app/route'));
      await screen.findByTestId('page-route');
      expect(main.dataset.pageLayout).toBe('beside-vertical');
      await resize(1200, 1600);
      expect(main.dataset.pageLayout).toBe('beside-horizontal');
      expect(getComputedStyle(main).flexDirection).toBe('column');
      // A window made narrower than the breakpoint: the page alone again.
      await resize(1000, 1600);
      expect(main.dataset.pageLayout).toBe('full');
      await resize(1280, 800);
      expect(main.dataset.pageLayout).toBe('beside-vertical');

      // Restore Map: the map alone.
      await act(async () => {
        screen.getByTestId('restore-map').click();
        await Promise.resolve();
      });
      expect(router.state.location.pathname).toBe('/app/map1');
      expect(main.dataset.pageLayout).toBe('full');
      expect(getComputedStyle(screen.getByTestId('map-area')).position).toBe('absolute');
      // Leaving the map again splits again.
      await act(() => router.navigate('/app/route'));
      expect(main.dataset.pageLayout).toBe('beside-vertical');
    } finally {
      await resize(1024, 768);
    }
  });
});
