import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderApp } from '../test/renderApp';
import { updateWaiting } from '../store/appUpdateSlice';
import { fakeAccountServer, TEST_USER } from '../test/account/fakeAccountServer';
import { loginProfileLoaded } from '../features/account/accountSlice';
import { initials, privacyUrl } from './MenuDrawer';

async function openMenu() {
  fireEvent.click(await screen.findByRole('button', { name: 'menu' }));
  return screen.findByTestId('menu-drawer');
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('menu drawer', () => {
  it('lists every entry of the spec in order, with both sub-menus expanded', async () => {
    renderApp('/app/map1');
    const drawer = await openMenu();
    fireEvent.click(within(drawer).getByRole('button', { name: 'Flight Service' }));
    fireEvent.click(within(drawer).getByRole('button', { name: 'Wx Imagery' }));
    const list = drawer.querySelector('.MuiList-root');
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

  it('shows Sign in, the account link and the version in the header when signed out', async () => {
    // The server is the edge in these jsdom tests: fetch answers as apps/server/README.md documents.
    vi.stubGlobal('fetch', fakeAccountServer(null).fetch);
    renderApp('/app/map1');
    const drawer = await openMenu();
    expect(within(drawer).getByTestId('user-name').textContent).toBe('Aviator');
    await within(drawer).findByRole('button', { name: 'Sign in' });
    expect(within(drawer).getByText('Not signed in')).toBeTruthy();
    expect(within(drawer).queryByRole('button', { name: 'Logout' })).toBeNull();
    expect(within(drawer).getByRole('link', { name: 'Account' }).getAttribute('href')).toBe('/app/account');
    expect(within(drawer).getByTestId('app-version').textContent).toBe('Version 1.2.3');
    expect(within(drawer).queryByTestId('update-prompt')).toBeNull();
  });

  it('shows the signed-in user', async () => {
    vi.stubGlobal('fetch', fakeAccountServer(TEST_USER, 1).fetch);
    renderApp('/app/map1');
    const drawer = await openMenu();
    await waitFor(() => expect(within(drawer).getByTestId('user-name').textContent).toBe('Pat Pilot'));
    expect(within(drawer).getByTestId('user-email').textContent).toBe(TEST_USER.email);
  });

  it("shows the login profile's picture as the avatar, else the initials", async () => {
    vi.stubGlobal('fetch', fakeAccountServer(TEST_USER, 1).fetch);
    const { store } = renderApp('/app/map1');
    const drawer = await openMenu();
    await waitFor(() => expect(within(drawer).getByTestId('user-name').textContent).toBe('Pat Pilot'));
    // The fake server's profile has no picture (pictureURL ''): the initials.
    await waitFor(() => expect(store.getState().account.profile).not.toBeNull());
    expect(within(drawer).getByTestId('user-avatar').textContent).toBe('PP');
    expect(within(drawer).getByTestId('user-avatar').querySelector('img')).toBeNull();
    const profile = store.getState().account.profile!;
    act(() => {
      store.dispatch(loginProfileLoaded({ ...profile, trial: { ...profile.trial, profile: { ...profile.trial?.profile, pictureURL: 'https://example.com/pat.png' } } }));
    });
    const img = within(drawer).getByTestId('user-avatar').querySelector('img');
    expect(img?.getAttribute('src')).toBe('https://example.com/pat.png');
    expect(img?.getAttribute('alt')).toBe('Pat Pilot');
    expect(initials('Aviator')).toBe('A');
    expect(initials('  ada  byron lovelace ')).toBe('AL');
  });

  it('shows a Privacy link in place of the Account link in a native build', async () => {
    vi.stubGlobal('fetch', fakeAccountServer(TEST_USER, 1).fetch);
    vi.stubGlobal('webkit', { messageHandlers: {} });
    renderApp('/app/map1');
    const drawer = await openMenu();
    const privacy = within(drawer).getByRole('link', { name: 'Privacy' });
    expect(privacy.getAttribute('href')).toMatch(/^https?:\/\/[^/]+\/privacy$/);
    expect(privacy.getAttribute('target')).toBe('_blank');
    expect(within(drawer).queryByRole('link', { name: 'Account' })).toBeNull();
    expect(privacyUrl('https://www.example.com', 'http://x')).toBe('https://www.example.com/privacy');
    expect(privacyUrl('https://www.example.com/site/', 'http://x')).toBe('https://www.example.com/site/privacy');
    expect(privacyUrl(null, 'http://localhost:8080')).toBe('http://localhost:8080/privacy');
  });

  it('logs out: ends the server session, clears the stored login, tells a native wrapper, and goes to /', async () => {
    const server = fakeAccountServer(TEST_USER, 1);
    vi.stubGlobal('fetch', server.fetch);
    const postMessage = vi.fn();
    vi.stubGlobal('webkit', { messageHandlers: { setWelcomeComplete: { postMessage } } });
    const { router, prefs, store } = renderApp('/app/map1');
    await prefs.setProperty('login_profile', { code: 2 });
    const drawer = await openMenu();
    fireEvent.click(await within(drawer).findByRole('button', { name: 'Logout' }));
    // '/' then redirects: welcome not complete and online -> the profile welcome.
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/aircraft_profile_welcome'));
    expect(server.calls.filter((c) => c.path === '/auth/logout')).toHaveLength(1);
    expect(await prefs.getProperty('login_profile')).toBeUndefined();
    expect(store.getState().account.status).toBe('signedOut');
    expect(postMessage).toHaveBeenCalledWith({ complete: false });
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
