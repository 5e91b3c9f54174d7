// The page's states in the app (renderApp, the real routing handlers in-process over the tiny data
// set): no route, a route while the nav database is not loaded, then the list once it is.
import { act, screen, waitFor } from '@testing-library/react';
import { DEFAULT_PROFILE, type Route } from '@clearway/flightplan';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/renderApp';
import { navDataLoaded } from '../../test/navdata';
import { tinyArtifact } from '../../test/navFixture';
import { createRoutingHandlers, runHandler } from '../../worker/handlers';
import type { RoutingMethod, RoutingParams } from '../../worker/messages';
import type { RoutingWorkerFacade } from '../../worker/facade';
import { NAV_DB_LOADING } from '../navdata';
import { NO_ROUTE_TEXT } from './texts';

async function fakeRouting(): Promise<{ routing: RoutingWorkerFacade; parse: (text: string) => Promise<Route> }> {
  const handlers = createRoutingHandlers();
  const signal = new AbortController().signal;
  await runHandler(handlers, 'loadDatabase', { bytes: tinyArtifact() }, { signal });
  const call = <M extends RoutingMethod>(method: M, params: RoutingParams<M>) => runHandler(handlers, method, params, { signal });
  const parse = async (text: string) => {
    const profile = { ...DEFAULT_PROFILE };
    return call('runFlightPlan', { route: await call('parseRoute', { text, profile }), profile });
  };
  return { routing: { call } as unknown as RoutingWorkerFacade, parse };
}

const LOADED = {
  channel: 'dev', region: 'us', cycle: '2511', effective: '2025-11-27', expires: '2025-12-25', formatVersion: 1,
  builtAt: '2025-11-20T00:00:00Z', counts: { airports: 2, runways: 2, navaids: 1, fixes: 1, airways: 1, procedures: 1 },
  bytes: 1000, source: 'cache' as const,
};

describe('AlongRoutePage', () => {
  it('says there is no route, then waits for the nav database, then lists the airports along the route', async () => {
    const { routing, parse } = await fakeRouting();
    const { store } = renderApp('/app/along_route', { services: { routing } });
    expect((await screen.findByTestId('along-route-empty')).textContent).toBe(NO_ROUTE_TEXT);

    const route = await parse('KHWD KOAK');
    // The route slice's own action, as a sync sets a stored route (features/route is not this feature's to import).
    act(() => {
      store.dispatch({ type: 'route/routeSynced', payload: route });
    });
    await waitFor(() => expect(screen.getByTestId('along-route-empty').getAttribute('data-reason')).toBe('no-navdb'));
    expect(screen.getByTestId('along-route-empty').textContent).toBe(NAV_DB_LOADING);

    act(() => {
      store.dispatch(navDataLoaded({ loaded: LOADED, timings: { waitWorkerMs: 1, fetchMs: 1, loadMs: 1, totalMs: 3 } }));
    });
    await waitFor(() => expect(screen.getAllByTestId('along-row').map((r) => [r.dataset.ident, r.dataset.role])).toEqual([
      ['KHWD', 'departure'],
      ['KOAK', 'destination'],
    ]));
    expect(screen.getByTestId('along-route-summary').textContent).toMatch(/^KHWD KOAK · \d+ nm · 2 airports$/);
    // No weather store in this test: every row says it has none.
    expect(screen.getAllByTestId('along-no-weather')).toHaveLength(2);
  });
});
