import { describe, expect, it } from 'vitest';
import { decodeTaf } from '../taf.js';
import type { WindsAloftSource } from '../windsSource.js';
import { analyseClearSky } from './analyse.js';
import { pointToSegment } from './geometry.js';
import type { ClearSkyAdvisory, ClearSkyInput, ClearSkyLeg, ClearSkyMetar, ClearSkyPirep, ClearSkyTaf, ClearSkyWeather } from './types.js';

// A constructed world: three airports on the 100° W meridian, one degree of latitude (about 60 nm)
// apart, flown northbound at 9,000 ft from 22:00Z on 27 January 2025, 30 minutes a leg.
const T0 = Date.UTC(2025, 0, 27, 22, 0);
const MIN = 60_000;
const A = { lat: 35, lon: -100 };
const B = { lat: 36, lon: -100 };
const C = { lat: 37, lon: -100 };

function leg(fromIdent: string, from: typeof A, toIdent: string, to: typeof A, i: number, over: Partial<ClearSkyLeg> = {}): ClearSkyLeg {
  return {
    fromIdent,
    toIdent,
    from,
    to,
    fromIsAirport: true,
    toIsAirport: true,
    alongStartNm: i * 60,
    distanceNm: 60,
    etaStartMs: T0 + i * 30 * MIN,
    etaEndMs: T0 + (i + 1) * 30 * MIN,
    altitudeFt: 9_000,
    lowestFt: 9_000,
    highestFt: 9_000,
    ...over,
  };
}

const LEGS = [leg('KAAA', A, 'KBBB', B, 0), leg('KBBB', B, 'KCCC', C, 1)];

function metar(station: string, at: typeof A, category: ClearSkyMetar['category'], timeMs = T0 - 10 * MIN): ClearSkyMetar {
  return { station, lat: at.lat, lon: at.lon, timeMs, category, ceilingFt: null, visibilitySm: null };
}

function taf(raw: string, at: typeof A): ClearSkyTaf {
  const decoded = decodeTaf(raw, { referenceMs: T0 });
  if (!decoded.taf) throw new Error(`constructed TAF did not decode: ${JSON.stringify(decoded.issues)}`);
  return { station: decoded.taf.station, lat: at.lat, lon: at.lon, taf: decoded.taf };
}

/** Winds from a direction and speed everywhere, temperature falling 2 °C per 1,000 ft from +15 °C at sea level (freezing level 7,500 ft). */
function winds(directionDeg: number, speedKt: number, validTo = T0 + 6 * 60 * MIN): WindsAloftSource {
  return {
    windAt: ({ altitudeFt, timeMs }) =>
      timeMs > validTo ? null : { directionDeg, speedKt, temperatureC: 15 - (2 * altitudeFt) / 1000, stationId: 'XXX', stationLat: 36, stationLon: -100, aloft: [] },
  };
}

/** A box around the KAAA-KBBB leg's middle (35.5 N), 1° wide, from `baseFt` to `topFt`. */
function sigmet(over: Partial<ClearSkyAdvisory> = {}): ClearSkyAdvisory {
  return {
    kind: 'SIGMET',
    id: 'NOVEMBER 3',
    hazard: 'TURB',
    severity: 'SEV',
    validFromMs: T0 - 60 * MIN,
    validToMs: T0 + 180 * MIN,
    baseFt: 6_000,
    topFt: 14_000,
    baseIsFreezingLevel: false,
    polygon: [[-100.5, 35.3], [-99.5, 35.3], [-99.5, 35.7], [-100.5, 35.7], [-100.5, 35.3]],
    ...over,
  };
}

/** Good weather everywhere: VFR METARs at the three airports, a current (empty) advisory set, light winds. */
function goodWeather(over: Partial<ClearSkyWeather> = {}): ClearSkyWeather {
  return {
    metars: [metar('KAAA', A, 'VFR'), metar('KBBB', B, 'VFR'), metar('KCCC', C, 'VFR')],
    tafs: [],
    pireps: [],
    advisories: [],
    advisoriesAsOfMs: T0 - 20 * MIN,
    winds: winds(180, 10),
    ...over,
  };
}

function run(weather: ClearSkyWeather, legs = LEGS): ReturnType<typeof analyseClearSky> {
  const input: ClearSkyInput = { legs, departureMs: T0, cruiseAltitudeFt: 9_000, weather };
  return analyseClearSky(input);
}

const texts = (reasons: { text: string }[]) => reasons.map((r) => r.text).join('\n');

describe('analyseClearSky', () => {
  it('good weather everywhere below the freezing level: every leg and the route are green', () => {
    // At 9,000 ft the constructed temperature is -3 °C (freezing level 7,500 ft): amber. At 5,000 ft all is well.
    const result = run(goodWeather());
    const low = run(goodWeather(), LEGS.map((l) => ({ ...l, altitudeFt: 5_000, lowestFt: 5_000, highestFt: 5_000 })));
    expect(low.legs.map((l) => l.level)).toEqual(['green', 'green']);
    expect(low.level).toBe('green');
    expect(texts(low.legs[1]!.reasons)).toContain('Destination KCCC: VFR at 23:00Z (METAR 21:50Z).');
    expect(low.used).toEqual({ metars: 3, tafs: 0, pireps: 0, advisories: 0 });
    expect(result.legs[0]!.level).toBe('amber');
  });

  it('a leg crossing a SIGMET at its altitude turns red with the reason', () => {
    const result = run(goodWeather({ advisories: [sigmet()] }), LEGS.map((l) => ({ ...l, altitudeFt: 5_000, lowestFt: 5_000, highestFt: 9_000 })));
    expect(result.legs[0]!.level).toBe('red');
    expect(result.legs[0]!.reasons[0]).toEqual({
      level: 'red',
      kind: 'advisory',
      text: 'SIGMET NOVEMBER 3: sev turb from 6,000 ft to 14,000 ft until 28 Jan 01:00Z; this leg crosses it at 5,000 ft.',
    });
    // The second leg (36-37 N) does not touch the box.
    expect(result.legs[1]!.level).toBe('green');
    expect(result.level).toBe('red');
    expect(result.used.advisories).toBe(1);
  });

  it('a leg passing above the SIGMET top is not red and says it passes above', () => {
    const legs = LEGS.map((l) => ({ ...l, altitudeFt: 16_000, lowestFt: 16_000, highestFt: 16_000 }));
    const result = run(goodWeather({ advisories: [sigmet()], winds: winds(180, 10) }), legs);
    expect(result.legs[0]!.reasons.some((r) => r.kind === 'advisory' && r.level !== 'info')).toBe(false);
    expect(texts(result.legs[0]!.reasons)).toContain('SIGMET NOVEMBER 3 (turb) lies on this leg up to 14,000 ft; you pass above it at 16,000 ft or higher.');
  });

  it('a SIGMET not yet valid when the leg is flown does not count, and is mentioned', () => {
    const later = sigmet({ validFromMs: T0 + 120 * MIN, validToMs: T0 + 360 * MIN });
    const result = run(goodWeather({ advisories: [later] }), LEGS.map((l) => ({ ...l, altitudeFt: 5_000, lowestFt: 5_000, highestFt: 5_000 })));
    expect(result.legs[0]!.level).toBe('green');
    expect(texts(result.legs[0]!.reasons)).toContain('valid only from 28 Jan 00:00Z, after you pass at 22:30Z');
  });

  it('an expired SIGMET does not count', () => {
    const old = sigmet({ validFromMs: T0 - 300 * MIN, validToMs: T0 - 60 * MIN });
    const result = run(goodWeather({ advisories: [old], advisoriesAsOfMs: T0 }), LEGS.map((l) => ({ ...l, altitudeFt: 5_000, lowestFt: 5_000, highestFt: 5_000 })));
    expect(result.legs[0]!.reasons.some((r) => r.kind === 'advisory')).toBe(false);
  });

  it('a TAF going IFR before the ETA turns the destination red; TEMPO IFR makes it amber', () => {
    // No METAR at KCCC: its weather at 23:00Z comes from the TAF, IFR from 22:40Z (2 SM, ceiling 800 ft).
    const metars = [metar('KAAA', A, 'VFR'), metar('KBBB', B, 'VFR')];
    const low = LEGS.map((l) => ({ ...l, altitudeFt: 5_000, lowestFt: 5_000, highestFt: 5_000 }));
    const ifr = run(goodWeather({ metars, tafs: [taf('TAF KCCC 271720Z 2718/2824 27010KT P6SM SKC FM272240 27010KT 2SM BR OVC008', C)] }), low);
    expect(ifr.legs[1]!.level).toBe('red');
    expect(ifr.legs[1]!.reasons[0]!.text).toBe('Destination KCCC: IFR at 23:00Z (TAF).');
    // The same TAF going IFR only after the ETA leaves the destination green.
    const after = run(goodWeather({ metars, tafs: [taf('TAF KCCC 271720Z 2718/2824 27010KT P6SM SKC FM280100 27010KT 2SM BR OVC008', C)] }), low);
    expect(after.legs[1]!.level).toBe('green');
    const tempo = run(goodWeather({ metars, tafs: [taf('TAF KCCC 271720Z 2718/2824 27010KT P6SM SKC TEMPO 2722/2802 2SM BR OVC008', C)] }), low);
    expect(tempo.legs[1]!.level).toBe('amber');
    expect(texts(tempo.legs[1]!.reasons)).toContain('Destination KCCC: IFR possible then (TAF TEMPO).');
  });

  it('no data is never green: a leg with no weather along it says so', () => {
    const empty: ClearSkyWeather = { metars: [], tafs: [], pireps: [], advisories: [], advisoriesAsOfMs: null, winds: null };
    const result = run(empty);
    expect(result.legs.map((l) => l.level)).toEqual(['amber', 'amber']);
    for (const l of result.legs) {
      expect(l.hasSurfaceData).toBe(false);
      expect(texts(l.reasons)).toMatch(/No weather along this leg: no METAR or TAF at its ends or within 25 nm is usable/);
    }
    expect(result.level).toBe('amber');
    // Nothing downloaded at all: the route says which products are missing.
    const none = run({ metars: null, tafs: null, pireps: null, advisories: null, advisoriesAsOfMs: null, winds: null });
    expect(none.level).toBe('amber');
    expect(texts(none.reasons)).toContain('No SIGMETs, AIRMETs or G-AIRMETs have been downloaded');
    expect(none.legs.every((l) => l.level !== 'green')).toBe(true);
    // No legs: not green either.
    expect(run(goodWeather(), []).level).toBe('amber');
  });

  it('reports older than the ETA count as no data, with the reason', () => {
    const stale = goodWeather({ metars: [metar('KAAA', A, 'VFR', T0 - 5 * 60 * MIN), metar('KBBB', B, 'VFR', T0 - 5 * 60 * MIN), metar('KCCC', C, 'VFR', T0 - 5 * 60 * MIN)] });
    const result = run(stale);
    expect(result.legs.every((l) => !l.hasSurfaceData && l.level !== 'green')).toBe(true);
    expect(texts(result.legs[0]!.reasons)).toContain('Departure KAAA: no report usable at 27 Jan 22:00Z: its METAR of 27 Jan 17:00Z is too old for that time.');
    // A report from another year says which.
    const lastYear = run(goodWeather({ metars: [metar('KAAA', A, 'VFR', Date.UTC(2024, 11, 6, 19, 9))] }));
    expect(texts(lastYear.legs[0]!.reasons)).toContain('its METAR of 6 Dec 2024 19:09Z is too old for that time');
  });

  it('advisory data older than the ETA is said, not taken as "no hazards"', () => {
    const old = sigmet({ validFromMs: T0 - 600 * MIN, validToMs: T0 - 400 * MIN, polygon: [[10, 10], [11, 10], [11, 11], [10, 11], [10, 10]] });
    const result = run(goodWeather({ advisories: [old] }), LEGS.map((l) => ({ ...l, altitudeFt: 5_000, lowestFt: 5_000, highestFt: 5_000 })));
    expect(result.legs[0]!.level).toBe('amber');
    expect(texts(result.legs[0]!.reasons)).toContain(
      'SIGMETs and AIRMETs at 27 Jan 22:00Z unknown: none of the downloaded SIGMETs and AIRMETs near the route (valid between 27 Jan 12:00Z and 27 Jan 15:20Z) is valid near this time.',
    );
    // Advisories of another time of year say nothing about this flight either (the year is written out).
    const later = sigmet({ validFromMs: Date.UTC(2025, 11, 8, 14), validToMs: Date.UTC(2025, 11, 8, 18), polygon: old.polygon });
    expect(texts(run(goodWeather({ advisories: [later] })).legs[0]!.reasons)).toContain('(valid between 8 Dec 14:00Z and 8 Dec 18:00Z) is valid near this time');
    // An empty set downloaded 20 minutes before departure: no advisories, and that is known.
    expect(run(goodWeather({ advisories: [], advisoriesAsOfMs: T0 - 20 * MIN })).legs[0]!.reasons.some((r) => r.kind === 'data')).toBe(false);
    // An empty set from a day earlier: unknown.
    expect(texts(run(goodWeather({ advisories: [], advisoriesAsOfMs: T0 - 24 * 60 * MIN })).legs[0]!.reasons)).toContain('the downloaded set is empty and dates from 26 Jan 22:00Z');
  });

  it('departure IFR is red, MVFR amber; an en-route IFR station within 25 nm is amber', () => {
    const low = LEGS.map((l) => ({ ...l, altitudeFt: 5_000, lowestFt: 5_000, highestFt: 5_000 }));
    expect(run(goodWeather({ metars: [metar('KAAA', A, 'IFR'), metar('KBBB', B, 'VFR'), metar('KCCC', C, 'VFR')] }), low).legs[0]!.level).toBe('red');
    expect(run(goodWeather({ metars: [metar('KAAA', A, 'MVFR'), metar('KBBB', B, 'VFR'), metar('KCCC', C, 'VFR')] }), low).legs[0]!.level).toBe('amber');
    // 0.3° of longitude east of the first leg at 35.5 N: about 14.7 nm off track.
    const near = metar('KXYZ', { lat: 35.5, lon: -99.7 }, 'LIFR');
    const r = run(goodWeather({ metars: [...goodWeather().metars!, near] }), low);
    expect(r.legs[0]!.level).toBe('amber');
    expect(texts(r.legs[0]!.reasons)).toContain('En route within 25 nm: KXYZ LIFR at 22:15Z');
    // 1° east (about 49 nm): outside the corridor.
    const far = metar('KXYZ', { lat: 35.5, lon: -99 }, 'LIFR');
    expect(run(goodWeather({ metars: [...goodWeather().metars!, far] }), low).legs[0]!.level).toBe('green');
  });

  it('PIREPs of turbulence or icing within 50 nm and 4,000 ft count: severe red, moderate amber', () => {
    const low = LEGS.map((l) => ({ ...l, altitudeFt: 5_000, lowestFt: 5_000, highestFt: 5_000 }));
    const pirep = (over: Partial<ClearSkyPirep>): ClearSkyPirep => ({ lat: 35.5, lon: -99.5, timeMs: T0 - 30 * MIN, altitudeFt: 7_000, turbulence: 'SEV', icing: null, aircraft: 'B737', ...over });
    const sev = run(goodWeather({ pireps: [pirep({})] }), low);
    expect(sev.legs[0]!.level).toBe('red');
    expect(sev.legs[0]!.reasons[0]!.text).toMatch(/^PIREP: severe turbulence at 7,000 ft, 24 nm from the leg, reported 27 Jan 21:30Z, B737\.$/);
    expect(run(goodWeather({ pireps: [pirep({ turbulence: null, icing: 'MOD' })] }), low).legs[0]!.level).toBe('amber');
    // 9,500 ft is 4,500 ft above the leg: not counted. 1.2° east (about 59 nm): not counted. 4 h old: not counted.
    expect(run(goodWeather({ pireps: [pirep({ altitudeFt: 9_500 })] }), low).legs[0]!.level).toBe('green');
    expect(run(goodWeather({ pireps: [pirep({ lon: -98.8 })] }), low).legs[0]!.level).toBe('green');
    expect(run(goodWeather({ pireps: [pirep({ timeMs: T0 - 240 * MIN })] }), low).legs[0]!.level).toBe('green');
  });

  it('winds aloft: head and crosswind components along the leg; a strong headwind is amber', () => {
    const low = LEGS.map((l) => ({ ...l, altitudeFt: 5_000, lowestFt: 5_000, highestFt: 5_000 }));
    // Northbound, wind from 360° at 40 kt: all headwind. From 090° at 20 kt: all crosswind, from the right.
    const head = run(goodWeather({ winds: winds(360, 40) }), low);
    expect(head.legs[0]!.wind?.headwindKt).toBeCloseTo(40, 1);
    expect(head.legs[0]!.wind?.crosswindKt).toBeCloseTo(0, 1);
    expect(head.legs[0]!.level).toBe('amber');
    expect(texts(head.legs[0]!.reasons)).toContain('Wind 360°/40 kt at 5,000 ft: 40 kt headwind, 0 kt crosswind from the right (headwind over 25 kt).');
    const cross = run(goodWeather({ winds: winds(90, 20) }), low);
    expect(cross.legs[0]!.wind?.headwindKt).toBeCloseTo(0, 1);
    expect(cross.legs[0]!.wind?.crosswindKt).toBeCloseTo(20, 1);
    expect(cross.legs[0]!.level).toBe('green');
    const tail = run(goodWeather({ winds: winds(180, 30) }), low);
    expect(tail.legs[0]!.wind?.headwindKt).toBeCloseTo(-30, 1);
    expect(tail.legs[0]!.level).toBe('green');
    // A forecast that ends before the leg is flown: no winds, amber.
    const ended = run(goodWeather({ winds: winds(180, 10, T0 - MIN) }), low);
    expect(ended.legs[0]!.level).toBe('amber');
    expect(texts(ended.legs[0]!.reasons)).toContain('No winds-aloft forecast for this leg at 27 Jan 22:15Z');
  });

  it('temperature against the freezing level: above it (0 to -20 °C) is amber and names the level', () => {
    // +15 °C falling 2 °C per 1,000 ft: 0 °C at 7,500 ft; 9,000 ft is -3 °C.
    const result = run(goodWeather());
    expect(result.legs[0]!.freezingLevelFt).toBeCloseTo(7_500, 0);
    expect(result.legs[0]!.level).toBe('amber');
    expect(texts(result.legs[0]!.reasons)).toContain('-3 °C at 9,000 ft, at or above the freezing level about 7,500 ft: structural ice in cloud or precipitation.');
    // An icing G-AIRMET whose base is the freezing level: 7,000 ft passes below it, 9,000 ft is in it.
    const ice: ClearSkyAdvisory = sigmet({ kind: 'G_AIRMET', id: 'ICE 1', hazard: 'ICE', severity: 'MOD', validFromMs: T0, validToMs: T0, baseFt: null, topFt: 16_000, baseIsFreezingLevel: true });
    const below = run(goodWeather({ advisories: [ice] }), LEGS.map((l) => ({ ...l, altitudeFt: 7_000, lowestFt: 7_000, highestFt: 7_000 })));
    expect(below.legs[0]!.reasons.some((r) => r.kind === 'advisory' && r.level !== 'info')).toBe(false);
    expect(texts(below.legs[0]!.reasons)).toContain('you pass below it at 7,000 ft or lower');
    const inIt = run(goodWeather({ advisories: [ice] }));
    expect(inIt.legs[0]!.reasons.find((r) => r.kind === 'advisory')?.level).toBe('amber');
  });
});

describe('pointToSegment', () => {
  it('measures cross-track distance abeam the leg and the distance to an end beyond it', () => {
    // Along the equator from 0° to 2° E: a point at 0.5° N, 1° E is 0.5° of arc off (30.02 nm on the sphere of radius 3440.07 nm).
    const a = { lat: 0, lon: 0 };
    const b = { lat: 0, lon: 2 };
    const arcNm = (deg: number) => (deg * Math.PI * 3440.07019148103) / 180;
    const abeam = pointToSegment({ lat: 0.5, lon: 1 }, a, b, arcNm(2), 90);
    expect(abeam.distanceNm).toBeCloseTo(arcNm(0.5), 1);
    expect(abeam.alongNm).toBeCloseTo(arcNm(1), 0);
    // Beyond b on the equator: the distance to b.
    expect(pointToSegment({ lat: 0, lon: 3 }, a, b, arcNm(2), 90).distanceNm).toBeCloseTo(arcNm(1), 1);
    // Behind a: the distance to a.
    expect(pointToSegment({ lat: 0, lon: -1 }, a, b, arcNm(2), 90).distanceNm).toBeCloseTo(arcNm(1), 1);
  });
});
