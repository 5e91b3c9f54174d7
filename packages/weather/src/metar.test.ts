import { describe, expect, it } from 'vitest';
import { ceilingFt, decodeMetar, flightCategory, FLIGHT_CATEGORY_COLOURS, parseStatuteMiles, resolveDayTime } from './index.js';

const REF = Date.UTC(2025, 0, 27, 22, 25);
const decode = (raw: string) => decodeMetar(raw, { referenceMs: REF });

describe('decodeMetar on real reports (../shared/data/weather/metar)', () => {
  it('reads a US report: gusts, variable sector, fractional visibility, layers, altimeter, T group', () => {
    // Built on the file's KJCA report (KJCA 272215Z AUTO 28006KT 1 1/2SM BR OVC004 09/ A3003 RMK AO2
    // T0089////) with gusts, a sector, weather and three layers added.
    const { metar, issues } = decode('KJCA 272215Z AUTO 28006G15KT 250V310 1 1/2SM -RA BR FEW004 BKN009 OVC020 09/08 A3003 RMK AO2 T00890078');
    expect(issues).toEqual([]);
    expect(metar).toMatchObject({
      station: 'KJCA',
      kind: 'METAR',
      timeMs: Date.UTC(2025, 0, 27, 22, 15),
      auto: true,
      wind: { directionDeg: 280, variable: false, speedKt: 6, gustKt: 15, variableFromDeg: 250, variableToDeg: 310 },
      visibility: { statuteMiles: 1.5, qualifier: null, raw: '1 1/2SM' },
      clouds: [
        { cover: 'FEW', baseFtAgl: 400, cloudType: null },
        { cover: 'BKN', baseFtAgl: 900, cloudType: null },
        { cover: 'OVC', baseFtAgl: 2000, cloudType: null },
      ],
      ceilingFtAgl: 900,
      altimeter: { inHg: 30.03, hPa: 1016.9 },
      temperatureC: 8.9,
      dewPointC: 7.8,
      remarks: 'AO2 T00890078',
      flightCategory: 'IFR',
    });
    expect(metar?.weather.map((w) => [w.raw, w.intensity, w.phenomena])).toEqual([
      ['-RA', 'light', ['RA']],
      ['BR', 'moderate', ['BR']],
    ]);
  });

  it('M1/4SM with a vertical visibility is LIFR, the VV counting as the ceiling', () => {
    const { metar, issues } = decode('KD73 272210Z AUTO 00000KT M1/4SM FG VV002 09/09 A3004 RMK AO2');
    expect(issues).toEqual([]);
    expect(metar?.visibility).toEqual({ statuteMiles: 0.25, qualifier: 'less-than', raw: 'M1/4SM' });
    expect(metar?.verticalVisibilityFt).toBe(200);
    expect(metar?.ceilingFtAgl).toBe(200);
    expect(metar?.wind).toEqual({ directionDeg: 0, variable: false, speedKt: 0, gustKt: null, variableFromDeg: null, variableToDeg: null });
    expect(metar?.flightCategory).toBe('LIFR');
  });

  it('converts metres per second and metric visibility (UUWW: 4 MPS = 8 kt, 5000 m = 3.11 SM)', () => {
    const { metar, issues } = decode('UUWW 272224Z 22004MPS 5000 -DZ BR BKN004 OVC023 04/04 Q1013 R24/290050 NOSIG');
    expect(issues).toEqual([]);
    expect(metar?.wind?.speedKt).toBe(8);
    expect(metar?.visibility).toEqual({ statuteMiles: 3.11, qualifier: null, raw: '5000' });
    expect(metar?.altimeter).toEqual({ inHg: 29.91, hPa: 1013 });
    expect(metar?.trend).toBe('NOSIG');
    // Ceiling 400 ft: LIFR, as the AWC file says.
    expect(metar?.flightCategory).toBe('LIFR');
  });

  it('CAVOK is VFR; NSC is no cloud; 4000 m alone is IFR', () => {
    expect(decode('DNKA 272200Z 04006KT CAVOK 22/12 Q1018 NOSIG').metar).toMatchObject({ cavok: true, flightCategory: 'VFR', clouds: [] });
    const opla = decode('OPLA 272225Z 33006KT 4000 FU NSC 11/06 Q1011 NOSIG RMK QFE986 A29.88').metar;
    expect(opla).toMatchObject({ skyClear: 'NSC', ceilingFtAgl: null, flightCategory: 'IFR', remarks: 'QFE986 A29.88' });
    expect(opla?.visibility?.statuteMiles).toBe(2.49);
  });

  it('P6SM and VRB winds; a layer of unknown cover is not a ceiling', () => {
    const { metar } = decode('KXYZ 272200Z VRB03KT P6SM ///008 SCT030 BKN250 M02/M06 A2992');
    expect(metar?.wind).toMatchObject({ directionDeg: null, variable: true, speedKt: 3 });
    expect(metar?.visibility).toEqual({ statuteMiles: 6, qualifier: 'more-than', raw: 'P6SM' });
    expect(metar?.clouds[0]).toEqual({ cover: 'UNKNOWN', baseFtAgl: 800, cloudType: null });
    expect(metar?.ceilingFtAgl).toBe(25000);
    expect(metar?.temperatureC).toBe(-2);
    expect(metar?.flightCategory).toBe('VFR');
  });

  it('keeps trend groups out of the observation', () => {
    const { metar } = decode('LFMT 272200Z AUTO 01006KT 6000 ///TCU 12/11 Q0999 TEMPO 30015G25KT 3000 RA FEW045CB BKN100');
    expect(metar?.wind?.speedKt).toBe(6);
    expect(metar?.visibility?.raw).toBe('6000');
    expect(metar?.clouds).toEqual([{ cover: 'UNKNOWN', baseFtAgl: null, cloudType: 'TCU' }]);
    expect(metar?.weather).toEqual([]);
    expect(metar?.trend).toBe('TEMPO 30015G25KT 3000 RA FEW045CB BKN100');
    expect(metar?.flightCategory).toBe('MVFR');
  });

  it('NIL reports decode with no category', () => {
    expect(decode('SVVL 272203Z AUTO NIL')).toEqual({ metar: expect.objectContaining({ nil: true, flightCategory: null }), issues: [] });
  });

  it('reports each group it cannot read with its position, and keeps the rest', () => {
    const raw = 'KP69 2w2152Z AUTO 00000[T 02/M07 A3039 REK AO1';
    const { metar, issues } = decode(raw);
    expect(issues.map((i) => [i.position, i.reason])).toEqual([
      [5, "'2w2152Z' is not a DDHHMMZ time"],
      [18, "unrecognised group '00000[T'"],
      [39, "unrecognised group 'REK'"],
      [43, "unrecognised group 'AO1'"],
    ]);
    expect(raw.slice(18, 25)).toBe('00000[T');
    expect(metar).toMatchObject({ station: 'KP69', timeMs: null, temperatureC: 2, dewPointC: -7, altimeter: { inHg: 30.39 } });
  });

  it('returns no report but an issue for text with no station', () => {
    expect(decode('')).toEqual({ metar: null, issues: [{ report: '', position: 0, reason: 'empty report' }] });
    expect(decode('hello world').issues[0]?.reason).toBe("'hello' is not a station id");
  });
});

describe('flight category (FAA definitions)', () => {
  // Boundaries worked from the definitions: VFR > 3000 ft and > 5 SM; MVFR 1000-3000 ft and/or
  // 3-5 SM; IFR 500 to < 1000 ft and/or 1 to < 3 SM; LIFR < 500 ft and/or < 1 SM.
  it.each([
    [null, 10, 'VFR'],
    [3100, 5.01, 'VFR'],
    [3000, 10, 'MVFR'],
    [1000, 10, 'MVFR'],
    [null, 5, 'MVFR'],
    [null, 3, 'MVFR'],
    [900, 10, 'IFR'],
    [500, 10, 'IFR'],
    [null, 2.99, 'IFR'],
    [null, 1, 'IFR'],
    [400, 10, 'LIFR'],
    [null, 0.75, 'LIFR'],
    [5000, 0.25, 'LIFR'],
    [200, null, 'LIFR'],
    [800, null, null],
  ] as const)('ceiling %s ft, visibility %s SM -> %s', (ceiling, vis, expected) => {
    expect(flightCategory(ceiling, vis)).toBe(expected);
  });

  it('ceiling is the lowest BKN, OVC or VV base', () => {
    expect(ceilingFt([{ cover: 'SCT', baseFtAgl: 300, cloudType: null }, { cover: 'OVC', baseFtAgl: 1200, cloudType: null }, { cover: 'BKN', baseFtAgl: 800, cloudType: 'CB' }])).toBe(800);
    expect(ceilingFt([{ cover: 'FEW', baseFtAgl: 100, cloudType: null }])).toBeNull();
    expect(ceilingFt([{ cover: 'VV', baseFtAgl: 100, cloudType: null }])).toBe(100);
  });

  it('colours per spec part 2 §9', () => {
    expect(FLIGHT_CATEGORY_COLOURS).toEqual({ VFR: 'green', MVFR: 'orange', IFR: 'darkred', LIFR: 'magenta' });
  });
});

describe('helpers', () => {
  it('statute miles', () => {
    expect(parseStatuteMiles('1 3/4')).toEqual({ miles: 1.75, qualifier: null });
    expect(parseStatuteMiles('M1/4')).toEqual({ miles: 0.25, qualifier: 'less-than' });
    expect(parseStatuteMiles('P6')).toEqual({ miles: 6, qualifier: 'more-than' });
    expect(parseStatuteMiles('1/0')).toBeNull();
  });

  it('day and time resolve to the nearest month', () => {
    expect(resolveDayTime(31, 23, 50, Date.UTC(2025, 1, 1, 0, 5))).toBe(Date.UTC(2025, 0, 31, 23, 50));
    expect(resolveDayTime(1, 0, 10, Date.UTC(2025, 0, 31, 23, 55))).toBe(Date.UTC(2025, 1, 1, 0, 10));
    expect(resolveDayTime(31, 12, 0, Date.UTC(2025, 3, 15))).toBe(Date.UTC(2025, 2, 31, 12));
    expect(resolveDayTime(32, 0, 0, REF)).toBeNull();
  });
});
