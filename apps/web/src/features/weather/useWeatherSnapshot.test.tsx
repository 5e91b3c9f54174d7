import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { fakeWeatherRoot, metarSnapshot } from '../../test/weather/snapshots';
import { formatWeatherAge, installWeatherStore, useWeatherSnapshot, createWeatherStore, loadWeatherSnapshot } from '.';

function Probe() {
  const { snapshot, cycle, ageMs, stale, status } = useWeatherSnapshot('metar');
  return <div data-testid="probe" data-status={status} data-cycle={cycle ?? ''} data-stale={String(stale)}>{snapshot ? `${snapshot.stations.length} stations, ${formatWeatherAge(ageMs)}` : 'none'}</div>;
}

afterEach(() => vi.useRealTimers());

describe('useWeatherSnapshot', () => {
  it('without a store shows nothing, offline', () => {
    render(<Probe />);
    expect(screen.getByTestId('probe').textContent).toBe('none');
    expect(screen.getByTestId('probe').dataset['status']).toBe('offline');
  });

  it('asks the installed store, re-renders on a new cycle and once a minute for the age, and turns stale after an hour', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, now: 1_700_000_000_000 + 12 * 60_000 });
    const server = fakeWeatherRoot();
    server.bodies.metar = metarSnapshot(1_700_000_000_000);
    const store = createWeatherStore({ fetch: server.fetch, root: () => 'http://127.0.0.1:8080/wx', log: { info: vi.fn(), warn: vi.fn() } });
    const uninstall = installWeatherStore(store);
    try {
      render(<Probe />);
      await vi.waitFor(() => expect(screen.getByTestId('probe').textContent).toBe('5 stations, 12 min old'));
      expect(screen.getByTestId('probe').dataset).toMatchObject({ status: 'ready', cycle: '1700000000000', stale: 'false' });
      await act(async () => {
        await vi.advanceTimersByTimeAsync(49 * 60_000);
      });
      expect(screen.getByTestId('probe').textContent).toBe('5 stations, 1 h old');
      expect(screen.getByTestId('probe').dataset['stale']).toBe('true');
      const newCycle = Date.now() - 60_000;
      server.bodies.metar = metarSnapshot(newCycle);
      await act(async () => {
        await store.refresh('metar');
      });
      expect(screen.getByTestId('probe').textContent).toBe('5 stations, 1 min old');
      expect(screen.getByTestId('probe').dataset['stale']).toBe('false');
      // Outside React: the same snapshot.
      expect((await loadWeatherSnapshot('metar'))?.cycle).toBe(newCycle);
    } finally {
      uninstall();
    }
    expect(await loadWeatherSnapshot('metar')).toBeNull();
  });
});
