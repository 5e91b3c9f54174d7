import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderApp } from '../../test/renderApp';

describe('map host', () => {
  it('splits, swaps, syncs and expands the map views, saving the layout in prefs', async () => {
    const { store, prefs, router } = renderApp('/app/map1');
    const host = await screen.findByTestId('map-host');
    expect(host.getAttribute('data-map-layout')).toBe('single');

    fireEvent.click(screen.getByTestId('map-split-vertical'));
    expect(host.getAttribute('data-map-layout')).toBe('vertical');
    fireEvent.click(screen.getByTestId('map-split-horizontal'));
    expect(store.getState().layout).toMatchObject({ splitHorizontal: true, splitVertical: false });
    fireEvent.click(screen.getByTestId('map-swap'));
    expect(host.getAttribute('data-map-views')).toBe('2,1');
    fireEvent.click(screen.getByTestId('map-sync'));
    expect(host.getAttribute('data-map-sync')).toBe('on');
    await waitFor(async () => expect(await prefs.getProperties(['splitHorizontal', 'viewOneId', 'viewTwoId', 'sync_map_views'])).toEqual({
      splitHorizontal: true, viewOneId: 2, viewTwoId: 1, sync_map_views: true,
    }));

    // Expanding a view clears the split and shows that view's page.
    fireEvent.click(screen.getByTestId('map-expand'));
    expect(host.getAttribute('data-map-layout')).toBe('single');
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/map2'));
  });

  it('settles the map signal unavailable without WebGL and hides the controls off the map pages', async () => {
    const { store } = renderApp('/app/route');
    await screen.findByTestId('map-host');
    expect(store.getState().readiness.map.state).toBe('unavailable');
    expect(screen.queryByTestId('map-split-vertical')).toBeNull();
  });
});
