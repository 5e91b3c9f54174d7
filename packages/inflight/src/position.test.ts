import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_TAKEOFF_THRESHOLD_KT, FIX_FRESHNESS_MS, GPS_MIN_UPDATE_INTERVAL_MS, SIMULATOR_DATA_STALE_MS } from './constants.js';
import { PositionFusion, type CurrentFix, type FixSource, type LocationFix } from './position.js';

class FakeClock {
  constructor(public t = 1_700_000_000_000) {}
  now = (): number => this.t;
  advance(ms: number): void {
    this.t += ms;
  }
}

function fix(source: FixSource, lat: number, speed: number | null = 100): LocationFix {
  return { latitude: lat, longitude: -122, accuracy: 5, altitude: 3000, heading: 90, speed, timestamp: 0, source };
}

function setup(options: { requestGeolocation?: () => void } = {}) {
  const clock = new FakeClock();
  const fusion = new PositionFusion({ clock, ...options });
  return { clock, fusion };
}

describe('source priority (spec part 2 §4)', () => {
  it('the simulator wins only when connected and simulating', () => {
    const { fusion } = setup();
    fusion.simulator(fix('xplane', 1));
    fusion.adsbOwnship(fix('adsb', 2));
    expect(fusion.current()?.source).toBe('adsb');
    fusion.simulatorStatus(true, false);
    expect(fusion.current()?.source).toBe('adsb');
    fusion.simulatorStatus(true, true);
    expect(fusion.current()).toMatchObject({ source: 'simulator', fix: { latitude: 1 } });
    fusion.simulatorStatus(false, true);
    expect(fusion.current()?.source).toBe('adsb');
  });

  it('simulator data older than 10 s no longer counts (spec part 2 §9 "data stale after 10 s")', () => {
    const { clock, fusion } = setup();
    fusion.simulatorStatus(true, true);
    fusion.simulator(fix('xplane', 1));
    clock.advance(SIMULATOR_DATA_STALE_MS - 1);
    expect(fusion.current()?.source).toBe('simulator');
    clock.advance(1);
    expect(fusion.current()?.source).toBe('last');
  });

  it('ADS-B ownship beats device GPS while fresher than 2 s, then GPS takes over', () => {
    const { clock, fusion } = setup();
    fusion.adsbOwnship(fix('adsb', 2));
    clock.advance(500);
    fusion.deviceGps(fix('gps', 3));
    expect(fusion.current()?.source).toBe('adsb');
    clock.advance(FIX_FRESHNESS_MS - 500 - 1); // ADS-B now 1,999 ms old
    expect(fusion.current()?.source).toBe('adsb');
    clock.advance(1); // exactly 2 s: no longer fresher than 2 s
    expect(fusion.current()).toMatchObject({ source: 'gps', fix: { latitude: 3, accuracy: 5 } });
  });

  it('with no fresh source the last best fix is re-emitted with accuracy unknown', () => {
    const { clock, fusion } = setup();
    fusion.deviceGps(fix('gps', 3));
    clock.advance(FIX_FRESHNESS_MS);
    const current = fusion.current();
    expect(current?.source).toBe('last');
    expect(current?.fix.latitude).toBe(3);
    expect(current?.fix.accuracy).toBeNull();
    expect(current?.fix.source).toBe('gps');
    // The stored last best location keeps its accuracy.
    expect(fusion.lastBestLocation?.accuracy).toBe(5);
  });

  it('IP geolocation is asked exactly once, only when nothing else exists, and used until a live fix arrives', () => {
    const ask = vi.fn();
    const { fusion } = setup({ requestGeolocation: ask });
    expect(fusion.tick()).toBeNull();
    fusion.tick();
    fusion.current();
    expect(ask).toHaveBeenCalledTimes(1);
    fusion.geoip(fix('geoip', 4));
    expect(fusion.current()?.source).toBe('geoip');
    fusion.deviceGps(fix('gps', 5));
    expect(fusion.current()?.source).toBe('gps');
  });

  it('IP geolocation is not asked when a live fix exists', () => {
    const ask = vi.fn();
    const { clock, fusion } = setup({ requestGeolocation: ask });
    fusion.adsbOwnship(fix('adsb', 2));
    clock.advance(60_000);
    fusion.tick();
    expect(fusion.current()?.source).toBe('last');
    expect(ask).not.toHaveBeenCalled();
  });

  it('the last best fix outranks an IP geolocation answer', () => {
    const { clock, fusion } = setup({ requestGeolocation: () => undefined });
    fusion.tick();
    fusion.geoip(fix('geoip', 4));
    fusion.deviceGps(fix('gps', 5));
    clock.advance(5_000);
    expect(fusion.current()).toMatchObject({ source: 'last', fix: { latitude: 5 } });
  });
});

describe('device GPS updates within 100 ms are dropped (spec part 2 §9)', () => {
  it('drops the second of two updates 99 ms apart and keeps one 100 ms after', () => {
    const { clock, fusion } = setup();
    expect(fusion.deviceGps(fix('gps', 1))).toBe(true);
    clock.advance(GPS_MIN_UPDATE_INTERVAL_MS - 1);
    expect(fusion.deviceGps(fix('gps', 2))).toBe(false);
    expect(fusion.current()?.fix.latitude).toBe(1);
    clock.advance(1);
    expect(fusion.deviceGps(fix('gps', 3))).toBe(true);
    expect(fusion.current()?.fix.latitude).toBe(3);
    expect(fusion.droppedGpsUpdates).toBe(1);
  });
});

describe('GPS status', () => {
  it('is false after 2 s without a fix and true again with one', () => {
    const { clock, fusion } = setup();
    expect(fusion.gpsStatus()).toBe(false);
    fusion.deviceGps(fix('gps', 1));
    expect(fusion.gpsStatus()).toBe(true);
    clock.advance(FIX_FRESHNESS_MS - 1);
    expect(fusion.gpsStatus()).toBe(true);
    clock.advance(1);
    expect(fusion.gpsStatus()).toBe(false);
    fusion.adsbOwnship(fix('adsb', 1));
    expect(fusion.gpsStatus()).toBe(true);
  });

  it('an IP geolocation answer is not a GPS fix', () => {
    const { fusion } = setup();
    fusion.geoip(fix('geoip', 1));
    expect(fusion.gpsStatus()).toBe(false);
  });
});

describe('moving flag by the takeoff threshold', () => {
  it('defaults to 55 kt: rises above, falls below, holds at exactly the threshold', () => {
    expect(DEFAULT_TAKEOFF_THRESHOLD_KT).toBe(55);
    const { clock, fusion } = setup();
    fusion.deviceGps(fix('gps', 1, 50));
    expect(fusion.isMoving).toBe(false);
    clock.advance(200);
    fusion.deviceGps(fix('gps', 1, 55));
    expect(fusion.isMoving).toBe(false);
    clock.advance(200);
    fusion.deviceGps(fix('gps', 1, 56));
    expect(fusion.isMoving).toBe(true);
    clock.advance(200);
    fusion.deviceGps(fix('gps', 1, 55));
    expect(fusion.isMoving).toBe(true);
    clock.advance(200);
    fusion.deviceGps(fix('gps', 1, 54.9));
    expect(fusion.isMoving).toBe(false);
  });

  it('follows a configured threshold', () => {
    const clock = new FakeClock();
    const fusion = new PositionFusion({ clock, takeoffThresholdKt: 40 });
    fusion.deviceGps(fix('gps', 1, 45));
    expect(fusion.isMoving).toBe(true);
    fusion.setTakeoffThreshold(50);
    clock.advance(200);
    fusion.deviceGps(fix('gps', 1, 45));
    expect(fusion.isMoving).toBe(false);
  });
});

describe('subscribers', () => {
  it('are notified when the chosen fix or its source changes, and counted as a set', () => {
    const { clock, fusion } = setup();
    const seen: CurrentFix[] = [];
    const listener = (c: CurrentFix) => seen.push(c);
    fusion.subscribe(listener);
    const off = fusion.subscribe(listener);
    expect(fusion.subscriberCount).toBe(1);
    fusion.deviceGps(fix('gps', 1));
    fusion.tick();
    fusion.tick();
    expect(seen.map((c) => c.source)).toEqual(['gps']);
    clock.advance(FIX_FRESHNESS_MS);
    fusion.tick();
    fusion.tick();
    expect(seen.map((c) => c.source)).toEqual(['gps', 'last']);
    expect(seen[1]?.fix.accuracy).toBeNull();
    off();
    expect(fusion.subscriberCount).toBe(0);
    fusion.adsbOwnship(fix('adsb', 2));
    expect(seen).toHaveLength(2);
  });
});
