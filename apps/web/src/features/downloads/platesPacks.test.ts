// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { memorySegments, type SegmentBackend } from '@clearway/download';
import { plateFilePath, platesPackPrefix, type PlateAirportList, type PlatesPackHeader, type PlatesPackIndex } from '@clearway/protocol';
import { PacksDb, PackStore, segmentsBlob, type PackStorageBackend } from './packStore';
import { Sha256 } from './sha256';
import { platesChunk, platesCycleOf, platesRegionSize, readPlatesPack, routeAirports, selectedPlateAirports, StoredPlates } from './platesPacks';

// The real FAA KSBP RNAV (GPS) RWY 11 plate of d-TPP cycle 2002 beside the repository (../shared/data),
// inlined by Vite as a data URL (no Node built-ins in the web app).
import PDF_URL from '../../../../../../shared/data/plates/dtpp-2002-KSBP/00989R11.PDF?inline';

const PDF = Uint8Array.from(atob(PDF_URL.slice(PDF_URL.indexOf(',') + 1)), (c) => c.charCodeAt(0));
if (PDF.length < 100_000) throw new Error('The shared KSBP plate did not load (../shared/data/plates/dtpp-2002-KSBP/00989R11.PDF)');

function sha256(bytes: Uint8Array): string {
  const hash = new Sha256();
  hash.update(bytes);
  return hash.hex();
}

function memoryStorage(): PackStorageBackend {
  const held = new Map<string, ReturnType<typeof memorySegments>>();
  const get = (id: string) => {
    let backend = held.get(id);
    if (!backend) held.set(id, (backend = memorySegments()));
    return backend;
  };
  return {
    async segments(id) {
      return { backend: get(id) as SegmentBackend, storage: 'opfs' };
    },
    async blob(id) {
      return segmentsBlob(get(id));
    },
  };
}

const KSBP: PlateAirportList = {
  airport: 'KSBP', faaIdent: 'SBP', name: 'SAN LUIS COUNTY RGNL', city: 'SAN LUIS OBISPO', state: 'CA', cycle: '2002',
  effectiveFrom: '2020-01-30T09:01:00.000Z', effectiveTo: '2020-02-27T09:01:00.000Z',
  charts: [{ pdfName: '00989R11.PDF', chartCode: 'IAP', chartName: 'RNAV (GPS) RWY 11', group: 'approach', seq: '53525', procedureId: 'R11', userAction: 'C', changedThisCycle: true, amendment: '2 1/30/2020', bytes: PDF.length, url: plateFilePath('2002', '00989R11.PDF'), georef: null }],
};

/** A pack file in the server's layout (prefix, header JSON, PDFs), as plates/packs.ts writes it. */
function packFile(): Uint8Array {
  const header: PlatesPackHeader = { version: 1, region: 'Los_Angeles', cycle: '2002', effectiveFrom: KSBP.effectiveFrom, effectiveTo: KSBP.effectiveTo, strategy: 'all', airports: [KSBP], files: { '00989R11.PDF': { offset: 0, bytes: PDF.length, sha256: sha256(PDF) } } };
  const json = new TextEncoder().encode(JSON.stringify(header));
  const prefix = platesPackPrefix(json.length);
  const file = new Uint8Array(prefix.length + json.length + PDF.length);
  file.set(prefix, 0);
  file.set(json, prefix.length);
  file.set(PDF, prefix.length + json.length);
  return file;
}

let dbCount = 0;
async function storeWithPack(): Promise<PackStore> {
  const packs = new PackStore({ db: new PacksDb(`plates-packs-test-${dbCount++}`), storage: memoryStorage(), channel: null });
  const bytes = packFile();
  const chunk = platesChunk({ region: 'Los_Angeles', cycle: '2002', effectiveFrom: KSBP.effectiveFrom, effectiveTo: KSBP.effectiveTo, strategy: 'all', airports: ['KSBP'], bytes: bytes.length, sha256: sha256(bytes), etag: '"x"', url: '/plates/packs/2002/Los_Angeles.all-0123456789ab.cwplates' });
  const part = await packs.part(chunk.cycle, 'plates-Los_Angeles', 'plates');
  const writer = await part.open('truncate');
  await writer.write(bytes);
  await writer.close();
  await packs.commit({ region: 'plates-Los_Angeles', kind: 'plates', cycle: chunk.cycle, bytes: await part.finish(), sha256: chunk.sha256, expires: chunk.expires }, part.storage);
  return packs;
}

describe('plates packs on the device', () => {
  it('reads an airport list and a plate PDF back from a stored pack, byte for byte', async () => {
    const plates = new StoredPlates(await storeWithPack());
    expect(await plates.airport('ksbp')).toEqual(KSBP);
    expect(await plates.airport('SBP')).toEqual(KSBP);
    expect(await plates.airport('KSFO')).toBeNull();
    const pdf = new Uint8Array((await plates.pdf(KSBP.charts[0]?.url ?? '')) ?? new ArrayBuffer(0));
    expect(pdf.length).toBe(PDF.length);
    expect(sha256(pdf)).toBe(sha256(PDF));
    expect(await plates.pdf(plateFilePath('2002', 'OTHER.PDF'))).toBeNull();
  });

  it('refuses a file that is not a plates pack, saying why', async () => {
    await expect(readPlatesPack(new Blob([PDF]))).rejects.toThrow('not a plates pack (no CWPLATES at the start)');
    const file = packFile();
    await expect(readPlatesPack(new Blob([file.slice(0, 40)]))).rejects.toThrow(/^plates pack of 40 bytes ends inside its \d+-byte header$/);
  });

  it('keeps another choice of airports of the same cycle apart (chunk cycle carries the content digest)', () => {
    const entry = { region: 'Los_Angeles', cycle: '2002', effectiveFrom: KSBP.effectiveFrom, effectiveTo: KSBP.effectiveTo, strategy: 'selected' as const, airports: ['KSBP'], bytes: 10, sha256: 'ab'.repeat(32), etag: '"e"', url: '/plates/packs/2002/Los_Angeles.sel-abababababab.cwplates' };
    const chunk = platesChunk(entry);
    expect(chunk).toEqual({ kind: 'plates', cycle: '2002.abababababab', expires: '2020-02-27', url: entry.url, bytes: 10, sha256: entry.sha256, etag: '"e"' });
    expect(platesCycleOf(chunk.cycle)).toBe('2002');
  });
});

describe('approach strategy', () => {
  it('takes the favourite airports and the ends and ICAO idents of the saved routes, live rows only', () => {
    expect(routeAirports('KHWD OSI V25 SNS KSNS')).toEqual(['KHWD', 'KSNS']);
    expect(routeAirports('hwd sjc.lovrr3 KSBP/28')).toEqual(['HWD', 'KSBP']);
    const favorites = [{ code: 'ksfo', deleted: 'F' as const, ts: 2 }, { code: 'KOAK', deleted: 'T' as const, ts: 3 }];
    const routes = [{ final_string: 'KHWD OSI KSBP', deleted: 'F' as const, ts: 1 }, { final_string: 'KLAX SMO', deleted: 'T' as const, ts: 1 }];
    expect(selectedPlateAirports(favorites, routes)).toEqual(['KSFO', 'KHWD', 'KSBP']);
  });

  it('sizes a region before download: every airport, or those chosen (by ICAO or FAA ident)', () => {
    const region: PlatesPackIndex['regions'][number] = { code: 'San_Francisco', name: 'San Francisco', airports: [{ airport: 'KSFO', faaIdent: 'SFO', charts: 6, bytes: 1_500_000 }, { airport: 'KOAK', faaIdent: 'OAK', charts: 20, bytes: 4_000_000 }] };
    expect(platesRegionSize(region, 'all', new Set())).toEqual({ airports: ['KSFO', 'KOAK'], bytes: 5_500_000 });
    expect(platesRegionSize(region, 'selected', new Set(['OAK', 'KHWD']))).toEqual({ airports: ['KOAK'], bytes: 4_000_000 });
    expect(platesRegionSize(region, 'selected', new Set())).toEqual({ airports: [], bytes: 0 });
  });
});
