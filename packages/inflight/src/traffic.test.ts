import { greatCircleDestination } from '@clearway/geo';
import { describe, expect, it } from 'vitest';
import {
  addressHex,
  clockPosition,
  geometricAltitudeDatum,
  geometricAltitudeMslFt,
  proximity,
  relativeAltitudeTag,
  TrafficCallouts,
  TrafficTable,
  trafficCallout,
  verticalTrend,
  type TrafficOwnship,
  type TrafficReportInput,
} from './traffic.js';

class FakeClock {
  t = 1_700_000_000_000;
  now = (): number => this.t;
}

const OWN = { latitude: 37.6, longitude: -122.1 };
const ownship = (over: Partial<TrafficOwnship> = {}): TrafficOwnship => ({ ...OWN, trackDeg: 0, pressureAltitudeFt: 5500, ...over });

/** A target `nm` away on a true bearing from ownship, at a pressure altitude. */
function target(address: number, bearingDeg: number, nm: number, altFt: number | null, over: Partial<TrafficReportInput> = {}): TrafficReportInput {
  const p = greatCircleDestination(OWN.latitude, OWN.longitude, bearingDeg, nm);
  return { address, latitude: p.latDeg, longitude: p.lonDeg, pressureAltitudeFt: altFt, trackDeg: 180, verticalVelocityFpm: 0, callsign: '', ...over };
}

function table() {
  const clock = new FakeClock();
  return { clock, table: new TrafficTable({ clock }) };
}

describe('relative altitude tag, trend, proximity, clock (issue 19)', () => {
  it('tags in hundreds of feet: +05 and -12', () => {
    expect(relativeAltitudeTag(6000, 5500)).toBe('+05');
    expect(relativeAltitudeTag(4300, 5500)).toBe('-12');
    expect(relativeAltitudeTag(5520, 5500)).toBe('00');
    expect(relativeAltitudeTag(17500, 5500)).toBe('+120');
  });

  it('vertical trend from the vertical rate', () => {
    expect(verticalTrend(640)).toBe('climbing');
    expect(verticalTrend(-500)).toBe('descending');
    expect(verticalTrend(320)).toBe('level');
    expect(verticalTrend(null)).toBeNull();
  });

  it('red within 1 nm and ±500 ft, amber within 2 nm and ±1,000 ft', () => {
    expect(proximity(0.9, -400)).toBe('red');
    expect(proximity(1, 500)).toBe('red');
    expect(proximity(0.9, 700)).toBe('amber');
    expect(proximity(2, -1000)).toBe('amber');
    expect(proximity(1.5, 1100)).toBe('normal');
    expect(proximity(2.1, 0)).toBe('normal');
    expect(proximity(0.5, null)).toBe('red');
    expect(proximity(null, 0)).toBe('normal');
  });

  it('clock position relative to the track', () => {
    expect(clockPosition(60, 0)).toBe(2);
    expect(clockPosition(150, 90)).toBe(2);
    expect(clockPosition(0, 0)).toBe(12);
    expect(clockPosition(10, 350)).toBe(1);
    expect(clockPosition(270, 0)).toBe(9);
  });

  it('the callout text', () => {
    expect(trafficCallout(2, 2.1, -500)).toBe("Traffic, 2 o'clock, 2 miles, 500 feet below");
    expect(trafficCallout(11, 0.3, 1240)).toBe("Traffic, 11 o'clock, 1 mile, 1,200 feet above");
    expect(trafficCallout(null, 3, 30)).toBe('Traffic, 3 miles, same altitude');
    expect(trafficCallout(12, 4, null)).toBe("Traffic, 12 o'clock, 4 miles");
  });

  it('the address as hex', () => {
    expect(addressHex(0xa1b2c3)).toBe('A1B2C3');
    expect(addressHex(0xab)).toBe('0000AB');
  });
});

describe('TrafficTable', () => {
  it("a target at 2 o'clock, 2 miles, 500 ft below (ownship tracking 090): tag, colour, callout", () => {
    const { table: t } = table();
    t.report(target(0xabc123, 150, 1.95, 5000, { callsign: 'N123AB ', verticalVelocityFpm: -700 }));
    const [v] = t.view(ownship({ trackDeg: 90 }));
    expect(v?.label).toBe('N123AB');
    expect(v?.hex).toBe('ABC123');
    expect(v?.display.kind).toBe('symbol');
    expect(v?.distanceNm).toBeCloseTo(1.95, 6);
    expect(v?.bearingDegTrue).toBeCloseTo(150, 4);
    expect(v?.relativeAltitudeFt).toBe(-500);
    expect(v?.altitudeTag).toBe('-05');
    expect(v?.trend).toBe('descending');
    expect(v?.proximity).toBe('amber');
    expect(v?.clock).toBe(2);
    expect(v?.callout).toBe("Traffic, 2 o'clock, 2 miles, 500 feet below");
  });

  it('keys by address: a new report replaces the old one', () => {
    const { table: t } = table();
    expect(t.report(target(1, 0, 5, 5500))).toBe(true);
    expect(t.report(target(1, 0, 0.5, 5700))).toBe(false);
    const views = t.view(ownship());
    expect(views).toHaveLength(1);
    expect(views[0]?.proximity).toBe('red');
    expect(views[0]?.altitudeTag).toBe('+02');
  });

  it('ages a target out 10 s after its last report', () => {
    const { clock, table: t } = table();
    t.report(target(1, 0, 5, 5500));
    t.report(target(2, 90, 5, 5500));
    clock.t += 6_000;
    t.report(target(2, 90, 5, 5500));
    clock.t += 3_999; // target 1 is 9,999 ms old
    expect(t.view(ownship()).map((v) => v.address)).toEqual([1, 2]);
    expect(t.view(ownship())[0]?.ageMs).toBe(9_999);
    clock.t += 1;
    expect(t.view(ownship()).map((v) => v.address)).toEqual([2]);
    expect(t.size).toBe(1);
    clock.t += 6_000;
    expect(t.prune()).toEqual([2]);
    expect(t.size).toBe(0);
  });

  it('filters at ±3,500 ft and 15 nm by default, and by a configured filter', () => {
    const { table: t } = table();
    t.report(target(1, 0, 14.9, 5500));
    t.report(target(2, 0, 15.1, 5500));
    t.report(target(3, 0, 3, 9000));
    t.report(target(4, 0, 3, 9100));
    t.report(target(5, 0, 3, 2000));
    t.report(target(6, 0, 3, 1900));
    expect(t.getFilter()).toEqual({ altitudeFt: 3500, distanceNm: 15 });
    expect(t.view(ownship()).map((v) => v.address).sort()).toEqual([1, 3, 5]);
    t.setFilter({ altitudeFt: 5000, distanceNm: 5 });
    expect(t.view(ownship()).map((v) => v.address).sort()).toEqual([3, 4, 5, 6]);
  });

  it('lists nearest first', () => {
    const { table: t } = table();
    t.report(target(1, 0, 9, 5500));
    t.report(target(2, 90, 1.5, 5500));
    t.report(target(3, 180, 4, 5500));
    expect(t.view(ownship()).map((v) => v.address)).toEqual([2, 3, 1]);
  });

  it('a target without a position is a distance ring when it has a distance estimate, else left out', () => {
    const { table: t } = table();
    t.report({ address: 7, latitude: null, longitude: null, pressureAltitudeFt: 6000, trackDeg: null, verticalVelocityFpm: null, distanceNm: 3.2 });
    t.report({ address: 8, latitude: null, longitude: null, pressureAltitudeFt: 6000, trackDeg: null, verticalVelocityFpm: null });
    const views = t.view(ownship());
    expect(views).toHaveLength(1);
    expect(views[0]?.display).toEqual({ kind: 'ring', distanceNm: 3.2 });
    expect(views[0]?.clock).toBeNull();
    expect(views[0]?.callout).toBe('Traffic, 3 miles, 500 feet above');
  });

  it('without an ownship position targets still show, uncoloured and unfiltered by distance', () => {
    const { table: t } = table();
    t.report(target(1, 0, 0.5, 5500));
    t.report(target(2, 0, 40, 5500));
    const views = t.view(ownship({ latitude: null, longitude: null }));
    expect(views).toHaveLength(2);
    expect(views.every((v) => v.distanceNm === null && v.proximity === 'normal' && v.clock === null)).toBe(true);
  });

  it('emergency and on-ground state', () => {
    const { table: t } = table();
    t.report(target(1, 0, 2, 5500, { emergencyCode: 1 }));
    t.report(target(2, 0, 3, 5500, { airborne: false }));
    const [a, b] = t.view(ownship());
    expect([a?.emergency, a?.onGround]).toEqual([true, false]);
    expect([b?.emergency, b?.onGround]).toEqual([false, true]);
  });
});

describe('TrafficCallouts', () => {
  it('speaks once each time a target gets closer in colour, and re-arms when it falls back', () => {
    const { table: t } = table();
    const callouts = new TrafficCallouts();
    t.report(target(1, 90, 5, 5500));
    expect(callouts.due(t.view(ownship()))).toEqual([]);
    t.report(target(1, 90, 1.9, 5000));
    expect(callouts.due(t.view(ownship()))).toEqual(["Traffic, 3 o'clock, 2 miles, 500 feet below"]);
    expect(callouts.due(t.view(ownship()))).toEqual([]);
    t.report(target(1, 90, 0.8, 5200));
    expect(callouts.due(t.view(ownship()))).toEqual(["Traffic, 3 o'clock, 1 mile, 300 feet below"]);
    t.report(target(1, 90, 5, 5500));
    expect(callouts.due(t.view(ownship()))).toEqual([]);
    t.report(target(1, 90, 1.9, 5500));
    expect(callouts.due(t.view(ownship()))).toHaveLength(1);
  });
});

describe('geometric altitude (ForeFlight capability bit 0, geoid passed in)', () => {
  it('bit 0 clear or no ID message: height above the ellipsoid; set: MSL', () => {
    expect(geometricAltitudeDatum(0)).toBe('wgs84Ellipsoid');
    expect(geometricAltitudeDatum(null)).toBe('wgs84Ellipsoid');
    expect(geometricAltitudeDatum(1)).toBe('msl');
    expect(geometricAltitudeDatum(0b101)).toBe('msl');
    expect(geometricAltitudeDatum(0b110)).toBe('wgs84Ellipsoid');
  });

  it('ellipsoid heights get the geoid separation taken off; MSL stays', () => {
    const calls: Array<[number, number]> = [];
    const geoid = (lat: number, lon: number) => {
      calls.push([lat, lon]);
      return -32; // metres: the geoid lies 32 m below the ellipsoid
    };
    expect(geometricAltitudeMslFt(1000, 'wgs84Ellipsoid', 37.6, -122.1, geoid)).toBeCloseTo(1000 + 32 * 3.28084, 9);
    expect(calls).toEqual([[37.6, -122.1]]);
    expect(geometricAltitudeMslFt(1000, 'msl', 37.6, -122.1, geoid)).toBe(1000);
    expect(calls).toHaveLength(1);
  });
});
