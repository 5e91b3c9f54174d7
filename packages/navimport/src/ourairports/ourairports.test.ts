import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yazl from 'yazl';
import { formatIssue, IssueCollector } from '../common/diagnostics.js';
import { memorySourceFile } from '../common/sourceFiles.js';
import { airportIdents, airportType, frequencyType, regionCode, surfaceClass } from './mapping.js';
import { readOurAirports, type OurAirportsData } from './readOurAirports.js';

const casesDir = fileURLToPath(new URL('../../cases/ourairports/', import.meta.url));
const update = process.env['UPDATE_GOLDEN'] === '1';

function snapshot(data: OurAirportsData, issues: IssueCollector, inputDir: string): unknown {
  const text = JSON.stringify(
    {
      files: data.files,
      tables: data.tables.map((t) => ({ file: t.file, rows: t.rows })),
      closedRunways: data.closedRunways,
      issues: issues.issues.map(formatIssue),
      airports: data.airports,
      navaids: data.navaids,
    },
    (key, value: unknown) => (typeof value === 'number' && key.endsWith('Deg') ? Math.round(value * 1e6) / 1e6 : value),
  );
  return JSON.parse(text.split(inputDir).join('<input>')) as unknown;
}

describe('OurAirports golden cases', () => {
  const names = readdirSync(casesDir).filter((n) => existsSync(join(casesDir, n, 'input')));
  it('has cases', () => expect(names.length).toBeGreaterThanOrEqual(1));
  for (const name of names) {
    it(name, async () => {
      const input = join(casesDir, name, 'input');
      const issues = new IssueCollector();
      const actual = snapshot(await readOurAirports(input, { issues }), issues, input);
      const expectedPath = join(casesDir, name, 'expected.json');
      if (update) writeFileSync(expectedPath, `${JSON.stringify(actual, null, 2)}\n`);
      expect(existsSync(expectedPath), `${expectedPath} is missing; run with UPDATE_GOLDEN=1 to write it`).toBe(true);
      expect(actual).toEqual(JSON.parse(readFileSync(expectedPath, 'utf8')));
    });
  }
});

describe('OurAirports mappings', () => {
  it('idents: FAA id first in the US, ICAO or GPS code elsewhere', () => {
    expect(airportIdents({ ident: 'KSFO', country: 'US', icao: 'KSFO', gps: 'KSFO', local: 'SFO' })).toEqual({ id: 'SFO', faaId: 'SFO', icaoId: 'KSFO' });
    expect(airportIdents({ ident: '00A', country: 'US', icao: null, gps: 'K00A', local: '00A' })).toEqual({ id: '00A', faaId: '00A', icaoId: null });
    expect(airportIdents({ ident: 'US-1234', country: 'US', icao: null, gps: null, local: null })).toEqual({ id: 'US-1234', faaId: null, icaoId: null });
    expect(airportIdents({ ident: 'EGLL', country: 'GB', icao: 'EGLL', gps: 'EGLL', local: null })).toEqual({ id: 'EGLL', faaId: null, icaoId: 'EGLL' });
    expect(airportIdents({ ident: 'BR-0135', country: 'BR', icao: null, gps: 'SD09', local: 'GO0402' })).toEqual({ id: 'SD09', faaId: null, icaoId: null });
    expect(airportIdents({ ident: 'TJSJ', country: 'PR', icao: 'TJSJ', gps: 'TJSJ', local: 'SJU' })).toEqual({ id: 'SJU', faaId: 'SJU', icaoId: 'TJSJ' });
  });
  it('types, regions, surfaces, frequency uses', () => {
    expect(['large_airport', 'medium_airport', 'small_airport', 'heliport', 'seaplane_base', 'balloonport', 'closed', 'spaceport', null].map(airportType)).toEqual([
      'airport', 'airport', 'airport', 'heliport', 'seaplane_base', 'balloonport', 'closed', 'other', 'other',
    ]);
    expect(['US-CA', 'GB-ENG', 'PR-U-A', null].map(regionCode)).toEqual(['CA', 'ENG', null, null]);
    expect(['ASP', 'Asphalt', 'CONC-G', 'ASPH/ CONC', 'PEM', 'BIT', 'concrete', 'MATS'].map(surfaceClass)).toEqual(Array(8).fill('H'));
    expect(['TURF', 'Grass', 'GRVL', 'DIRT', 'G', 'C', 'UNK', null].map(surfaceClass)).toEqual(Array(8).fill('S'));
    expect(['WATER', 'Water', 'WAT', 'WATER-E'].map(surfaceClass)).toEqual(Array(4).fill('W'));
    expect(['UNIC', 'twr', 'CTAF', 'A/D', null].map(frequencyType)).toEqual(['UNICOM', 'TWR', 'CTAF', 'A/D', 'OTHER']);
  });
});

describe('OurAirports bad input', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'navimport-oa-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('reports a missing column, a cut row and garbage with file and line, and does not throw', async () => {
    const header = '"id","ident","type","name","latitude_deg","longitude_deg","elevation_ft","iso_country"';
    const airports = [header, '1,"AAA","small_airport","A",1.5,2.5,10,"US"', 'garbage', '2,"BBB","heliport","B",x,3,,"US"', '3,"CCC","small_air'].join('\n');
    const issues = new IssueCollector();
    const data = await readOurAirports(
      [
        memorySourceFile('airports.csv', airports),
        memorySourceFile('runways.csv', '"id","airport_ref","airport_ident"\n9,1,"AAA"\n'),
      ],
      { issues },
    );
    expect(data.airports.map((a) => a.id)).toEqual(['AAA']);
    expect(issues.issues.map(formatIssue)).toEqual([
      'airports.csv:3: error: expected 8 fields, found 1 (row cut short or not CSV); row skipped',
      'airports.csv:4: warning: latitude_deg is not a number: "x"',
      'airports.csv:4: error: airport BBB has no valid position; row skipped',
      'airports.csv:5: error: file ends inside a quoted field (truncated?); record skipped',
      'runways.csv:1: error: runways.csv lacks required column le_ident; table skipped',
      'airport-frequencies.csv:0: warning: airport-frequencies.csv not found in the given files; its data is left out',
      'navaids.csv:0: warning: navaids.csv not found in the given files; its data is left out',
    ]);
  });

  it('reads the same from a zip as from the folder', async () => {
    const input = join(casesDir, 'world-sample', 'input');
    const zip = new yazl.ZipFile();
    for (const name of readdirSync(input)) zip.addBuffer(await readFile(join(input, name)), `ourairports/${name}`);
    zip.end();
    const chunks: Buffer[] = [];
    for await (const c of zip.outputStream) chunks.push(c as Buffer);
    const path = join(dir, 'ourairports.zip');
    await writeFile(path, Buffer.concat(chunks));
    const a = await readOurAirports(path, { issues: new IssueCollector() });
    const b = await readOurAirports(input, { issues: new IssueCollector() });
    expect(a.airports).toEqual(b.airports);
    expect(a.navaids).toEqual(b.navaids);
  });
});
