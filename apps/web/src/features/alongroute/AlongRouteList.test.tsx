// The list as rendered: the TAF at the ETA with its TEMPO group written as possible conditions, the
// category named beside its colour, a field without weather saying so, and a tap opening the airport.
import { fireEvent, render, screen, within } from '@testing-library/react';
import type { MetarEntry, TafEntry } from '@clearway/protocol';
import { describe, expect, it, vi } from 'vitest';
import type { AlongRouteAirport } from '../../worker/alongRouteMessages';
import { AlongRouteList } from './AlongRouteList';
import { alongRouteRows, indexById } from './rows';

const T = (iso: string) => Date.parse(iso);

function airport(ident: string, fields: Partial<AlongRouteAirport>): AlongRouteAirport {
  return {
    id: ident.slice(1), ident, icaoId: ident, faaId: ident.slice(1), name: `${ident.slice(1)} FIELD`, city: null, state: 'AL',
    latDeg: 33.5, lonDeg: -86, elevationFt: 600, type: 'airport', role: 'en_route', inCorridor: true,
    alongNm: 40, offsetNm: -4.2, legIndex: 0, legFrom: 'KBFZ', legTo: 'KOZR', etaMs: null, ...fields,
  };
}

const METAR: MetarEntry = {
  id: 'KANB', lat: 33.59, lon: -85.85, time: T('2025-01-27T21:53:00Z'), raw: 'KANB 272153Z AUTO 24005KT 10SM BKN012 11/09 A3008',
  cat: 'MVFR', wind: { dir: 240, kt: 5, gust: null }, visSm: 10, ceilingFt: 1200, cover: 'BKN',
};
const TAF: TafEntry = {
  id: 'KANB', lat: 33.59, lon: -85.85, issued: T('2025-01-27T17:20:00Z'), validFrom: T('2025-01-27T18:00:00Z'), validTo: T('2025-01-28T18:00:00Z'),
  raw: 'TAF KANB 271720Z 2718/2818 24008KT P6SM BKN050 FM280000 31010G18KT 3SM BR OVC008 PROB30 TEMPO 2802/2806 1SM FG VV002',
};

describe('AlongRouteList', () => {
  const rows = alongRouteRows(
    [
      airport('KBFZ', { role: 'departure', alongNm: 0, offsetNm: 0, etaMs: T('2025-01-28T02:00:00Z') }),
      airport('KANB', { alongNm: 41, offsetNm: -13.7, etaMs: T('2025-01-28T03:00:00Z') }),
    ],
    indexById([METAR]),
    indexById([TAF]),
    T('2025-01-27T22:30:00Z'),
  );

  it('shows the TAF at the ETA and the PROB30 TEMPO group as possible, each category named', () => {
    render(<AlongRouteList rows={rows} onOpen={() => undefined} />);
    const [bfz, anb] = screen.getAllByTestId('along-row');
    expect(within(bfz!).getByTestId('along-no-weather').textContent).toBe('No weather reported for this airport');
    expect(within(bfz!).getByTestId('along-position').textContent).toBe('Departure · 0.0 nm along · on route · ETA 02:00Z · KBFZ–KOZR');
    expect(within(anb!).getByTestId('along-category').textContent).toBe('MVFR');
    expect(within(anb!).getByTestId('along-metar').textContent).toBe('Wind 240° 5 kt · METAR 21:53Z, 37 min old');
    const taf = within(anb!).getByTestId('along-taf');
    expect(taf.textContent).toContain('TAF at ETA 03:00Z:');
    expect(within(taf).getByTestId('along-taf-category').textContent).toBe('IFR');
    expect(within(taf).getByTestId('along-taf-text').textContent).toBe('310° 10G18 kt, 3 SM, BR, OVC008');
    const possible = within(taf).getByTestId('along-taf-possible');
    expect(possible.getAttribute('data-label')).toBe('PROB30 TEMPO');
    expect(possible.textContent).toBe('Possible (PROB30 TEMPO):LIFR310° 10G18 kt, 1 SM, FG, VV002');
    expect(within(anb!).getByTestId('along-offset').textContent).toBe('14 nm L');
  });

  it('a tap on a row opens that airport', () => {
    const onOpen = vi.fn();
    render(<AlongRouteList rows={rows} onOpen={onOpen} />);
    fireEvent.click(screen.getAllByTestId('along-row')[1]!);
    expect(onOpen).toHaveBeenCalledWith('KANB');
  });
});
