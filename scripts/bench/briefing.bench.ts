// Benchmark (issue 22 target: "Route briefing for a 25-leg route assembled within 200 ms from local
// data"). The shared weather (../shared/data/weather) is decoded into snapshots exactly as the server
// does (apps/server weather PathSource + buildSnapshot), as the device would hold them; a 25-leg route
// KLAX -> KATL along the great circle at 9,000 ft and 150 kt is briefed as the app does it: the page
// builds the request (briefingWeatherRequestOf) and the routing worker's `briefing` handler decodes
// every TAF and FB bulletin (once: its decoder is shared with ClearSky and kept) and assembles. The
// main thread's share (building the request, and the structured clones of request and reply that
// cross to the worker) is measured apart.
// Departures as bench:clearsky (27 Jan 2025 22:30Z, METARs current; 31 Jan 2026 03:00Z, FB winds
// current). Baseline in the same run: the same route briefed with no weather on the device (every
// product missing), so the ratio is what the weather costs. Figures are printed; nothing fails on time.
// Run: npm run bench:briefing
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { greatCircleDistanceNm, greatCircleIntermediatePoint } from '@clearway/geo';
import type { AirmetSnapshot, FboSnapshot, MetarSnapshot, PirepSnapshot, StationsSnapshot, TafSnapshot, WeatherProductType } from '@clearway/protocol';
import type { Briefing, BriefingInput, ClearSkyLeg } from '@clearway/weather';
import { expect, it } from 'vitest';
import { buildSnapshot, stationIndex } from '../../apps/server/src/weather/build.js';
import { PathSource } from '../../apps/server/src/weather/pathSource.js';
import { briefingWeatherRequestOf, type BriefingSnapshots } from '../../apps/web/src/features/briefing/briefingInput';
import { createBriefingHandlers, type BriefingRequest } from '../../apps/web/src/worker/briefing';
import { createWeatherDecoder } from '../../apps/web/src/worker/weatherDecode';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const weatherDir = join(repoRoot, '..', 'shared', 'data', 'weather');

async function snapshots(): Promise<BriefingSnapshots> {
  const source = new PathSource(weatherDir);
  const files = async (type: WeatherProductType) => {
    const got = await source.fetch(type, {});
    if (got.status !== 'files') throw new Error(`no ${type} files in ${weatherDir}`);
    return got.files;
  };
  const cycle = Date.UTC(2025, 0, 27, 22, 30);
  const stationsBuilt = buildSnapshot('stations', await files('stations'), stationIndex([]));
  const stations = { type: 'stations', cycle, ...stationsBuilt.content } as StationsSnapshot;
  const index = stationIndex(stations.stations);
  const snap = async <T>(type: WeatherProductType) => ({ type, cycle, ...buildSnapshot(type, await files(type), index).content }) as T;
  return {
    metar: await snap<MetarSnapshot>('metar'),
    taf: await snap<TafSnapshot>('taf'),
    pirep: await snap<PirepSnapshot>('pirep'),
    airmet: await snap<AirmetSnapshot>('airmet'),
    fbo: await snap<FboSnapshot>('fbo'),
  };
}

/** 25 legs along the great circle KLAX -> KATL, 150 kt ground speed, 9,000 ft. */
function route25(departureMs: number): ClearSkyLeg[] {
  const lax = { lat: 33.9425, lon: -118.4081 };
  const atl = { lat: 33.6367, lon: -84.4281 };
  const n = 25;
  const points = Array.from({ length: n + 1 }, (_, i) => {
    const p = greatCircleIntermediatePoint(lax.lat, lax.lon, atl.lat, atl.lon, i / n);
    return { lat: p.latDeg, lon: p.lonDeg };
  });
  let along = 0;
  let eta = departureMs;
  return points.slice(1).map((to, i) => {
    const from = points[i]!;
    const distanceNm = greatCircleDistanceNm(from.lat, from.lon, to.lat, to.lon);
    const leg: ClearSkyLeg = {
      fromIdent: i === 0 ? 'KLAX' : `WP${i}`,
      toIdent: i === n - 1 ? 'KATL' : `WP${i + 1}`,
      from,
      to,
      fromIsAirport: i === 0,
      toIsAirport: i === n - 1,
      alongStartNm: along,
      distanceNm,
      etaStartMs: eta,
      etaEndMs: eta + (distanceNm / 150) * 3_600_000,
      altitudeFt: 9_000,
      lowestFt: i === 0 ? 100 : 9_000,
      highestFt: 9_000,
    };
    along += distanceNm;
    eta = leg.etaEndMs;
    return leg;
  });
}

function measure(label: string, runs: number, fn: () => void): { median: number; p95: number } {
  for (let i = 0; i < 3; i++) fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    fn();
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(runs / 2)]!;
  const p95 = times[Math.min(runs - 1, Math.floor(runs * 0.95))]!;
  console.log(`${label.padEnd(88)} median ${median.toFixed(2)} ms  p95 ${p95.toFixed(2)} ms`);
  return { median, p95 };
}

const NO_NOTAMS: BriefingInput['notams'] = { airports: [], unavailable: 'not asked in this benchmark', tfrs: { items: [], asOfMs: null } };

it('route briefing for a 25-leg route from the shared weather', async () => {
  const t0 = performance.now();
  const snaps = await snapshots();
  console.log(`load average ${loadavg().map((l) => l.toFixed(1)).join(' ')}; shared weather decoded as the server does in ${(performance.now() - t0).toFixed(0)} ms:`);
  console.log(`  ${snaps.metar!.stations.length} METARs, ${snaps.taf!.tafs.length} TAFs, ${snaps.pirep!.reports.length} PIREPs, ${snaps.airmet!.advisories.length} advisories, ${snaps.fbo!.bulletins.length} FB bulletins`);
  const empty = briefingWeatherRequestOf({ metar: null, taf: null, pirep: null, airmet: null, fbo: null });
  const warm = createBriefingHandlers(undefined, createWeatherDecoder());
  for (const [name, departureMs] of [
    ['27 Jan 2025 22:30Z (METARs current)', Date.UTC(2025, 0, 27, 22, 30)],
    ['31 Jan 2026 03:00Z (FB winds current)', Date.UTC(2026, 0, 31, 3, 0)],
  ] as const) {
    const legs = route25(departureMs);
    const scope = { kind: 'route' as const, legs };
    console.log(`\nDeparture ${name}, ${legs.length} legs, ${Math.round(legs.reduce((s, l) => s + l.distanceNm, 0))} nm:`);
    const baseline = measure('baseline: worker briefing with no weather on the device', 50, () => {
      warm.briefing({ scope, nowMs: departureMs, weather: empty, notams: NO_NOTAMS });
    });
    let briefing: Briefing | null = null;
    let request: BriefingRequest | null = null;
    const page = measure('main thread: briefingWeatherRequestOf + structured clone of the request', 20, () => {
      request = structuredClone({ scope, nowMs: departureMs, weather: briefingWeatherRequestOf(snaps), notams: NO_NOTAMS });
    });
    const req = request! as BriefingRequest;
    const full = measure('worker, first briefing: TAFs and FB decoded + assembly (target < 200 ms)', 20, () => {
      briefing = createBriefingHandlers(undefined, createWeatherDecoder()).briefing(req).briefing;
    });
    const assembly = measure('worker, later briefing: decoder warm (after ClearSky or a briefing)', 30, () => {
      briefing = warm.briefing(req).briefing;
    });
    const reply = measure('main thread: structured clone of the reply', 30, () => {
      structuredClone(briefing);
    });
    console.log(`  whole: ${(page.median + full.median + reply.median).toFixed(1)} ms first, ${(page.median + assembly.median + reply.median).toFixed(1)} ms later, of which on the main thread ${(page.median + reply.median).toFixed(1)} ms`);
    console.log(`  ratio first / baseline ${(full.median / baseline.median).toFixed(0)}, later / baseline ${(assembly.median / baseline.median).toFixed(0)}, main thread / first ${((page.median + reply.median) / full.median).toFixed(2)}`);
    const b = briefing! as Briefing;
    console.log(`  items per section: ${b.sections.map((s) => `${s.id} ${s.items.length}`).join(', ')}`);
    expect(b.sections).toHaveLength(7);
    expect(b.sections.find((s) => s.id === 'winds')!.items.length + b.sections.find((s) => s.id === 'winds')!.missing.length).toBeGreaterThanOrEqual(25);
  }
});
