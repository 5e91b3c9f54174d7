import fc from 'fast-check';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { decodeTaf, decodeTafProduct, tafConditionsAt, type Taf } from './index.js';

const TAF_DIR = fileURLToPath(new URL('../../../../shared/data/weather/products/pyiem-nws-text/TAF/', import.meta.url));
const CASES = fileURLToPath(new URL('../cases/products/', import.meta.url));
const update = process.env['UPDATE_GOLDEN'] === '1';
if (process.env['CI'] && process.env['UPDATE_GOLDEN']) throw new Error('UPDATE_GOLDEN is set under CI: goldens are rewritten on a developer machine only; unset it');
/** The products carry day and hour only; the tests place them in January 2025. */
const REF = Date.UTC(2025, 0, 15);
const h = (day: number, hour: number, minute = 0) => Date.UTC(2025, 0, day, hour, minute);

function product(name: string): string {
  if (!existsSync(TAF_DIR)) throw new Error(`NWS TAF products expected in ${TAF_DIR} (the shared data folder beside the repository, ../shared/data)`);
  return readFileSync(TAF_DIR + name, 'utf8');
}
function only(name: string): Taf {
  const r = decodeTafProduct(product(name), REF);
  expect(r.issues).toEqual([]);
  expect(r.tafs.length).toBe(1);
  return r.tafs[0]!;
}

describe('decodeTaf on real NWS products (../shared/data/weather/products/pyiem-nws-text/TAF)', () => {
  it('KHPN: FM periods and TEMPO groups resolved at a time', () => {
    const taf = only('TAFHPN.txt');
    expect(taf).toMatchObject({ station: 'KHPN', issuedMs: h(20, 9, 31), validFromMs: h(20, 10), validToMs: h(21, 6), amended: true, remarks: 'AMD NOT SKED' });
    // 11:30Z: FM201030 (2SM BR VCSH OVC004) prevails: LIFR by the 400 ft ceiling;
    // TEMPO 2011/2012 1/2SM FG VV002 is possible.
    const at = tafConditionsAt(taf, h(20, 11, 30))!;
    expect(at.from.raw).toBe('FM201030 13005KT 2SM BR VCSH OVC004 WS020/23030KT');
    expect(at.prevailing).toMatchObject({ visibility: { statuteMiles: 2 }, ceilingFtAgl: 400, flightCategory: 'LIFR', wind: { directionDeg: 130, speedKt: 5 } });
    expect(at.prevailing.weather.map((w) => w.raw)).toEqual(['BR', 'VCSH']);
    expect(at.possible).toHaveLength(1);
    expect(at.possible[0]).toMatchObject({ kind: 'TEMPO', probability: null, startMs: h(20, 11), endMs: h(20, 12) });
    // The TEMPO's own visibility, weather and VV; wind carried from the FM.
    expect(at.possible[0]!.conditions).toMatchObject({ visibility: { statuteMiles: 0.5 }, ceilingFtAgl: 200, flightCategory: 'LIFR', wind: { speedKt: 5 } });
    expect(at.possible[0]!.conditions.weather.map((w) => w.raw)).toEqual(['FG']);
    // 10:15Z: still the base forecast (6SM BR VCSH SCT008 OVC010): MVFR by the 1,000 ft ceiling.
    expect(tafConditionsAt(taf, h(20, 10, 15))!.prevailing).toMatchObject({ ceilingFtAgl: 1000, flightCategory: 'MVFR' });
    // 21:00Z: FM201800 21013G20KT P6SM BKN040: VFR, gusts.
    expect(tafConditionsAt(taf, h(20, 21))!.prevailing).toMatchObject({ flightCategory: 'VFR', wind: { speedKt: 13, gustKt: 20 } });
    expect(tafConditionsAt(taf, h(21, 6))).toBeNull();
    expect(tafConditionsAt(taf, h(20, 9, 59))).toBeNull();
  });

  it('pre-2008 format (PAGK collective): 061918 validity, FM0400 and TEMPO 1904 get days', () => {
    const r = decodeTafProduct(product('TAF_collective.txt'), REF);
    expect(r.issues).toEqual([]);
    const [pagk, pakn] = r.tafs;
    expect(pagk).toMatchObject({ station: 'PAGK', validFromMs: h(6, 19), validToMs: h(7, 18) });
    expect(pagk!.periods.map((p) => [p.kind, p.startMs, p.endMs])).toEqual([
      ['BASE', h(6, 19), h(7, 18)],
      ['TEMPO', h(6, 19), h(7, 4)],
      ['FM', h(7, 4), h(7, 9)],
      ['TEMPO', h(7, 4), h(7, 9)],
      ['FM', h(7, 9), h(7, 18)],
      ['TEMPO', h(7, 9), h(7, 18)],
    ]);
    // PAKN: BECMG 0608 01012KT. During the window the change is possible; after it, it prevails.
    const during = tafConditionsAt(pakn!, h(7, 7))!;
    expect(during.prevailing.wind?.speedKt).toBe(6);
    expect(during.possible.map((p) => [p.kind, p.conditions.wind?.speedKt])).toEqual([['BECMG', 12]]);
    const after = tafConditionsAt(pakn!, h(7, 9))!;
    expect(after.prevailing.wind).toMatchObject({ directionDeg: 10, speedKt: 12 });
    // Clouds and visibility stay from FM0000 (P6SM SCT080 BKN150).
    expect(after.prevailing).toMatchObject({ ceilingFtAgl: 15000, flightCategory: 'VFR' });
    expect(after.possible).toEqual([]);
  });

  it('PROB30 and PROB30 TEMPO are possible conditions with their probability', () => {
    const r = decodeTafProduct(product('TAF_EGRR.txt'), REF);
    const egdg = r.tafs.find((t) => t.station === 'EGDG')!;
    const at = tafConditionsAt(egdg, h(2, 3))!;
    expect(at.possible.map((p) => [p.kind, p.probability, p.conditions.visibility?.raw, p.conditions.flightCategory])).toEqual([['TEMPO', 30, '7000', 'MVFR']]);
    expect(at.prevailing.flightCategory).toBe('VFR');
  });

  it('NIL TAFs and TAFs it cannot read', () => {
    const r = decodeTafProduct(product('TAFTPP.txt'), REF);
    expect(r.tafs.filter((t) => t.nil).map((t) => t.station)).toEqual(['TGPY', 'TBPB', 'TLPL', 'TNCC', 'TNCA']);
    expect(r.issues).toEqual([{ report: expect.stringContaining('TTPP'), position: 40, reason: "unrecognised group '?RA'" }]);
    expect(decodeTafProduct(product('TAFTOP.txt'), REF).issues.map((i) => i.reason)).toEqual(["'TOP' is not a station id"]);
  });

  it('never throws', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (s) => {
        decodeTaf(s, { referenceMs: REF });
        decodeTafProduct(s, REF);
      }),
      { numRuns: 1000 },
    );
    const groups = ['TAF', 'AMD', 'KJFK', '251341Z', '2514/2618', '061918', 'FM251600', 'FM0400', 'TEMPO', 'BECMG', 'PROB30', '1904', '2518/2522', '05006KT', 'P6SM', '1', '1/2SM', 'BKN018', 'VV002', 'NSW', 'SKC', 'CAVOK', '-SHRA', 'RMK', 'NIL', '='];
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...groups), { maxLength: 30 }), fc.integer({ min: 0, max: 48 }), (g, hours) => {
        const r = decodeTaf(g.join(' '), { referenceMs: REF });
        if (r.taf) tafConditionsAt(r.taf, r.taf.validFromMs + hours * 3600_000);
      }),
      { numRuns: 1000 },
    );
  });
});

describe('TAF golden (every shared TAF product)', () => {
  it('decodes to cases/products/taf.json', () => {
    const names = readdirSync(TAF_DIR).filter((n) => n.endsWith('.txt')).sort();
    expect(names.length).toBe(19);
    const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
    const actual = Object.fromEntries(
      names.map((n) => {
        const r = decodeTafProduct(product(n), REF);
        return [
          n,
          {
            issues: r.issues,
            tafs: r.tafs.map((t) => ({
              ...t,
              issuedMs: iso(t.issuedMs),
              validFromMs: iso(t.validFromMs),
              validToMs: iso(t.validToMs),
              periods: t.periods.map((p) => ({ ...p, startMs: iso(p.startMs), endMs: iso(p.endMs) })),
            })),
          },
        ];
      }),
    );
    const path = `${CASES}taf.json`;
    if (update) writeFileSync(path, `${JSON.stringify(actual, null, 1)}\n`);
    expect(existsSync(path), `${path} is missing; run with UPDATE_GOLDEN=1 to write it`).toBe(true);
    expect(JSON.parse(JSON.stringify(actual))).toEqual(JSON.parse(readFileSync(path, 'utf8')));
  });
});
