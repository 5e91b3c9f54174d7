// The route screen's NOTAM count per airport with the real KOSH answer of the FAA NOTAM API (shared
// data), decoded as the server does and served by a stub fetch in the server's answer shape.
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route as RouterRoute, Routes, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { Route } from '@clearway/flightplan';
import { notamsFromFaaApiAnswer } from '@clearway/weather';
import koshAnswer from '../../../../../../shared/data/notam/faa-notamapi-v1-KOSH-2024-07.geojson?raw';
import { RouteNotamCounts } from './RouteNotamCounts';

const KOSH = notamsFromFaaApiAnswer(JSON.parse(koshAnswer)).notams;
/** 2024-07-24 12:00Z, AirVenture week. */
const NOW = Date.UTC(2024, 6, 24, 12);

const waypoint = (code: string, type: string) => ({ code, type, location: { lat: 0, lon: 0 } });
const ROUTE = { final_string: 'KOSH OSH KSFO KOSH', waypoints: [waypoint('KOSH', 'AIRPORT'), waypoint('OSH', 'VOR'), waypoint('KSFO', 'AIRPORT'), waypoint('KOSH', 'AIRPORT')], all_waypoints: [] } as unknown as Route;

function Where() {
  return <span data-testid="where">{useLocation().pathname + useLocation().search}</span>;
}

describe('route screen NOTAM counts', () => {
  it('counts per route airport what its airport page lists; closures and outages said apart; a tap opens the airport', async () => {
    const requests: string[] = [];
    const fetchFn: typeof fetch = async (input) => {
      const url = String(input);
      requests.push(url);
      if (url === '/notams/airport/KOSH.json') return new Response(JSON.stringify({ airport: 'KOSH', fetchedAt: NOW, notams: KOSH }));
      return new Response(JSON.stringify({ airport: 'KSFO', fetchedAt: null, notams: [] }));
    };
    render(
      <MemoryRouter initialEntries={['/app/route']}>
        <Routes>
          <RouterRoute path="*" element={<><RouteNotamCounts route={ROUTE} fetchFn={fetchFn} now={() => NOW} /><Where /></>} />
        </Routes>
      </MemoryRouter>,
    );
    // KOSH once though the route returns to it; KSFO's server has no NOTAM source: '?'.
    const kosh = await screen.findByTestId('route-notams-KOSH');
    // 24 NOTAMs, 07/070 (COM outlet U/S) ended at 10:00Z: 23, of which 8 close or put out something
    // (7 lighting outages and the ILS 36; counted by reading each).
    await waitFor(() => expect(kosh.textContent).toBe('KOSH 23 (8 closed/out)'));
    expect(screen.getByTestId('route-notams-KSFO').textContent).toBe('KSFO ?');
    expect(requests.sort()).toEqual(['/notams/airport/KOSH.json', '/notams/airport/KSFO.json']);
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual(['KOSH 23 (8 closed/out)', 'KSFO ?']);
    fireEvent.click(kosh);
    expect(screen.getByTestId('where').textContent).toBe('/app/airport?id=KOSH');
  });
});
