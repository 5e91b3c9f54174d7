import { describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { testPrefs } from '../../test/renderApp';
import { makeStore } from '../../store';
import { NavDataExpiryBanner } from './NavDataExpiryBanner';
import { navDataLoaded, navDataLoadStarted } from './navDataSlice';

const loaded = {
  channel: 'dev',
  region: 'us',
  cycle: '2510',
  effective: '2025-09-04',
  expires: '2025-10-02',
  formatVersion: 1,
  builtAt: '2025-09-01T00:00:00Z',
  counts: { airports: 1, runways: 1, navaids: 1, fixes: 1, airways: 1, procedures: 1 },
  bytes: 1,
  source: 'cache' as const,
};
const timings = { waitWorkerMs: 1, fetchMs: 1, loadMs: 1, totalMs: 1 };

function renderBanner(nowIso: string) {
  const store = makeStore({ prefs: testPrefs() });
  const now = () => new Date(nowIso).getTime();
  render(
    <Provider store={store}>
      <NavDataExpiryBanner now={now} />
    </Provider>,
  );
  return store;
}

describe('NavDataExpiryBanner', () => {
  it('shows nothing until a database is loaded, then the expired text for an expired cycle', () => {
    const store = renderBanner('2026-11-25T08:00:00Z');
    act(() => {
      store.dispatch(navDataLoadStarted({ channel: 'dev', region: 'us' }));
    });
    expect(screen.queryByTestId('navdb-expiry-banner')).toBeNull();
    act(() => {
      store.dispatch(navDataLoaded({ loaded, timings }));
    });
    const banner = screen.getByTestId('navdb-expiry-banner');
    expect(banner.textContent).toBe('Nav data expired 2025-10-02: do not use for navigation');
    expect(banner.dataset).toMatchObject({ validity: 'expired', cycle: '2510' });
    expect(banner.getAttribute('role')).toBe('status');
  });

  it('shows the softer note three days before expiry and nothing a month before', () => {
    const store = renderBanner('2025-09-29T06:00:00Z');
    act(() => {
      store.dispatch(navDataLoaded({ loaded, timings }));
    });
    expect(screen.getByTestId('navdb-expiry-banner').dataset.validity).toBe('expiring');
    expect(screen.getByTestId('navdb-expiry-banner').textContent).toContain('in 3 days');
  });

  it('shows nothing while the cycle is current', () => {
    const store = renderBanner('2025-09-10T06:00:00Z');
    act(() => {
      store.dispatch(navDataLoaded({ loaded, timings }));
    });
    expect(screen.queryByTestId('navdb-expiry-banner')).toBeNull();
  });
});
