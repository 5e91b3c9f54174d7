import { greatCircleDestination } from '@clearway/geo';
import { describe, expect, it } from 'vitest';
import { TrafficCalloutScheduler, trafficCalloutFor } from './callouts.js';
import type { TrafficOwnship, TrafficReportInput } from './traffic.js';

const OWN = { latitude: 37.6, longitude: -122.1 };
const ownship = (over: Partial<TrafficOwnship> = {}): TrafficOwnship => ({ ...OWN, trackDeg: 90, pressureAltitudeFt: 5500, ...over });

/** A target `nm` away on a true bearing from ownship, at a pressure altitude. */
function target(address: number, bearingDeg: number, nm: number, altFt: number | null, over: Partial<TrafficReportInput> = {}): TrafficReportInput {
  const p = greatCircleDestination(OWN.latitude, OWN.longitude, bearingDeg, nm);
  return { address, latitude: p.latDeg, longitude: p.lonDeg, pressureAltitudeFt: altFt, trackDeg: 180, verticalVelocityFpm: 0, ...over };
}

describe('trafficCalloutFor', () => {
  it("ownship tracking 090, a target bearing 150 (60° right), 2 nm, 500 ft lower: 2 o'clock, 2 miles, 500 feet below", () => {
    const c = trafficCalloutFor(ownship(), target(1, 150, 2, 5000));
    expect(c.text).toBe("Traffic, 2 o'clock, 2 miles, 500 feet below");
    expect(c.clock).toBe(2);
    expect(c.distanceNm).toBeCloseTo(2, 3);
    expect(c.relativeAltitudeFt).toBe(-500);
  });

  it('clock sectors centred on the hour, relative to the track (not north)', () => {
    // Track 090: bearing 090 ahead, 180 right (3), 270 behind (6), 000 left (9).
    expect(trafficCalloutFor(ownship(), target(1, 90, 3, 5500)).clock).toBe(12);
    expect(trafficCalloutFor(ownship(), target(1, 180, 3, 5500)).clock).toBe(3);
    expect(trafficCalloutFor(ownship(), target(1, 270, 3, 5500)).clock).toBe(6);
    expect(trafficCalloutFor(ownship(), target(1, 0, 3, 5500)).clock).toBe(9);
    // 14° right is still 12; 16° right is 1 o'clock; 14° left (076) is 12, 16° left (074) is 11.
    expect(trafficCalloutFor(ownship(), target(1, 104, 3, 5500)).clock).toBe(12);
    expect(trafficCalloutFor(ownship(), target(1, 106, 3, 5500)).clock).toBe(1);
    expect(trafficCalloutFor(ownship(), target(1, 76, 3, 5500)).clock).toBe(12);
    expect(trafficCalloutFor(ownship(), target(1, 74, 3, 5500)).clock).toBe(11);
  });

  it('above, below, same altitude to the nearest 100 ft; miles whole, at least 1', () => {
    expect(trafficCalloutFor(ownship(), target(1, 90, 0.4, 6740)).text).toBe("Traffic, 12 o'clock, 1 mile, 1,200 feet above");
    expect(trafficCalloutFor(ownship(), target(1, 90, 2.6, 5540)).text).toBe("Traffic, 12 o'clock, 3 miles, same altitude");
    expect(trafficCalloutFor(ownship(), target(1, 90, 1.4, 5460)).text).toBe("Traffic, 12 o'clock, 1 mile, same altitude");
  });

  it('unknown parts are left out: no ownship track, no target altitude, no position but a range', () => {
    expect(trafficCalloutFor(ownship({ trackDeg: null }), target(1, 150, 2, 5000)).text).toBe('Traffic, 2 miles, 500 feet below');
    expect(trafficCalloutFor(ownship(), target(1, 150, 2, null)).text).toBe("Traffic, 2 o'clock, 2 miles");
    const modeS: TrafficReportInput = { address: 2, latitude: null, longitude: null, pressureAltitudeFt: 6000, trackDeg: null, verticalVelocityFpm: null, distanceNm: 1.2 };
    expect(trafficCalloutFor(ownship(), modeS).text).toBe('Traffic, 1 mile, 500 feet above');
  });
});

describe('TrafficCalloutScheduler', () => {
  it('calls a target entering the window at once, then not again before the repeat interval', () => {
    const s = new TrafficCalloutScheduler({ repeatIntervalMs: 30_000 });
    const t0 = 1_000_000;
    expect(s.onReport(ownship(), target(7, 150, 5, 5000), t0)).toBeNull(); // 5 nm: outside 2 nm
    expect(s.onReport(ownship(), target(7, 150, 1.8, 5000), t0 + 1_000)).toBe("Traffic, 2 o'clock, 2 miles, 500 feet below");
    expect(s.onReport(ownship(), target(7, 150, 1.7, 5000), t0 + 2_000)).toBeNull();
    // Reported every 8 s (inside the 10 s age-out), so still remembered.
    for (const t of [10_000, 18_000, 26_000]) expect(s.onReport(ownship(), target(7, 150, 1.7, 5000), t0 + t)).toBeNull();
    expect(s.onReport(ownship(), target(7, 150, 1.7, 5000), t0 + 30_999)).toBeNull();
    expect(s.onReport(ownship(), target(7, 150, 1.6, 5000), t0 + 31_000)).toBe("Traffic, 2 o'clock, 2 miles, 500 feet below");
  });

  it('a rise to red is called at once, inside the repeat interval', () => {
    const s = new TrafficCalloutScheduler();
    expect(s.onReport(ownship(), target(7, 90, 1.8, 5500), 0)).not.toBeNull(); // amber
    expect(s.onReport(ownship(), target(7, 90, 0.8, 5600), 1_000)).toBe("Traffic, 12 o'clock, 1 mile, 100 feet above"); // red
    expect(s.onReport(ownship(), target(7, 90, 0.7, 5600), 2_000)).toBeNull();
  });

  it('targets are independent; altitude and distance windows apply; a forgotten target is called again', () => {
    const s = new TrafficCalloutScheduler({ maxDistanceNm: 2, maxAltitudeFt: 1_000, forgetAfterMs: 10_000 });
    expect(s.onReport(ownship(), target(1, 90, 1.5, 5500), 0)).not.toBeNull();
    expect(s.onReport(ownship(), target(2, 90, 1.5, 5500), 100)).not.toBeNull();
    expect(s.onReport(ownship(), target(3, 90, 1.5, 7000), 200)).toBeNull(); // 1,500 ft above
    expect(s.onReport(ownship(), target(4, 90, 1.5, null), 300)).not.toBeNull(); // altitude unknown: co-altitude
    // Target 1 unreported for 10 s: forgotten, called again on its next report.
    expect(s.onReport(ownship(), target(2, 90, 1.5, 5500), 10_000)).toBeNull();
    expect(s.onReport(ownship(), target(1, 90, 1.5, 5500), 10_000)).not.toBeNull();
    s.reset();
    expect(s.onReport(ownship(), target(2, 90, 1.5, 5500), 10_100)).not.toBeNull();
  });
});
