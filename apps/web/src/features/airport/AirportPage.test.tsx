import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { configureStore } from '@reduxjs/toolkit';
import { makeStore, rootReducer, type AppStore } from '../../store';
import { renderApp, testPrefs } from '../../test/renderApp';
import { tinyArtifact } from '../../test/navFixture';
import { createRoutingHandlers, runHandler } from '../../worker/handlers';
import type { RoutingMethod, RoutingParams } from '../../worker/messages';
import type { RoutingWorkerFacade } from '../../worker/facade';
import { tableSynced } from '../../platform/syncedTables';
import { setFavoriteAirport } from './airportLists';

/** A fake routing facade: the real handlers over the tiny data set, in-process, with no worker. */
async function fakeRouting(): Promise<RoutingWorkerFacade> {
  const handlers = createRoutingHandlers();
  const signal = new AbortController().signal;
  await runHandler(handlers, 'loadDatabase', { bytes: tinyArtifact() }, { signal });
  const call = <M extends RoutingMethod>(method: M, params: RoutingParams<M>) => runHandler(handlers, method, params, { signal });
  return { call } as unknown as RoutingWorkerFacade;
}

describe('AirportPage', () => {
  it('shows the empty state when no airport is selected', async () => {
    renderApp('/app/airport', { services: { routing: await fakeRouting() } });
    expect(await screen.findByText('Search an airport to see it here')).toBeTruthy();
    expect(screen.getByTestId('page-airport')).toBeTruthy();
  });

  it('shows the airport from ?id: ids, name, place, elevation, DMS position, runways, frequencies, diagram; no wind column', async () => {
    const { prefs } = renderApp('/app/airport?id=KHWD', { services: { routing: await fakeRouting() } });
    expect((await screen.findByTestId('airport-name')).textContent).toBe('HAYWARD EXECUTIVE');
    expect(screen.getByTestId('airport-ids').textContent).toBe('FAA: HWD · ICAO: KHWD');
    expect(screen.getByTestId('airport-place').textContent).toBe('HAYWARD, CA');
    expect(screen.getByTestId('airport-elevation').textContent).toBe('Elevation: 50 ft');
    expect(screen.getByTestId('airport-position').textContent).toMatch(/^Position: 37°39'32\.0"N 122°07'18\.1"W$/);
    expect(screen.getByTestId('airport-tower').textContent).toBe('Tower: Towered');
    expect(screen.getByTestId('airport-fuel').textContent).toBe('Fuel: 100LL,A');
    const row = screen.getByTestId('runway-10L/28R');
    expect(row.textContent).toContain('5,694 ft');
    expect(row.textContent).toContain('150 ft');
    expect(row.textContent).toContain('ASPH');
    expect(row.textContent).toContain('10L: 112°T');
    expect(row.textContent).toContain('28R: 292°T');
    expect(screen.queryByText(/wind/i)).toBeNull();
    expect(within(screen.getByTestId('airport-frequencies')).getByText('120.600')).toBeTruthy();
    const svg = screen.getByTestId('runway-diagram');
    expect(svg.querySelectorAll('line').length).toBeGreaterThan(0);
    // Opening it made it recent and the selected airport.
    await waitFor(async () => expect((await prefs.recent_airports.get('HWD'))?.deleted ?? (await prefs.recent_airports.get('KHWD'))?.deleted).toBe('F'));
    await waitFor(async () => expect(await prefs.getProperty('airport_id')).toBeTruthy());
  });

  it('opens the stored airport_id without a query', async () => {
    const prefs = testPrefs();
    await prefs.setProperty('airport_id', 'KOAK');
    renderApp('/app/airport', { prefs, services: { routing: await fakeRouting() } });
    expect((await screen.findByTestId('airport-name')).textContent).toBe('METROPOLITAN OAKLAND INTL');
  });

  it('stars and unstars (soft delete) and lists favourites and recents in the toolbar menus', async () => {
    const { prefs } = renderApp('/app/airport?id=KHWD', { services: { routing: await fakeRouting() } });
    await screen.findByTestId('airport-name');

    fireEvent.click(screen.getByRole('button', { name: 'Favorite airports' }));
    expect(await screen.findByText(/tap the star icon/)).toBeTruthy();
    fireEvent.keyDown(screen.getByRole('menu'), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());

    fireEvent.click(await screen.findByRole('button', { name: 'Add to favorites' }));
    await screen.findByRole('button', { name: 'Remove from favorites' });
    const code = (await prefs.fav_airports.toArray())[0]?.code;
    expect(code).toBeTruthy();
    expect(await prefs.fav_airports.get(code!)).toMatchObject({ deleted: 'F' });

    fireEvent.click(screen.getByRole('button', { name: 'Favorite airports' }));
    const favMenu = await screen.findByRole('menu');
    expect(await within(favMenu).findByText(code!)).toBeTruthy();
    fireEvent.keyDown(favMenu, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: 'Recent airports' }));
    const recentMenu = await screen.findByRole('menu');
    expect(await within(recentMenu).findByText(code!)).toBeTruthy();
    fireEvent.keyDown(recentMenu, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: 'Remove from favorites' }));
    await screen.findByRole('button', { name: 'Add to favorites' });
    expect(await prefs.fav_airports.get(code!)).toMatchObject({ deleted: 'T' });
  });

  it('shows a star set on another device once a sync brought it, without reopening the page', async () => {
    const { prefs, store } = renderApp('/app/airport?id=KHWD', { services: { routing: await fakeRouting() } });
    await screen.findByTestId('airport-name');
    await screen.findByRole('button', { name: 'Add to favorites' });
    // The airport's favourites key is its summary code, the one the recents list got on opening.
    let code: string | undefined;
    await waitFor(async () => {
      code = (await prefs.recent_airports.toArray())[0]?.code;
      expect(code).toBeTruthy();
    });
    // What the sync client does with another device's favourite: write the row, then announce the table.
    await setFavoriteAirport(prefs, code!, true);
    expect(screen.queryByRole('button', { name: 'Remove from favorites' })).toBeNull();
    act(() => store.dispatch(tableSynced('fav_airports')));
    await screen.findByRole('button', { name: 'Remove from favorites' });
  });

  it('the En Route Airports menu (A) is empty without a route', async () => {
    renderApp('/app/airport?id=KHWD', { services: { routing: await fakeRouting() } });
    await screen.findByTestId('airport-name');
    expect(screen.getByRole('button', { name: 'En Route Airports' }).textContent).toBe('A');
    fireEvent.click(screen.getByRole('button', { name: 'En Route Airports' }));
    expect(await screen.findByText(/No route/)).toBeTruthy();
  });
});

describe('AirportPage with a route', () => {
  it('lists the airports near the route waypoints in the A menu (code and name); choosing one opens it', async () => {
    const base = makeStore({});
    const route = { waypoints: [{ code: 'KHWD', location: { lat: 37.6589, lon: -122.1217 } }, { code: 'KOAK', location: { lat: 37.7213, lon: -122.2208 } }] };
    const reducer = (state: unknown, action: { type: string }) => ({ ...rootReducer(state as never, action), route: { current: route, selectedAirportId: 'KOAK' } });
    const store = configureStore({ reducer, preloadedState: base.getState() as never }) as unknown as AppStore;
    renderApp('/app/airport', { store, services: { routing: await fakeRouting() } });
    // The search box's selected airport is shown without a query.
    expect((await screen.findByTestId('airport-name')).textContent).toBe('METROPOLITAN OAKLAND INTL');
    fireEvent.click(screen.getByRole('button', { name: 'En Route Airports' }));
    const menu = await screen.findByRole('menu');
    expect(await within(menu).findByText('HAYWARD EXECUTIVE')).toBeTruthy();
    expect(within(menu).getByText('KHWD')).toBeTruthy();
    fireEvent.click(within(menu).getByText('KHWD'));
    await waitFor(() => expect(screen.getByTestId('airport-name').textContent).toBe('HAYWARD EXECUTIVE'));
  });
});

describe('AirportPage NOTAM closures on the runway diagram', () => {
  it('draws a runway a NOTAM in force closes crossed (FADA C0538/08 re-placed at KHWD as RWY 10L/28R), and nothing crossed when it has ended', async () => {
    const { notamsFromFaaApiAnswer } = await import('@clearway/weather');
    const intl = (await import('../../../../../../shared/data/notam/faa-notamapi-v1-intl-page1-2024-02.json?raw')).default;
    const real = notamsFromFaaApiAnswer(JSON.parse(intl)).notams.find((n) => n.number === 'C0538/08')!;
    const hour = 3_600_000;
    const closure = (end: number) => ({ ...real, location: 'KHWD', text: 'RWY 10L/28R CLSD.', start: Date.now() - hour, end });
    let answer = closure(Date.now() + 24 * hour);
    const requests: string[] = [];
    vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
      requests.push(String(input));
      return new Response(JSON.stringify({ airport: 'KHWD', fetchedAt: Date.now(), notams: [answer] }));
    });
    try {
      const routing = await fakeRouting();
      const { unmount } = renderApp('/app/airport?id=KHWD', { services: { routing } });
      const runway = await screen.findByTestId('diagram-runway-10L/28R');
      await waitFor(() => expect(runway.getAttribute('data-closed')).toBe('true'));
      expect(runway.querySelectorAll('[data-testid="runway-closed-cross"]')).toHaveLength(3);
      expect(screen.getByTestId('runway-diagram-closed').textContent).toBe('Closed by NOTAM: RWY 10L/28R');
      expect(within(screen.getByTestId('notam-C0538/08')).getByText('Runway closed')).toBeTruthy();
      expect(requests).toContain('/notams/airport/KHWD.json');
      unmount();

      answer = closure(Date.now() - 1000);
      renderApp('/app/airport?id=KHWD', { services: { routing } });
      const again = await screen.findByTestId('diagram-runway-10L/28R');
      await screen.findByTestId('notams-none');
      expect(again.getAttribute('data-closed')).toBe('false');
      expect(again.querySelectorAll('[data-testid="runway-closed-cross"]')).toHaveLength(0);
      expect(screen.queryByTestId('runway-diagram-closed')).toBeNull();
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
