// @vitest-environment node
// Node, not jsdom: see routing.test.ts (realm of jsdom's typed arrays).
// The standard briefing through the routing worker's message map (parameters and results
// structured-cloned as a worker would): a route planned by the real engine, weather snapshots built
// by hand around it, the real FBUS31 bulletin of ../shared/data for the winds. The worker's answer is
// checked against the assembly run on weather decoded directly (what the page did before the move).
import { DEFAULT_PROFILE, type AircraftProfile, type Route } from '@clearway/flightplan';
import type { AirmetSnapshot, FboSnapshot, MetarSnapshot, TafSnapshot } from '@clearway/protocol';
import { assembleBriefing, decodeTaf, type BriefingNotamInput, type BriefingScope } from '@clearway/weather';
import { describe, expect, it } from 'vitest';
import { tinyArtifact } from '../test/navFixture';
import { briefingWeatherRequestOf, type BriefingSnapshots } from '../features/briefing/briefingInput';
import { createBriefingHandlers } from './briefing';
import { createClearSkyHandlers } from './clearsky';
import { clearSkyLegsOf, clearSkyRequestOf } from './clearskyInput';
import { createDirectRoutingEndpoint } from './directEndpoint';
import { createRoutingHandlers } from './handlers';
import { createWeatherDecoder } from './weatherDecode';
import { buildWorkerWinds } from './winds';
import FB_TEXT from '../../../../../shared/data/weather/winds-aloft/FBUS31_KWNO_310158_2026-01-31_FD1US1.txt?raw';

/** Departure 04:00Z on 31 January 2026, inside the bulletin's FOR USE 0200-0900Z. */
const ETD = Date.UTC(2026, 0, 31, 4, 0);
const profile: AircraftProfile = { ...DEFAULT_PROFILE, altitude: 12000, etd_iso: new Date(ETD).toISOString() };
/** P1-P2 runs due north across the FB station FAT (36.7766 N, 119.7188 W). */
const ROUTE = 'KHWD 36.2766/-119.7188 37.2766/-119.7188 KOAK';
const NOTAMS: BriefingNotamInput = { airports: [], unavailable: 'not asked in this test', tfrs: { items: [], asOfMs: null } };

async function plannedRoute() {
  if (!FB_TEXT.includes('FBUS31 KWNO 310158')) throw new Error('The shared FBUS31 bulletin did not load (../shared/data/weather/winds-aloft/)');
  const routing = createDirectRoutingEndpoint({ handlers: createRoutingHandlers({ clock: () => ETD - 3_600_000 }) });
  await routing.ready;
  await routing.call('loadDatabase', { bytes: tinyArtifact() });
  const parsed = await routing.call('parseRoute', { text: ROUTE, profile });
  const route = await routing.call('runFlightPlan', { route: parsed, profile });
  return { routing, route };
}

const KOAK_TAF = 'TAF KOAK 310240Z 3103/0106 VRB03KT P6SM SKC FM310500 18005KT 2SM BR OVC007';

function snapshots(route: Route, extraTafs: { id: string; raw: string }[] = []): BriefingSnapshots {
  const first = route.all_legs[0]!.start.location;
  const last = route.all_legs[route.all_legs.length - 1]!.end.location;
  const metar: MetarSnapshot = {
    type: 'metar',
    cycle: ETD - 15 * 60_000,
    stations: [{ id: 'KHWD', lat: first.lat, lon: first.lon, time: ETD - 10 * 60_000, raw: 'KHWD 310350Z 00000KT 10SM CLR 08/03 A3012', cat: 'VFR', wind: null, visSm: 10, ceilingFt: null, cover: null }],
  };
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
        raw: 'SIGMET OSCAR 1 VALID 310300/310700 SEV TURB BLW FL180',
      },
    ],
  };
  const fbo: FboSnapshot = { type: 'fbo', cycle: Date.UTC(2026, 0, 31, 1, 58), bulletins: [{ forecastHours: 6, year: 2026, month: 1, raw: FB_TEXT }] };
  const issued = Date.UTC(2026, 0, 31, 2, 40);
  const taf: TafSnapshot = {
    type: 'taf',
    cycle: issued,
    tafs: [
      { id: 'KOAK', lat: last.lat, lon: last.lon, issued, validFrom: Date.UTC(2026, 0, 31, 3), validTo: Date.UTC(2026, 1, 1, 6), raw: KOAK_TAF },
      // No position: left out by the page.
      { id: 'KXXX', lat: null, lon: null, issued, validFrom: issued, validTo: issued + 86_400_000, raw: KOAK_TAF.replace('KOAK', 'KXXX') },
      ...extraTafs.map((t) => ({ id: t.id, lat: last.lat, lon: last.lon, issued, validFrom: issued, validTo: issued + 86_400_000, raw: t.raw })),
    ],
  };
  return { metar, taf, pirep: { type: 'pirep', cycle: ETD, reports: [] }, airmet, fbo };
}

describe('briefing in the routing worker', () => {
  it('assembles the route briefing from the snapshots as raw text, as the assembly does on weather decoded directly', async () => {
    const { routing, route } = await plannedRoute();
    const snaps = snapshots(route);
    const scope: BriefingScope = { kind: 'route', legs: clearSkyLegsOf(route) };
    const nowMs = ETD - 30 * 60_000;
    const request = { scope, nowMs, weather: briefingWeatherRequestOf(snaps), notams: NOTAMS };
    // TAFs go as text; the one without a position is left out.
    expect(request.weather.tafs.items).toEqual([{ id: 'KOAK', lat: expect.any(Number), lon: expect.any(Number), issued: Date.UTC(2026, 0, 31, 2, 40), raw: KOAK_TAF }]);
    const reply = await routing.call('briefing', request);
    expect(reply.problems).toEqual([]);
    expect(reply.elapsedMs).toBeGreaterThanOrEqual(0);

    // The same assembly with the TAF and the bulletin decoded here.
    const winds = buildWorkerWinds({ cycle: snaps.fbo!.cycle, bulletins: snaps.fbo!.bulletins });
    const expected = assembleBriefing({
      scope,
      nowMs,
      weather: {
        ...request.weather,
        tafs: { items: [{ station: 'KOAK', lat: request.weather.tafs.items![0]!.lat, lon: request.weather.tafs.items![0]!.lon, taf: decodeTaf(KOAK_TAF, { referenceMs: Date.UTC(2026, 0, 31, 2, 40) }).taf! }], asOfMs: snaps.taf!.cycle },
        winds: winds.source,
        windsSource: `FB winds aloft ${winds.info.bulletins.map((b) => b.id).join(', ')}`,
      },
      notams: NOTAMS,
    });
    expect(reply.briefing).toEqual(expected);

    // What it says, read from the answer itself.
    const section = (id: string) => reply.briefing.sections.find((s) => s.id === id)!;
    expect(section('adverse').items.map((i) => i.source)).toContain('SIGMET OSCAR 1');
    expect(section('destination').items.some((i) => i.source === 'TAF KOAK' && i.raw === KOAK_TAF)).toBe(true);
    expect(section('winds').items.length).toBeGreaterThan(0);
    expect(section('winds').items[0]!.source).toMatch(/^FB winds aloft FBUS31 KWNO 310158/);
  });

  it('decodes a TAF and a bulletin set once for ClearSky and the briefing, and names a TAF that does not decode', async () => {
    const { route } = await plannedRoute();
    const decoder = createWeatherDecoder();
    const clearSky = createClearSkyHandlers(undefined, decoder);
    const briefing = createBriefingHandlers(undefined, decoder);
    const snaps = snapshots(route, [{ id: 'KBAD', raw: 'TAF KBAD 999999Z GARBAGE' }]);
    clearSky.clearSky(clearSkyRequestOf(route, snaps, 12_000));
    const afterClearSky = { ...decoder.decodes };
    expect(afterClearSky.windSets).toBe(1);
    expect(afterClearSky.tafs).toBeGreaterThanOrEqual(1);
    const request = { scope: { kind: 'route' as const, legs: clearSkyLegsOf(route) }, nowMs: ETD, weather: briefingWeatherRequestOf(snaps), notams: NOTAMS };
    const reply = briefing.briefing(request);
    // Whatever ClearSky decoded is not decoded again; KBAD (beside the route, so ClearSky sent it too) neither.
    expect(decoder.decodes.windSets).toBe(1);
    expect(decoder.decodes.tafs).toBe(2);
    expect(reply.problems).toHaveLength(1);
    expect(reply.problems[0]).toMatch(/^TAF KBAD: /);
    briefing.briefing(request);
    expect(decoder.decodes).toEqual({ tafs: 2, windSets: 1 });
    // A new bulletin set is decoded afresh.
    briefing.briefing({ ...request, weather: { ...request.weather, winds: { cycle: 7, bulletins: snaps.fbo!.bulletins } } });
    expect(decoder.decodes.windSets).toBe(2);
  });

  it('rejects a malformed request with the field that is wrong', async () => {
    const { routing } = await plannedRoute();
    const weather = briefingWeatherRequestOf({ metar: null, taf: null, pirep: null, airmet: null, fbo: null });
    const area: BriefingScope = { kind: 'area', ident: 'KOAK', isAirport: true, center: { lat: 37.7, lon: -122.2 }, radiusNm: 50, fromMs: ETD, toMs: ETD + 3_600_000, altitudeFt: 5500 };
    const ok = await routing.call('briefing', { scope: area, nowMs: ETD, weather, notams: NOTAMS });
    expect(ok.briefing.kind).toBe('area');
    await expect(routing.call('briefing', { scope: { kind: 'route', legs: 'x' }, nowMs: ETD, weather, notams: NOTAMS } as never)).rejects.toThrow('briefing: legs must be an array');
    await expect(routing.call('briefing', { scope: { ...area, radiusNm: 'far' }, nowMs: ETD, weather, notams: NOTAMS } as never)).rejects.toThrow('briefing: scope.radiusNm must be a number, not "far"');
    await expect(routing.call('briefing', { scope: { kind: 'sky' }, nowMs: ETD, weather, notams: NOTAMS } as never)).rejects.toThrow(`briefing: scope.kind must be 'route' or 'area', not "sky"`);
    await expect(routing.call('briefing', { scope: area, nowMs: 'now', weather, notams: NOTAMS } as never)).rejects.toThrow('briefing: nowMs must be a time in ms, not "now"');
    await expect(routing.call('briefing', { scope: area, nowMs: ETD, weather: { ...weather, tafs: { items: 'KOAK', asOfMs: null } }, notams: NOTAMS } as never)).rejects.toThrow('briefing: weather.tafs.items must be an array or null');
    await expect(routing.call('briefing', { scope: area, nowMs: ETD, weather, notams: { airports: null } } as never)).rejects.toThrow('briefing: notams.airports must be an array');
  });
});
