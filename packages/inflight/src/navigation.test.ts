import { makeWaypoint } from '@clearway/flightplan';
import { NM_PER_DEG } from '@clearway/geo';
import { describe, expect, it } from 'vitest';
import { navigate, type NavigationInput } from './navigation.js';

/** Four fixes on the equator, 0.5° (about 30 nm) apart, flown eastbound. */
const route = ['A', 'B', 'C', 'D'].map((code, i) => makeWaypoint(code, 'FIX', 0, i * 0.5));
const NOW = Date.UTC(2026, 0, 1, 10, 0, 0);
const input = (over: Partial<NavigationInput> = {}): NavigationInput => ({
  position: { lat: 0, lon: 0.25 },
  trackDegTrue: 90,
  groundSpeedKt: 120,
  nowMs: NOW,
  ...over,
});
/** 'm:ss' / 'h:mm:ss' worked by hand from seconds, independent of the engine's formatter. */
const hms = (seconds: number): string => {
  const s = Math.round(seconds);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, '0');
  return s > 3600 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${Math.floor(s / 60)}:${ss}`;
};

describe('next waypoint, distance, desired track, ETE and ETA', () => {
  it('between A and B eastbound: B next (NEXT), 15 nm, desired track 090, ETE and ETA at 120 kt', () => {
    const nav = navigate(input(), route);
    expect(nav).not.toBeNull();
    const toB = 0.25 * NM_PER_DEG;
    const toDest = 1.25 * NM_PER_DEG;
    expect(nav?.navLog.code).toBe('B');
    expect(nav?.navLog.type).toBe('NEXT');
    expect(nav?.index).toBe(1);
    expect(nav?.distanceNm).toBeCloseTo(toB, 3);
    expect(nav?.desiredTrackDeg).toBeCloseTo(90, 6);
    expect(nav?.bearingDeg).toBeCloseTo(90, 6);
    expect(nav?.eteWpt).toBe(hms((toB / 120) * 3600));
    expect(nav?.navLog.ete_wpt).toBe(nav?.eteWpt);
    expect(nav?.navLog.ete).toBe(hms((toDest / 120) * 3600));
    expect(nav?.etaWpt).toBe('10:07');
    expect(nav?.navLog.eta).toBe('10:37');
  });

  it('ETE is h:m:s above one hour', () => {
    const nav = navigate(input({ groundSpeedKt: 60 }), route);
    const seconds = ((1.25 * NM_PER_DEG) / 60) * 3600;
    expect(seconds).toBeGreaterThan(3600);
    expect(nav?.navLog.ete).toMatch(/^1:\d\d:\d\d$/);
    expect(nav?.navLog.ete).toBe(hms(seconds));
    expect(nav?.navLog.eta).toBe('11:15');
  });

  it('the desired track is the leg course, not the course from an off-track position', () => {
    const nav = navigate(input({ position: { lat: 0.05, lon: 0.25 } }), route);
    expect(nav?.navLog.code).toBe('B');
    expect(nav?.desiredTrackDeg).toBeCloseTo(90, 6);
    expect(nav?.bearingDeg).toBeGreaterThan(95); // B lies south-east of the position
  });

  it('tracks are magnetic when a variation is given (10° E: 090 true is 080 magnetic)', () => {
    const nav = navigate(input({ variationDeg: 10 }), route);
    expect(nav?.desiredTrackDeg).toBeCloseTo(80, 6);
    expect(nav?.navLog.track).toBeCloseTo(80, 6);
  });

  it('the cone follows the track: westbound from the same place, A is next', () => {
    expect(navigate(input({ trackDegTrue: 270 }), route)?.navLog.code).toBe('A');
  });

  it('stopped: no ETE or ETA', () => {
    const nav = navigate(input({ groundSpeedKt: 0 }), route);
    expect(nav?.eteWpt).toBe('--');
    expect(nav?.etaWpt).toBe('--:--');
    expect(nav?.navLog.eta).toBe('--:--');
  });

  it('null past the last waypoint', () => {
    expect(navigate(input({ position: { lat: 0, lon: 2 } }), route)).toBeNull();
  });
});

describe('direct-to overrides the cones', () => {
  it('a waypoint of the route by index: type Direct, desired track from where it was engaged', () => {
    const from = { lat: 0.1, lon: 0.25 };
    const nav = navigate(input(), route, { index: 3, from });
    expect(nav?.navLog.code).toBe('D');
    expect(nav?.navLog.type).toBe('Direct');
    expect(nav?.index).toBe(3);
    expect(nav?.distanceNm).toBeCloseTo(1.25 * NM_PER_DEG, 3);
    expect(nav?.desiredTrackDeg).toBeGreaterThan(90); // from north of the line towards D
    // The route given is not changed.
    expect(route.some((w) => w.directTo)).toBe(false);
  });

  it('overrides even a waypoint behind', () => {
    const nav = navigate(input(), route, { index: 0 });
    expect(nav?.navLog.code).toBe('A');
    expect(nav?.navLog.type).toBe('Direct');
    expect(nav?.desiredTrackDeg).toBeCloseTo(270, 6);
  });

  it('a point off the route (a tap on the map): ETE and ETA are to it', () => {
    const nav = navigate(input(), route, { code: 'TAP', location: { lat: 0, lon: 0.75 } });
    expect(nav?.navLog.code).toBe('TAP');
    expect(nav?.navLog.type).toBe('Direct');
    expect(nav?.index).toBe(-1);
    expect(nav?.navLog.ete).toBe(nav?.eteWpt);
    expect(nav?.navLog.ete).toBe(hms(((0.5 * NM_PER_DEG) / 120) * 3600));
  });

  it('an index outside the route is refused with the index and route length', () => {
    expect(() => navigate(input(), route, { index: 7 })).toThrow('Direct-to index 7 is outside the route (4 waypoints)');
  });
});
