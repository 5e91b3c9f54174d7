import type { WindsAloftSource as FlightplanWindsSource } from '@clearway/flightplan';
import { describe, expect, it } from 'vitest';
import { UNKNOWN_TEMPERATURE } from '@clearway/geo';
import { createFbWindsSource, decodeFbBulletin, fbUseWindowMs, stationWindAt } from './index.js';

/** A bulletin in the real FBUS31 layout with the given header times and station lines. */
function bulletin(issued: string, valid: string, forUse: string, ...stationLines: string[]) {
  return decodeFbBulletin(
    [
      `FBUS31 KWNO ${issued}`,
      'DATA BASED ON 310000Z',
      `VALID ${valid}Z   FOR USE ${forUse}Z. TEMPS NEG ABV 24000`,
      '',
      'FT  3000    6000    9000   12000   18000   24000  30000  34000  39000',
      ...stationLines,
    ].join('\n'),
  );
}

const ABR = 'ABR 1914 1716-09 1808-14 9900-18 3633-29 3562-39 359251 359859 840464';
const JAN_31_06Z = Date.UTC(2026, 0, 31, 6);

describe('one station, by altitude', () => {
  const abr = bulletin('310158', '310600', '0200-0900', ABR).stations[0];
  if (abr === undefined) throw new Error('ABR did not decode');

  it('returns the level itself at a level and clamps outside the reported levels', () => {
    const at6000 = stationWindAt(abr, 6000);
    // 170° 16 kt: the air moves toward 350°, east component -16 sin 170°, north +16 cos 10°.
    expect(at6000?.eastKt).toBeCloseTo(-16 * Math.sin((170 * Math.PI) / 180), 9);
    expect(at6000?.northKt).toBeCloseTo(16 * Math.cos((10 * Math.PI) / 180), 9);
    expect(at6000?.temperatureC).toBe(-9);
    expect(stationWindAt(abr, 1000)?.lower.altitudeFt).toBe(3000);
    expect(stationWindAt(abr, 45000)?.upper.altitudeFt).toBe(39000);
    expect(stationWindAt(abr, 3000)?.temperatureC).toBeNull();
  });

  it('interpolates the wind as a vector: 090/10 and 270/10 halfway is calm', () => {
    const s = bulletin('310158', '310600', '0200-0900', 'XYZ 0910 2710+00 0910-10').stations[0];
    if (s === undefined) throw new Error('no station');
    const mid = stationWindAt(s, 4500);
    expect(Math.hypot(mid?.eastKt ?? 1, mid?.northKt ?? 1)).toBeCloseTo(0, 9);
    // 3,000 ft has no temperature, so between 3,000 and 6,000 there is none; 6,000-9,000 is linear.
    expect(mid?.temperatureC).toBeNull();
    expect(stationWindAt(s, 7000)?.temperatureC).toBeCloseTo(-10 / 3, 9);
  });
});

describe('createFbWindsSource', () => {
  it('interpolates between the bracketing levels of a station it sits on (checked by hand)', () => {
    const decoded = bulletin('310158', '310600', '0200-0900', ABR);
    const source = createFbWindsSource([{ decoded, year: 2026, month: 1 }], { ABR: [45.4174, -98.3687] });
    const w = source.windAt({ lat: 45.4174, lon: -98.3687, altitudeFt: 7500, timeMs: JAN_31_06Z });
    // Halfway between 170°/16 kt (-9 °C) and 180°/8 kt (-14 °C):
    // toward-east = (-16 sin170° + 0) / 2 = -1.38918, toward-north = (15.75692 + 8) / 2 = 11.87846,
    // speed = hypot = 11.95941 kt, from = atan2(1.38918, -11.87846) = 173.330°.
    expect(w?.speedKt).toBeCloseTo(11.95941, 4);
    expect(w?.directionDeg).toBeCloseTo(173.33, 2);
    expect(w?.temperatureC).toBeCloseTo(-11.5, 9);
    expect(w?.stationId).toBe('ABR');
    expect(w?.aloft).toEqual([170, 16, -9, 180, 8, -14]);
    const low = source.windAt({ lat: 45.4174, lon: -98.3687, altitudeFt: 3000, timeMs: JAN_31_06Z });
    expect(low?.temperatureC).toBeNull();
    expect(low?.aloft).toEqual([190, 14, UNKNOWN_TEMPERATURE, 190, 14, UNKNOWN_TEMPERATURE]);
    // Light and variable is direction 0, speed 0 in the six values.
    expect(source.windAt({ lat: 45.4174, lon: -98.3687, altitudeFt: 12000, timeMs: JAN_31_06Z })?.aloft).toEqual([0, 0, -18, 0, 0, -18]);
  });

  it('blends the nearest stations by inverse distance squared (checked by hand)', () => {
    // On the equator: AAA at 0°, BBB at 2° east; the query at 0.5° is 3 times nearer AAA,
    // so the weights are 9 : 1. Winds from 270° at 20 and 10 kt -> (9·20 + 10) / 10 = 19 kt.
    const decoded = bulletin('310158', '310600', '0200-0900', 'AAA 2720 2720+10', 'BBB 2710 2710+00', 'CCC 0950 0950+30');
    const positions = { AAA: [0, 0], BBB: [0, 2], CCC: [0, 6] } as const;
    const source = createFbWindsSource([{ decoded, year: 2026, month: 1 }], positions);
    const w = source.windAt({ lat: 0, lon: 0.5, altitudeFt: 6000, timeMs: JAN_31_06Z });
    // CCC (330 nm away) is beyond 300 nm and ignored.
    expect(w?.speedKt).toBeCloseTo(19, 9);
    expect(w?.directionDeg).toBeCloseTo(270, 9);
    expect(w?.temperatureC).toBeCloseTo(9, 9);
    expect(w?.stationId).toBe('AAA');
    expect([w?.stationLat, w?.stationLon]).toEqual([0, 0]);
    // Only the nearest one when asked for one station.
    const one = createFbWindsSource([{ decoded, year: 2026, month: 1 }], positions, { stationCount: 1 });
    expect(one.windAt({ lat: 0, lon: 0.5, altitudeFt: 6000, timeMs: JAN_31_06Z })?.speedKt).toBeCloseTo(20, 9);
    // Nothing within 300 nm.
    expect(source.windAt({ lat: 0, lon: 12, altitudeFt: 6000, timeMs: JAN_31_06Z })).toBeNull();
  });

  it('is null outside the FOR USE window', () => {
    const decoded = bulletin('310158', '310600', '0200-0900', ABR);
    const source = createFbWindsSource([{ decoded, year: 2026, month: 1 }], { ABR: [45.4174, -98.3687] });
    const at = (timeMs: number) => source.windAt({ lat: 45.4, lon: -98.4, altitudeFt: 9000, timeMs });
    expect(at(Date.UTC(2026, 0, 31, 2))).not.toBeNull();
    expect(at(Date.UTC(2026, 0, 31, 9))).not.toBeNull();
    expect(at(Date.UTC(2026, 0, 31, 1, 59))).toBeNull();
    expect(at(Date.UTC(2026, 0, 31, 9, 1))).toBeNull();
    expect(at(Date.UTC(2026, 1, 28, 6))).toBeNull();
  });

  it('places windows that cross midnight and month ends', () => {
    // Issued 31 Jan 19:58, valid 1 Feb 00Z, for use 21Z-06Z.
    const b = bulletin('311958', '010000', '2100-0600', ABR).bulletin;
    expect(fbUseWindowMs(b, 2026, 1)).toEqual({ startMs: Date.UTC(2026, 0, 31, 21), endMs: Date.UTC(2026, 1, 1, 6), validMs: Date.UTC(2026, 1, 1, 0) });
    // Valid 31 Jan 06Z, for use 02-09Z.
    const c = bulletin('310158', '310600', '0200-0900', ABR).bulletin;
    expect(fbUseWindowMs(c, 2026, 1)).toEqual({ startMs: Date.UTC(2026, 0, 31, 2), endMs: Date.UTC(2026, 0, 31, 9), validMs: JAN_31_06Z });
    // Valid 1 Jan 06Z of a December issue rolls into the next year.
    const d = bulletin('311958', '010600', '0200-0900', ABR).bulletin;
    expect(fbUseWindowMs(d, 2025, 12)).toEqual({ startMs: Date.UTC(2026, 0, 1, 2), endMs: Date.UTC(2026, 0, 1, 9), validMs: Date.UTC(2026, 0, 1, 6) });
  });

  it('uses one bulletin per station: the one valid nearest the time asked', () => {
    // Two issues with overlapping windows: valid 06Z (02-09Z) and 09Z (05-12Z), winds 270/20 and 090/40.
    const early = bulletin('310158', '310600', '0200-0900', 'ABR 2720');
    const late = bulletin('310458', '310900', '0500-1200', 'ABR 0940');
    const source = createFbWindsSource(
      [
        { decoded: early, year: 2026, month: 1 },
        { decoded: late, year: 2026, month: 1 },
      ],
      { ABR: [45.4174, -98.3687] },
    );
    const at = (hour: number) => source.windAt({ lat: 45, lon: -98, altitudeFt: 3000, timeMs: Date.UTC(2026, 0, 31, hour) });
    expect([at(3)?.directionDeg, at(3)?.speedKt]).toEqual([270, 20]);
    // 07Z: both usable, 06Z is nearer; 08Z: 09Z is nearer. Never a blend of the two (which would be 090/20).
    expect(at(7)?.speedKt).toBeCloseTo(20, 9);
    expect(at(8)?.speedKt).toBeCloseTo(40, 9);
    expect(at(11)?.directionDeg).toBeCloseTo(90, 9);
  });

  it('is a WindsAloftSource of @clearway/flightplan as it is', () => {
    const decoded = bulletin('310158', '310600', '0200-0900', ABR);
    const source: FlightplanWindsSource = createFbWindsSource([{ decoded, year: 2026, month: 1 }], { ABR: [45.4174, -98.3687] });
    expect(source.windAt({ lat: 45.4174, lon: -98.3687, altitudeFt: 6000, timeMs: JAN_31_06Z })?.directionDeg).toBeCloseTo(170, 9);
  });
});
