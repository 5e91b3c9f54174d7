import { describe, expect, it } from 'vitest';
import { fixFromGeolocation, fixFromOwnship, fixFromSimulator } from './convert.js';

describe('fixes from each source', () => {
  it('device GPS: metres to feet (3.28084), m/s to knots (2.2369362920544 × 0.868976), NaN heading is null', () => {
    const fix = fixFromGeolocation({ coords: { latitude: 37.6, longitude: -122.1, accuracy: 8, altitude: 1000, heading: NaN, speed: 50 }, timestamp: 42 });
    expect(fix).toMatchObject({ latitude: 37.6, longitude: -122.1, accuracy: 8, heading: null, timestamp: 42, source: 'gps' });
    expect(fix.altitude).toBeCloseTo(3280.84, 9);
    expect(fix.speed).toBeCloseTo(50 * 2.2369362920544 * 0.868976, 9);
    expect(fix.speed).toBeCloseTo(97.19, 2);
  });

  it('device GPS without altitude or speed keeps them unknown', () => {
    const fix = fixFromGeolocation({ coords: { latitude: 1, longitude: 2, accuracy: 30, altitude: null, heading: null, speed: null }, timestamp: 1 });
    expect([fix.altitude, fix.speed, fix.heading]).toEqual([null, null, null]);
  });

  it('ADS-B ownship: null without a position; geometric MSL altitude preferred over pressure altitude', () => {
    const report = { latitude: 37.6, longitude: -122.1, pressureAltitudeFt: 5500, trackDeg: 90, horizontalVelocityKt: 110 };
    expect(fixFromOwnship({ ...report, latitude: null }, 5)).toBeNull();
    expect(fixFromOwnship(report, 5)).toMatchObject({ altitude: 5500, heading: 90, speed: 110, accuracy: null, source: 'adsb', timestamp: 5 });
    expect(fixFromOwnship(report, 5, 5620)?.altitude).toBe(5620);
  });

  it('simulator: altitude metres / 0.3048, true heading, accuracy 1', () => {
    const fix = fixFromSimulator({ lat: 37.6, lon: -122.1, altitude: 304.8, trueHeading: 95, heading: 81, groundSpeed: 120 }, 9);
    expect(fix).toMatchObject({ accuracy: 1, heading: 95, magnetic_heading: 81, speed: 120, source: 'xplane' });
    expect(fix.altitude).toBeCloseTo(1000, 9);
  });
});
