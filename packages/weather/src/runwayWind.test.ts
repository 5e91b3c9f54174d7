// Runway wind components against values worked by hand: angle = wind direction − runway heading
// (both true); headwind = speed × cos(angle), crosswind = speed × sin(angle), positive from the right.
import { describe, expect, it } from 'vitest';
import { decodeMetar } from './metar.js';
import {
  favouredRunwayEnds,
  runwayEndTrueHeading,
  runwayEndWinds,
  runwayNumber,
  runwayWind,
  sectorMaxCrosswindKt,
  windComponents,
  type SurfaceWind,
} from './runwayWind.js';

const wind = (directionDeg: number | null, speedKt: number, gustKt: number | null = null, extra: Partial<SurfaceWind> = {}): SurfaceWind => ({
  directionDeg,
  variable: directionDeg === null,
  speedKt,
  gustKt,
  ...extra,
});
const end = (id: string, trueHeadingDeg: number | null = null, latDeg: number | null = null, lonDeg: number | null = null) => ({ id, trueHeadingDeg, latDeg, lonDeg });

describe('windComponents', () => {
  it('a wind from the right, square to the runway: all crosswind, positive', () => {
    // Runway 360, wind 090/10: angle 90°, cos 0 → headwind 0; sin 1 → 10 kt from the right.
    const c = windComponents(90, 10, 360);
    expect(c.headwindKt).toBeCloseTo(0, 9);
    expect(c.crosswindKt).toBeCloseTo(10, 9);
  });

  it('a wind from the left, 30° off the nose: negative crosswind', () => {
    // Runway 090, wind 060/20: angle −30°; headwind 20 × cos 30° = 17.3205; crosswind 20 × sin −30° = −10 (left).
    const c = windComponents(60, 20, 90);
    expect(c.headwindKt).toBeCloseTo(17.3205, 4);
    expect(c.crosswindKt).toBeCloseTo(-10, 9);
  });

  it('a tailwind: negative headwind, no crosswind', () => {
    // Runway 270, wind 090/10: angle −180°; cos = −1 → headwind −10 (10 kt tailwind); sin = 0.
    const c = windComponents(90, 10, 270);
    expect(c.headwindKt).toBeCloseTo(-10, 9);
    expect(Math.abs(c.crosswindKt)).toBeLessThan(1e-9);
  });

  it('crosses north: wind 350 on runway 010 is 20° from the left', () => {
    // angle 350 − 10 = 340 ≡ −20°: headwind 15 × cos 20° = 14.0954; crosswind 15 × sin −20° = −5.1303.
    const c = windComponents(350, 15, 10);
    expect(c.headwindKt).toBeCloseTo(14.0954, 4);
    expect(c.crosswindKt).toBeCloseTo(-5.1303, 4);
  });
});

describe('runwayWind', () => {
  it('gusts: the gust speed in the mean direction', () => {
    // Runway 180, wind 225/14G24: angle 45°; steady 14 × 0.70711 = 9.8995 head and right;
    // gust 24 × 0.70711 = 16.9706 head and right.
    const w = runwayWind(wind(225, 14, 24), 180);
    expect(w?.kind).toBe('wind');
    expect(w?.steady?.headwindKt).toBeCloseTo(9.8995, 4);
    expect(w?.steady?.crosswindKt).toBeCloseTo(9.8995, 4);
    expect(w?.gust?.headwindKt).toBeCloseTo(16.9706, 4);
    expect(w?.gust?.crosswindKt).toBeCloseTo(16.9706, 4);
  });

  it('calm is 0 on every runway; VRB gives no components; a wind not reported gives null', () => {
    expect(runwayWind(wind(0, 0), 280)).toEqual({ kind: 'calm', steady: { headwindKt: 0, crosswindKt: 0 }, gust: null, sectorMaxCrosswindKt: null });
    expect(runwayWind(wind(null, 4), 280)).toEqual({ kind: 'variable', steady: null, gust: null, sectorMaxCrosswindKt: null });
    expect(runwayWind({ directionDeg: null, variable: false, speedKt: 5, gustKt: null }, 280)).toBeNull();
  });

  it('the variable sector: the greatest crosswind over it, with the gust speed', () => {
    // KJCA 28006G15KT 250V310 on a runway of 010 true: 280 (= 010 + 270) lies in 250..310, so some
    // direction in the sector is square to the runway: the whole gust, 15 kt.
    const kjca = decodeMetar('KJCA 272215Z AUTO 28006G15KT 250V310 1 1/2SM -RA BR BKN009 09/08 A3003 RMK AO2 T00890078', { referenceMs: Date.UTC(2025, 0, 27, 23) });
    const w = runwayWind(kjca.metar!.wind!, 10);
    expect(w?.sectorMaxCrosswindKt).toBe(15);
    // Runway 280, sector 260..300 at 10 kt: neither 010 nor 190 is in it; the edges are 20° off:
    // 10 × sin 20° = 3.4202.
    expect(sectorMaxCrosswindKt(260, 300, 10, 280)).toBeCloseTo(3.4202, 4);
    // A sector across north: 340..020 on runway 090 holds 360 (= 090 + 270): the full speed.
    expect(sectorMaxCrosswindKt(340, 20, 12, 90)).toBe(12);
  });
});

describe('runwayEndTrueHeading', () => {
  it('takes the nav data true heading first', () => {
    expect(runwayEndTrueHeading(end('28R', 297.9), end('10L', 117.9), 14)).toEqual({ trueDeg: 297.9, source: 'nav-data' });
  });

  it('else the other end plus 180°', () => {
    expect(runwayEndTrueHeading(end('10L'), end('28R', 297.9), 14)).toEqual({ trueDeg: expect.closeTo(117.9, 9) as number, source: 'reciprocal' });
  });

  it('else the course from this threshold to the other', () => {
    // Along a meridian the course north is 0; along the equator the course east is 90.
    expect(runwayEndTrueHeading(end('36', null, 37, -122), end('18', null, 37.01, -122), null)).toEqual({ trueDeg: expect.closeTo(0, 6) as number, source: 'thresholds' });
    expect(runwayEndTrueHeading(end('9', null, 0, 0), end('27', null, 0, 0.01), null)).toEqual({ trueDeg: expect.closeTo(90, 6) as number, source: 'thresholds' });
  });

  it('else the runway number (magnetic) turned to true with the variation, east positive', () => {
    // 01L: 010 magnetic + 14°E = 024 true; 28R: 280 + 14 = 294; 36 with 10°W: 360 − 10 = 350.
    expect(runwayEndTrueHeading(end('01L'), end('19R'), 14)).toEqual({ trueDeg: 24, source: 'runway-number' });
    expect(runwayEndTrueHeading(end('28R'), end('10L'), 14)).toEqual({ trueDeg: 294, source: 'runway-number' });
    expect(runwayEndTrueHeading(end('36'), null, -10)).toEqual({ trueDeg: 350, source: 'runway-number' });
    // 35 with 14°E: 350 + 14 = 364 → 004.
    expect(runwayEndTrueHeading(end('35'), null, 14)).toEqual({ trueDeg: 4, source: 'runway-number' });
  });

  it('nothing for a helipad, or a runway number without the variation', () => {
    expect(runwayEndTrueHeading(end('H1'), null, 14)).toBeNull();
    expect(runwayEndTrueHeading(end('01L'), end('19R'), null)).toBeNull();
    expect(runwayNumber('H1')).toBeNull();
    expect(runwayNumber('37')).toBeNull();
    expect(runwayNumber('09')).toBe(9);
  });
});

describe('runwayEndWinds and the favoured end', () => {
  // San Francisco's four runways with no true headings (as in the FAA national files), variation 14°E:
  // 01L/01R 024, 19L/19R 204, 10L/10R 114, 28L/28R 294 true.
  const sfo = [
    { id: '01L/19R', ends: [end('01L'), end('19R')] },
    { id: '01R/19L', ends: [end('01R'), end('19L')] },
    { id: '10L/28R', ends: [end('10L'), end('28R')] },
    { id: '10R/28L', ends: [end('10R'), end('28L')] },
  ];

  it('KSFO 09003KT: 10L and 10R favoured together, each end worked by hand', () => {
    const rows = runwayEndWinds(sfo, 14, wind(90, 3));
    const by = new Map(rows.map((r) => [r.endId, r]));
    // 10L: angle 090 − 114 = −24°: head 3 × cos 24° = 2.7406, cross 3 × sin −24° = −1.2202 (left).
    expect(by.get('10L')?.wind?.steady?.headwindKt).toBeCloseTo(2.7406, 4);
    expect(by.get('10L')?.wind?.steady?.crosswindKt).toBeCloseTo(-1.2202, 4);
    // 01L: angle 090 − 024 = 66°: head 3 × cos 66° = 1.2202, cross 3 × sin 66° = 2.7406 (right).
    expect(by.get('01L')?.wind?.steady?.headwindKt).toBeCloseTo(1.2202, 4);
    expect(by.get('01L')?.wind?.steady?.crosswindKt).toBeCloseTo(2.7406, 4);
    // 19R: angle 090 − 204 = −114°: head 3 × cos 114° = −1.2202 (tailwind), cross 3 × sin −114° = −2.7406 (left).
    expect(by.get('19R')?.wind?.steady?.headwindKt).toBeCloseTo(-1.2202, 4);
    expect(by.get('19R')?.wind?.steady?.crosswindKt).toBeCloseTo(-2.7406, 4);
    // 28R: angle 090 − 294 = −204 ≡ 156°: head 3 × cos 156° = −2.7406, cross 3 × sin 156° = 1.2202 (right).
    expect(by.get('28R')?.wind?.steady?.headwindKt).toBeCloseTo(-2.7406, 4);
    expect(by.get('28R')?.wind?.steady?.crosswindKt).toBeCloseTo(1.2202, 4);
    expect(rows.filter((r) => r.favoured).map((r) => r.endId)).toEqual(['10L', '10R']);
    expect(rows.map((r) => r.runwayId)).toEqual(['01L/19R', '01L/19R', '01R/19L', '01R/19L', '10L/28R', '10L/28R', '10R/28L', '10R/28L']);
  });

  it('calm: every component 0, no end favoured; VRB and no wind: no components, none favoured', () => {
    const calm = runwayEndWinds(sfo, 14, wind(0, 0));
    expect(calm.every((r) => r.wind?.kind === 'calm' && r.wind.steady.headwindKt === 0)).toBe(true);
    expect(calm).toHaveLength(8);
    expect(calm.some((r) => r.favoured)).toBe(false);
    const vrb = runwayEndWinds(sfo, 14, wind(null, 5));
    expect(vrb.map((r) => r.wind?.kind)).toEqual(Array(8).fill('variable'));
    expect(vrb.some((r) => r.favoured)).toBe(false);
    expect(runwayEndWinds(sfo, 14, null).map((r) => r.wind)).toEqual(Array(8).fill(null));
  });

  it('a wind straight across favours none; ends equal in whole knots are favoured together', () => {
    // Runway 09/27 (090/270 true), wind 360/10: 0 kt headwind on both ends.
    const across = runwayEndWinds([{ id: '09/27', ends: [end('09', 90), end('27', 270)] }], null, wind(360, 10));
    expect(across.some((r) => r.favoured)).toBe(false);
    // Ends of 090 and 100 true, wind 095/10: both 10 × cos 5° = 9.96 → 10 kt; the reciprocals −10.
    const two = runwayEndWinds(
      [
        { id: '09/27', ends: [end('09', 90), end('27', 270)] },
        { id: '10/28', ends: [end('10', 100), end('28', 280)] },
      ],
      null,
      wind(95, 10),
    );
    expect([...favouredRunwayEnds(two)]).toEqual(['09', '10']);
    // 093/10 instead: 09 has 10 × cos 3° = 9.986 → 10, 10 has 10 × cos 7° = 9.925 → 10: still both;
    // 080/10: 09 has 10 × cos 10° = 9.848 → 10, 10 has 10 × cos 20° = 9.397 → 9: 09 alone.
    const one = runwayEndWinds(
      [
        { id: '09/27', ends: [end('09', 90), end('27', 270)] },
        { id: '10/28', ends: [end('10', 100), end('28', 280)] },
      ],
      null,
      wind(80, 10),
    );
    expect(one.filter((r) => r.favoured).map((r) => r.endId)).toEqual(['09']);
  });
});
