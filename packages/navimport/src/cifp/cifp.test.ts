import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yazl from 'yazl';
import { formatIssue, IssueCollector } from '../common/diagnostics.js';
import type { ImportProgress } from '../common/progress.js';
import { memorySourceFile } from '../common/sourceFiles.js';
import { reciprocalEnd } from './assemble.js';
import { altitudeFt, courseField, latitudeDeg, longitudeDeg, variationDeg } from './fields.js';
import type { RecordContext } from './fields.js';
import { readCifp } from './readCifp.js';
import { tacanChannel } from './records.js';

const AIRPORT = 'SUSAP KHWDK2AHWD     0     056YHN37393214W122071825E015000052         1800018000C    MNAR    HAYWARD EXECUTIVE             107981608';
const WAYPOINT = 'SUSAP KHWDK2CJOBUS K20    W     N37300471W121464565                       E0132     NAR           JOBUS                    108072002';
const LEG_IF = 'SUSAP KHWDK2FR28L  R      010JOBUSK2PC0E  I    IF                                 + 05700     18000                 A JS   108651310';
const LEG_HM = 'SUSAP KHWDK2FL28L  L      050OAK  K2D 0VE  R   HM                     1200T010    + 02100                           0 DS   108561907';
const HEADER = [
  'HDR01FAACIFP18      001P013203804972003  06-FEB-202013:41:57  U.S.A. DOT FAA                                                252E2B62',
  'HDR04                                 CODED INSTRUMENT FLIGHT PROCEDURES VOLUME 2003  EFFECTIVE 27 FEB 2020',
];
const FILE = [...HEADER, AIRPORT, WAYPOINT, LEG_IF, LEG_HM].join('\n') + '\n';

function ctx(): RecordContext & { issues: IssueCollector } {
  return { file: 'test', line: 1, issues: new IssueCollector() };
}

describe('ARINC 424 fields', () => {
  it('reads coordinates N/S DDMMSSss and E/W DDDMMSSss', () => {
    const c = ctx();
    expect(latitudeDeg(c, 'N37393214', 1)).toBeCloseTo(37 + 39 / 60 + 32.14 / 3600, 9);
    expect(latitudeDeg(c, 'S33551234', 1)).toBeCloseTo(-(33 + 55 / 60 + 12.34 / 3600), 9);
    expect(longitudeDeg(c, 'W122071825', 1)).toBeCloseTo(-(122 + 7 / 60 + 18.25 / 3600), 9);
    expect(longitudeDeg(c, 'E151104500', 1)).toBeCloseTo(151 + 10 / 60 + 45 / 3600, 9);
    expect(latitudeDeg(c, '         ', 1)).toBeNull();
    expect(c.issues.issues).toHaveLength(0);
    expect(latitudeDeg(c, 'N37693214', 1)).toBeNull();
    expect(longitudeDeg(c, 'X122071825', 1)).toBeNull();
    expect(c.issues.issues.map((i) => i.message)).toEqual([
      "latitude: cannot read 'N37693214' (columns ignored)",
      "longitude: cannot read 'X122071825' (columns ignored)",
    ]);
  });
  it('reads variation east positive, altitudes with flight levels, courses magnetic or true', () => {
    const c = ctx();
    expect(variationDeg(c, 'E0150', 1)).toBe(15);
    expect(variationDeg(c, 'W0124', 1)).toBe(-12.4);
    expect(variationDeg(c, 'T0000', 1)).toBe(0);
    expect(altitudeFt(c, '03700', 1)).toBe(3700);
    expect(altitudeFt(c, 'FL200', 1)).toBe(20000);
    expect(altitudeFt(c, '-0100', 1)).toBe(-100);
    expect(altitudeFt(c, 'UNKNN', 1)).toBeNull();
    expect(altitudeFt(c, '     ', 1)).toBeNull();
    expect(courseField(c, '2879', 1)).toEqual({ deg: 287.9, isTrue: false });
    expect(courseField(c, '123T', 1)).toEqual({ deg: 123, isTrue: true });
    expect(c.issues.issues).toHaveLength(0);
  });
  it('pairs runway designators and TACAN channels', () => {
    expect(['10L', '28R', '36', '18', '01C', '09', 'H1', '37'].map(reciprocalEnd)).toEqual(['28R', '10L', '18', '36', '19C', '27', null, null]);
    expect([108000, 108050, 112200, 112300, 113900, 115900, 117950, 118000, null].map(tacanChannel)).toEqual([
      '17X', '17Y', '59X', '70X', '86X', '106X', '126Y', null, null,
    ]);
  });
});

describe('readCifp', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'cifp-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('reads edition, effective date, a hold with a time and reports progress', async () => {
    const issues = new IssueCollector();
    const progress: ImportProgress[] = [];
    const data = await readCifp(memorySourceFile('FAACIFP18', FILE), { issues, onProgress: (p) => progress.push(p) });
    expect(data.edition).toBe('2003');
    expect(data.effective).toBe('2020-02-27');
    expect(data.airports.map((a) => [a.id, a.icaoId, a.faaId])).toEqual([['HWD', 'KHWD', 'HWD']]);
    expect(data.fixes[0]?.airportId).toBe('HWD');
    const [r, l] = data.procedures;
    expect(r?.transitions[0]?.legs[0]).toMatchObject({ fixId: 'JOBUS', fixKind: 'fix', altitudeDescription: '+', altitude1Ft: 5700 });
    expect(l?.transitions[0]?.legs[0]).toMatchObject({ pathTerminator: 'HM', turnDirection: 'R', courseDeg: 120, distanceNm: null, timeMin: 1, fixKind: 'unknown' });
    expect(issues.issues.map(formatIssue)).toEqual([
      'FAACIFP18:6: warning: dangling reference: KHWD APPROACH L28L (common) leg 50: OAK (section D, region K2) is not in the file',
    ]);
    expect(progress.at(-1)).toMatchObject({ file: 'FAACIFP18', records: 6 });
  });

  it('reads a gzipped file and a CIFP zip', async () => {
    const gz = join(dir, 'FAACIFP18.gz');
    await writeFile(gz, gzipSync(FILE));
    const zip = join(dir, 'CIFP_200227.zip');
    const z = new yazl.ZipFile();
    z.addBuffer(Buffer.from(FILE), 'CIFP_200227/FAACIFP18');
    z.addBuffer(Buffer.from('readme'), 'CIFP_200227/README.txt');
    z.end();
    const chunks: Buffer[] = [];
    for await (const c of z.outputStream) chunks.push(c as Buffer);
    await writeFile(zip, Buffer.concat(chunks));
    for (const path of [gz, zip]) {
      const issues = new IssueCollector();
      const data = await readCifp(path, { issues });
      expect(data.procedures.length, path).toBe(2);
      expect(issues.counts().errors, path).toBe(0);
    }
  });

  it('reports, never throws, for a missing file, an empty file, a zip without CIFP and a wrong header', async () => {
    const cases: [string | ReturnType<typeof memorySourceFile>, string][] = [
      [join(dir, 'nope', 'FAACIFP18'), 'cannot read'],
      [memorySourceFile('FAACIFP18', ''), 'no ARINC 424 records'],
      [memorySourceFile('FAACIFP18', 'HDR01XPLANE11       001P013203804972003\n'), "header names 'XPLANE11'"],
    ];
    const emptyZip = join(dir, 'empty.zip');
    const z = new yazl.ZipFile();
    z.addBuffer(Buffer.from('x'), 'other.txt');
    z.end();
    const chunks: Buffer[] = [];
    for await (const c of z.outputStream) chunks.push(c as Buffer);
    await writeFile(emptyZip, Buffer.concat(chunks));
    cases.push([emptyZip, 'no FAACIFP18 file']);
    for (const [input, message] of cases) {
      const issues = new IssueCollector();
      const data = await readCifp(input, { issues });
      expect(data.airports).toEqual([]);
      expect(issues.issues.map((i) => i.message).join('\n')).toContain(message);
    }
  });

  it('never throws on arbitrary or mutated lines, and every issue points at a line of the input', async () => {
    const real = [AIRPORT, WAYPOINT, LEG_IF, LEG_HM];
    const mutated = fc
      .tuple(fc.constantFrom(...real), fc.nat(131), fc.string({ minLength: 1, maxLength: 12 }))
      .map(([line, at, s]) => (line.slice(0, at) + s + line.slice(at + s.length)).slice(0, 140));
    await fc.assert(
      fc.asyncProperty(fc.array(fc.oneof(mutated, fc.string({ maxLength: 140 }), fc.constantFrom(...real)), { maxLength: 12 }), async (lines) => {
        const issues = new IssueCollector();
        const text = lines.join('\n');
        await readCifp(memorySourceFile('FAACIFP18', text), { issues });
        const count = text === '' ? 0 : text.split(/\r?\n/).length;
        for (const i of issues.issues) expect(i.line).toBeLessThanOrEqual(Math.max(count, 1));
      }),
      { numRuns: 150 },
    );
  });
});
