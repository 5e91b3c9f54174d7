import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { PlateAirportList, PlateChart } from '@clearway/protocol';
import { makeStore } from '../../store';
import { testPrefs } from '../../test/renderApp';
import { ServicesContext } from '../../platform/services';
import type { PrefsDb } from '../../db/prefs';
import { LAST_PLATE_KEY, NO_GEOREF_TEXT, PlateView } from './PlateView';
import type { PlateRenderer } from './pdfRenderer';
import type { PlatePosition } from './position';

// The georeference of the real KSFO ILS OR LOC RWY 28L .vrt (../shared/data/plates).
const ILS_GEOREF = { source: 'geotransform', transform: [-122.537960465659, 0.00048214202792250022, 0, 37.956035487371402, 0, -0.0003832369040748694], width: 1613, height: 2475 } as const;

function chart(pdfName: string, chartCode: string, chartName: string, group: PlateChart['group'], extra: Partial<PlateChart> = {}): PlateChart {
  return { pdfName, chartCode, chartName, group, seq: '1', procedureId: '', userAction: '', changedThisCycle: false, amendment: '', bytes: 10, url: `/plates/files/1413/${pdfName}`, georef: null, ...extra };
}

const KSFO: PlateAirportList = {
  airport: 'KSFO', faaIdent: 'SFO', name: 'SAN FRANCISCO INTL', city: 'SAN FRANCISCO', state: 'CA', cycle: '1413', effectiveFrom: '2014-12-11T09:01:00.000Z', effectiveTo: '2015-01-08T09:01:00.000Z',
  charts: [
    chart('HOT.pdf', 'HOT', 'HOT SPOT', 'hotspot'),
    chart('ILS.pdf', 'IAP', 'ILS OR LOC RWY 28L', 'approach', { procedureId: 'I28L', userAction: 'C', changedThisCycle: true, georef: { ...ILS_GEOREF, transform: [...ILS_GEOREF.transform] } }),
    chart('APD.pdf', 'APD', 'AIRPORT DIAGRAM', 'diagram'),
  ],
};

/** The server: the KSFO list and a few bytes per PDF (named in them, so the renderer can tell them apart). */
const fetchFn = (async (input: RequestInfo | URL) => {
  const url = String(input);
  if (url === '/plates/airports/KSFO') return new Response(JSON.stringify(KSFO), { status: 200 });
  if (url.startsWith('/plates/files/1413/')) return new Response(url.slice('/plates/files/1413/'.length), { status: 200 });
  return new Response(JSON.stringify({ error: `No approach plates for ${url.split('/').at(-1)} in d-TPP cycle 1413` }), { status: 404 });
}) as typeof fetch;

/** A renderer that records what it was asked to draw. */
function recordingRenderer() {
  const draws: { pdf: string; page: number; scale: number }[] = [];
  const renderer: PlateRenderer = {
    async open(bytes) {
      const pdf = new TextDecoder().decode(bytes);
      return {
        pages: 1,
        size: async () => ({ width: 387, height: 594 }),
        draw: async (page, _canvas, scale) => void draws.push({ pdf, page, scale }),
        close: () => undefined,
      };
    },
  };
  return { draws, load: async () => renderer };
}

function show(path: string, prefs: PrefsDb, load: () => Promise<PlateRenderer>, position: PlatePosition | null = null) {
  return render(
    <Provider store={makeStore({ prefs })}>
      <ServicesContext.Provider value={{ prefs, applyUpdate: () => undefined, appVersion: 'test' }}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="/app/PlateView" element={<PlateView loadRenderer={load} fetchFn={fetchFn} position={position} now={() => Date.parse('2026-11-25T00:00:00Z')} />} />
          </Routes>
        </MemoryRouter>
      </ServicesContext.Provider>
    </Provider>,
  );
}

afterEach(() => localStorage.clear());

describe('PlateView', () => {
  it('groups the charts as the FAA does, draws the chosen plate, zooms, rotates, turns to night and keeps it as recent, favourite and last', async () => {
    const prefs = testPrefs();
    const { draws, load } = recordingRenderer();
    const view = show('/app/PlateView?airport=ksfo', prefs, load);
    const list = await screen.findByTestId('plate-list');
    expect([...list.querySelectorAll('[data-testid^="plate-group-"]')].map((g) => g.getAttribute('data-testid'))).toEqual(['plate-group-diagram', 'plate-group-approach', 'plate-group-hotspot']);
    expect(within(screen.getByTestId('plate-item-ILS.pdf')).getByText('Changed this cycle')).toBeTruthy();
    expect(within(screen.getByTestId('plate-item-APD.pdf')).queryByText('Changed this cycle')).toBeNull();
    expect(screen.getByTestId('plate-expired').textContent).toBe('Expired: d-TPP cycle 1413 ended 2015-01-08. Not for navigation.');

    fireEvent.click(screen.getByTestId('plate-item-APD.pdf'));
    await waitFor(() => expect(draws.at(-1)).toMatchObject({ pdf: 'APD.pdf', page: 1 }));
    expect(screen.getByTestId('plate-georef').textContent).toBe(NO_GEOREF_TEXT);
    expect(screen.getByTestId('plate-title').textContent).toBe('AIRPORT DIAGRAM · cycle 1413');

    fireEvent.click(screen.getByTestId('plate-zoom-in'));
    expect(screen.getByTestId('plate-transform').getAttribute('data-zoom')).toBe('1.500');
    fireEvent.wheel(screen.getByTestId('plate-frame'), { deltaY: -200, clientX: 0, clientY: 0 });
    expect(Number(screen.getByTestId('plate-transform').getAttribute('data-zoom'))).toBeGreaterThan(1.5);
    fireEvent.click(screen.getByTestId('plate-rotate'));
    expect(screen.getByTestId('plate-transform').getAttribute('data-rotation')).toBe('90');
    expect(screen.getByTestId('plate-transform').getAttribute('data-zoom')).toBe('1.000');
    fireEvent.click(screen.getByTestId('plate-night'));
    expect(screen.getByTestId('plate-canvas').style.filter).toBe('invert(1) hue-rotate(180deg)');

    fireEvent.click(screen.getByTestId('plate-favorite'));
    await waitFor(async () => expect((await prefs.fav_plates.get('APD.pdf'))?.deleted).toBe('F'));
    expect((await prefs.fav_plates.get('APD.pdf'))?.info).toMatchObject({ ident: 'KSFO', name: 'AIRPORT DIAGRAM' });
    await waitFor(async () => expect((await prefs.recent_plates.get('APD.pdf'))?.deleted).toBe('F'));
    expect(JSON.parse(localStorage.getItem(LAST_PLATE_KEY) ?? 'null')).toEqual({ airport: 'KSFO', pdfName: 'APD.pdf' });

    // The next visit, with no airport in the address, reopens the last plate.
    view.unmount();
    show('/app/PlateView', prefs, load);
    await waitFor(() => expect(screen.getByTestId('plate-title').textContent).toBe('AIRPORT DIAGRAM · cycle 1413'));
  });

  it('diagram=1 (the landing watch, landing.ts) opens the airport diagram, not the last plate', async () => {
    localStorage.setItem(LAST_PLATE_KEY, JSON.stringify({ airport: 'KSFO', pdfName: 'HOT.pdf' }));
    const { draws, load } = recordingRenderer();
    show('/app/PlateView?airport=KSFO&diagram=1', testPrefs(), load);
    await waitFor(() => expect(screen.getByTestId('plate-title').textContent).toBe('AIRPORT DIAGRAM · cycle 1413'));
    await waitFor(() => expect(draws.at(-1)).toMatchObject({ pdf: 'APD.pdf' }));
  });

  it('opens the procedure the route screen chose and draws the aircraft on its georeferenced plan view', async () => {
    const { draws, load } = recordingRenderer();
    // Over the SFO VORTAC, which the real .vrt puts at about (338, 875) px of the 1613 x 2475 px page.
    show('/app/PlateView?airport=KSFO&proc=I28L', testPrefs(), load, { lat: 37.619487, lon: -122.373895, trackDeg: 280 });
    await waitFor(() => expect(draws.at(-1)).toMatchObject({ pdf: 'ILS.pdf' }));
    const ownship = await screen.findByTestId('plate-ownship');
    // The frame is 360 px wide in jsdom, so the page is drawn 360 px wide: x = 338 / 1613 · 360 ≈ 75 px (minus half the 24 px icon).
    expect(Number.parseFloat(ownship.style.left) + 12).toBeCloseTo((338 / 1613) * 360, -1);
    expect(screen.getByTestId('plate-georef').textContent).toBe('Georeferenced: the aircraft is drawn at its position.');
    // Range rings around it: 2, 5 and 10 NM (the page is 37 NM wide on the ground). The 2 NM ring's
    // east point (its 19th of 73) lies 2 / 37.1 of the 360 px page east of the aircraft: about 19 px.
    const rings = screen.getAllByTestId('plate-range-ring');
    expect(rings.map((g) => g.getAttribute('data-radius-nm'))).toEqual(['2', '5', '10']);
    expect(rings.map((g) => g.querySelector('text')?.textContent)).toEqual(['2 NM', '5 NM', '10 NM']);
    const east = rings[0]?.querySelector('polyline')?.getAttribute('points')?.split(' ')[18]?.split(',').map(Number) ?? [];
    expect((east[0] ?? 0) - (Number.parseFloat(ownship.style.left) + 12)).toBeCloseTo((2 / 37.1) * 360, 0);
    await act(async () => undefined);
  });
});
