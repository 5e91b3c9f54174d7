import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { renderApp } from '../../test/renderApp';
import { signalSettled } from '../../store/readinessSlice';
import { navDataLoaded, navDataLoadStarted, navDataProgress, navDataUnavailable } from './navDataSlice';
import { NO_NAV_DATABASE_ON_SERVER } from './texts';

const loaded = {
  channel: 'dev',
  region: 'us',
  cycle: '2511',
  effective: '2025-11-27',
  expires: '2025-12-25',
  formatVersion: 1,
  builtAt: '2025-11-20T00:00:00Z',
  counts: { airports: 19_000, runways: 23_000, navaids: 1_500, fixes: 70_000, airways: 1_400, procedures: 9_000 },
  bytes: 30_000_000,
  source: 'cache' as const,
};

async function openSettings() {
  fireEvent.click(await screen.findByRole('button', { name: 'settings' }));
  return screen.findByTestId('navdb-status');
}

describe('nav database on the loading chip, top bar and settings drawer', () => {
  it('shows the download percent under "Loading Nav Database..." and the state on the shell', async () => {
    const { store } = renderApp('/app/map1', { settled: false });
    act(() => {
      store.dispatch(navDataLoadStarted({ channel: 'dev', region: 'us' }));
    });
    expect(await screen.findByText('Loading Nav Database...')).toBeTruthy();
    expect(screen.queryByTestId('loading-progress')).toBeNull();
    act(() => {
      store.dispatch(navDataProgress({ receivedBytes: 3_145_728, totalBytes: 12_582_912 }));
    });
    expect(screen.getByTestId('loading-progress').textContent).toBe('25% (9.0 MB left)');
    expect(screen.getByTestId('top-bar-title').textContent).toBe('Nav Database is Loading...');
    expect(screen.getByTestId('app-shell').dataset.navdbState).toBe('loading');

    act(() => {
      store.dispatch(navDataLoaded({ loaded, timings: { waitWorkerMs: 5, fetchMs: 40, loadMs: 120, totalMs: 200 } }));
      store.dispatch(signalSettled({ signal: 'navDb', state: 'ready', reason: 'Cycle 2511 (us)' }));
    });
    expect(screen.getByTestId('top-bar-title').textContent).toBe('Maps');
    expect(screen.getByRole('button', { name: 'menu' })).toBeTruthy();
    expect(screen.getByTestId('app-shell').dataset).toMatchObject({ navdbState: 'loaded', navdbCycle: '2511' });

    const status = await openSettings();
    expect(status.dataset).toMatchObject({ state: 'loaded', cycle: '2511' });
    expect(screen.getByTestId('navdb-headline').textContent).toBe('Cycle 2511 (us)');
    expect(screen.getByTestId('navdb-validity').textContent).toBe('Valid 2025-11-27 to 2025-12-25');
    expect(screen.getByTestId('navdb-counts').textContent).toBe('19000 airports, 1500 navaids, 70000 fixes, 1400 airways, 9000 procedures');
    expect(screen.getByTestId('navdb-load-time').textContent).toBe('Stored on this device, opened in 120 ms');
  });

  it('says plainly when the server has no nav database, with the how-to for its operator', async () => {
    const { store } = renderApp('/app/map1');
    act(() => {
      store.dispatch(navDataUnavailable(NO_NAV_DATABASE_ON_SERVER));
    });
    const status = await openSettings();
    expect(status.dataset.state).toBe('unavailable');
    expect(screen.getByTestId('navdb-message').textContent).toBe('No nav database is installed on this server');
    expect(screen.getByTestId('navdb-operator-hint').textContent).toMatch(/npm run navdata -- build --from PATH --out var\/navdata\/<channel>/);
  });
});
