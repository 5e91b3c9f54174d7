import type { MetarEntry, TafEntry } from '@clearway/protocol';
import { describe, expect, it } from 'vitest';
import type { AlongRouteAirport } from '../../worker/alongRouteMessages';
import { alongRouteRows, formatAlong, formatEntryWind, formatOffset, indexById } from './rows';

const T = (iso: string) => Date.parse(iso);

function airport(ident: string, fields: Partial<AlongRouteAirport> = {}): AlongRouteAirport {
  const id = ident.replace(/^K/, '');
  return {
    id, ident, icaoId: ident.startsWith('K') ? ident : null, faaId: id, name: `${id} FIELD`, city: null, state: 'AL',
    latDeg: 33.5, lonDeg: -86, elevationFt: 600, type: 'airport', role: 'en_route', inCorridor: true,
    alongNm: 40, offsetNm: -4.2, legIndex: 0, legFrom: 'KBFZ', legTo: 'KALX', etaMs: null, ...fields,
  };
}

const METAR: MetarEntry = {
  id: 'KANB', lat: 33.59, lon: -85.85, time: T('2025-01-27T21:53:00Z'),
  raw: 'KANB 272153Z AUTO 24005KT 10SM BKN012 BKN017 OVC030 11/09 A3008', cat: 'MVFR',
  wind: { dir: 240, kt: 5, gust: null }, visSm: 10, ceilingFt: 1200, cover: 'OVC',
};

/**
 * Valid 27th 18Z to 28th 18Z: BKN050 (VFR) until 28th 00Z, then 3 SM in mist under OVC008 (ceiling
 * 800 ft: IFR), with a TEMPO 02-06Z of 1 SM fog and vertical visibility 200 ft (LIFR).
 */
const TAF: TafEntry = {
  id: 'KANB', lat: 33.59, lon: -85.85, issued: T('2025-01-27T17:20:00Z'), validFrom: T('2025-01-27T18:00:00Z'), validTo: T('2025-01-28T18:00:00Z'),
  raw: 'TAF KANB 271720Z 2718/2818 24008KT P6SM BKN050 FM280000 31010G18KT 3SM BR OVC008 TEMPO 2802/2806 1SM FG VV002',
};

const NOW = T('2025-01-27T22:08:00Z');

describe('alongRouteRows', () => {
  it('reads the TAF at each airport’s ETA: prevailing conditions, and TEMPO groups as possible', () => {
    const metars = indexById([METAR]);
    const tafs = indexById([TAF]);
    const [evening, night, later, untimed] = alongRouteRows(
      [
        airport('KANB', { etaMs: T('2025-01-27T23:30:00Z') }),
        airport('KANB', { etaMs: T('2025-01-28T03:00:00Z') }),
        airport('KANB', { etaMs: T('2025-01-28T19:00:00Z') }),
        airport('KANB', { etaMs: null }),
      ],
      metars,
      tafs,
      NOW,
    );
    expect(evening!.taf).toEqual({ kind: 'forecast', atMs: T('2025-01-27T23:30:00Z'), prevailing: { category: 'VFR', text: '240° 8 kt, P6 SM, BKN050' }, possible: [] });
    expect(night!.taf).toEqual({
      kind: 'forecast',
      atMs: T('2025-01-28T03:00:00Z'),
      prevailing: { category: 'IFR', text: '310° 10G18 kt, 3 SM, BR, OVC008' },
      possible: [{ label: 'TEMPO', category: 'LIFR', text: '310° 10G18 kt, 1 SM, FG, VV002' }],
    });
    expect(later!.taf).toEqual({ kind: 'outside', validFromMs: T('2025-01-27T18:00:00Z'), validToMs: T('2025-01-28T18:00:00Z') });
    // No navlog: read at the time now (22:08Z, the base forecast).
    expect(untimed!.tafAtMs).toBe(NOW);
    expect(untimed!.taf.kind === 'forecast' && untimed!.taf.prevailing.category).toBe('VFR');
    // The METAR: category, wind, observation time and age.
    expect(evening!.category).toBe('MVFR');
    expect(evening!.wind).toBe('Wind 240° 5 kt');
    expect(evening!.metarAge).toBe('METAR 21:53Z, 15 min old');
    expect(evening!.noWeather).toBe(false);
  });

  it('a field without reports of its own says so, and one with only a METAR has no TAF', () => {
    const rows = alongRouteRows([airport('KBFZ'), airport('KALX')], indexById([{ ...METAR, id: 'KALX', cat: 'IFR' }]), indexById([TAF]), NOW);
    expect(rows[0]).toMatchObject({ noWeather: true, category: null, wind: null, taf: { kind: 'none' } });
    expect(rows[1]).toMatchObject({ noWeather: false, category: 'IFR', taf: { kind: 'none' } });
  });

  it('finds a report by the FAA id when the field has no ICAO id', () => {
    const rows = alongRouteRows([airport('4A9', { icaoId: null, id: '4A9', faaId: '4A9' })], indexById([{ ...METAR, id: '4A9' }]), new Map(), NOW);
    expect(rows[0]!.category).toBe('MVFR');
  });
});

describe('formatting', () => {
  it('writes offsets with their side, distances and winds', () => {
    expect(formatOffset(4.24)).toBe('4.2 nm R');
    expect(formatOffset(-12.6)).toBe('13 nm L');
    expect(formatOffset(0.01)).toBe('on route');
    expect(formatAlong(123.4)).toBe('123 nm');
    expect(formatAlong(4.25)).toBe('4.3 nm');
    expect(formatEntryWind({ dir: 0, kt: 0, gust: null })).toBe('calm');
    expect(formatEntryWind({ dir: null, kt: 4, gust: null })).toBe('variable 4 kt');
    expect(formatEntryWind({ dir: 5, kt: 18, gust: 31 })).toBe('005° 18 kt gusting 31');
    expect(formatEntryWind(null)).toBe('not reported');
  });
});
