import { describe, expect, it } from 'vitest';
import { decodeFbBulletin } from './index.js';

/** The real header of FBUS31_KWNO_310158 (../shared/data/weather/winds-aloft). */
const HEADER = [
  '000',
  'FBUS31 KWNO 310158',
  'FD1US1',
  'DATA BASED ON 310000Z    ',
  'VALID 310600Z   FOR USE 0200-0900Z. TEMPS NEG ABV 24000',
  '',
  'FT  3000    6000    9000   12000   18000   24000  30000  34000  39000',
];

function decode(...stationLines: string[]) {
  return decodeFbBulletin([...HEADER, ...stationLines].join('\n'));
}

/** One level of the only station, as [direction, speed, temperature, light]. */
function level(result: ReturnType<typeof decode>, altitudeFt: number): [number | null, number | null, number | null, boolean] {
  const l = result.stations[0]?.levels.find((x) => x.altitudeFt === altitudeFt);
  if (l === undefined) throw new Error(`no level ${altitudeFt}`);
  return [l.directionDeg, l.speedKt, l.temperatureC, l.light];
}

describe('FB header', () => {
  it('reads the WMO heading, data time, valid time, use window, negative-temperature level and levels', () => {
    const r = decode();
    expect(r.bulletin).toEqual({
      product: 'FBUS31',
      office: 'KWNO',
      issued: { day: 31, hour: 1, minute: 58 },
      basedOn: { day: 31, hour: 0, minute: 0 },
      validTime: { day: 31, hour: 6, minute: 0 },
      forUse: { start: { hour: 2, minute: 0 }, end: { hour: 9, minute: 0 } },
      tempsNegativeAboveFt: 24000,
      levels: [3000, 6000, 9000, 12000, 18000, 24000, 30000, 34000, 39000],
    });
    expect(r.issues).toEqual([]);
    expect(r.stations).toEqual([]);
  });

  it('reports a missing FT line and VALID line instead of throwing', () => {
    const r = decodeFbBulletin('FBUS31 KWNO 310158\nnonsense here\n');
    expect(r.stations).toEqual([]);
    expect(r.issues.map((i) => i.message)).toEqual([
      "unrecognised header line 'nonsense here'",
      'no FT line with the levels was found',
      'no VALID line was found',
    ]);
    expect(r.issues[0]?.line).toBe(2);
  });
});

describe('FB groups (real lines of FBUS31 310158)', () => {
  it('decodes direction, speed and signed temperatures below 24,000 ft', () => {
    const r = decode('ABR 1914 1716-09 1808-14 9900-18 3633-29 3562-39 359251 359859 840464');
    expect(r.issues).toEqual([]);
    expect(level(r, 3000)).toEqual([190, 14, null, false]);
    expect(level(r, 6000)).toEqual([170, 16, -9, false]);
    expect(level(r, 18000)).toEqual([360, 33, -29, false]);
    expect(level(r, 24000)).toEqual([350, 62, -39, false]);
  });

  it('decodes 9900 as light and variable, keeping its temperature', () => {
    const r = decode('ABR 1914 1716-09 1808-14 9900-18 3633-29 3562-39 359251 359859 840464');
    expect(level(r, 12000)).toEqual([null, 0, -18, true]);
    const bih = decode('BIH      9900    9900+07 2613+03 3020-14 3031-26 282843 283652 274863');
    expect(level(bih, 6000)).toEqual([null, 0, null, true]);
    expect(level(bih, 9000)).toEqual([null, 0, 7, true]);
  });

  it('reads unsigned temperatures above 24,000 ft as negative', () => {
    const r = decode('ABR 1914 1716-09 1808-14 9900-18 3633-29 3562-39 359251 359859 840464');
    expect(level(r, 30000)).toEqual([350, 92, -51, false]);
    expect(level(r, 34000)).toEqual([350, 98, -59, false]);
  });

  it('decodes winds of 100 kt and more coded by adding 50 to the direction', () => {
    const r = decode('ABR 1914 1716-09 1808-14 9900-18 3633-29 3562-39 359251 359859 840464');
    expect(level(r, 39000)).toEqual([340, 104, -64, false]);
    const xg = decode('2XG 2512 2327+03 2532-04 2447-07 2463-20 7505-26 753939 755348 755359');
    expect(level(xg, 24000)).toEqual([250, 105, -26, false]);
    expect(level(xg, 30000)).toEqual([250, 139, -39, false]);
    const atl = decode('ATL 0209 2412-06 2622-11 2636-15 2653-26 2668-37 259849 760252 259552');
    expect(level(atl, 34000)).toEqual([260, 102, -52, false]);
    // 7799: 270° at 199 kt or more (no such wind in the corpus; the line is ATL's with one group changed).
    const fast = decode('ATL 0209 2412-06 2622-11 2636-15 2653-26 2668-37 259849 779952 259552');
    expect(level(fast, 34000)).toEqual([270, 199, -52, false]);
  });

  it('leaves blank columns near the station elevation missing and reads left-aligned wind-only groups', () => {
    const den = decode('DEN              2918-03 3220-09 3446-20 3455-30 338044 348755 339365');
    expect(level(den, 3000)).toEqual([null, null, null, false]);
    expect(level(den, 6000)).toEqual([null, null, null, false]);
    expect(level(den, 9000)).toEqual([290, 18, -3, false]);
    // At 6,000 ft AMA has no temperature (within 2,500 ft of the station), so the group is 4 wide.
    const ama = decode('AMA      0708    3011-05 3324-11 3453-21 3366-32 359645 850754 349862');
    expect(level(ama, 6000)).toEqual([70, 8, null, false]);
    expect(level(ama, 34000)).toEqual([350, 107, -54, false]);
    expect(ama.issues).toEqual([]);
  });
});

describe('FB malformed input', () => {
  it('reports bad groups with line and column, leaves the level missing and goes on', () => {
    const r = decode(
      'ABR 1914 17X6-09 1808-14 4500-18 3633-29 3562-39 359251 9951   840464',
      'ATL 0209 2412-06 2622-11 2636-15 2653-26 2668-37 259849 760252 259552 1234',
      'toolong 1914',
    );
    expect(r.stations.map((s) => s.id)).toEqual(['ABR', 'ATL']);
    expect(r.issues).toEqual([
      { line: 8, column: 10, message: "malformed wind group '17X6-09'" },
      { line: 8, column: 26, message: "direction code 45 out of range in '4500-18'" },
      { line: 8, column: 57, message: "direction 99 with speed 51 in '9951' (only 9900, light and variable, is defined)" },
      { line: 9, column: 71, message: "group '1234' lines up with no level of the FT line" },
      { line: 10, column: 1, message: "expected a 3-character station id, found 'toolong'" },
    ]);
    expect(level(r, 6000)).toEqual([null, null, null, false]);
    expect(level(r, 9000)).toEqual([180, 8, -14, false]);
    expect(level(r, 39000)).toEqual([340, 104, -64, false]);
  });

  it('rejects an unsigned temperature at or below 24,000 ft and a repeated station', () => {
    const r = decode('ABR 1914 171609', 'ABR 1914');
    expect(r.issues).toEqual([
      { line: 8, column: 10, message: "unsigned temperature in '171609' at 6000 ft, at or below 24000 ft" },
      { line: 9, column: 1, message: 'station ABR appears more than once' },
    ]);
  });

  it('never throws on arbitrary text', () => {
    for (const text of ['', '\n\n', 'FT', 'FT  3000\nABC 9', 'FT  x  3000 2000\n A\nABC ++++++ 12345678', '\u0000\r\r\n']) {
      expect(() => decodeFbBulletin(text)).not.toThrow();
    }
  });
});
