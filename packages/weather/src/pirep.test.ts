import fc from 'fast-check';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { geodesicDistanceNm, geodesicLeg } from '@clearway/geo';
import { describe, expect, it } from 'vitest';
import { decodePirep, decodePirepProduct, type PirepLocator } from './index.js';

const DIR = fileURLToPath(new URL('../../../../shared/data/weather/products/pyiem-nws-text/PIREPS/', import.meta.url));
const AVWX = fileURLToPath(new URL('../../../../shared/data/weather/avwx-cases/tests/current/data/pirep/', import.meta.url));
const CASES = fileURLToPath(new URL('../cases/products/', import.meta.url));
const update = process.env['UPDATE_GOLDEN'] === '1';
if (process.env['CI'] && process.env['UPDATE_GOLDEN']) throw new Error('UPDATE_GOLDEN is set under CI: goldens are rewritten on a developer machine only; unset it');
const REF = Date.UTC(2025, 0, 15);

function product(name: string): string {
  if (!existsSync(DIR)) throw new Error(`NWS PIREP products expected in ${DIR} (the shared data folder beside the repository, ../shared/data)`);
  return readFileSync(DIR + name, 'utf8');
}

describe('decodePirep', () => {
  it('reads every field of a real report (PIREP.txt, BIL)', () => {
    const r = decodePirepProduct(product('PIREP.txt'), REF);
    expect(r.issues).toEqual([]);
    expect(r.pireps.map((p) => [p.station, p.urgent])).toEqual([['BIL', false], ['PIB', false], ['PUB', true], ['RIC', false]]);
    const [bil, pib, pub] = r.pireps;
    // Heading UBUS01 KMSC 090000: /TM 0017 is 00:17 on the 9th.
    expect(bil).toMatchObject({ timeMs: Date.UTC(2025, 0, 9, 0, 17), altitudeFt: 8000, aircraftType: 'BE9L', temperatureC: null });
    expect(bil!.icing).toEqual([{ raw: 'LGT MX 070-080', intensity: 'LGT', type: 'MX', frequency: null, baseFt: 7000, topFt: 8000 }]);
    expect(pib!.location?.points.map((p) => [p.fix, p.radialDeg, p.distanceNm])).toEqual([['MBO', null, null], ['LBY', 360, 14]]);
    expect(pib).toMatchObject({ sky: { layers: [{ cover: 'SKC', baseFt: null, topFt: null }] }, weather: { raw: 'FV05SM HZ', visibilitySm: 5 } });
    expect(pib!.turbulence[0]?.intensity).toBe('NEG');
    expect(pub!.turbulence[0]?.intensity).toBe('SEV');
    expect(pub!.location?.points[0]).toMatchObject({ fix: 'PUB', radialDeg: 243, distanceNm: 22 });
  });

  it('places fix-radial-distance with the locator, radial turned to true by the variation', () => {
    // BAL VORTAC 39.1713 N, 76.6614 W (NASR), variation 11 W; BAL180023 is 23 nm on the 180 radial (magnetic).
    const locate: PirepLocator = (id) => (id === 'BAL' ? { lat: 39.1713, lon: -76.6614, magVarDeg: -11 } : null);
    const r = decodePirepProduct(product('ubmd90.txt'), REF, locate);
    expect(r.issues).toEqual([]);
    const p = r.pireps[0]!.position!;
    expect(geodesicDistanceNm(39.1713, -76.6614, p.lat, p.lon)).toBeCloseTo(23, 6);
    expect(geodesicLeg(39.1713, -76.6614, p.lat, p.lon).courseDegTrue).toBeCloseTo(169, 6);
  });

  it('coordinates, offsets in words, sky tops, wind, temperature', () => {
    const { pireps } = decodePirepProduct(product('latlonloc.txt'), REF);
    expect(pireps.map((p) => p.position)).toEqual([{ lat: 25, lon: -70 }, { lat: 39, lon: -45 }, { lat: -25, lon: 70 }]);
    const off = decodePirepProduct(product('offset.txt'), REF).pireps;
    expect(off.map((p) => p.location?.points[0] && [p.location.points[0].fix, p.location.points[0].radialDeg, p.location.points[0].distanceNm])).toEqual([
      ['MRF', 0, 15],
      ['KPDT', 270, 6],
      ['HQZ', 180, 3],
    ]);
    expect(off[2]).toMatchObject({ altitudeFt: 1800, temperatureC: 5, wind: { directionDeg: 30, speedKt: 8, gustKt: 17 } });
    expect(off[2]!.sky?.layers).toEqual([{ cover: 'BKN', baseFt: 1400, topFt: null }, { cover: 'OVC', baseFt: 1900, topFt: null }]);
    const gg = decodePirepProduct(product('badgeom.txt'), REF).pireps.find((p) => p.station === 'GGG')!;
    expect(gg.sky?.layers).toEqual([{ cover: 'FEW', baseFt: 2500, topFt: 4000 }]);
  });

  it('reports what it cannot read and keeps the rest', () => {
    const r = decodePirepProduct(product('badgeom.txt'), REF);
    expect(r.issues.map((i) => i.reason)).toEqual([
      'not a PIREP (no UA or UUA) nor an AIREP (flight, position, time, F level, MS/PS temperature, wind)',
      "/TM '2IE7': not HHMM",
      "/TB 'MTW': words not read: MTW",
    ]);
    const cpr = r.pireps.find((p) => p.station === 'CPR')!;
    expect(cpr).toMatchObject({ timeMs: null, altitudeFt: 28000, aircraftType: 'EPIC' });
    expect(decodePirep('', { referenceMs: REF })).toEqual({ pirep: null, issues: [{ report: '', position: 0, reason: 'empty report' }] });
  });

  it('AIREPs', () => {
    const { pirep, issues } = decodePirep('ANZ271 3518S 16418E 0508 F360 MS46 299/42', { referenceMs: Date.UTC(2023, 9, 17, 6) });
    expect(issues).toEqual([]);
    expect(pirep).toMatchObject({ kind: 'AIREP', flight: 'ANZ271', altitudeFt: 36000, temperatureC: -46, wind: { directionDeg: 299, speedKt: 42 }, timeMs: Date.UTC(2023, 9, 17, 5, 8) });
    expect(pirep!.position!.lat).toBeCloseTo(-(35 + 18 / 60), 9);
    expect(pirep!.position!.lon).toBeCloseTo(164 + 18 / 60, 9);
  });

  it('never throws', () => {
    const parts = ['UA', 'UUA', 'BIL', '/OV', 'BIL090010', '2500N07000W', '15 N MRF', '/TM', '0017', '/FL', '080', 'UNKN', '/TP', 'B738', '/SK', 'BKN014-TOP040', '/WX', 'FV05SM', '/TA', 'M09', '/WV', '27045KT', '/TB', 'MOD', 'CHOP', '290-250', '/IC', 'LGT', 'RIME', '/RM', '=', '-', '&'];
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...parts), { maxLength: 30 }), fc.string({ maxLength: 60 }), (p, s) => {
        decodePirep(p.join(' '), { referenceMs: REF, locate: () => ({ lat: 40, lon: -100 }) });
        decodePirepProduct(s + p.join(''), REF);
      }),
      { numRuns: 1500 },
    );
  });
});

describe('avwx PIREP cases', () => {
  it('agree with avwx on station, location, time, altitude, aircraft, temperature, turbulence and icing', () => {
    const seen = new Map<string, { raw: string; [k: string]: unknown }>();
    for (const n of readdirSync(AVWX).filter((f) => f.endsWith('.json'))) {
      const c = JSON.parse(readFileSync(AVWX + n, 'utf8')) as { reports: { data: { raw: string } }[] };
      for (const r of c.reports) seen.set(r.data.raw, r.data);
    }
    expect(seen.size).toBe(17);
    type V = { value: number } | null;
    let compared = 0;
    for (const d of seen.values()) {
      const a = d as unknown as {
        raw: string;
        station: string | null;
        type: string;
        time: { dt: string } | null;
        altitude: V;
        aircraft: { code: string } | null;
        temperature: V;
        location: { station: string | null; direction: V; distance: V } | null;
        turbulence: { severity: string; ceiling: V; floor: V } | null;
        icing: { severity: string; type: string | null } | null;
        remarks: string | null;
      };
      const { pirep, issues } = decodePirep(a.raw, { referenceMs: Date.UTC(2023, 9, 17, 6) });
      expect([a.raw, issues]).toEqual([a.raw, []]);
      // avwx leaves AIREPs undecoded (no type); Clearway's AIREP reading is tested above.
      if (a.type !== 'UA' && a.type !== 'UUA') {
        expect(pirep?.kind).toBe('AIREP');
        continue;
      }
      compared++;
      const p = pirep!;
      const pt = p.location?.points[0];
      // avwx gives AIREPs no time.
      expect({
        time: a.time ? p.timeMs : 'avwx has none',
        altitude: p.altitudeFt,
        temperature: p.temperatureC,
        ...(p.kind === 'PIREP'
          ? {
              station: p.station,
              urgent: p.urgent,
              aircraft: p.aircraftType,
              fix: pt?.fix ?? null,
              radial: pt?.radialDeg ?? null,
              distance: pt?.distanceNm ?? null,
              turbulence: p.turbulence[0] ? [p.turbulence[0].intensity, p.turbulence[0].topFt, p.turbulence[0].baseFt === p.turbulence[0].topFt ? null : p.turbulence[0].baseFt] : null,
              icing: p.icing[0] ? [p.icing[0].intensity, p.icing[0].type] : null,
              remarks: p.remarks,
            }
          : {}),
      }).toEqual({
        time: a.time ? Date.parse(a.time.dt) : 'avwx has none',
        altitude: typeof a.altitude?.value === 'number' ? a.altitude.value * 100 : null,
        temperature: a.temperature?.value ?? null,
        ...(p.kind === 'PIREP'
          ? {
              station: a.station,
              urgent: a.type === 'UUA',
              aircraft: a.aircraft?.code ?? null,
              fix: a.location?.station ?? null,
              radial: a.location?.direction?.value ?? null,
              distance: a.location?.distance?.value ?? null,
              // avwx writes "LGT CHOP" as the severity; Clearway splits intensity and type.
              turbulence: a.turbulence ? [a.turbulence.severity.split(' ')[0], a.turbulence.ceiling ? a.turbulence.ceiling.value * 100 : null, a.turbulence.floor ? a.turbulence.floor.value * 100 : null] : null,
              icing: a.icing ? [a.icing.severity, a.icing.type] : null,
              remarks: a.remarks,
            }
          : {}),
      });
    }
    expect(compared).toBe(11);
  });
});

describe('PIREP golden (every shared PIREP product)', () => {
  it('decodes to cases/products/pirep.json', () => {
    const names = readdirSync(DIR).filter((n) => n.endsWith('.txt')).sort();
    expect(names.length).toBe(18);
    const actual = Object.fromEntries(names.map((n) => [n, decodePirepProduct(product(n), REF)]));
    const path = `${CASES}pirep.json`;
    if (update) writeFileSync(path, `${JSON.stringify(actual, null, 1)}\n`);
    expect(existsSync(path), `${path} is missing; run with UPDATE_GOLDEN=1 to write it`).toBe(true);
    expect(JSON.parse(JSON.stringify(actual))).toEqual(JSON.parse(readFileSync(path, 'utf8')));
    const all = Object.values(actual);
    expect([all.reduce((s, r) => s + r.pireps.length, 0), all.reduce((s, r) => s + r.issues.length, 0)]).toEqual([52, 12]);
  });
});
