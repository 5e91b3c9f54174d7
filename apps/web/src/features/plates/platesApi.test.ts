// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { plateFilePath, type PlateAirportList } from '@clearway/protocol';
import { fetchAirportPlates, fetchPlatePdf, type OfflinePlates } from './platesApi';

const LIST: PlateAirportList = {
  airport: 'KSBP', faaIdent: 'SBP', name: 'SAN LUIS COUNTY RGNL', city: 'SAN LUIS OBISPO', state: 'CA', cycle: '2002',
  effectiveFrom: '2020-01-30T09:01:00.000Z', effectiveTo: '2020-02-27T09:01:00.000Z',
  charts: [{ pdfName: '00989R11.PDF', chartCode: 'IAP', chartName: 'RNAV (GPS) RWY 11', group: 'approach', seq: '53525', procedureId: 'R11', userAction: 'C', changedThisCycle: true, amendment: '', bytes: 3, url: plateFilePath('2002', '00989R11.PDF'), georef: null }],
};

/** The device's plates (in the app: the stored plates packs, features/downloads StoredPlates, tested there). */
const device: OfflinePlates = {
  airport: async (airport) => (airport === 'KSBP' ? LIST : null),
  pdf: async (url) => (url === LIST.charts[0]?.url ? new Uint8Array([37, 80, 68]).buffer : null),
};
const unreachable: typeof fetch = () => Promise.reject(new TypeError('Failed to fetch'));

describe('plates offline', () => {
  it('reads the list and the PDF from the device when the server cannot be reached', async () => {
    expect(await fetchAirportPlates('KSBP', unreachable, undefined, device)).toEqual(LIST);
    expect([...new Uint8Array(await fetchPlatePdf(LIST.charts[0]?.url ?? '', unreachable, undefined, device))]).toEqual([37, 80, 68]);
  });

  it('says what is missing when the device has no pack of the airport, and passes a cancellation and HTTP errors through', async () => {
    await expect(fetchAirportPlates('KSFO', unreachable, undefined, device)).rejects.toThrow('Plates of KSFO: the server cannot be reached and no plates pack on this device holds KSFO (Downloads: Approach plates)');
    await expect(fetchPlatePdf('/plates/files/2002/X.PDF', unreachable, undefined, device)).rejects.toThrow('Plate /plates/files/2002/X.PDF: the server cannot be reached and no plates pack on this device holds it');
    const controller = new AbortController();
    controller.abort();
    const aborted: typeof fetch = () => Promise.reject(new DOMException('aborted', 'AbortError'));
    await expect(fetchAirportPlates('KSBP', aborted, controller.signal, device)).rejects.toThrow('aborted');
    const notFound: typeof fetch = async () => new Response(JSON.stringify({ error: 'No approach plates for KSBP in d-TPP cycle 2002' }), { status: 404 });
    await expect(fetchAirportPlates('KSBP', notFound, undefined, device)).rejects.toThrow('No approach plates for KSBP in d-TPP cycle 2002');
  });
});
