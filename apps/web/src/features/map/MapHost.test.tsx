import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { DEFAULT_PROFILE, runFlightPlan } from '@clearway/flightplan';
import { makeRoute, makeWaypoint } from '@clearway/flightplan/testing';
import { renderApp } from '../../test/renderApp';
import { routeSynced } from '../route';
import { MAP_PROFILE_KEY, PROFILE_PANEL_PX } from './ProfileToggle';

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

  it('opens the vertical profile under the maps from the toolbar, remembers it, and ends the maps above it', async () => {
    window.localStorage.removeItem(MAP_PROFILE_KEY);
    const { store } = renderApp('/app/map1');
    const host = await screen.findByTestId('map-host');
    const button = screen.getByRole('button', { name: /^PROF: vertical profile under the map$/ });
    // The accessible name starts with the visible text; a 44 px target.
    expect(button.textContent).toBe('PROF');
    expect(button.getAttribute('aria-pressed')).toBe('false');
    expect(host.getAttribute('data-map-profile')).toBe('closed');
    expect(getComputedStyle(host).bottom).toBe('0px');
    fireEvent.click(button);
    expect(button.getAttribute('aria-pressed')).toBe('true');
    expect(window.localStorage.getItem(MAP_PROFILE_KEY)).toBe('on');
    expect(host.getAttribute('data-map-profile')).toBe('open');
    // jsdom is wider than a phone: the tablet height, the maps' box ending above the panel.
    expect(getComputedStyle(host).bottom).toBe(`${PROFILE_PANEL_PX.tablet}px`);
    expect((await screen.findByTestId('map-profile-empty')).textContent).toContain('No route');
    const route = runFlightPlan(
      makeRoute([makeWaypoint('KAAA', 40, -100, { elevation: 1000, type: 'AIRPORT' }), makeWaypoint('KBBB', 41, -100, { elevation: 1000, type: 'AIRPORT' })]),
      DEFAULT_PROFILE,
      { now: Date.UTC(2026, 5, 1), variationAt: null },
    );
    act(() => void store.dispatch(routeSynced(route)));
    expect((await screen.findAllByTestId('profile-waypoint')).map((w) => w.textContent)).toEqual(['KAAA', 'KBBB']);
    expect(screen.getByTestId('map-profile-panel').contains(screen.getByTestId('vertical-profile'))).toBe(true);
    fireEvent.click(button);
    expect(screen.queryByTestId('map-profile-panel')).toBeNull();
    expect(window.localStorage.getItem(MAP_PROFILE_KEY)).toBe('off');
    expect(host.getAttribute('data-map-profile')).toBe('closed');
  });

  it('opens with the panel when it was left open', async () => {
    window.localStorage.setItem(MAP_PROFILE_KEY, 'on');
    renderApp('/app/map1');
    expect(await screen.findByTestId('map-profile-panel')).toBeTruthy();
    window.localStorage.removeItem(MAP_PROFILE_KEY);
  });

  it('settles the map signal unavailable without WebGL and hides the controls off the map pages', async () => {
    const { store } = renderApp('/app/route');
    await screen.findByTestId('map-host');
    expect(store.getState().readiness.map.state).toBe('unavailable');
    expect(screen.queryByTestId('map-split-vertical')).toBeNull();
  });
});
