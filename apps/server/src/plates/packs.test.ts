import { createHash } from 'node:crypto';
import { copyFile, mkdir, readFile, stat, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeNavDb, type Airport } from '@clearway/navdb';
import { sampleNavDataSet } from '@clearway/navdb/testing';
import {
  parsePlatesPackHeader,
  platesPackEntrySchema,
  platesPackHeaderLength,
  platesPackIndexSchema,
  PLATES_PACK_PREFIX_BYTES,
  type PlateAirportList,
  type PlatesPackEntry,
} from '@clearway/protocol';
import { migrateToLatest, openDatabase, type Database } from '../db/index.js';
import { POSTGRES_SKIP_REASON, TEST_DATABASE_URL, createScratchSchema } from '../testing/postgres.js';
import { requireService } from '../testing/skips.js';
import { makeTempDir, removeTempDir } from '../testing/testApp.js';
import { importPlates, navdbAirportPositions, OLD_CYCLE_PACKS_KEPT_MS, PathPlatesSource, platesRoutes } from './index.js';
import { PACK_PRUNE_INTERVAL_MS } from './routes.js';
import { SHARED_KSBP_DTPP, SHARED_KSFO_PLATES, writeKsfoDtpp } from './testFixtures.js';

const KSBP_PDF = '00989R11.PDF';

/** A nav database holding the navdb sample plus KSFO and KSBP where FAA NASR puts them. */
function navdbBytes(): Uint8Array {
  const data = sampleNavDataSet();
  const base = data.airports[0];
  if (!base) throw new Error('the navdb sample has no airport');
  const airport = (id: string, icaoId: string, name: string, latDeg: number, lonDeg: number): Airport => ({ ...base, id, faaId: id, icaoId, name, latDeg, lonDeg, runways: [], frequencies: [] });
  data.airports.push(airport('SFO', 'KSFO', 'SAN FRANCISCO INTL', 37.6188, -122.3754), airport('SBP', 'KSBP', 'SAN LUIS COUNTY RGNL', 35.2368, -120.6424));
  return encodeNavDb(data);
}

/**
 * A d-TPP folder of the shared KSFO plates (metafile written in the FAA's format) plus KSBP's one
 * real PDF of the shared excerpt, as a second airport of the same cycle.
 */
async function writeDtpp(folder: string): Promise<void> {
  await writeKsfoDtpp(folder);
  const metafile = join(folder, 'xml_data', 'd-tpp_Metafile.xml');
  const ksbp = `        <city_name ID="SAN LUIS OBISPO" volume="SW-3">
            <airport_name ID="SAN LUIS COUNTY RGNL" military="N" apt_ident="SBP" icao_ident="KSBP" alnum="989">
                <record>
                    <chartseq>53525</chartseq>
                    <chart_code>IAP</chart_code>
                    <chart_name>RNAV (GPS) RWY 11</chart_name>
                    <useraction>C</useraction>
                    <pdf_name>${KSBP_PDF}</pdf_name>
                    <faanfd18>R11</faanfd18>
                    <amdtnum></amdtnum>
                    <amdtdate></amdtdate>
                </record>
            </airport_name>
        </city_name>
    </state_code>`;
  await writeFile(metafile, (await readFile(metafile, 'utf8')).replace('    </state_code>', ksbp));
  await copyFile(join(SHARED_KSBP_DTPP, KSBP_PDF), join(folder, KSBP_PDF));
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

function packsSuite(open: () => Promise<{ db: Database; dispose: () => Promise<void> }>): void {
  let dir: string;
  let db: Database;
  let dispose: () => Promise<void>;
  let app: FastifyInstance;
  let ksfoBytes: number;

  beforeAll(async () => {
    dir = await makeTempDir('clearway-plate-packs-');
    await writeDtpp(join(dir, 'dtpp'));
    await mkdir(join(dir, 'navdata', 'dev'), { recursive: true });
    await writeFile(join(dir, 'navdata', 'dev', 'us.cwnav'), navdbBytes());
    ({ db, dispose } = await open());
    await migrateToLatest(db);
    const report = await importPlates({ db, platesDir: join(dir, 'plates'), source: new PathPlatesSource(join(dir, 'dtpp')) });
    expect(report).toMatchObject({ cycle: '1413', charts: 7, pdfs: 7 });
    const ksfoNames = ['CA-SFO-HOT-SPOT.pdf', 'CA-SFO-ILS-OR-LOC-RWY-28L.pdf', 'CA-SFO-RNAV-GPS-RWY-28L.pdf', 'CA-SFO-VOR-RWY-19L.pdf', 'CA-SFO-AIRPORT-DIAGRAM.pdf', 'CA-SFO-GAP-FIVE.pdf'];
    ksfoBytes = (await Promise.all(ksfoNames.map((name) => stat(join(SHARED_KSFO_PLATES, name))))).reduce((sum, s) => sum + s.size, 0);
    app = Fastify();
    // The cycle 1413 (from 11 December 2014) is served at any clock: it is the only one.
    await app.register(platesRoutes, { db, platesDir: join(dir, 'plates'), airportPositions: navdbAirportPositions(join(dir, 'navdata'), ['current', 'dev']) });
  });

  afterAll(async () => {
    await app?.close();
    await dispose?.();
    await removeTempDir(dir);
  });

  it('lists each chart region with its plate airports and their PDF bytes, placed by the nav database', async () => {
    const response = await app.inject({ method: 'GET', url: '/plates/packs/index.json' });
    expect(response.statusCode).toBe(200);
    expect(response.headers.etag).toMatch(/^"/);
    const index = platesPackIndexSchema.parse(response.json());
    const ksbpBytes = (await stat(join(SHARED_KSBP_DTPP, KSBP_PDF))).size;
    expect(index).toEqual({
      version: 1, cycle: '1413', effectiveFrom: '2014-12-11T09:01:00.000Z', effectiveTo: '2015-01-08T09:01:00.000Z',
      regions: [
        { code: 'Los_Angeles', name: 'Los Angeles', airports: [{ airport: 'KSBP', faaIdent: 'SBP', charts: 1, bytes: ksbpBytes }] },
        { code: 'San_Francisco', name: 'San Francisco', airports: [{ airport: 'KSFO', faaIdent: 'SFO', charts: 6, bytes: ksfoBytes }] },
      ],
      unplaced: [],
    });
  });

  it('builds the region pack of all airports: the lists as the airport endpoint gives them and every PDF whole, resumable with Range', async () => {
    const response = await app.inject({ method: 'POST', url: '/plates/packs', payload: { region: 'San_Francisco', strategy: 'all' } });
    expect(response.statusCode).toBe(200);
    const entry = platesPackEntrySchema.parse(response.json());
    expect(entry).toMatchObject({ region: 'San_Francisco', cycle: '1413', strategy: 'all', airports: ['KSFO'] });
    expect(entry.url).toMatch(/^\/plates\/packs\/1413\/San_Francisco\.all-[0-9a-f]{12}\.cwplates$/);

    const file = await app.inject({ method: 'GET', url: entry.url });
    expect(file.statusCode).toBe(200);
    const bytes = file.rawPayload;
    expect(bytes.length).toBe(entry.bytes);
    expect(sha256(bytes)).toBe(entry.sha256);
    expect(file.headers.etag).toBe(entry.etag);

    const headerBytes = platesPackHeaderLength(bytes.subarray(0, PLATES_PACK_PREFIX_BYTES));
    if (typeof headerBytes === 'string') throw new Error(headerBytes);
    const header = parsePlatesPackHeader(bytes.subarray(PLATES_PACK_PREFIX_BYTES, PLATES_PACK_PREFIX_BYTES + headerBytes).toString('utf8'));
    if (typeof header === 'string') throw new Error(header);
    const online = (await app.inject({ method: 'GET', url: '/plates/airports/KSFO' })).json<PlateAirportList>();
    expect(header.airports).toEqual([online]);
    const data = PLATES_PACK_PREFIX_BYTES + headerBytes;
    expect(Object.keys(header.files).sort()).toEqual(online.charts.map((chart) => chart.pdfName).sort());
    for (const [name, place] of Object.entries(header.files)) {
      const original = await readFile(join(SHARED_KSFO_PLATES, name));
      const inPack = bytes.subarray(data + place.offset, data + place.offset + place.bytes);
      expect(inPack.equals(original)).toBe(true);
      expect(place.sha256).toBe(sha256(original));
    }
    expect(data + ksfoBytes).toBe(bytes.length);

    // A resumed download: the rest from byte 1000, while the ETag still matches.
    const rest = await app.inject({ method: 'GET', url: entry.url, headers: { range: 'bytes=1000-', 'if-range': entry.etag } });
    expect(rest.statusCode).toBe(206);
    expect(rest.rawPayload.equals(bytes.subarray(1000))).toBe(true);

    // Asked again: the same file, not a second build.
    const again = platesPackEntrySchema.parse((await app.inject({ method: 'POST', url: '/plates/packs', payload: { region: 'San_Francisco', strategy: 'all' } })).json());
    expect(again).toEqual(entry);
  });

  it('builds the pack of the selected airports of a region only, and says which were not there', async () => {
    const response = await app.inject({ method: 'POST', url: '/plates/packs', payload: { region: 'Los_Angeles', strategy: 'selected', airports: ['ksfo', 'SBP', 'KHWD'] } });
    expect(response.statusCode).toBe(200);
    const entry: PlatesPackEntry = platesPackEntrySchema.parse(response.json());
    expect(entry.airports).toEqual(['KSBP']);
    expect(entry.url).toMatch(/^\/plates\/packs\/1413\/Los_Angeles\.sel-[0-9a-f]{12}\.cwplates$/);
    const bytes = (await app.inject({ method: 'GET', url: entry.url })).rawPayload;
    expect(sha256(bytes)).toBe(entry.sha256);
    const pdf = await readFile(join(SHARED_KSBP_DTPP, KSBP_PDF));
    expect(bytes.subarray(bytes.length - pdf.length).equals(pdf)).toBe(true);

    const none = await app.inject({ method: 'POST', url: '/plates/packs', payload: { region: 'Los_Angeles', strategy: 'selected', airports: ['KSFO'] } });
    expect(none.statusCode).toBe(404);
    expect(none.json()).toEqual({ error: 'None of KSFO has plates in Los Angeles in d-TPP cycle 1413' });
  });

  it('refuses bad requests saying what and where', async () => {
    const post = (payload: unknown) => app.inject({ method: 'POST', url: '/plates/packs', payload: payload as object });
    const badIdent = await post({ region: 'San_Francisco', strategy: 'selected', airports: ['K SFO'] });
    expect(badIdent.statusCode).toBe(400);
    expect(badIdent.json()).toEqual({ error: 'Not a plate pack request: airports.0: must be an airport ident (2 to 5 letters or digits)' });
    const noAirports = await post({ region: 'San_Francisco', strategy: 'selected' });
    expect(noAirports.json()).toEqual({ error: 'Not a plate pack request: airports: the selected strategy needs at least one airport' });
    const unknown = await post({ region: 'Atlantis', strategy: 'all' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: 'Unknown chart region "Atlantis": the regions are listed at /plates/packs/index.json' });
    const empty = await post({ region: 'Seattle', strategy: 'all' });
    expect(empty.json()).toEqual({ error: 'No airport with plates in Seattle in d-TPP cycle 1413' });
    const missing = await app.inject({ method: 'GET', url: '/plates/packs/1413/Seattle.all-000000000000.cwplates' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ error: 'No plate pack Seattle.all-000000000000.cwplates of d-TPP cycle 1413: ask for it with POST /plates/packs first' });
  });

  it('lists airports as unplaced when there is no nav database', async () => {
    const bare = Fastify();
    await bare.register(platesRoutes, { db, platesDir: join(dir, 'plates'), airportPositions: navdbAirportPositions(join(dir, 'none'), ['current']) });
    try {
      const index = platesPackIndexSchema.parse((await bare.inject({ method: 'GET', url: '/plates/packs/index.json' })).json());
      expect(index.regions).toEqual([]);
      expect(index.unplaced).toEqual(['KSBP', 'KSFO']);
    } finally {
      await bare.close();
    }
  });

  it('looks over the packs folder when ready and after a build, at most every 10 minutes: another cycle\'s old packs go, the served ones stay', async () => {
    const packsDir = join(dir, 'plates', '_packs');
    const first = await oldCycleFolder(packsDir, '1300');
    let clock = Date.now();
    const own = Fastify();
    await own.register(platesRoutes, { db, platesDir: join(dir, 'plates'), now: () => clock, airportPositions: navdbAirportPositions(join(dir, 'navdata'), ['current', 'dev']) });
    try {
      await own.ready();
      await expect.poll(() => exists(first), { timeout: 5_000 }).toBe(false);
      const second = await oldCycleFolder(packsDir, '1301');
      const build = async () => platesPackEntrySchema.parse((await own.inject({ method: 'POST', url: '/plates/packs', payload: { region: 'San_Francisco', strategy: 'selected', airports: ['KSFO'] } })).json());
      await build();
      // Within the interval the folder is not looked at again.
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(await exists(second)).toBe(true);
      clock += PACK_PRUNE_INTERVAL_MS + 1_000;
      const entry = await build();
      await expect.poll(() => exists(second), { timeout: 5_000 }).toBe(false);
      expect(await exists(join(packsDir, '1413', entry.url.split('/').at(-1) ?? ''))).toBe(true);
    } finally {
      await own.close();
    }
  });
}

/** A pack folder of another cycle, last written two days ago. */
async function oldCycleFolder(packsDir: string, cycle: string): Promise<string> {
  const folder = join(packsDir, cycle);
  await mkdir(folder, { recursive: true });
  const pack = join(folder, 'San_Francisco.all-aaaaaaaaaaaa.cwplates');
  await writeFile(pack, 'an old pack');
  const then = new Date(Date.now() - 2 * OLD_CYCLE_PACKS_KEPT_MS);
  await utimes(pack, then, then);
  await utimes(folder, then, then);
  return folder;
}

const exists = (path: string) => stat(path).then(() => true, () => false);

describe('plate packs (offline downloads per chart region) on SQLite', () => {
  packsSuite(async () => {
    const db = openDatabase({ dialect: 'sqlite', path: ':memory:' });
    return { db, dispose: () => db.close() };
  });
});

describe('plate packs on PostgreSQL', { tags: ['postgres'] }, () => {
  it('has a server to test against', (context) => requireService(context, 'postgres', TEST_DATABASE_URL !== undefined, POSTGRES_SKIP_REASON));
  describe.skipIf(TEST_DATABASE_URL === undefined)('on TEST_DATABASE_URL', () => {
    packsSuite(async () => {
      const scratch = await createScratchSchema(TEST_DATABASE_URL ?? '');
      const db = openDatabase({ dialect: 'postgres', url: scratch.url });
      return { db, dispose: async () => {
        await db.close();
        await scratch.drop();
      } };
    });
  });
});
