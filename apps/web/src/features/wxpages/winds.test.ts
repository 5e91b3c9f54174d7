import { describe, expect, it } from 'vitest';
import type { FboSnapshot } from '@clearway/protocol';
import { FB_STATION_POSITIONS, decodeFbBulletin, type FbStation } from '@clearway/weather';
import { WEATHER_LEVELS_FT, decodeFbo, forecastPeriods, levelCoverage, levelName, stationLine, tempText, windAtLevel, windText, windsAtLevel } from './winds';

/** A station with levels [ft, dir, kt, temp]; kt null is a blank column. */
function station(id: string, levels: [number, number | null, number | null, number | null, boolean?][]): FbStation {
  return { id, levels: levels.map(([altitudeFt, directionDeg, speedKt, temperatureC, light = false]) => ({ altitudeFt, directionDeg, speedKt, temperatureC, light })) };
}

// Two stations of the real FBUS31 of 31 Jan 2026 (../shared/data/weather/winds-aloft): ABI has no
// 3,000 ft forecast (blank column), ABQ none below 9,000 ft.
const FBUS = `000
FBUS31 KWNO 310158
FD1US1
DATA BASED ON 310000Z
VALID 310600Z   FOR USE 0200-0900Z. TEMPS NEG ABV 24000

FT  3000    6000    9000   12000   18000   24000  30000  34000  39000
ABI      3114+02 3222-06 3232-10 3248-22 3473-32 359045 850053 329558
ABQ              3513+00 3315-04 3437-16 3343-26 334842 325853 337962
`;
const LATER = FBUS.replace('FBUS31 KWNO 310158', 'FBUS31 KWNO 310758').replace('VALID 310600Z   FOR USE 0200-0900Z', 'VALID 311200Z   FOR USE 0900-1800Z')
  .replace('ABI      3114+02', 'ABI      0505+02');

const snapshot = (entries: { raw: string; forecastHours: 6 | 12 | 24 }[]): FboSnapshot => ({
  type: 'fbo',
  cycle: 1,
  bulletins: entries.map((e) => ({ ...e, year: 2026, month: 1 })),
});

describe('the spec weather levels', () => {
  it('are the sixteen of part 2 §9', () => {
    expect(WEATHER_LEVELS_FT).toEqual([1000, 2500, 5000, 8000, 10000, 12000, 16000, 18000, 21000, 24000, 27000, 30000, 34000, 38000, 44000, 50000]);
  });
});

describe('windAtLevel', () => {
  const s = station('X', [[3000, 270, 10, null], [6000, 270, 40, -5], [9000, 290, 40, -11], [12000, 350, 20, -15], [18000, 10, 20, -25]]);

  it('gives a level of the bulletin as issued', () => {
    expect(windAtLevel(s, 12000)).toEqual({ dirDeg: 350, kt: 20, tempC: -15, light: false, source: 'bulletin', lowerFt: 12000, upperFt: 12000 });
  });

  it('interpolates between the two levels either side, speed along the vector', () => {
    // 5,000 ft: two thirds of the way from 270/10 to 270/40.
    expect(windAtLevel(s, 5000)).toMatchObject({ dirDeg: 270, kt: 30, source: 'interpolated', lowerFt: 3000, upperFt: 6000 });
  });

  it('has no temperature where one of the two levels has none, and interpolates it where both have one', () => {
    expect(windAtLevel(s, 5000)?.tempC).toBeNull();
    // 8,000 ft: two thirds from -5 to -11.
    expect(windAtLevel(s, 8000)?.tempC).toBe(-9);
  });

  it('turns the direction through north the short way', () => {
    // 16,000 ft between 350/20 (12,000) and 010/20 (18,000): two thirds of the way, 003°.
    const wind = windAtLevel(s, 16000);
    expect(wind?.dirDeg).toBeGreaterThanOrEqual(1);
    expect(wind?.dirDeg).toBeLessThanOrEqual(5);
    expect(wind?.kt).toBe(20);
  });

  it('gives nothing below the lowest or above the highest level reported (no extrapolation)', () => {
    expect(windAtLevel(s, 2500)).toBeNull();
    expect(windAtLevel(s, 21000)).toBeNull();
    const high = station('Y', [[3000, null, null, null], [6000, 200, 15, 2], [9000, 210, 25, -4]]);
    expect(windAtLevel(high, 5000)).toBeNull();
  });

  it('keeps light and variable', () => {
    const calm = station('Z', [[3000, null, 0, null, true], [6000, null, 0, 3, true], [9000, 90, 30, -2]]);
    expect(windAtLevel(calm, 6000)).toMatchObject({ light: true, dirDeg: null, kt: 0, source: 'bulletin' });
    expect(windAtLevel(calm, 5000)).toMatchObject({ light: true, dirDeg: null, kt: 0, source: 'interpolated' });
    expect(windAtLevel(calm, 8000)).toMatchObject({ light: false, dirDeg: 90, kt: 20 });
  });
});

describe('winds of a snapshot', () => {
  const bulletins = decodeFbo(snapshot([{ raw: FBUS, forecastHours: 6 }, { raw: FBUS.replace('FBUS31', 'FBUS33'), forecastHours: 12 }]));

  it('decodes the bulletins with their use window', () => {
    expect(bulletins.map((b) => [b.product, b.forecastHours, b.decoded.stations.length])).toEqual([['FBUS31', 6, 2], ['FBUS33', 12, 2]]);
    expect(bulletins[0]?.window?.validMs).toBe(Date.UTC(2026, 0, 31, 6));
    expect(forecastPeriods(bulletins)).toEqual([6, 12]);
  });

  it('lists each placed station at a level with where its value comes from', () => {
    const at12 = windsAtLevel(bulletins, 6, 12000, FB_STATION_POSITIONS);
    expect(at12.map((r) => [r.id, windText(r.wind), tempText(r.wind.tempC), r.wind.source])).toEqual([
      ['ABI', '320° 32 kt', '−10 °C', 'bulletin'],
      ['ABQ', '330° 15 kt', '−4 °C', 'bulletin'],
    ]);
    expect(at12[0]?.lat).toBe(FB_STATION_POSITIONS.ABI?.[0]);
    const at8 = windsAtLevel(bulletins, 6, 8000, FB_STATION_POSITIONS);
    // ABQ starts at 9,000 ft.
    expect(at8.map((r) => [r.id, r.wind.source, r.wind.lowerFt, r.wind.upperFt])).toEqual([['ABI', 'interpolated', 6000, 9000]]);
    // A different level shows different winds.
    expect(windsAtLevel(bulletins, 6, 30000, FB_STATION_POSITIONS).map((r) => windText(r.wind))).toEqual(['350° 90 kt', '330° 48 kt']);
  });

  it('leaves out stations without a position', () => {
    expect(windsAtLevel(bulletins, 6, 12000, { ABI: [32.4, -99.8] }).map((r) => r.id)).toEqual(['ABI']);
  });

  it('takes a station once per period, from the latest valid bulletin', () => {
    const two = decodeFbo(snapshot([{ raw: FBUS, forecastHours: 6 }, { raw: LATER, forecastHours: 6 }]));
    const abi = windsAtLevel(two, 6, 6000, FB_STATION_POSITIONS).find((r) => r.id === 'ABI');
    expect(windText(abi!.wind)).toBe('050° 5 kt');
    expect(abi?.bulletin).toBe(1);
  });

  it('counts per spec level the stations as issued and interpolated', () => {
    const coverage = Object.fromEntries(levelCoverage(bulletins, 6, FB_STATION_POSITIONS).map((c) => [c.levelFt, [c.bulletin, c.interpolated]]));
    expect(coverage).toMatchObject({
      1000: [0, 0], 2500: [0, 0], 5000: [0, 0], 8000: [0, 1], 10000: [0, 2], 12000: [2, 0], 18000: [2, 0], 38000: [0, 2], 44000: [0, 0], 50000: [0, 0],
    });
  });

  it('finds a station line of the bulletin as issued', () => {
    expect(stationLine(FBUS, 'ABQ')).toBe('FT  3000    6000    9000   12000   18000   24000  30000  34000  39000\nABQ              3513+00 3315-04 3437-16 3343-26 334842 325853 337962');
    expect(stationLine(FBUS, 'ZZZ')).toBe('');
  });

  it('decodes the same as the decoder for every level as issued', () => {
    const decoded = decodeFbBulletin(FBUS).stations.find((s) => s.id === 'ABI')!;
    for (const level of decoded.levels.filter((l) => l.speedKt !== null)) {
      const wind = windAtLevel(decoded, level.altitudeFt);
      expect(wind?.kt).toBe(level.light ? 0 : level.speedKt);
      expect(wind?.tempC).toBe(level.temperatureC);
    }
  });
});

describe('level texts', () => {
  it('names levels in feet below 18,000 and as flight levels from it', () => {
    expect(levelName(2500)).toBe('2,500 ft');
    expect(levelName(18000)).toBe('FL180');
    expect(levelName(50000)).toBe('FL500');
  });
  it('writes winds and temperatures', () => {
    expect(windText({ dirDeg: 90, kt: 7, light: false })).toBe('090° 7 kt');
    expect(windText({ dirDeg: null, kt: 0, light: true })).toBe('Light and variable');
    expect(tempText(3)).toBe('+3 °C');
    expect(tempText(0)).toBe('0 °C');
    expect(tempText(null)).toBe('—');
  });
});
