import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { classifyNotam, decodeNotam, distanceToRouteNm, expandNotamText, notamSegments, notamsFromFaaApiAnswer, notamTiming, notamVerticalLimits, routeBox, tfrsFromFaaWfs, type NotamKind, type NotamRecord } from './index.js';

/*
 * The two real FAA NOTAM API answers of ../shared/data/notam: KOSH (24 domestic and FDC NOTAMs, each
 * in both formats) and a page of 50 international NOTAMs in ICAO format. Pinned: the count per
 * classification (checked by reading every NOTAM), the decoding of chosen NOTAMs field by field, and
 * their expanded texts written by hand.
 */
const NOTAM_DIR = fileURLToPath(new URL('../../../../../shared/data/notam/', import.meta.url));

function answer(name: string): ReturnType<typeof notamsFromFaaApiAnswer> {
  const path = NOTAM_DIR + name;
  if (!existsSync(path)) throw new Error(`NOTAM API answer expected at ${path} (the shared data folder beside the repository, ../shared/data)`);
  return notamsFromFaaApiAnswer(JSON.parse(readFileSync(path, 'utf8')));
}
const kosh = answer('faa-notamapi-v1-KOSH-2024-07.geojson');
const intl = answer('faa-notamapi-v1-intl-page1-2024-02.json');
const byNumber = (list: NotamRecord[], number: string): NotamRecord => {
  const found = list.find((n) => n.number === number);
  if (found === undefined) throw new Error(`NOTAM ${number} not in the answer`);
  return found;
};
function counts(list: NotamRecord[]): Partial<Record<NotamKind, number>> {
  const c: Partial<Record<NotamKind, number>> = {};
  for (const n of list) c[n.kind] = (c[n.kind] ?? 0) + 1;
  return c;
}
const highlighted = (text: string) => notamSegments(text).filter((s) => s.highlight).map((s) => s.raw ?? s.text);

describe('FAA NOTAM API answers (shared data)', () => {
  it('decodes every item of both answers, counts per classification pinned', () => {
    expect(kosh.notams).toHaveLength(24);
    expect(kosh.rejected).toEqual([]);
    expect(counts(kosh.notams)).toEqual({ procedure: 4, 'navaid-out': 1, 'lighting-out': 7, obstacle: 8, airspace: 3, 'com-out': 1 });
    expect(intl.notams).toHaveLength(50);
    expect(intl.rejected).toEqual([]);
    expect(counts(intl.notams)).toEqual({ other: 26, 'com-out': 3, 'navaid-out': 3, procedure: 4, airspace: 8, 'closed-runway': 1, 'lighting-out': 1, obstacle: 2, 'closed-aerodrome': 1, checklist: 1 });
    // The KOSH NOTAMs are well formed in both formats; 12 international ones have a short Q) line or a stray C).
    expect(kosh.notams.filter((n) => n.problems.length > 0)).toEqual([]);
    expect(intl.notams.filter((n) => n.problems.length > 0)).toHaveLength(12);
  });

  it('KOSH 07/025: ILS out of service, domestic and ICAO fields', () => {
    const n = byNumber(kosh.notams, '07/025');
    expect(n).toMatchObject({ location: 'KOSH', classification: 'DOM', kind: 'navaid-out', keyword: 'NAV', qCode: 'QICAS', start: Date.UTC(2024, 6, 18, 11, 0), end: Date.UTC(2024, 6, 31, 20, 0), permanent: false });
    expect(n.text).toBe('NAV ILS RWY 36 U/S');
    expect(expandNotamText(n.text)).toBe('NAV instrument landing system runway 36 unserviceable');
    expect(highlighted(n.text)).toEqual(['U/S']);
    const icao = decodeNotam(n.icao ?? '');
    expect(icao).toMatchObject({ format: 'icao', number: '07/025', type: 'N', location: 'KOSH', text: 'ILS RWY 36 U/S', problems: [] });
    expect(icao.q).toMatchObject({ fir: 'KZAU', code: 'QICAS', subject: 'IC', condition: 'AS', traffic: 'IV', purpose: 'NBO', scope: 'A', lowerFl: 0, upperFl: 999, radiusNm: 25 });
    expect(icao.q?.lat).toBeCloseTo(43 + 59 / 60, 6);
    expect(icao.q?.lon).toBeCloseTo(-(88 + 33 / 60), 6);
  });

  it('KOSH lighting, obstacle and communications NOTAMs, expanded by hand', () => {
    expect(byNumber(kosh.notams, '07/031').kind).toBe('lighting-out');
    expect(expandNotamText(byNumber(kosh.notams, '07/031').text)).toBe('runway 36 precision approach path indicator unserviceable');
    expect(expandNotamText(byNumber(kosh.notams, '07/027').text)).toBe('runway 36 approach lighting system unserviceable');
    expect(byNumber(kosh.notams, '07/038').kind).toBe('lighting-out');
    expect(byNumber(kosh.notams, '05/018').kind).toBe('obstacle');
    expect(expandNotamText(byNumber(kosh.notams, '07/070').text)).toBe('communications REMOTE communications OUTLET 122.3 unserviceable');
    expect(byNumber(kosh.notams, '07/070').kind).toBe('com-out');
    const fdc = byNumber(kosh.notams, '4/4895');
    expect(fdc).toMatchObject({ classification: 'FDC', kind: 'procedure', keyword: 'IAP', qCode: 'QPIXX' });
    // `OSHKOSH, WI.` keeps the state; `NA` (not authorized) and `UNMONITORED` are highlighted.
    expect(expandNotamText(fdc.text).startsWith('instrument approach procedure WITTMAN RGNL, OSHKOSH, WI.\n')).toBe(true);
    expect(highlighted(fdc.text)).toEqual(['NA', 'UNMONITORED']);
  });

  it('international: a closed runway, a closed aerodrome, a checklist, PERM and EST', () => {
    const rwy = byNumber(intl.notams, 'C0538/08');
    expect(rwy).toMatchObject({ location: 'FADA', kind: 'closed-runway', qCode: 'QMRLC', endEstimated: true });
    expect(expandNotamText(rwy.text)).toBe('runway 18/36 RWY11/29 RWY15/33 closed.');
    expect(highlighted(rwy.text)).toEqual(['CLSD']);
    expect(byNumber(intl.notams, 'B0047/07').kind).toBe('closed-aerodrome');
    expect(byNumber(intl.notams, 'C0022/09').kind).toBe('checklist');
    expect(byNumber(intl.notams, 'A0015/12')).toMatchObject({ permanent: true, end: null });
    const replaced = decodeNotam(byNumber(intl.notams, 'B0131/09').icao ?? '');
    expect(replaced).toMatchObject({ number: 'B0131/09', type: 'R', replaces: 'B0066/09', location: 'DAOV', start: Date.UTC(2009, 1, 25, 6, 57), end: Date.UTC(2009, 2, 26, 8, 0), endEstimated: true });
    expect(replaced.q).toMatchObject({ fir: 'DAAA', code: 'QFWAS', radiusNm: 5 });
    expect(expandNotamText(byNumber(intl.notams, 'A0185/09').text)).toBe('KANDI nondirectional radio beacon TYK frequency 366 kilohertz OUT OF SERVICE.');
    expect(highlighted(byNumber(intl.notams, 'A0185/09').text)).toEqual(['OUT OF SERVICE']);
  });
});

describe('malformed NOTAMs', () => {
  it('are decoded as far as they go and say what was wrong', () => {
    expect(decodeNotam('A0001/24 NOTAMN\nA) KSFO B) 2413011200 C) XYZ\nE) RWY 10L/28R CLSD').problems).toEqual([
      'no Q) line',
      "B) '2413011200' is not a time YYMMDDHHMM",
      "C) 'XYZ' is not a time, PERM or UFN",
    ]);
    expect(decodeNotam('!SFO 11/123 SFO RWY 10L/28R CLSD').problems).toEqual(['no effective times (YYMMDDHHMM-YYMMDDHHMM) at the end']);
    expect(decodeNotam('!garbage').problems[0]).toMatch(/is not '!ACCOUNT NN\/NNN LOCATION text'/);
    expect(notamsFromFaaApiAnswer({ items: [{ properties: { coreNOTAMData: { notam: { number: '1/1' } } } }] }).rejected).toEqual(['item 0: notam.id is missing']);
  });
});

describe('classification and timing', () => {
  it('a domestic closed runway without a Q-code', () => {
    const n = decodeNotam('!SFO 11/123 SFO RWY 10L/28R CLSD 2611250000-2612312359');
    expect(classifyNotam(n)).toBe('closed-runway');
    expect(classifyNotam(decodeNotam('!SFO 11/124 SFO RWY 28R PAPI U/S 2611250000-2612312359'))).toBe('lighting-out');
    expect(classifyNotam(decodeNotam('!SFO 11/125 SFO NAV VOR OTS 2611250000-2612312359'))).toBe('navaid-out');
  });
  it('raw text stays available: no expansion when asked', () => {
    expect(notamSegments('RWY 36 CLSD', { expand: false }).map((s) => s.text).join('')).toBe('RWY 36 CLSD');
  });
  it('active, next 24 h, later, expired', () => {
    const now = Date.UTC(2024, 6, 20);
    expect(notamTiming(now - 1, now + 1, now)).toBe('active');
    expect(notamTiming(now + 3_600_000, null, now)).toBe('next24h');
    expect(notamTiming(now + 25 * 3_600_000, null, now)).toBe('later');
    expect(notamTiming(now - 2, now - 1, now)).toBe('expired');
  });
});

describe('route corridor', () => {
  const route = [{ lat: 37.6, lon: -122.4 }, { lat: 37.6, lon: -121.4 }];
  it('abeam a leg: the cross-track distance; beyond the ends: the distance to the end', () => {
    // 0.1 degree of latitude north of the middle of the leg: 6 NM.
    expect(distanceToRouteNm({ lat: 37.7, lon: -121.9 }, route)).toBeCloseTo(6, 0);
    // One degree of longitude west of the start, on the same parallel: about 47.5 NM (60 * cos 37.6).
    expect(distanceToRouteNm({ lat: 37.6, lon: -123.4 }, route)).toBeCloseTo(47.5, 0);
    const [w, s, e, n] = routeBox(route, 6);
    expect([s, n]).toEqual([37.5, 37.7]);
    expect(w).toBeLessThan(-122.4);
    expect(e).toBeGreaterThan(-121.4);
  });
});

describe('TFRs (FAA TFR list GeoJSON; no TFR list in the shared data, so this one is written here)', () => {
  const square = [[[-88.6, 43.9], [-88.4, 43.9], [-88.4, 44.1], [-88.6, 44.1], [-88.6, 43.9]]];
  const list = {
    type: 'FeatureCollection',
    features: [
      { type: 'Feature', geometry: { type: 'Polygon', coordinates: square }, properties: { NOTAM_KEY: '4/2258-1-FDC-F', TITLE: 'OSHKOSH, WI, AIRSHOW', LEGAL: '91.145', STATE: 'WI' } },
      { type: 'Feature', geometry: { type: 'Point', coordinates: [-88.5, 44] }, properties: { NOTAM_KEY: '4/9999-1-FDC-F' } },
      { type: 'Feature', geometry: { type: 'Polygon', coordinates: square }, properties: {} },
    ],
  };
  const fdc = decodeNotam('!FDC 4/2258 ZAU WI..AIRSPACE OSHKOSH, WI..TEMPORARY FLIGHT RESTRICTIONS WI AN AREA DEFINED AS 5NM RADIUS OF OSH SFC-3000FT AGL 2407221915-2407281930');
  const record: NotamRecord = { id: 'N1', number: '4/2258', location: 'KOSH', classification: 'FDC', kind: 'airspace', keyword: null, qCode: null, lat: 44, lon: -88.5, start: fdc.start, end: fdc.end, permanent: false, endEstimated: false, domestic: null, icao: null, text: fdc.text, problems: [] };
  it('polygons joined with their FDC NOTAM for times and altitudes; bad features rejected with the reason', () => {
    const { tfrs, rejected } = tfrsFromFaaWfs(list, [record]);
    expect(tfrs).toEqual([
      { id: '4/2258-1-FDC-F', notam: '4/2258', title: 'OSHKOSH, WI, AIRSHOW', legal: '91.145', floorFt: 0, ceilingFt: 3000, floorAgl: true, ceilingAgl: true, start: Date.UTC(2024, 6, 22, 19, 15), end: Date.UTC(2024, 6, 28, 19, 30), geometry: { type: 'Polygon', coordinates: square } },
    ]);
    expect(rejected).toEqual(['feature 1 (4/9999-1-FDC-F): geometry is not a Polygon or MultiPolygon of closed rings', 'feature 2: no NOTAM_KEY']);
    expect(tfrsFromFaaWfs(list).tfrs[0]).toMatchObject({ floorFt: null, ceilingFt: null, start: null, end: null });
  });
  it('vertical limits as NOTAMs write them', () => {
    expect(notamVerticalLimits('SFC TO FL180')).toEqual({ floor: { ft: 0, agl: true }, ceiling: { ft: 18000, agl: false } });
    expect(notamVerticalLimits('FROM THE SURFACE UP TO AND INCLUDING 3000 FEET AGL')).toEqual({ floor: { ft: 0, agl: true }, ceiling: { ft: 3000, agl: true } });
    expect(notamVerticalLimits('RWY 36 CLSD')).toBeNull();
  });
});
