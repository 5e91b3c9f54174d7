import { NM_PER_DEG } from '@clearway/geo';
import { describe, expect, it } from 'vitest';
import { makeWaypoint } from '../testing/testRoute.js';
import { formatEta, formatEte, navLogEntry } from './navLog.js';
import { selectNextWaypoint } from './nextWaypoint.js';

const HERE = { lat: 0, lon: 0 };
/** A waypoint `nm` from (0, 0) on a true bearing (flat approximation, fine near the equator). */
function at(code: string, bearingDeg: number, nm: number) {
  const b = (bearingDeg * Math.PI) / 180;
  return makeWaypoint(code, (nm * Math.cos(b)) / NM_PER_DEG, (nm * Math.sin(b)) / NM_PER_DEG);
}
const pick = (track: number, ...wps: ReturnType<typeof at>[]) => selectNextWaypoint(HERE, track, wps)?.index ?? null;

describe('forward cones', () => {
  it('within 10 nm the cone is 150° wide (±75°)', () => {
    expect(pick(90, at('A', 90 + 70, 8))).toBe(0);
    expect(pick(90, at('A', 90 - 74, 8))).toBe(0);
    expect(pick(90, at('A', 90 + 80, 8))).toBeNull();
    // Track 000: 285 through 075 is ahead.
    expect(pick(0, at('A', 290, 8))).toBe(0);
    expect(pick(0, at('A', 280, 8))).toBeNull();
  });
  it('within 30 nm it is 120° (±60°)', () => {
    expect(pick(90, at('A', 90 + 55, 20))).toBe(0);
    expect(pick(90, at('A', 90 + 70, 20))).toBeNull();
  });
  it('beyond 30 nm it is 90° (±45°)', () => {
    expect(pick(90, at('A', 90 + 40, 40))).toBe(0);
    expect(pick(90, at('A', 90 - 50, 40))).toBeNull();
  });
  it('nothing behind is chosen', () => {
    expect(pick(90, at('A', 270, 5), at('B', 180, 50))).toBeNull();
  });
});

describe('choosing among candidates', () => {
  it('the lowest index among the nearest 3 within 15 nm wins', () => {
    expect(pick(90, at('A', 90, 12), at('B', 90, 5))).toBe(0);
  });
  it('a close candidate beats a lower index farther than 15 nm', () => {
    expect(pick(90, at('A', 90, 20), at('B', 90, 5))).toBe(1);
  });
  it('only the nearest 3 count', () => {
    expect(pick(90, at('A', 90, 14), at('B', 90, 2), at('C', 90, 3), at('D', 90, 4))).toBe(1);
  });
  it('with nothing within 15 nm the nearest ahead wins', () => {
    expect(pick(90, at('A', 90, 80), at('B', 90, 40))).toBe(1);
  });
  it('a direct-to waypoint overrides, even behind', () => {
    const behind = { ...at('GPS0', 270, 30), directTo: true };
    const r = selectNextWaypoint(HERE, 90, [at('A', 90, 5), behind]);
    expect(r).toMatchObject({ index: 1, type: 'Direct' });
  });
  it('skips invalid waypoints', () => {
    expect(pick(90, { ...at('A', 90, 5), invalid: true }, at('B', 90, 8))).toBe(1);
  });
});

describe('formatting', () => {
  it('ETE is h:mm:ss above one hour, else m:ss', () => {
    expect(formatEte(75.5)).toBe('1:15:30');
    expect(formatEte(12.25)).toBe('12:15');
    expect(formatEte(0.5)).toBe('0:30');
    expect(formatEte(60)).toBe('60:00');
    expect(formatEte(61)).toBe('1:01:00');
    expect(formatEte(NaN)).toBe('--');
  });
  it('ETA is hh:mm in the given time zone, UTC by default', () => {
    const t = Date.UTC(2026, 10, 21, 19, 5);
    expect(formatEta(t)).toBe('19:05');
    expect(formatEta(t, 'America/New_York')).toBe('14:05');
    expect(formatEta(Date.UTC(2026, 10, 21, 0, 7))).toBe('00:07');
  });
});

describe('nav log entry', () => {
  it('gives the next waypoint, distance, track, ETEs and ETA at the current speed', () => {
    const wps = [at('A', 270, 10), at('B', 90, 10), at('C', 90, 70)];
    const e = navLogEntry({ position: HERE, trackDegTrue: 90, speedKt: 120, timeMs: Date.UTC(2026, 10, 21, 19, 0), variationDeg: 10 }, wps);
    expect(e).toMatchObject({ code: 'B', type: 'NEXT', currentWpt: 1, ete_wpt: '5:00', ete: '35:00', eta: '19:35' });
    expect(e?.dst).toBeCloseTo(10, 3);
    expect(e?.track).toBeCloseTo(80, 3);
  });
  it('shows dashes when not moving and null with nothing ahead', () => {
    const wps = [at('A', 90, 10)];
    expect(navLogEntry({ position: HERE, trackDegTrue: 90, speedKt: 0, timeMs: 0 }, wps)).toMatchObject({ ete: '--', eta: '--:--' });
    expect(navLogEntry({ position: HERE, trackDegTrue: 270, speedKt: 100, timeMs: 0 }, wps)).toBeNull();
  });
});
