// @vitest-environment node
// Node, not jsdom: see routing.test.ts (realm of jsdom's typed arrays).
// ClearSky through the routing worker's message map (parameters and results structured-cloned as a
// worker would): a route planned by the real engine, weather snapshots built by hand around it, the
// real FBUS31 bulletin of ../shared/data for the winds.
import { DEFAULT_PROFILE, type AircraftProfile, type Route } from '@clearway/flightplan';
import type { AirmetSnapshot, FboSnapshot, MetarSnapshot, TafSnapshot } from '@clearway/protocol';
import { describe, expect, it } from 'vitest';
import { tinyArtifact } from '../test/navFixture';
import { createDirectRoutingEndpoint } from './directEndpoint';
import { createRoutingHandlers } from './handlers';
import { clearSkyLegsOf, clearSkyRequestOf, routeBox, type ClearSkySnapshots } from './clearskyInput';
import FB_TEXT from '../../../../../shared/data/weather/winds-aloft/FBUS31_KWNO_310158_2026-01-31_FD1US1.txt?raw';

/** Departure 04:00Z on 31 January 2026, inside the bulletin's FOR USE 0200-0900Z. */
const ETD = Date.UTC(2026, 0, 31, 4, 0);
const profile: AircraftProfile = { ...DEFAULT_PROFILE, altitude: 12000, etd_iso: new Date(ETD).toISOString() };
/** P1-P2 runs due north across the FB station FAT (36.7766 N, 119.7188 W), its midpoint on the station. */
const ROUTE = 'KHWD 36.2766/-119.7188 37.2766/-119.7188 KOAK';

async function plannedRoute() {
  if (!FB_TEXT.includes('FBUS31 KWNO 310158')) throw new Error('The shared FBUS31 bulletin did not load (../shared/data/weather/winds-aloft/)');
  const routing = createDirectRoutingEndpoint({ handlers: createRoutingHandlers({ clock: () => ETD - 3_600_000 }) });
  await routing.ready;
  await routing.call('loadDatabase', { bytes: tinyArtifact() });
  const parsed = await routing.call('parseRoute', { text: ROUTE, profile });
  const route = await routing.call('runFlightPlan', { route: parsed, profile });
  return { routing, route };
}

function metarEntry(id: string, lat: number, lon: number, cat: 'VFR' | 'IFR', time: number) {
  return { id, lat, lon, time, raw: `${id} 310350Z 00000KT`, cat, wind: null, visSm: null, ceilingFt: null, cover: null };
}

function snapshots(route: Route): ClearSkySnapshots {
  const first = route.all_legs[0]!.start.location;
  const last = route.all_legs[route.all_legs.length - 1]!.end.location;
  const metar: MetarSnapshot = {
    type: 'metar',
    cycle: ETD - 15 * 60_000,
    stations: [
      metarEntry('KHWD', first.lat, first.lon, 'VFR', ETD - 10 * 60_000),
      // Far from the route (New York): not sent to the worker.
      metarEntry('KJFK', 40.64, -73.78, 'VFR', ETD - 10 * 60_000),
    ],
  };
  // A SIGMET box around the P1-P2 leg's middle (FAT), surface to FL180, valid 03-07Z.
  const airmet: AirmetSnapshot = {
    type: 'airmet',
    cycle: ETD - 30 * 60_000,
    advisories: [
      {
        kind: 'SIGMET',
        id: 'OSCAR 1',
        hazard: 'TURB',
        severity: 'SEV',
        validFrom: ETD - 3_600_000,
        validTo: ETD + 3 * 3_600_000,
        baseFt: 0,
        topFt: 18_000,
        baseIsFreezingLevel: false,
        polygon: [[-120.2, 36.6], [-119.2, 36.6], [-119.2, 36.9], [-120.2, 36.9], [-120.2, 36.6]],
        raw: 'SIGMET OSCAR 1',
      },
    ],
  };
  const fbo: FboSnapshot = { type: 'fbo', cycle: 42, bulletins: [{ forecastHours: 6, year: 2026, month: 1, raw: FB_TEXT }] };
  // KOAK forecast IFR from 05:00Z (2 SM, ceiling 700 ft), before the aircraft gets there.
  const raw = 'TAF KOAK 310240Z 3103/0106 VRB03KT P6SM SKC FM310500 18005KT 2SM BR OVC007';
  const taf: TafSnapshot = { type: 'taf', cycle: 1, tafs: [{ id: 'KOAK', lat: last.lat, lon: last.lon, issued: Date.UTC(2026, 0, 31, 2, 40), validFrom: Date.UTC(2026, 0, 31, 3), validTo: Date.UTC(2026, 1, 1, 6), raw }] };
  return { metar, taf, pirep: { type: 'pirep', cycle: 1, reports: [] }, airmet, fbo };
}

describe('clearSky in the routing worker', () => {
  it('judges each leg of a planned route at its ETA', async () => {
    const { routing, route } = await plannedRoute();
    const legs = clearSkyLegsOf(route);
    expect(legs.map((l) => `${l.fromIdent}-${l.toIdent}`)).toEqual(['KHWD-36.2766/-119.7188', '36.2766/-119.7188-37.2766/-119.7188', '37.2766/-119.7188-KOAK']);
    // ETAs chain from the departure: each leg starts when the previous one ends (the navlog's ETAs).
    expect(legs[0]!.etaStartMs).toBe(ETD);
    expect(legs[1]!.etaStartMs).toBe(route.all_legs[0]!.eta);
    expect(legs[2]!.etaEndMs).toBe(route.all_legs[2]!.eta);
    const request = clearSkyRequestOf(route, snapshots(route), 12_000);
    // Compact: the New York METAR is out of reach of the route.
    expect(request.weather.metars?.map((m) => m.station)).toEqual(['KHWD']);
    const reply = await routing.call('clearSky', request);
    const [dep, middle, dest] = reply.result.legs;
    expect(reply.problems).toEqual([]);
    // The SIGMET box lies on the middle leg only.
    expect(middle!.level).toBe('red');
    expect(middle!.reasons[0]!.text).toMatch(/^SIGMET OSCAR 1: sev turb from the surface to FL180 until 31 Jan 07:00Z; this leg crosses it at 12,000 ft\.$/);
    // FAT 12,000 ft "2716+03" (worked by hand in e2e/navlog-winds.e2e.ts): 270° at 16 kt, +3 °C; the leg runs due north, so it is all crosswind from the left.
    expect(middle!.wind?.directionDeg).toBeCloseTo(270, 0);
    expect(middle!.wind?.speedKt).toBeCloseTo(16, 0);
    expect(middle!.wind?.headwindKt).toBeCloseTo(0, 0);
    expect(middle!.wind?.crosswindKt).toBeCloseTo(-16, 0);
    expect(middle!.wind?.temperatureC).toBeCloseTo(3, 0);
    // KOAK's TAF goes IFR at 05:00Z, before the ETA there (about 06:35Z): the destination is red.
    expect(dest!.etaEndMs).toBeGreaterThan(Date.UTC(2026, 0, 31, 5));
    expect(dest!.level).toBe('red');
    expect(dest!.reasons[0]!.text).toMatch(/^Destination KOAK: IFR at \d\d:\d\dZ \(TAF\)\.$/);
    expect(dep!.reasons.map((r) => r.text)).toContain('Departure KHWD: VFR at 04:00Z (METAR 03:50Z).');
    expect(reply.result.level).toBe('red');
    expect(reply.elapsedMs).toBeGreaterThanOrEqual(0);
  });

  it('rejects a malformed request with the field that is wrong', async () => {
    const { routing } = await plannedRoute();
    await expect(routing.call('clearSky', { legs: 'x', departureMs: 0, cruiseAltitudeFt: 0, weather: {} } as never)).rejects.toThrow('clearSky: legs must be an array');
    await expect(
      routing.call('clearSky', { legs: [], departureMs: 'soon', cruiseAltitudeFt: 0, weather: { metars: null, tafs: null, pireps: null, advisories: null, advisoriesAsOfMs: null, winds: null } } as never),
    ).rejects.toThrow('clearSky: departureMs must be a time in ms, not "soon"');
  });

  it('a box around the route reaches 60 nm beyond it', () => {
    const box = routeBox([{ from: { lat: 35, lon: -100 }, to: { lat: 36, lon: -100 } } as never]);
    expect(box?.minLat).toBeCloseTo(34, 5);
    expect(box?.maxLat).toBeCloseTo(37, 5);
  });
});
