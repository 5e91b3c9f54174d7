import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeMetar, flightCategory } from './index.js';

const REF = Date.UTC(2025, 0, 27, 22, 25);
const GROUPS = [
  'KSFO', '272156Z', 'AUTO', 'COR', 'NIL', '29012G20KT', 'VRB03KT', '/////KT', '22004MPS', '260V320', '1', '1/2SM', 'M1/4SM', 'P6SM',
  '10SM', '9999', '4000', '9999NDV', 'CAVOK', '-RA', '+TSRA', 'VCSH', 'BR', 'FZFG', 'FEW010', 'BKN///', '///008', 'OVC020CB', 'VV002',
  'CLR', 'NSC', '12/08', 'M02/', '/////', 'A3001', 'Q1013', 'Q////', 'NOSIG', 'TEMPO', 'BECMG', 'RMK', 'AO2', 'T01170017', 'R24/290050', '$', '=',
];
const RANK = { VFR: 0, MVFR: 1, IFR: 2, LIFR: 3 } as const;

describe('decodeMetar properties', () => {
  it('never throws on any text and every issue points inside the report', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (text) => {
        const r = decodeMetar(text, { referenceMs: REF });
        for (const i of r.issues) if (i.position !== null) expect(i.position).toBeLessThanOrEqual(i.report.length);
        expect(r.metar !== null || r.issues.length > 0).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it('never throws on METAR-like group soups', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...GROUPS), { maxLength: 25 }), (groups) => {
        const r = decodeMetar(groups.join(' '), { referenceMs: REF });
        if (r.metar) expect(r.metar.raw.length).toBeLessThanOrEqual(groups.join(' ').length);
      }),
      { numRuns: 2000 },
    );
  });

  it('a lower ceiling or visibility never gives a better category', () => {
    const ceiling = fc.option(fc.integer({ min: 0, max: 250 }).map((h) => h * 100));
    const vis = fc.integer({ min: 0, max: 40 }).map((q) => q / 4);
    fc.assert(
      fc.property(ceiling, vis, fc.integer({ min: 0, max: 50 }), fc.integer({ min: 0, max: 8 }), (c, v, dc, dv) => {
        const better = flightCategory(c, v)!;
        const worse = flightCategory(c === null ? null : Math.max(0, c - dc * 100), Math.max(0, v - dv / 4))!;
        expect(RANK[worse]).toBeGreaterThanOrEqual(RANK[better]);
      }),
    );
  });

  it('a generated report decodes its visibility and ceiling into the category of the definitions', () => {
    const fractions = ['1/4', '1/2', '3/4', '1', '1 1/2', '2', '2 1/2', '3', '4', '5', '6', '10'];
    fc.assert(
      fc.property(fc.constantFrom(...fractions), fc.integer({ min: 1, max: 60 }), fc.constantFrom('BKN', 'OVC', 'VV', 'SCT'), (vis, hundreds, cover) => {
        const raw = `KXYZ 272200Z 27005KT ${vis}SM ${cover}${String(hundreds).padStart(3, '0')} 10/05 A2992`;
        const { metar, issues } = decodeMetar(raw, { referenceMs: REF });
        expect(issues).toEqual([]);
        const miles = vis.split(' ').reduce((s, p) => s + (p.includes('/') ? Number(p.split('/')[0]) / Number(p.split('/')[1]) : Number(p)), 0);
        const ceiling = cover === 'SCT' ? Infinity : hundreds * 100;
        // Independent statement of the FAA table.
        const expected = ceiling < 500 || miles < 1 ? 'LIFR' : ceiling < 1000 || miles < 3 ? 'IFR' : ceiling <= 3000 || miles <= 5 ? 'MVFR' : 'VFR';
        expect(metar?.flightCategory).toBe(expected);
      }),
    );
  });
});
