import fc from 'fast-check';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { geodesicDistanceNm, geodesicLeg } from '@clearway/geo';
import { describe, expect, it } from 'vitest';
import { decodeAdvisoryProduct, decodeGairmetXml, type Advisory, type PirepLocator } from './index.js';

const SHARED = fileURLToPath(new URL('../../../../shared/data/', import.meta.url));
const TEXT = `${SHARED}weather/products/pyiem-nws-text/`;
const CASES = fileURLToPath(new URL('../cases/products/', import.meta.url));
const update = process.env['UPDATE_GOLDEN'] === '1';
if (process.env['CI'] && process.env['UPDATE_GOLDEN']) throw new Error('UPDATE_GOLDEN is set under CI: goldens are rewritten on a developer machine only; unset it');
const REF = Date.UTC(2025, 0, 15);

function read(path: string): string {
  if (!existsSync(path)) throw new Error(`${path} expected (the shared data folder beside the repository, ../shared/data)`);
  return readFileSync(path, 'utf8');
}

/** VORs and other navaids from the FAA NASR national NAV_BASE.csv, the locator advisories need. */
function nasrLocator(): PirepLocator {
  const lines = read(`${SHARED}navdata/faa-nasr/national/NAV_BASE.csv`).split('\n');
  const header = lines[0]!.split(',').map((h) => h.replace(/"/g, ''));
  const id = header.indexOf('NAV_ID');
  const type = header.indexOf('NAV_TYPE');
  const lat = header.indexOf('LAT_DECIMAL');
  const lon = header.indexOf('LONG_DECIMAL');
  const table = new Map<string, { lat: number; lon: number }>();
  for (const line of lines.slice(1)) {
    const f = line.split(',').map((v) => v.replace(/"/g, ''));
    // VORs, VORTACs, TACANs and DMEs (Muscle Shoals, MSL, is a DME since its VOR was withdrawn).
    if (f.length < header.length || !/VOR|TACAN|DME/.test(f[type] ?? '')) continue;
    if (!table.has(f[id]!)) table.set(f[id]!, { lat: Number(f[lat]), lon: Number(f[lon]) });
  }
  // Navaids withdrawn since (GRR, MIA, ATL, BTR ...) and Canadian ones: the airport of that name
  // from the AWC station list, as a server without the navaid would place them.
  const stations = JSON.parse(read(`${SHARED}weather/products/awc-stations/stations.cache-2026-02-21.json`)) as { icaoId: string | null; faaId: string | null; lat: number; lon: number }[];
  const airports = new Map<string, { lat: number; lon: number }>();
  for (const st of stations) for (const key of [st.faaId, st.icaoId]) if (key && !airports.has(key)) airports.set(key, { lat: st.lat, lon: st.lon });
  return (name) => table.get(name) ?? airports.get(name) ?? airports.get(`K${name}`) ?? airports.get(`C${name}`) ?? null;
}

const locate = nasrLocator();

describe('convective SIGMETs (WST)', () => {
  it('SIGC: areas from VOR offsets, tops, validity, outlook areas', () => {
    const r = decodeAdvisoryProduct(read(`${TEXT}SIGMETS/SIGC.txt`), REF, locate);
    expect(r.issues).toEqual([]);
    expect(r.advisories.map((a) => [a.kind, a.id, a.geometry.shape, a.geometry.points.length, a.topFt, a.topAbove])).toEqual([
      ['CONVECTIVE_SIGMET', '62C', 'polygon', 5, 45000, true],
      ['CONVECTIVE_SIGMET', '63C', 'polygon', 6, 43000, false],
      ['CONVECTIVE_OUTLOOK', 'AREA 1', 'polygon', 12, null, false],
      ['CONVECTIVE_OUTLOOK', 'AREA 2', 'polygon', 11, null, false],
    ]);
    const s62 = r.advisories[0]!;
    expect([s62.issuedMs, s62.validToMs]).toEqual([Date.UTC(2025, 0, 11, 16, 55), Date.UTC(2025, 0, 11, 18, 55)]);
    // 20NE MSL: 20 nm on 045 true from the Muscle Shoals VORTAC (NASR position).
    const msl = locate('MSL')!;
    const p = s62.geometry.points[0]!.position!;
    expect(geodesicDistanceNm(msl.lat, msl.lon, p.lat, p.lon)).toBeCloseTo(20, 6);
    expect(geodesicLeg(msl.lat, msl.lon, p.lat, p.lon).courseDegTrue).toBeCloseTo(45, 6);
    expect(s62.geometry.points.every((q) => q.position !== null)).toBe(true);
  });

  it('lines with their width, isolated cells with their diameter, severe storms', () => {
    const line = decodeAdvisoryProduct(read(`${TEXT}SIGMETS/SIGC_line.txt`), REF, locate).advisories[0]!;
    expect(line.geometry).toMatchObject({ shape: 'line', widthNm: 30 });
    const isol = decodeAdvisoryProduct(read(`${TEXT}SIGMETS/SIGC_ISOL.txt`), REF, locate).advisories[0]!;
    expect(isol).toMatchObject({ id: '17C', severity: 'SEV', topFt: 45000, topAbove: true, geometry: { shape: 'point', radiusNm: 15 } });
  });
});

describe('SIGMETs and CWAs', () => {
  it('oceanic SIGMET with coordinates', () => {
    const r = decodeAdvisoryProduct(read(`${TEXT}SIGMETS/SIGA0A.txt`), REF);
    expect(r.issues).toEqual([]);
    const a = r.advisories[0]!;
    expect(a).toMatchObject({ kind: 'SIGMET', id: 'ALFA 4', issuer: 'KZNY KZMA', hazard: 'CONVECTION', topFt: 45000, validFromMs: Date.UTC(2025, 0, 11, 19, 15), validToMs: Date.UTC(2025, 0, 11, 23, 15) });
    expect(a.geometry.points.map((p) => p.position)).toEqual([
      { lat: 31, lon: -76 },
      { lat: 29.5, lon: -66 },
      { lat: 26.5, lon: -77 },
      { lat: 31, lon: -76 },
    ]);
    expect(a.geometry.shape).toBe('polygon');
  });

  it('cancellations', () => {
    expect(decodeAdvisoryProduct(read(`${TEXT}SIGMETS/SIG_cancel.txt`), REF).advisories[0]).toMatchObject({ id: 'DELTA 6', cancels: 'DELTA 5', geometry: { shape: 'none' } });
    expect(decodeAdvisoryProduct(read(`${TEXT}CWA/CWAZHU_cancel2.txt`), REF).advisories[0]).toMatchObject({ id: 'ZHU 402', cancels: 'CWA 401' });
  });

  it('CWA: hazard, severity, altitudes, coordinates', () => {
    const r = decodeAdvisoryProduct(read(`${TEXT}CWA/CWAZAN_fl.txt`), REF);
    expect(r.issues).toEqual([]);
    expect(r.advisories[0]).toMatchObject({ kind: 'CWA', id: 'ZAN 105', hazard: 'TURBULENCE', severity: 'SEV', baseFt: 35000, topFt: 45000, validToMs: Date.UTC(2025, 0, 4, 0, 0) });
    expect(r.advisories[0]!.geometry.points[0]!.position).toEqual({ lat: 49 + 20 / 60, lon: 179 });
  });

  it('never throws', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), (s) => {
        decodeAdvisoryProduct(s, REF, () => ({ lat: 40, lon: -100 }));
        decodeAdvisoryProduct(`WSUS32 KKCI 111655\nCONVECTIVE SIGMET 1C\n${s}`, REF);
        decodeAdvisoryProduct(`FAUS22 KZJX 192016\nZJX CWA 204 VALID UNTIL 192105\n${s}`, REF);
        decodeGairmetXml(`<US-AIRMETRecord>${s}</US-AIRMETRecord>`);
      }),
      { numRuns: 1000 },
    );
  });
});

describe('G-AIRMET XML', () => {
  it('icing with a freezing-level base, moderate', () => {
    const r = decodeGairmetXml(read(`${TEXT}GAIRMET/airmet.xml`));
    expect(r.issues).toEqual([]);
    expect(r.advisories[0]).toMatchObject({
      kind: 'G_AIRMET',
      id: 'ICING-TAG-1C-R6',
      hazard: 'ICING',
      severity: 'MOD',
      validFromMs: Date.UTC(2022, 6, 1, 15),
      topFt: 26000,
      baseIsFreezingLevel: true,
      freezingLevelsFt: [14000, 12000],
      geometry: { shape: 'polygon' },
    });
    expect(r.advisories[0]!.geometry.points[0]!.position).toEqual({ lat: 43.462, lon: -92.4723 });
    expect(r.advisories[0]!.geometry.points).toHaveLength(12);
  });

  it('whole products: hazards counted from the XML', () => {
    const count = (file: string) => {
      const r = decodeGairmetXml(read(`${TEXT}GAIRMET/${file}`));
      expect(r.issues).toEqual([]);
      const by: Record<string, number> = {};
      for (const a of r.advisories) by[a.text] = (by[a.text] ?? 0) + 1;
      return by;
    };
    // Counts of hazardType elements in each file (grep -o 'HazardTypes/...' | sort | uniq -c).
    expect(count('LWGE86.txt')).toEqual({ IFR: 27, MountainObscuration: 15 });
    expect(count('LWHE00.txt')).toEqual({ LowLevelWindShear: 6, SurfaceWind: 13, TurbulenceHighLevel: 14, TurbulenceLowLevel: 19 });
    expect(count('LWIE00.txt')).toEqual({ FreezingLevel: 41, Icing: 20, MultipleFreezingLevels: 5 });
    const fz = decodeGairmetXml(read(`${TEXT}GAIRMET/LWIE00.txt`)).advisories.find((a) => a.id === 'FZLVL-TAG-1C-R21')!;
    expect(fz).toMatchObject({ hazard: 'FREEZING_LEVEL', freezingLevelsFt: [12000], geometry: { shape: 'line' } });
    expect(fz.geometry.points).toHaveLength(54);
  });
});

describe('advisory goldens (every shared SIGMET, CWA and G-AIRMET product)', () => {
  const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
  const view = (a: Advisory) => ({ ...a, issuedMs: iso(a.issuedMs), validFromMs: iso(a.validFromMs), validToMs: iso(a.validToMs) });
  it.each([
    ['sigmet.json', 'SIGMETS'],
    ['cwa.json', 'CWA'],
    ['gairmet.json', 'GAIRMET'],
  ])('%s', (file, dir) => {
    const names = readdirSync(TEXT + dir).filter((n) => /\.(txt|xml)$/.test(n)).sort();
    const actual = Object.fromEntries(
      names.map((n) => {
        const text = read(`${TEXT}${dir}/${n}`);
        const r = dir === 'GAIRMET' ? decodeGairmetXml(text) : decodeAdvisoryProduct(text, REF, locate);
        return [n, { issues: r.issues, advisories: r.advisories.map(view) }];
      }),
    );
    const path = CASES + file;
    if (update) writeFileSync(path, `${JSON.stringify(actual, null, 1)}\n`);
    expect(existsSync(path), `${path} is missing; run with UPDATE_GOLDEN=1 to write it`).toBe(true);
    expect(JSON.parse(JSON.stringify(actual))).toEqual(JSON.parse(readFileSync(path, 'utf8')));
  });
});
