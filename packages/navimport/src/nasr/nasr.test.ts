import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import yazl from 'yazl';
import { formatIssue, IssueCollector } from '../common/diagnostics.js';
import type { ImportProgress } from '../common/progress.js';
import { memorySourceFile } from '../common/sourceFiles.js';
import { endIdsOf, nasrSurfaceClass } from './airports.js';
import { airwayKind } from '@clearway/navdb';
import { frequencyKhz, frequencyType } from './frequencies.js';
import { readNasr, type NasrData } from './readNasr.js';
import { nasrDate, signedVariation, splitSiteNo } from './table.js';

const casesDir = fileURLToPath(new URL('../../cases/nasr/', import.meta.url));
const update = process.env['UPDATE_GOLDEN'] === '1';

/** The bytes of a zip holding `members`, built with yazl. */
function zipBuffer(members: { name: string; content: string | Buffer }[]): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const m of members) zip.addBuffer(Buffer.isBuffer(m.content) ? m.content : Buffer.from(m.content), m.name);
  zip.end();
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    zip.outputStream.on('data', (c: Buffer) => chunks.push(c));
    zip.outputStream.on('error', reject);
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
  });
}

/** What a golden case pins: the data with coordinates to 1e-6 degree, and every issue. */
function snapshot(data: NasrData, issues: IssueCollector, inputDir: string): unknown {
  const text = JSON.stringify(
    {
      edition: data.edition,
      files: data.files,
      tables: data.tables.map((t) => ({ file: t.file, rows: t.rows, effective: t.effective })),
      counts: {
        airports: data.airports.length,
        runways: data.airports.reduce((n, a) => n + a.runways.length, 0),
        navaids: data.navaids.length,
        fixes: data.fixes.length,
        airways: data.airways.length,
      },
      issues: issues.issues.map(formatIssue),
      airports: data.airports,
      navaids: data.navaids,
      fixes: data.fixes,
      airways: data.airways,
    },
    (key, value: unknown) => (typeof value === 'number' && key.endsWith('Deg') ? Math.round(value * 1e6) / 1e6 : value),
  );
  return JSON.parse(text.split(inputDir).join('<input>')) as unknown;
}

describe('NASR golden cases', () => {
  const names = readdirSync(casesDir).filter((n) => existsSync(join(casesDir, n, 'input')));
  it('has cases', () => expect(names.length).toBeGreaterThanOrEqual(5));
  for (const name of names) {
    it(name, async () => {
      const input = join(casesDir, name, 'input');
      const issues = new IssueCollector();
      const data = await readNasr(input, { issues });
      const actual = snapshot(data, issues, input);
      const expectedPath = join(casesDir, name, 'expected.json');
      if (update) writeFileSync(expectedPath, `${JSON.stringify(actual, null, 2)}\n`);
      expect(existsSync(expectedPath), `${expectedPath} is missing; run with UPDATE_GOLDEN=1 to write it`).toBe(true);
      expect(actual).toEqual(JSON.parse(readFileSync(expectedPath, 'utf8')));
    });
  }
});

describe('NASR mappings', () => {
  it('surface classes', () => {
    expect(['ASPH', 'CONC', 'PEM', 'BRICK', 'ASPH-TURF', 'CONC-GRVL', 'ROOF-TOP', 'ASPH/GRVL', 'MATS'].map(nasrSurfaceClass)).toEqual(Array(9).fill('H'));
    expect(['TURF', 'DIRT', 'GRVL', 'TURF-ASPH', 'TRTD', 'SNOW', null].map(nasrSurfaceClass)).toEqual(Array(7).fill('S'));
    expect(nasrSurfaceClass('WATER')).toBe('W');
  });
  it('airway kinds from the id', () => {
    expect(['V25', 'J80', 'T257', 'Q100', 'A16', 'B9', 'G13', 'AR1', 'V'].map(airwayKind)).toEqual(['V', 'J', 'T', 'Q', 'OTHER', 'OTHER', 'OTHER', 'OTHER', 'OTHER']);
  });
  it('frequency uses and values', () => {
    expect(['LCL/P', 'GND/S', 'CD/P', 'APCH/P DEP/P', 'DEP/P', 'D-ATIS', 'CTAF', 'UNICOM', 'emerg', 'PMSV'].map(frequencyType)).toEqual([
      'TWR', 'GND', 'CLD', 'APP', 'DEP', 'ATIS', 'CTAF', 'UNICOM', 'EMERG', 'PMSV',
    ]);
    expect(frequencyKhz('118.3')).toBe(118300);
    expect(frequencyKhz('122.975 ;')).toBe(122975);
    expect(frequencyKhz('365')).toBe(365000);
    expect(frequencyKhz('2182')).toBe(2182);
    expect(frequencyKhz('N/A')).toBeNull();
  });
  it('site numbers, dates, variation, runway end ids', () => {
    expect(splitSiteNo('00128.*A', null)).toEqual({ base: '00128.', type: 'A' });
    expect(splitSiteNo('23747.31', 'H')).toEqual({ base: '23747.31', type: 'H' });
    expect(splitSiteNo('00108.', null)).toEqual({ base: '00108.', type: null });
    expect(nasrDate('2025/09/04')).toBe('2025-09-04');
    expect(nasrDate('soon')).toBeNull();
    expect(signedVariation(4, 'W')).toBe(-4);
    expect(signedVariation(10, 'E')).toBe(10);
    expect(signedVariation(null, 'E')).toBeNull();
    expect(endIdsOf('06L/24R')).toEqual(['06L', '24R']);
    expect(endIdsOf('H1')).toEqual(['H1']);
  });
});

describe('NASR from zips', () => {
  let dir: string;
  const alabama = join(casesDir, 'alabama', 'input');
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'navimport-nasr-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  async function alabamaMembers(): Promise<{ name: string; content: Buffer }[]> {
    return Promise.all(readdirSync(alabama).map(async (name) => ({ name, content: await readFile(join(alabama, name)) })));
  }

  it('reads the FAA subscription layout: a CSV zip inside the zip, other zips left closed', async () => {
    const csvZip = await zipBuffer(await alabamaMembers());
    const notCsv = await zipBuffer([{ name: 'APT_BASE.csv', content: 'not,the,one\n' }]);
    const outer = await zipBuffer([
      { name: 'CSV_Data/04_Sep_2025_CSV.zip', content: csvZip },
      { name: 'Additional_Data/Shape_Files.zip', content: notCsv },
      { name: 'Read_me.txt', content: 'FAA NASR subscription\n' },
    ]);
    const path = join(dir, '28DaySubscription_Effective_2025-09-04.zip');
    await writeFile(path, outer);

    const fromZipIssues = new IssueCollector();
    const seen: ImportProgress[] = [];
    const fromZip = await readNasr(path, { issues: fromZipIssues, onProgress: (p) => seen.push(p) });
    const fromFolderIssues = new IssueCollector();
    const fromFolder = await readNasr(alabama, { issues: fromFolderIssues });

    expect(fromZip.airports).toEqual(fromFolder.airports);
    expect(fromZip.navaids).toEqual(fromFolder.navaids);
    expect(fromZip.fixes).toEqual(fromFolder.fixes);
    expect(fromZip.airways).toEqual(fromFolder.airways);
    expect(fromZip.tables[0]?.path).toContain('!/CSV_Data/04_Sep_2025_CSV.zip!/');
    expect(fromZipIssues.issues.map((i) => i.message)).toEqual(fromFolderIssues.issues.map((i) => i.message));

    // Progress: every table reported, ending with all its bytes read.
    for (const t of fromZip.files) {
      const last = seen.filter((p) => p.file === t).pop();
      expect(last?.bytesRead).toBe(last?.totalBytes);
    }
  });

  it('reports a zip without the NASR tables, and does not throw', async () => {
    const path = join(dir, 'empty.zip');
    await writeFile(path, await zipBuffer([{ name: 'README.txt', content: 'nothing here\n' }]));
    const issues = new IssueCollector();
    const data = await readNasr(path, { issues });
    expect(data.airports).toEqual([]);
    const errors = issues.issues.filter((i) => i.severity === 'error');
    expect(errors.map((i) => i.file)).toEqual(['NAV_BASE.csv', 'FIX_BASE.csv', 'APT_BASE.csv']);
    expect(errors[0]?.message).toBe(`NAV_BASE.csv not found in ${path}`);
    expect(issues.issues.filter((i) => i.severity === 'warning').map((i) => i.file)).toEqual(['AWY_SEG_ALT.csv', 'AWY_BASE.csv']);
  });

  it('reports a corrupt zip and a missing path, and does not throw', async () => {
    const path = join(dir, 'cut.zip');
    const whole = await zipBuffer(await alabamaMembers());
    await writeFile(path, whole.subarray(0, Math.floor(whole.length / 2)));
    const issues = new IssueCollector();
    await expect(readNasr(path, { issues })).resolves.toMatchObject({ airports: [] });
    expect(issues.issues[0]).toMatchObject({ file: 'cut.zip', line: 0, severity: 'error' });
    const missing = new IssueCollector();
    await readNasr(join(dir, 'nowhere'), { issues: missing });
    expect(missing.issues[0]).toMatchObject({ file: 'nowhere', severity: 'error' });
  });
});

describe('NASR on arbitrary input', () => {
  const header = readFileSync(join(casesDir, 'alabama', 'input', 'APT_BASE.csv'), 'utf8').split('\n')[0] ?? '';
  const row = readFileSync(join(casesDir, 'alabama', 'input', 'APT_BASE.csv'), 'utf8').split('\n')[3] ?? '';
  it('never throws, whatever the rows hold (property)', async () => {
    const line = fc.oneof(
      fc.string({ unit: fc.constantFrom('a', '1', ',', '"', '.', '-', ' ', '*'), maxLength: 120 }),
      // A real row with a random cut or a random character changed.
      fc.nat({ max: row.length }).map((n) => row.slice(0, n)),
      fc.tuple(fc.nat({ max: row.length - 1 }), fc.constantFrom('"', ',', 'x', '')).map(([i, c]) => row.slice(0, i) + c + row.slice(i + 1)),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(line, { maxLength: 8 }), async (lines) => {
        const issues = new IssueCollector();
        const text = [header, ...lines].join('\n');
        const data = await readNasr([memorySourceFile('APT_BASE.csv', text), memorySourceFile('APT_RWY.csv', text)], { issues });
        for (const a of data.airports) {
          expect(Number.isFinite(a.latDeg) && Math.abs(a.latDeg) <= 90).toBe(true);
          expect(Number.isFinite(a.lonDeg) && Math.abs(a.lonDeg) <= 180).toBe(true);
        }
        for (const i of issues.issues) expect(i.line).toBeGreaterThanOrEqual(0);
      }),
      { numRuns: 200 },
    );
  });
});

describe('NASR airways', () => {
  const fixes = memorySourceFile(
    'FIX_BASE.csv',
    ['EFF_DATE,FIX_ID,ICAO_REGION_CODE,STATE_CODE,COUNTRY_CODE,LAT_DECIMAL,LONG_DECIMAL,FIX_USE_CODE', '2025/09/04,AAA,K6,TX,US,30,-100,RP', '2025/09/04,BBB,K6,TX,US,31,-99,WP', '2025/09/04,CCC,PA,AK,US,60,-150,RP'].join('\n'),
  );
  const navaids = memorySourceFile(
    'NAV_BASE.csv',
    ['NAV_ID,NAV_TYPE,STATE_CODE,LAT_DECIMAL,LONG_DECIMAL,FREQ', 'ABC,VORTAC,TX,30.5,-99.5,113.9', 'ABC,NDB,AK,61,-151,365'].join('\n'),
  );
  const seg = (rows: string[]) =>
    memorySourceFile('AWY_SEG_ALT.csv', ['AWY_LOCATION,AWY_ID,POINT_SEQ,FROM_POINT,FROM_PT_TYPE,STATE_CODE,TO_POINT,AWY_SEG_GAP_FLAG,MIN_ENROUTE_ALT,GPS_MIN_ENROUTE_ALT', ...rows].join('\n'));

  it('orders points by POINT_SEQ, tells navaids of one ident apart, keeps Alaska apart, and builds AIRWAY_STRING airways', async () => {
    const issues = new IssueCollector();
    const data = await readNasr(
      [
        fixes,
        navaids,
        seg([' ,V1,30,BBB,REP-PT,TX,,N,,', ' ,V1,10,AAA,REP-PT,TX,ABC,N,3000,', ' ,V1,20,ABC,VORTAC,TX,BBB,Y,,2500', 'A,V1,10,ABC,NDB,AK,CCC,N,5000,', 'A,V1,20,CCC,REP-PT,AK,,N,,']),
        memorySourceFile('AWY_BASE.csv', ['AWY_LOCATION,AWY_ID,AIRWAY_STRING', ' ,J5,AAA BBB ZZZ', ' ,V1,AAA ABC BBB'].join('\n')),
      ],
      { issues },
    );
    expect(data.airways.map((a) => [a.id, a.kind, a.points.map((p) => `${p.ident}:${p.kind}:${p.latDeg}:${p.meaFt}:${p.gapAfter}`)])).toEqual([
      ['V1', 'V', ['AAA:fix:30:3000:false', 'ABC:navaid:30.5:2500:true', 'BBB:fix:31:null:false']],
      ['V1', 'V', ['ABC:navaid:61:5000:false', 'CCC:fix:60:null:false']],
      ['J5', 'J', ['AAA:fix:30:null:false', 'BBB:fix:31:null:false', 'ZZZ:unknown:null:null:false']],
    ]);
    expect(issues.issues.filter((i) => i.file.startsWith('AWY')).map(formatIssue)).toEqual([
      'AWY_BASE.csv:2: warning: airway J5 point ZZZ is not a known navaid, fix or airport',
    ]);
    expect(data.navaids.map((n) => n.frequencyKhz)).toEqual([113900, 365]);
  });
});
