// @vitest-environment node
// Node, not jsdom: see routing.test.ts (realm of jsdom's typed arrays).
import { DEFAULT_PROFILE } from '@clearway/flightplan';
import { describe, expect, it } from 'vitest';
import { tinyArtifact } from '../test/navFixture';
import { createDirectRoutingEndpoint } from './directEndpoint';
import { createRoutingHandlers } from './handlers';

const NOW = Date.parse('2026-11-21T18:00:00Z');

async function loadedEndpoint() {
  const routing = createDirectRoutingEndpoint({ handlers: createRoutingHandlers({ clock: () => NOW }) });
  await routing.ready;
  await routing.call('loadDatabase', { bytes: tinyArtifact() });
  return routing;
}

describe('the flight-plan engine through the routing message map', () => {
  it('parses a route with an airway and runs the flight plan', async () => {
    const routing = await loadedEndpoint();
    const profile = { ...DEFAULT_PROFILE };
    const route = await routing.call('parseRoute', { text: ' khwd oak v334 sunol koak ', profile });
    expect(route.final_string).toBe('KHWD OAK V334 SUNOL KOAK');
    expect(route.invalid_tokens).toEqual([]);
    expect(route.airway_errors).toEqual([]);
    expect(route.ts).toBe(NOW);

    const flown = await routing.call('runFlightPlan', { route, profile });
    expect(flown.legs.length).toBeGreaterThan(0);
    expect(flown.total_distance).toBeCloseTo(flown.legs.reduce((sum, leg) => sum + leg.distance, 0), 6);
    expect(flown.total_fuel).toBeGreaterThan(0);
  });

  it('reports unknown tokens instead of failing', async () => {
    const routing = await loadedEndpoint();
    const route = await routing.call('parseRoute', { text: 'KHWD ZZZZZ KOAK', profile: { ...DEFAULT_PROFILE } });
    expect(route.invalid_tokens).toEqual(['ZZZZZ']);
  });

  it('edits a route by name and lists procedures', async () => {
    const routing = await loadedEndpoint();
    const profile = { ...DEFAULT_PROFILE };
    const route = await routing.call('parseRoute', { text: 'KHWD SUNOL KOAK', profile });
    const reversed = await routing.call('editRoute', { route, edit: { op: 'reverseRoute' }, profile });
    expect(reversed.final_string).toBe('KOAK SUNOL KHWD');
    const without = await routing.call('editRoute', { route, edit: { op: 'removeWaypoint', code: 'SUNOL' }, profile });
    expect(without.final_string).toBe('KHWD KOAK');
    expect((await routing.call('getDPs', { airport: 'KHWD' })).map((p) => p.nfd)).toEqual(['HWD3']);
  });
});
