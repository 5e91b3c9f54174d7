// The briefing pages in the app (renderApp) with the real routing handlers over the tiny nav data set:
// no weather store and no server in this shell, so every product is said to be missing, in order.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { DEFAULT_PROFILE, type AircraftProfile, type Route } from '@clearway/flightplan';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/renderApp';
import { tinyArtifact } from '../../test/navFixture';
import { createRoutingHandlers, runHandler } from '../../worker/handlers';
import type { RoutingMethod, RoutingParams } from '../../worker/messages';
import type { RoutingWorkerFacade } from '../../worker/facade';
import { parsePoint } from './runBriefing';

async function routingOverTinyData(): Promise<{ routing: RoutingWorkerFacade; parse: (text: string) => Promise<Route> }> {
  const handlers = createRoutingHandlers();
  const signal = new AbortController().signal;
  await runHandler(handlers, 'loadDatabase', { bytes: tinyArtifact() }, { signal });
  const call = <M extends RoutingMethod>(method: M, params: RoutingParams<M>) => runHandler(handlers, method, params, { signal });
  const profile: AircraftProfile = { ...DEFAULT_PROFILE };
  return { routing: { call } as unknown as RoutingWorkerFacade, parse: (text) => call('parseRoute', { text, profile }) };
}

const ORDER = ['adverse', 'synopsis', 'current', 'enroute', 'destination', 'winds', 'notams'];

describe('RouteBriefingPage', () => {
  it('briefs the current route in the standard order, saying every missing product; a bad altitude is refused by name', async () => {
    const { routing, parse } = await routingOverTinyData();
    const { store } = renderApp('/app/afss_route_briefing', { services: { routing } });
    act(() => {
      store.dispatch({ type: 'profile/profileLoaded', payload: { ...DEFAULT_PROFILE, altitude: 4500 } });
    });
    const route = await parse('KHWD KOAK');
    act(() => {
      store.dispatch({ type: 'route/routeSet', payload: route });
    });
    const page = await screen.findByTestId('page-afss_route_briefing');
    expect(page.getAttribute('data-state')).toBe('not_run');
    fireEvent.click(screen.getByTestId('briefing-run'));
    await waitFor(() => expect(page.getAttribute('data-state')).toBe('completed'), { timeout: 15_000 });
    expect(screen.getByTestId('briefing-title').textContent).toBe('Route briefing: KHWD to KOAK');
    const sections = screen.getAllByRole('region');
    expect(sections.map((s) => s.getAttribute('data-testid'))).toEqual(ORDER.map((id) => `briefing-section-${id}`));
    expect(sections.map((s) => s.querySelector('h3')?.textContent)).toEqual([
      '1. Adverse conditions', '2. Synopsis', '3. Current conditions', '4. En-route forecast', '5. Destination forecast', '6. Winds and temperatures aloft', '7. NOTAMs',
    ]);
    const missing = (id: string) => within(screen.getByTestId(`briefing-section-${id}`)).getAllByTestId('briefing-missing').map((m) => m.textContent);
    expect(missing('current')).toEqual(['METARs are not on this device: current conditions unknown.']);
    expect(missing('synopsis')).toEqual(['Synopsis not available: no synopsis product is kept on this device (see Wx Imagery, Surface Progs).']);
    expect(missing('notams')[0]).toMatch(/^NOTAMs are not available: /);

    fireEvent.change(screen.getByTestId('briefing-altitude'), { target: { value: '90000' } });
    fireEvent.click(screen.getByTestId('briefing-run'));
    await waitFor(() => expect(page.getAttribute('data-state')).toBe('error'));
    expect(screen.getByTestId('briefing-error').textContent).toBe('Altitude: enter 500 to 60,000 ft, not 90000.');
  });

  it('without a route says where to make one', async () => {
    const { routing } = await routingOverTinyData();
    renderApp('/app/afss_route_briefing', { services: { routing } });
    const page = await screen.findByTestId('page-afss_route_briefing');
    fireEvent.click(screen.getByTestId('briefing-run'));
    await waitFor(() => expect(page.getAttribute('data-state')).toBe('error'));
    expect(screen.getByTestId('briefing-error').textContent).toBe('No route to brief: enter a route on the Flight Plan page first.');
  });
});

describe('AreaBriefingPage', () => {
  it('briefs an airport and a radius; an unknown airport and a bad radius are refused saying which field', async () => {
    const { routing } = await routingOverTinyData();
    renderApp('/app/afss_area_briefing', { services: { routing } });
    const page = await screen.findByTestId('page-afss_area_briefing');
    fireEvent.change(screen.getByTestId('briefing-place'), { target: { value: 'khwd' } });
    fireEvent.click(screen.getByTestId('briefing-run'));
    await waitFor(() => expect(page.getAttribute('data-state')).toBe('completed'), { timeout: 15_000 });
    expect(screen.getByTestId('briefing-title').textContent).toBe('Area briefing: 25 nm around KHWD');
    expect(screen.getAllByRole('region').map((s) => s.getAttribute('data-testid'))).toEqual(ORDER.map((id) => `briefing-section-${id}`));

    fireEvent.change(screen.getByTestId('briefing-place'), { target: { value: 'ZZZZ' } });
    fireEvent.click(screen.getByTestId('briefing-run'));
    await waitFor(() => expect(page.getAttribute('data-state')).toBe('error'));
    expect(screen.getByTestId('briefing-error').textContent).toBe('Airport or point: no airport ZZZZ in the airport database.');

    fireEvent.change(screen.getByTestId('briefing-place'), { target: { value: '37.66, -122.12' } });
    fireEvent.change(screen.getByTestId('briefing-radius'), { target: { value: '0' } });
    fireEvent.click(screen.getByTestId('briefing-run'));
    await waitFor(() => expect(screen.getByTestId('briefing-error').textContent).toBe('Radius: enter 5 to 250 nm, not 0.'));
  });

  it('reads a point as lat, lon in degrees', () => {
    expect(parsePoint('37.66, -122.12')).toEqual({ lat: 37.66, lon: -122.12 });
    expect(parsePoint('37.66 -122.12')).toEqual({ lat: 37.66, lon: -122.12 });
    expect(parsePoint('97, 10')).toBeNull();
    expect(parsePoint('KOSH')).toBeNull();
  });
});
