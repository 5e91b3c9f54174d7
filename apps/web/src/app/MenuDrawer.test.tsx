import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderApp } from '../test/renderApp';
import { updateWaiting } from '../store/appUpdateSlice';

async function openMenu() {
  fireEvent.click(await screen.findByRole('button', { name: 'menu' }));
  return screen.findByTestId('menu-drawer');
}

describe('menu drawer', () => {
  it('lists every entry of the spec in order, with both sub-menus expanded', async () => {
    renderApp('/app/map1');
    const drawer = await openMenu();
    fireEvent.click(within(drawer).getByRole('button', { name: 'Flight Service' }));
    fireEvent.click(within(drawer).getByRole('button', { name: 'Wx Imagery' }));
    const list = drawer.querySelector('ul');
    const labels = Array.from(list?.querySelectorAll('a, [role="button"]') ?? [], (el) => el.textContent);
    expect(labels).toEqual([
      'Airports',
      'Maps',
      'ClearSky AI',
      'Approach Plates',
      'Flight Plan',
      'Sim Center/PFD',
      'Flight Service',
      'Route Briefing',
      'Area Briefing',
      'Flight Plans',
      'Along the Route',
      'Downloads',
      'Sketch',
      'Wx Imagery',
      'Surface Progs',
      'Cloud Tops',
      'SIGMETs',
      'G-Airmet',
      'Radar Composite',
      'Radar (weather.gov)',
      'Graphical Forecasts (aviationweather.gov)',
      'Satellite Viewer (NASA Worldview)',
    ]);
    const hrefs = Array.from(list?.querySelectorAll('a') ?? [], (a) => a.getAttribute('href'));
    expect(hrefs).toEqual([
      '/app/airport', '/app/map1', '/app/clearsky', '/app/PlateView', '/app/route', '/app/SimPFD',
      '/app/afss_route_briefing', '/app/afss_area_briefing', '/app/afss_flight_plan',
      '/app/along_route', '/app/download', '/app/sketch',
      '/app/wx_surface', '/app/wx_tops', '/app/wx_sigmet', '/app/wx_airmet', '/app/wx_radar_composite',
      'https://radar.weather.gov/', 'https://aviationweather.gov/gfa/', 'https://worldview.earthdata.nasa.gov/',
    ]);
    for (const id of ['radar', 'gfa', 'satellite']) {
      const link = screen.getByTestId(`menu-external-${id}`);
      expect(link.getAttribute('target')).toBe('_blank');
      expect(link.getAttribute('rel')).toContain('noopener');
    }
  });

  it('collapses and expands a sub-menu', async () => {
    renderApp('/app/map1');
    const drawer = await openMenu();
    const group = within(drawer).getByRole('button', { name: 'Flight Service' });
    expect(group.getAttribute('aria-expanded')).toBe('false');
    expect(within(drawer).queryByRole('link', { name: 'Route Briefing' })).toBeNull();
    fireEvent.click(group);
    expect(group.getAttribute('aria-expanded')).toBe('true');
    expect(within(drawer).getByRole('link', { name: 'Route Briefing' })).toBeTruthy();
    fireEvent.click(group);
    await waitFor(() => expect(within(drawer).queryByRole('link', { name: 'Route Briefing' })).toBeNull());
  });

  it('navigates by replacing the history entry', async () => {
    const { router } = renderApp('/app/map1');
    const drawer = await openMenu();
    fireEvent.click(within(drawer).getByRole('link', { name: 'Airports' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/airport'));
    expect(router.state.historyAction).toBe('REPLACE');
    expect(await screen.findByTestId('page-airport')).toBeTruthy();
  });

  it('shows the user, account link, logout and version in the header', async () => {
    renderApp('/app/map1');
    const drawer = await openMenu();
    expect(within(drawer).getByTestId('user-name').textContent).toBe('Aviator');
    expect(within(drawer).getByText('Not signed in')).toBeTruthy();
    expect(within(drawer).getByRole('link', { name: 'Account' }).getAttribute('href')).toBe('/app/account');
    expect(within(drawer).getByTestId('app-version').textContent).toBe('Version 1.2.3');
    expect(within(drawer).queryByTestId('update-prompt')).toBeNull();
  });

  it('logs out: clears the stored login and goes to /', async () => {
    const { router, prefs } = renderApp('/app/map1');
    await prefs.setProperty('login_profile', { code: 2 });
    const drawer = await openMenu();
    fireEvent.click(within(drawer).getByRole('button', { name: 'Logout' }));
    // '/' then redirects: welcome not complete and online -> the profile welcome.
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/aircraft_profile_welcome'));
    expect(await prefs.getProperty('login_profile')).toBeUndefined();
  });

  it('offers a restart when a new version is waiting', async () => {
    const applyUpdate = vi.fn();
    const { store } = renderApp('/app/map1', { services: { applyUpdate } });
    const drawer = await openMenu();
    act(() => {
      store.dispatch(updateWaiting());
    });
    const prompt = within(drawer).getByTestId('update-prompt');
    expect(prompt.textContent).toContain('A new version is available');
    fireEvent.click(within(prompt).getByRole('button', { name: 'Restart' }));
    expect(applyUpdate).toHaveBeenCalledOnce();
  });
});
