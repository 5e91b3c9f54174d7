// @vitest-environment node
// Node, not jsdom: see routing.test.ts (realm of jsdom's typed arrays).
// The routing worker's FB winds (winds.ts) over the real FBUS31 bulletin of ../shared/data, through
// the message map with every parameter and result structured-cloned as a worker would.
import { DEFAULT_PROFILE, type AircraftProfile } from '@clearway/flightplan';
import { describe, expect, it } from 'vitest';
import { tinyArtifact } from '../test/navFixture';
import { createDirectRoutingEndpoint } from './directEndpoint';
import { createRoutingHandlers } from './handlers';
import { buildWorkerWinds, freezingStationsAt, validateFreezingStationsInput, validateWindsInput } from './winds';
// The real bulletin beside the repository (../shared/data), read as text by Vite (no Node built-ins in the web app).
import FB_TEXT from '../../../../../shared/data/weather/winds-aloft/FBUS31_KWNO_310158_2026-01-31_FD1US1.txt?raw';

function bulletin(): string {
  if (!FB_TEXT.includes('FBUS31 KWNO 310158')) throw new Error('The shared FBUS31 bulletin did not load (../shared/data/weather/winds-aloft/)');
  return FB_TEXT;
}

/** The bulletin as the `fbo` snapshot carries it: issued 31 January 2026, the 6-hour forecast. */
const entry = () => ({ forecastHours: 6 as const, year: 2026, month: 1, raw: bulletin() });

/** Departure 04:00Z on 31 January 2026, inside the bulletin's FOR USE 0200-0900Z. */
const ETD = Date.UTC(2026, 0, 31, 4, 0);
const profile: AircraftProfile = { ...DEFAULT_PROFILE, altitude: 12000, etd_iso: new Date(ETD).toISOString() };

/**
 * P1 and P2 sit half a degree of latitude south and north of the FAT station (36.7766 N, 119.7188 W)
 * on its meridian, so the P1-P2 leg's midpoint, where the engine samples the wind, is the station
 * itself (the source then uses FAT alone, no blending).
 */
const ROUTE = 'KHWD 36.2766/-119.7188 37.2766/-119.7188 KOAK';

async function endpoint() {
  const routing = createDirectRoutingEndpoint({ handlers: createRoutingHandlers({ clock: () => ETD - 3_600_000 }) });
  await routing.ready;
  await routing.call('loadDatabase', { bytes: tinyArtifact() });
  return routing;
}

describe('FB winds in the routing worker', () => {
  it('decodes the bulletins handed over and names each with its FOR USE window', async () => {
    const routing = await endpoint();
    expect(await routing.call('windsInfo', {})).toEqual({ cycle: null, bulletins: [], problems: [] });
    const info = await routing.call('setWinds', { cycle: 123, bulletins: [entry()] });
    expect(info.cycle).toBe(123);
    expect(info.problems).toEqual([]);
    expect(info.bulletins).toEqual([
      {
        id: 'FBUS31 KWNO 310158',
        forecastHours: 6,
        // VALID 310600Z FOR USE 0200-0900Z.
        valid: Date.UTC(2026, 0, 31, 6, 0),
        use_from: Date.UTC(2026, 0, 31, 2, 0),
        use_to: Date.UTC(2026, 0, 31, 9, 0),
        stations: expect.any(Number) as number,
      },
    ]);
    expect(info.bulletins[0]?.stations).toBeGreaterThan(160);
    expect(await routing.call('windsInfo', {})).toEqual(info);
  });

  it("flies the leg at the FAT station in FAT's 12,000 ft forecast, worked by hand", async () => {
    const routing = await endpoint();
    const parsed = await routing.call('parseRoute', { text: ROUTE, profile });
    const calm = await routing.call('runFlightPlan', { route: parsed, profile });
    expect(calm.winds_status).toBe('unavailable');
    expect(calm.winds_forecasts).toEqual([]);

    await routing.call('setWinds', { cycle: 1, bulletins: [entry()] });
    const r = await routing.call('runFlightPlan', { route: parsed, profile });
    expect(r.winds_status).toBe('forecast');
    expect(r.winds_forecasts).toEqual([{ id: 'FBUS31 KWNO 310158', use_from: Date.UTC(2026, 0, 31, 2), use_to: Date.UTC(2026, 0, 31, 9) }]);
    const leg = r.legs[1];
    expect(leg?.climb).toBe(0);
    expect(leg?.descent).toBe(0);
    // The bulletin's line "FAT 9900 9900+13 2605+09 2716+03 ...": at 12,000 ft (a reported level)
    // 2716+03 is 270° true 16 kt, +3 °C; aloft is that level twice.
    expect(leg?.wxPoints.map((w) => [w.station_id, w.aloft])).toEqual([['FAT', [270, 16, 3, 270, 16, 3]]]);
    expect(leg?.wind?.direction).toBeCloseTo(270, 6);
    expect(leg?.wind?.speed).toBeCloseTo(16, 6);
    expect(leg?.wind?.temperature).toBeCloseTo(3, 6);
    // True course 000° (due north on the meridian). Wind from 270°: 90° left of the course, all
    // crosswind. WCA = asin(16·sin(270° − 0°) / 140) = asin(−0.11429) = −6.562°; true heading
    // 353.44°; GS = 140·cos 6.562° − 16·cos 270° = 139.08 kt.
    expect(Math.abs((((leg?.true_course ?? NaN) + 540) % 360) - 180)).toBeLessThan(0.001);
    expect(leg?.true_heading).toBeCloseTo(353.438, 2);
    expect(leg?.gs).toBeCloseTo(139.08, 1);
    // 1° of latitude at 36.8° N is 59.97 nm on the WGS84 ellipsoid: 59.97 / 139.08 h = 25.87 min.
    expect(leg?.distance).toBeCloseTo(59.97, 1);
    expect(leg?.time).toBeCloseTo(25.87, 1);
    expect(r.total_min).not.toBeCloseTo(calm.total_min, 1);
  });

  it('the optimizer flies in the same winds', async () => {
    const routing = await endpoint();
    const parsed = await routing.call('parseRoute', { text: ROUTE, profile });
    const calm = await routing.call('getOptimizerOutput', { route: parsed, isVfr: true, isEast: true, profile });
    await routing.call('setWinds', { cycle: 1, bulletins: [entry()] });
    const rows = await routing.call('getOptimizerOutput', { route: parsed, isVfr: true, isEast: true, profile });
    expect(rows.map((x) => x.altitude)).toEqual(calm.map((x) => x.altitude));
    // Forecast temperatures instead of ISA, and ground speeds that change with the winds.
    expect(rows.some((x, i) => Math.abs(x.avg_temp - (calm[i]?.avg_temp ?? NaN)) > 2)).toBe(true);
    expect(rows.some((x, i) => Math.abs(x.avg_gs - (calm[i]?.avg_gs ?? NaN)) > 1)).toBe(true);
    // The 12,000 ft row is not a candidate (VFR eastbound: odd thousands + 500); 11,500 ft's
    // figures equal the navlog's at 11,500 ft.
    const at11500 = await routing.call('runFlightPlan', { route: parsed, profile: { ...profile, altitude: 11500 } });
    expect(rows.find((x) => x.altitude === 11500)?.total_min).toBeCloseTo(at11500.total_min, 9);
  });

  it('outside every FOR USE window a leg has no forecast: calm air at ISA', async () => {
    const routing = await endpoint();
    await routing.call('setWinds', { cycle: 1, bulletins: [entry()] });
    const late = { ...profile, etd_iso: new Date(Date.UTC(2026, 0, 31, 12, 0)).toISOString() };
    const r = await routing.call('runFlightPlan', { route: await routing.call('parseRoute', { text: ROUTE, profile: late }), profile: late });
    expect(r.winds_status).toBe('unavailable');
    expect(r.winds_forecasts).toEqual([]);
    expect(r.legs.every((l) => l.wind === undefined && l.wxPoints.length === 0)).toBe(true);
    // A departure at 08:15Z: the first leg in the window, the last ones (after 09:00Z) not.
    const edge = { ...profile, etd_iso: new Date(Date.UTC(2026, 0, 31, 8, 15)).toISOString() };
    const e = await routing.call('runFlightPlan', { route: await routing.call('parseRoute', { text: ROUTE, profile: edge }), profile: edge });
    expect(e.winds_status).toBe('partial');
  });

  it('of two bulletins, each leg uses the one whose window holds its time', async () => {
    const routing = await endpoint();
    // The same text as a 12-hour forecast: VALID 311200Z FOR USE 0900-1800Z (as the next issue says).
    const twelve = { ...entry(), forecastHours: 12 as const, raw: bulletin().replace('FBUS31 KWNO 310158', 'FBUS33 KWNO 310158').replace('VALID 310600Z   FOR USE 0200-0900Z', 'VALID 311200Z   FOR USE 0900-1800Z') };
    const info = await routing.call('setWinds', { cycle: 2, bulletins: [twelve, entry()] });
    expect(info.bulletins.map((b) => [b.id, b.forecastHours])).toEqual([['FBUS31 KWNO 310158', 6], ['FBUS33 KWNO 310158', 12]]);
    const edge = { ...profile, etd_iso: new Date(Date.UTC(2026, 0, 31, 8, 0)).toISOString() };
    const r = await routing.call('runFlightPlan', { route: await routing.call('parseRoute', { text: ROUTE, profile: edge }), profile: edge });
    expect(r.winds_status).toBe('forecast');
    expect(r.winds_forecasts?.map((f) => f.id)).toEqual(['FBUS31 KWNO 310158', 'FBUS33 KWNO 310158']);
    const late = { ...profile, etd_iso: new Date(Date.UTC(2026, 0, 31, 13, 0)).toISOString() };
    const l = await routing.call('runFlightPlan', { route: await routing.call('parseRoute', { text: ROUTE, profile: late }), profile: late });
    expect(l.winds_forecasts?.map((f) => f.id)).toEqual(['FBUS33 KWNO 310158']);
  });

  it('refuses bad parameters naming the field, and keeps the winds it had', async () => {
    const routing = await endpoint();
    await routing.call('setWinds', { cycle: 1, bulletins: [entry()] });
    const bad = await routing.call('setWinds', { cycle: 2, bulletins: [{ ...entry(), forecastHours: 3 as 6 }] }).catch((e: unknown) => e);
    expect(bad).toMatchObject({ name: 'TypeError', message: 'setWinds: bulletins[0].forecastHours must be 6, 12 or 24, not 3' });
    expect((await routing.call('windsInfo', {})).cycle).toBe(1);
    expect(() => validateWindsInput(null)).toThrow('setWinds: params must be an object');
    expect(() => validateWindsInput({ cycle: 1, bulletins: {} })).toThrow('setWinds: bulletins must be an array');
    expect(() => validateWindsInput({ cycle: -1, bulletins: [] })).toThrow('setWinds: cycle must be null or a whole number of ms, not -1');
    expect(() => validateWindsInput({ cycle: null, bulletins: [{ ...entry(), month: 13 }] })).toThrow('setWinds: bulletins[0].month must be a month 1-12, not 13');
    expect(() => validateWindsInput({ cycle: null, bulletins: [{ ...entry(), raw: '' }] })).toThrow('setWinds: bulletins[0].raw must be the bulletin text');
    // An empty list clears the winds.
    expect(await routing.call('setWinds', { cycle: null, bulletins: [] })).toEqual({ cycle: null, bulletins: [], problems: [] });
  });

  it('leaves out a bulletin it cannot place in time, saying why', async () => {
    const routing = await endpoint();
    const info = await routing.call('setWinds', { cycle: 3, bulletins: [{ ...entry(), raw: 'FBUS31 KWNO 310158\nnot a bulletin' }] });
    expect(info.bulletins).toEqual([]);
    expect(info.problems).toContain('FBUS31 KWNO 310158: no VALID time and FOR USE window; left out');
  });

  it('answers freezingStations from the held bulletins: the ones in use at the time, one per station from the nearest valid', async () => {
    const routing = await endpoint();
    expect(await routing.call('freezingStations', { timeMs: ETD })).toEqual([]);
    await routing.call('setWinds', { cycle: 4, bulletins: [entry()] });
    const stations = await routing.call('freezingStations', { timeMs: ETD });
    expect(stations.length).toBe((await routing.call('windsInfo', {})).bulletins[0]?.stations);
    const fat = stations.find((s) => s.id === 'FAT');
    expect(fat).toMatchObject({ lat: 36.7766, lon: -119.7188 });
    expect(fat?.levels.find((l) => l.altitudeFt === 12000)?.temperatureC).toEqual(expect.any(Number));
    // 12:00Z is outside FOR USE 0200-0900Z.
    expect(await routing.call('freezingStations', { timeMs: Date.UTC(2026, 0, 31, 12) })).toEqual([]);
    // Two bulletins in use at 09:00Z (the 6-hour one to 0900Z, a 12-hour one from 0900Z): each station once, from the
    // one valid nearer (0600Z is 3 h away, 1200Z 3 h too: a tie keeps the earlier given; at 08:00Z the 6-hour one). The copy's FAT
    // is -10 °C at 12,000 ft, the original's +03.
    const twelve = { ...entry(), forecastHours: 12 as const, raw: bulletin().replace('FBUS31 KWNO 310158', 'FBUS33 KWNO 310158').replace('VALID 310600Z   FOR USE 0200-0900Z', 'VALID 311200Z   FOR USE 0900-1800Z').replace('FAT 9900 9900+13 2605+09 2716+03', 'FAT 9900 9900+13 2605+09 2716-10') };
    const both = buildWorkerWinds({ cycle: null, bulletins: [twelve, entry()] });
    const at9 = freezingStationsAt(both, Date.UTC(2026, 0, 31, 9));
    expect(new Set(at9.map((s) => s.id)).size).toBe(at9.length);
    expect(at9.find((s) => s.id === 'FAT')?.levels.find((l) => l.altitudeFt === 12000)).toMatchObject({ temperatureC: -10 });
    expect(freezingStationsAt(both, Date.UTC(2026, 0, 31, 8)).find((s) => s.id === 'FAT')).toEqual(fat);
    expect(freezingStationsAt(both, Date.UTC(2026, 0, 31, 13)).find((s) => s.id === 'FAT')?.levels.find((l) => l.altitudeFt === 12000)).toMatchObject({ temperatureC: -10 });
  });

  it('refuses a freezingStations time that is not a finite number', async () => {
    const routing = await endpoint();
    const bad = await routing.call('freezingStations', { timeMs: Number.NaN }).catch((e: unknown) => e);
    expect(bad).toMatchObject({ name: 'TypeError', message: 'freezingStations: timeMs must be a finite number of ms, not NaN' });
    expect(() => validateFreezingStationsInput({ timeMs: '1' })).toThrow('freezingStations: timeMs must be a finite number of ms, not "1"');
    expect(() => validateFreezingStationsInput(null)).toThrow('freezingStations: params must be an object');
    expect(validateFreezingStationsInput({ timeMs: ETD })).toEqual({ timeMs: ETD });
  });
});
