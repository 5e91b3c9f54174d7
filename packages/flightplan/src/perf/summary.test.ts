import { NM_PER_DEG } from '@clearway/geo';
import { describe, expect, it } from 'vitest';
import type { WindsAloftSource } from '../model.js';
import { DEFAULT_PROFILE, UNKNOWN_TEMP } from '../model.js';
import { runFlightPlan } from './flightPlan.js';
import { formatClock12, formatHoursMinutes, routeSummary } from './summary.js';
import { makeRoute, makeWaypoint } from '../testing/testRoute.js';

const NOW = Date.UTC(2026, 10, 21, 19, 5);

describe('route summary', () => {
  it('formats h:mm and the 12-hour ETD', () => {
    expect(formatHoursMinutes(65.4)).toBe('1:05');
    expect(formatHoursMinutes(9)).toBe('0:09');
    expect(formatClock12(NOW)).toBe('7:05 pm');
    expect(formatClock12(Date.UTC(2026, 10, 21, 0, 30))).toBe('12:30 am');
    expect(formatClock12(NOW, 'America/Los_Angeles')).toBe('11:05 am');
  });

  it('shows the strip and a headwind as GS below TAS', () => {
    const headwind: WindsAloftSource = { windAt: () => ({ directionDeg: 90, speedKt: 30, temperatureC: null, stationId: 'S', stationLat: 0, stationLon: 0, aloft: [] }) };
    const route = makeRoute([makeWaypoint('KAAA', 0, 0), makeWaypoint('KDDD', 0, 150 / NM_PER_DEG)]);
    const r = runFlightPlan(route, DEFAULT_PROFILE, { now: NOW, winds: headwind, variationAt: null });
    const s = routeSummary(r, DEFAULT_PROFILE, { temperatureUnit: 'c' });
    expect(s.distance).toBe('150 nm');
    expect(s.alt).toBe('6000 ft');
    expect(s.aircraft).toBe('N12345');
    expect(s.etd).toBe('7:05 pm');
    expect(s.windIsHeadwind).toBe(true);
    expect(s.wind).toBe(`${Math.abs(r.avg_gs - 140).toFixed(0)} kt`);
    expect(s.fuel).toBe(`${r.total_fuel.toFixed(1)}g`);
    expect(routeSummary({ ...r, avg_temp: UNKNOWN_TEMP }, DEFAULT_PROFILE).temp).toBe('n/a');
  });
});
