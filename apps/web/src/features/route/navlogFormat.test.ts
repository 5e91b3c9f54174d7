import { describe, expect, it } from 'vitest';
import { unitSetFor } from '@clearway/geo';
import { initialUnitsState } from '../settings';
import { fixtureLeg, fixtureWaypoint } from '../../test/route/navlogFixture';
import {
  altitudeConstraintText,
  CALM_ISA_TEXT,
  legTriangleText,
  windsForecastText,
  compactNumber,
  compactSummary,
  courseText,
  cruiseText,
  fuelValue,
  minutesText,
  navlogRow,
  optimizerRowText,
  radialText,
  stripSummary,
  type DisplayUnits,
} from './navlogFormat';

const nm: DisplayUnits = initialUnitsState;
const km: DisplayUnits = { ...initialUnitsState, ...unitSetFor('km') };
const mi: DisplayUnits = { ...initialUnitsState, ...unitSetFor('mi') };

describe('navlog number rules (spec part 2 §9)', () => {
  it('shows distances and speeds with 1 decimal below 10 and 0 decimals from 10 up', () => {
    expect(compactNumber(0)).toBe('0.0');
    expect(compactNumber(3.14159)).toBe('3.1');
    expect(compactNumber(9.94)).toBe('9.9');
    expect(compactNumber(9.96)).toBe('10');
    expect(compactNumber(10)).toBe('10');
    expect(compactNumber(123.6)).toBe('124');
    expect(compactNumber(Number.NaN)).toBe('--');
  });

  it('shows fuel with exactly 1 decimal', () => {
    expect(fuelValue(0, nm)).toBe('0.0');
    expect(fuelValue(12, nm)).toBe('12.0');
    expect(fuelValue(3.456, nm)).toBe('3.5');
    expect(fuelValue(123.44, nm)).toBe('123.4');
  });

  it('courses are three digits, north is 360, unknown 999 is dashes', () => {
    expect(courseText(5.4)).toBe('005°');
    expect(courseText(359.7)).toBe('360°');
    expect(courseText(0)).toBe('360°');
    expect(courseText(123)).toBe('123°');
    expect(courseText(999)).toBe('---');
  });

  it('time is h:mm', () => {
    expect(minutesText(0)).toBe('0:00');
    expect(minutesText(59.6)).toBe('1:00');
    expect(minutesText(125)).toBe('2:05');
  });
});

describe('navlogRow', () => {
  const hwd = fixtureWaypoint('KHWD');
  const oak = fixtureWaypoint('OAK');

  it('shows the end waypoint with cumulative distance, magnetic course, GS, cumulative time and fuel', () => {
    const leg = fixtureLeg(hwd, oak, { distance: 4, cum_distance: 12.345, course: 271.6, gs: 131.2, cum_time: 7.4, cum_fuel: 2.04 });
    const row = navlogRow(leg, 0, nm);
    expect(row).toMatchObject({ wpt: 'OAK', hasErrors: false, dist: '12', course: '272°', gs: '131', time: '0:07', fuel: '2.0' });
  });

  it('shows the VOR radial of an airway leg out of a VOR as R- and three digits, none otherwise', () => {
    const sunol = fixtureWaypoint('SUNOL');
    const vor = fixtureWaypoint('OAK', { type: 'NAVAID', navaid_type: 'VORTAC', variation: 17 });
    expect(navlogRow(fixtureLeg(vor, sunol, { course: 103.2, radial: 99 }), 0, nm)).toMatchObject({ course: '103°', radial: 'R-099' });
    expect(navlogRow(fixtureLeg(hwd, oak, { course: 103.2 }), 0, nm).radial).toBe('');
    expect(navlogRow(fixtureLeg(vor, sunol, { has_errors: true, radial: 99 }), 0, nm).radial).toBe('');
    expect(radialText(360)).toBe('R-360');
    expect(radialText(5)).toBe('R-005');
    expect(radialText(undefined)).toBe('');
  });

  it("converts to the user's units", () => {
    const leg = fixtureLeg(hwd, oak, { cum_distance: 5, gs: 100, cum_fuel: 1 });
    expect(navlogRow(leg, 0, km)).toMatchObject({ dist: '9.3', gs: '185' });
    expect(navlogRow(leg, 0, mi)).toMatchObject({ dist: '5.8', gs: '115' });
  });

  it('a leg with errors shows only its start-end codes and no numbers', () => {
    const leg = fixtureLeg(hwd, fixtureWaypoint('ZZZZZ', { invalid: true }), { has_errors: true, cum_distance: 3 });
    expect(navlogRow(leg, 1, nm)).toMatchObject({ wpt: 'KHWD-ZZZZZ', hasErrors: true, dist: '', course: '', gs: '', time: '', fuel: '', altitude: '' });
  });

  it('a direct-to end waypoint has a leading star', () => {
    const leg = fixtureLeg(hwd, fixtureWaypoint('SUNOL', { directTo: true }));
    expect(navlogRow(leg, 0, nm)).toMatchObject({ wpt: '*SUNOL', directTo: true });
  });

  it('shows valid altitude constraints of the end waypoint only', () => {
    expect(altitudeConstraintText(fixtureWaypoint('A', { alt_type: '@', alt1: 5000 }), nm)).toBe('@5000 ft');
    expect(altitudeConstraintText(fixtureWaypoint('A', { alt_type: 'VNAV', alt1: 9000 }), nm)).toBe('VNAV 9000 ft');
    expect(altitudeConstraintText(fixtureWaypoint('A', { alt_type: '+', alt1: 4500, alt2: 7000 }), nm)).toBe('+4500/7000 ft');
    expect(altitudeConstraintText(fixtureWaypoint('A', { alt_type: '@', alt1: 1000 }), km)).toBe('@305 m');
    expect(altitudeConstraintText(fixtureWaypoint('A', { alt_type: '@', alt1: -9999 }), nm)).toBe('');
    expect(altitudeConstraintText(fixtureWaypoint('A', { alt_type: '@', alt1: 5000, ambiguous: true }), nm)).toBe('');
  });
});

describe('summaries', () => {
  const base = { total_distance: 42.26, avg_gs: 118.4, total_min: 21.4, total_fuel: 4.26, avg_temp: 11 };

  it('compact summary: Wind is |GS - TAS| in the error style when GS is below TAS; fuel suffix g', () => {
    const s = compactSummary(base, { airspeed: 140 }, nm);
    expect(s).toEqual({ dist: '42 nm', gs: '118 kt', wind: '22 kt', windError: true, ete: '0:21', fuel: '4.3g', temp: '51.8 °F' });
    const tail = compactSummary({ ...base, avg_gs: 150 }, { airspeed: 140 }, nm);
    expect(tail.wind).toBe('10 kt');
    expect(tail.windError).toBe(false);
  });

  it('Temp shows n/a for 9999', () => {
    expect(compactSummary({ ...base, avg_temp: 9999 }, { airspeed: 140 }, nm).temp).toBe('n/a');
  });

  it('summary strip: altitude flown, aircraft tail', () => {
    const s = stripSummary({ ...base, altitude: -9999, cruise_altitude_flown: 5500 }, { tail: 'N12345', altitude: 6000 }, nm);
    expect(s).toEqual({ distance: '42 nm', alt: '5500 ft', speed: '118 kt', time: '0:21', fuel: '4.3 g', temp: '51.8 °F', aircraft: 'N12345' });
  });

  it('optimizer rows', () => {
    expect(optimizerRowText({ altitude: 6500, avg_gs: 131.04, total_min: 62, total_fuel: 10.94, avg_temp: 9999 }, nm)).toEqual({
      altitude: '6500 ft',
      speed: '131 kt',
      ete: '1:02',
      fuel: '10.9 g',
      temp: 'n/a',
    });
  });
});

describe('cruiseText (ICAO speed/level groups filed in the route)', () => {
  const a = fixtureWaypoint('KSFO');
  const b = fixtureWaypoint('SJC');
  it('shows a flight level from 18,000 ft and the TAS in the speed unit; nothing when the route files none', () => {
    expect(cruiseText(fixtureLeg(a, b, { cruise_altitude: 39000, tas: 470.33 }), nm)).toBe('FL390 TAS 470 kt');
    // 4,500 ft stays an altitude; 120 kt is 222 km/h (120 × 1.852).
    expect(cruiseText(fixtureLeg(a, b, { cruise_altitude: 4500, tas: 120 }), km)).toBe(`${Math.round(4500 * km.alt_factor)} ${km.alt_unit} TAS 222 ${km.speed_unit}`);
    expect(cruiseText(fixtureLeg(a, b), nm)).toBe('');
    expect(cruiseText(fixtureLeg(a, b, { cruise_altitude: 39000, tas: 470, has_errors: true }), nm)).toBe('');
  });
});

describe('winds in the route (issue 16)', () => {
  const fb = { id: 'FBUS31 KWNO 310158', use_from: Date.UTC(2026, 0, 31, 2), use_to: Date.UTC(2026, 0, 31, 9) };
  const during = Date.UTC(2026, 0, 31, 4);

  it('names the forecast and its FOR USE window, or says the route was planned in calm air at ISA', () => {
    expect(windsForecastText({ winds_status: 'forecast', winds_forecasts: [fb] }, during)).toBe('Winds aloft: FBUS31 KWNO 310158, for use 0200–0900Z');
    expect(windsForecastText({ winds_status: 'unavailable', winds_forecasts: [] }, during)).toBe(CALM_ISA_TEXT);
    expect(CALM_ISA_TEXT).toBe('No winds-aloft forecast for this flight: planned in calm air at ISA temperatures');
    // Not planned yet: nothing said.
    expect(windsForecastText({}, during)).toBeNull();
    const next = { id: 'FBUS33 KWNO 310158', use_from: fb.use_to, use_to: Date.UTC(2026, 0, 31, 18) };
    expect(windsForecastText({ winds_status: 'partial', winds_forecasts: [fb, next] }, during)).toBe(
      'Winds aloft: FBUS31 KWNO 310158, for use 0200–0900Z; FBUS33 KWNO 310158, for use 0900–1800Z; legs outside them planned in calm air at ISA',
    );
    expect(windsForecastText({ winds_status: 'partial', winds_forecasts: [fb] }, during)).toBe('Winds aloft: FBUS31 KWNO 310158, for use 0200–0900Z; legs outside it planned in calm air at ISA');
    // Past the end of the last window.
    expect(windsForecastText({ winds_status: 'forecast', winds_forecasts: [fb] }, fb.use_to + 1)).toBe('Winds aloft: FBUS31 KWNO 310158, for use 0200–0900Z (expired)');
    expect(windsForecastText({ winds_status: 'forecast', winds_forecasts: [fb] }, fb.use_to)).not.toContain('expired');
  });

  it("shows a leg's wind triangle: true course, wind, temperature, WCA, true heading, GS and leg time", () => {
    const leg = fixtureLeg(fixtureWaypoint('P1'), fixtureWaypoint('P2'), {
      true_course: 0.0001,
      true_heading: 353.44,
      gs: 139.08,
      time: 25.87,
      wind: { direction: 270, speed: 16, temperature: 3, altitude: 12000 },
    });
    expect(legTriangleText(leg, { ...nm, temp_unit: 'c' })).toEqual({ tc: '360°', wind: '270°/16 kt', temp: '3.0 °C', wca: '-7°', th: '353°', gs: '139 kt', time: '0:26' });
    expect(legTriangleText(leg, km)?.gs).toBe(`258 ${km.speed_unit}`);
    expect(legTriangleText({ ...leg, true_heading: 6.4 }, nm)?.wca).toBe('+6°');
    expect(legTriangleText({ ...leg, wind: { direction: 90, speed: 1, temperature: null, altitude: 3000 } }, nm)).toMatchObject({ wind: 'calm', temp: 'n/a' });
    // No forecast (calm air at ISA) or errors: nothing to show.
    expect(legTriangleText({ ...leg, wind: undefined }, nm)).toBeNull();
    expect(legTriangleText({ ...leg, has_errors: true }, nm)).toBeNull();
  });
});
