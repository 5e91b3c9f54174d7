// Benchmark (issue 17 target: "ClearSky for a 25-leg route: under 50 ms in the worker"). The shared
// weather (../shared/data/weather) is read and decoded into snapshots exactly as the server does
// (apps/server weather PathSource + buildSnapshot); a 25-leg route KLAX -> KATL along the great
// circle at 9,000 ft and 150 kt is judged by the routing worker's clearSky handler, as the page sends
// it (clearSkyWeatherOf: only the weather within reach of the route). Two departures: 22:30Z on
// 27 January 2025 (the METAR cache's time: every station report current, the FB bulletin not) and
// 03:00Z on 31 January 2026 (inside the FBUS31 bulletin's FOR USE window: winds and freezing level
// sampled on every leg, METARs too old). Baseline in the same run: structuredClone of the request,
// what crossing the worker boundary costs. Figures are printed; nothing fails on time.
// Run: npm run bench:clearsky
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { greatCircleDistanceNm, greatCircleIntermediatePoint } from '@clearway/geo';
import type { AirmetSnapshot, FboSnapshot, MetarSnapshot, PirepSnapshot, StationsSnapshot, TafSnapshot, WeatherProductType } from '@clearway/protocol';
import type { ClearSkyLeg } from '@clearway/weather';
import { expect, it } from 'vitest';
import { buildSnapshot, stationIndex } from '../../apps/server/src/weather/build.js';
import { PathSource } from '../../apps/server/src/weather/pathSource.js';
import { createClearSkyHandlers, type ClearSkyRequest } from '../../apps/web/src/worker/clearsky';
import { clearSkyWeatherOf, type ClearSkySnapshots } from '../../apps/web/src/worker/clearskyInput';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const weatherDir = join(repoRoot, '..', 'shared', 'data', 'weather');

async function snapshots(): Promise<ClearSkySnapshots> {
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
  console.log(`${label.padEnd(84)} median ${median.toFixed(2)} ms  p95 ${p95.toFixed(2)} ms`);
  return { median, p95 };
}

it('ClearSky on a 25-leg route with the shared weather', async () => {
  const t0 = performance.now();
  const snaps = await snapshots();
  console.log(`load average ${loadavg().map((l) => l.toFixed(1)).join(' ')}; shared weather decoded as the server does in ${(performance.now() - t0).toFixed(0)} ms:`);
  console.log(
    `  ${snaps.metar!.stations.length} METARs, ${snaps.taf!.tafs.length} TAFs, ${snaps.pirep!.reports.length} PIREPs, ${snaps.airmet!.advisories.length} advisories, ${snaps.fbo!.bulletins.length} FB bulletins`,
  );
  for (const [name, departureMs] of [
    ['27 Jan 2025 22:30Z (METARs current)', Date.UTC(2025, 0, 27, 22, 30)],
    ['31 Jan 2026 03:00Z (FB winds current)', Date.UTC(2026, 0, 31, 3, 0)],
  ] as const) {
    const legs = route25(departureMs);
    let request: ClearSkyRequest | null = null;
    console.log(`\nDeparture ${name}, ${legs.length} legs, ${Math.round(legs.reduce((s, l) => s + l.distanceNm, 0))} nm:`);
    measure('page: compact weather for the route (clearSkyWeatherOf)', 30, () => {
      request = { legs, departureMs, cruiseAltitudeFt: 9_000, weather: clearSkyWeatherOf(snaps, legs) };
    });
    const req = request!;
    console.log(`  sent: ${req.weather.metars?.length} METARs, ${req.weather.tafs?.length} TAFs, ${req.weather.pireps?.length} PIREPs, ${req.weather.advisories?.length} advisories; ${(JSON.stringify(req).length / 1024).toFixed(0)} kB as JSON`);
    const baseline = measure('baseline: structuredClone of the request (the worker boundary)', 30, () => {
      structuredClone(req);
    });
    const cold = measure('worker: clearSky, first run (TAFs and FB bulletins decoded too)', 15, () => {
      createClearSkyHandlers().clearSky(structuredClone(req));
    });
    const handlers = createClearSkyHandlers();
    let reply = handlers.clearSky(structuredClone(req));
    const warm = measure('worker: clearSky, next runs (decoded TAFs and winds kept; target < 50 ms)', 30, () => {
      reply = handlers.clearSky(structuredClone(req));
    });
    const counts = { red: 0, amber: 0, green: 0 };
    for (const leg of reply.result.legs) counts[leg.level] += 1;
    console.log(`  ratio first run / baseline ${(cold.median / baseline.median).toFixed(1)}, next run / baseline ${(warm.median / baseline.median).toFixed(1)}`);
    console.log(`  result: route ${reply.result.level}; legs red ${counts.red}, amber ${counts.amber}, green ${counts.green}; used ${JSON.stringify(reply.result.used)}`);
    expect(reply.result.legs).toHaveLength(25);
  }
});
