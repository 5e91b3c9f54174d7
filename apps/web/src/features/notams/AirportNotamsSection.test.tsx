// The airport page's NOTAM section with the real KOSH answer of the FAA NOTAM API (shared data),
// decoded as the server does, served by a stub fetch in the server's answer shape.
import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { notamsFromFaaApiAnswer } from '@clearway/weather';
import koshAnswer from '../../../../../../shared/data/notam/faa-notamapi-v1-KOSH-2024-07.geojson?raw';
import intlAnswer from '../../../../../../shared/data/notam/faa-notamapi-v1-intl-page1-2024-02.json?raw';
import { AirportNotamsSection } from './AirportNotamsSection';

const KOSH = notamsFromFaaApiAnswer(JSON.parse(koshAnswer)).notams;
/** FADA's closed runways (C0538/08), placed at KOSH for this test. */
const CLOSED = { ...notamsFromFaaApiAnswer(JSON.parse(intlAnswer)).notams.find((n) => n.number === 'C0538/08')!, location: 'KOSH', start: Date.UTC(2024, 6, 20), end: Date.UTC(2024, 7, 1) };
const NOW = Date.UTC(2024, 6, 24, 12);

describe('airport NOTAMs section', () => {
  it('lists the NOTAMs in force with closures and outages first, highlighted and expanded; obstacles folded; raw text on demand', async () => {
    const requests: string[] = [];
    const fetchFn: typeof fetch = async (input) => {
      requests.push(String(input));
      return new Response(JSON.stringify({ airport: 'KOSH', fetchedAt: NOW, notams: [...KOSH, CLOSED] }));
    };
    render(<AirportNotamsSection airportId="KOSH" fetchFn={fetchFn} now={() => NOW} />);
    const active = await screen.findByTestId('notams-active');
    expect(requests).toEqual(['/notams/airport/KOSH.json']);
    const items = [...active.querySelectorAll<HTMLElement>('[data-kind]')];
    // 07/070 has expired at NOW, 07/066 starts on the 26th (later), the 8 obstacles are folded: 24 - 1 - 1 - 8 + the closed runway = 15.
    expect(items).toHaveLength(15);
    expect([...screen.getByTestId('notams-later').querySelectorAll<HTMLElement>('[data-kind]')].map((i) => i.dataset['testid'])).toEqual(['notam-07/066']);
    // Flight-changing first (by start): the TWY guard lights, the ILS and six runway lights (07/026-07/031), the closed runways.
    expect(items.map((i) => i.dataset['kind']).slice(0, 9)).toEqual(['lighting-out', 'navaid-out', 'lighting-out', 'lighting-out', 'lighting-out', 'lighting-out', 'lighting-out', 'lighting-out', 'closed-runway']);
    expect(items.slice(9).map((i) => i.dataset['kind'])).not.toContain('closed-runway');
    expect(items.slice(9).every((i) => ['procedure', 'airspace'].includes(i.dataset['kind'] ?? ''))).toBe(true);
    const closed = screen.getByTestId('notam-C0538/08');
    expect(within(closed).getByText('Runway closed')).toBeTruthy();
    expect(within(closed).getByTestId('notam-text').textContent).toBe('runway 18/36 RWY11/29 RWY15/33 closed.');
    expect(within(closed).getAllByTestId('notam-highlight').map((m) => m.textContent)).toEqual(['closed']);
    const ils = screen.getByTestId('notam-07/025');
    expect(within(ils).getByTestId('notam-text').textContent).toBe('NAV instrument landing system runway 36 unserviceable');
    expect(within(ils).getByTestId('notam-highlight').getAttribute('title')).toBe('U/S');
    fireEvent.click(within(ils).getByTestId('notam-raw-toggle'));
    expect(within(ils).getByTestId('notam-raw').textContent).toContain('!OSH 07/025 OSH NAV ILS RWY 36 U/S 2407181100-2407312000');
    const folded = screen.getByTestId('notams-obstacles');
    expect(folded.querySelectorAll('[data-kind]')).toHaveLength(0);
    fireEvent.click(within(folded).getByText('Show 8 obstacle NOTAMs'));
    expect(folded.querySelectorAll('[data-kind="obstacle"]')).toHaveLength(8);
  });

  it('says so when the server has no NOTAM source, and when it cannot be reached', async () => {
    const { unmount } = render(<AirportNotamsSection airportId="KSFO" fetchFn={async () => new Response(JSON.stringify({ airport: 'KSFO', fetchedAt: null, notams: [] }))} />);
    expect((await screen.findByTestId('notams-unavailable')).textContent).toBe('The server has no NOTAMs yet (no NOTAM source configured or not fetched yet).');
    unmount();
    render(<AirportNotamsSection airportId="KSFO" fetchFn={async () => new Response('', { status: 429 })} />);
    expect((await screen.findByTestId('notams-error')).textContent).toBe('The NOTAMs could not be loaded: /notams/airport/KSFO.json answered 429');
  });
});
