import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { DEFAULT_PROFILE, type AircraftProfile, type Route } from '@clearway/flightplan';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/renderApp';
import { tinyArtifact } from '../../test/navFixture';
import { createRoutingHandlers, runHandler } from '../../worker/handlers';
import type { RoutingMethod, RoutingParams } from '../../worker/messages';
import type { RoutingWorkerFacade } from '../../worker/facade';

/** The real routing handlers over the tiny data set, in-process. */
async function fakeRouting(): Promise<{ routing: RoutingWorkerFacade; parse: (text: string) => Promise<Route> }> {
  const handlers = createRoutingHandlers();
  const signal = new AbortController().signal;
  await runHandler(handlers, 'loadDatabase', { bytes: tinyArtifact() }, { signal });
  const call = <M extends RoutingMethod>(method: M, params: RoutingParams<M>) => runHandler(handlers, method, params, { signal });
  const profile: AircraftProfile = { ...DEFAULT_PROFILE };
  return { routing: { call } as unknown as RoutingWorkerFacade, parse: (text) => call('parseRoute', { text, profile }) };
}

describe('ClearSkyPage', () => {
  it('runs on the current route: not_run, then each leg with its colour word and reasons; a changed route makes it stale; a bad altitude is the error state', async () => {
    const { routing, parse } = await fakeRouting();
    const { store } = renderApp('/app/clearsky', { services: { routing } });
    act(() => {
      store.dispatch({ type: 'profile/profileLoaded', payload: { ...DEFAULT_PROFILE, altitude: 4500 } });
    });
    const route = await parse('KHWD KOAK');
    act(() => {
      store.dispatch({ type: 'route/routeSet', payload: route });
    });
    const page = await screen.findByTestId('page-clearsky');
    expect(page.getAttribute('data-state')).toBe('not_run');
    expect(screen.getByTestId('clearsky-route').textContent).toBe('Route: KHWD KOAK');
    expect(screen.getByTestId('clearsky-not-run')).toBeTruthy();

    fireEvent.click(screen.getByTestId('clearsky-run'));
    await waitFor(() => expect(page.getAttribute('data-state')).toBe('completed'));
    const legs = screen.getAllByTestId('clearsky-leg');
    expect(legs).toHaveLength(1);
    // No weather store in this shell: nothing downloaded, so the leg is amber, said in words.
    expect(legs[0]!.getAttribute('data-level')).toBe('amber');
    expect(within(legs[0]!).getByTestId('clearsky-leg-level').textContent).toBe('Amber');
    expect(within(legs[0]!).getByTestId('clearsky-leg-name').textContent).toBe('1. KHWD → KOAK');
    expect(screen.getByTestId('clearsky-route-level').textContent).toBe('Amber');
    expect(screen.getAllByTestId('clearsky-route-reason').map((r) => r.textContent)).toContain('Amber: No METARs or TAFs have been downloaded: airport and en-route conditions unknown.');
    expect(screen.queryByTestId('clearsky-stale')).toBeNull();

    const other = await parse('KOAK KHWD');
    act(() => {
      store.dispatch({ type: 'route/routeSet', payload: other });
    });
    expect((await screen.findByTestId('clearsky-stale')).textContent).toBe(
      'The route has changed since this analysis (it was for KHWD KOAK): run ClearSky again for the current route.',
    );

    fireEvent.change(screen.getByTestId('clearsky-altitude'), { target: { value: '90000' } });
    fireEvent.click(screen.getByTestId('clearsky-run'));
    await waitFor(() => expect(page.getAttribute('data-state')).toBe('error'));
    expect(screen.getByTestId('clearsky-error').textContent).toBe('The cruise altitude must be 500 to 60,000 ft, not 90000.');
    expect(screen.queryByTestId('clearsky-result')).toBeNull();
  });
});
