import { describe, expect, it } from 'vitest';
import type { MetarEntry, PirepEntry } from '@clearway/protocol';
import { categoryCounts, stationList } from './flightRules';
import { inBand, pirepCounts, pirepDecodedLines, pirepList } from './pireps';

const T = Date.UTC(2026, 0, 31, 21);

function report(over: Partial<PirepEntry>): PirepEntry {
  return { lat: 36, lon: -90, time: T, urgent: false, altFt: 8000, aircraft: 'C172', turb: null, icing: null, raw: 'XXX UA /OV XXX/TM 2100/FL080/TP C172', ...over };
}

const reports: PirepEntry[] = [
  report({ time: T - 60_000, turb: 'MOD', altFt: 28000 }),
  report({ time: T, icing: 'LGT', altFt: 9000 }),
  report({ time: T - 120_000, urgent: true, turb: 'SEV', altFt: 12000 }),
  report({ time: T + 60_000, turb: 'SMTH', icing: 'NEG', altFt: null }),
];

describe('the PIREP list', () => {
  it('puts urgent reports first, then the newest', () => {
    expect(pirepList(reports, { what: 'all', band: 'all' }).map((x) => x.i)).toEqual([2, 3, 1, 0]);
  });

  it('filters by what is reported (smooth and negative are nothing) and altitude band', () => {
    expect(pirepList(reports, { what: 'turbulence', band: 'all' }).map((x) => x.i)).toEqual([2, 0]);
    expect(pirepList(reports, { what: 'icing', band: 'all' }).map((x) => x.i)).toEqual([1]);
    expect(pirepList(reports, { what: 'urgent', band: 'all' }).map((x) => x.i)).toEqual([2]);
    expect(pirepList(reports, { what: 'all', band: 'high' }).map((x) => x.i)).toEqual([0]);
    expect(pirepList(reports, { what: 'all', band: 'mid' }).map((x) => x.i)).toEqual([2]);
    expect(pirepCounts(reports)).toEqual({ all: 4, urgent: 1, turbulence: 2, icing: 1 });
  });

  it('keeps a report without an altitude out of every band but all', () => {
    expect(inBand({ altFt: null }, 'low')).toBe(false);
    expect(inBand({ altFt: null }, 'all')).toBe(true);
    expect(inBand({ altFt: 18000 }, 'high')).toBe(true);
    expect(inBand({ altFt: 17999 }, 'mid')).toBe(true);
  });

  it('decodes a report field by field', () => {
    const rows = pirepDecodedLines(report({
      urgent: true,
      altFt: 28000,
      raw: 'ARG UUA /OV ARG/TM 2127/FL280/TP C560/TB CONT SEV CHOP 260-300/IC LGT RIME/RM HOLDING',
    }));
    expect(rows).toEqual(expect.arrayContaining([
      ['Type', 'Urgent PIREP (UUA)'],
      ['Location', 'ARG'],
      ['Altitude', 'FL280'],
      ['Aircraft', 'C560'],
      ['Remarks', 'HOLDING'],
    ]));
    expect(rows.find(([k]) => k === 'Turbulence')?.[1]).toBe('continuous severe chop FL260 to FL300');
    expect(rows.find(([k]) => k === 'Icing')?.[1]).toBe('light rime');
  });
});

function metar(id: string, cat: MetarEntry['cat']): MetarEntry {
  return { id, lat: 40, lon: -100, time: T, raw: `${id} 312100Z`, cat, wind: null, visSm: null, ceilingFt: null, cover: null };
}

describe('the Flight Rules list', () => {
  const stations = [metar('KSFO', 'VFR'), metar('KOAK', 'IFR'), metar('KSQL', 'LIFR'), metar('KHWD', 'MVFR'), metar('KPAO', null), metar('KSJC', 'IFR')];

  it('counts stations per category', () => {
    expect(categoryCounts(stations)).toEqual({ LIFR: 1, IFR: 2, MVFR: 1, VFR: 1, NONE: 1 });
  });

  it('lists the chosen categories worst first, then by id, with the total before the limit', () => {
    const all = stationList(stations, new Set(['LIFR', 'IFR', 'MVFR', 'VFR', 'NONE'] as const), '', 4);
    expect(all.items.map((x) => x.item.id)).toEqual(['KSQL', 'KOAK', 'KSJC', 'KHWD']);
    expect(all.total).toBe(6);
    expect(stationList(stations, new Set(['VFR', 'NONE'] as const), '', 10).items.map((x) => x.i)).toEqual([0, 4]);
  });

  it('narrows to ids starting with what is typed', () => {
    expect(stationList(stations, new Set(['LIFR', 'IFR', 'MVFR', 'VFR', 'NONE'] as const), ' ks', 10).items.map((x) => x.item.id)).toEqual(['KSQL', 'KSJC', 'KSFO']);
  });
});
