import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IssueCollector } from '../common/diagnostics.js';
import type { ImportProgress } from '../common/progress.js';
import { memorySourceFile } from '../common/sourceFiles.js';
import { readXPlane } from './readXPlane.js';

const sfBay = fileURLToPath(new URL('../../cases/xplane/sf-bay/input/', import.meta.url));
const FILES = ['apt.dat', 'nav.dat', 'fix.dat', 'awy.dat'] as const;

describe('readXPlane', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'xplane-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('reads gzipped files the same as plain ones, and reports progress per file', async () => {
    for (const f of FILES) await writeFile(join(dir, `${f}.gz`), gzipSync(await readFile(join(sfBay, f))));
    const plainIssues = new IssueCollector();
    const plain = await readXPlane(sfBay, { issues: plainIssues });
    const issues = new IssueCollector();
    const progress: ImportProgress[] = [];
    const gz = await readXPlane(dir, { issues, onProgress: (p) => progress.push(p) });
    expect(gz.files).toEqual(['fix.dat.gz', 'nav.dat.gz', 'awy.dat.gz', 'apt.dat.gz']);
    expect(gz.airports).toEqual(plain.airports.map((a) => ({ ...a, source: { ...a.source, file: 'apt.dat.gz' } })));
    expect(gz.airways.map((a) => a.points.map((p) => p.ident))).toEqual(plain.airways.map((a) => a.points.map((p) => p.ident)));
    expect(issues.counts()).toEqual(plainIssues.counts());
    expect([...new Set(progress.map((p) => p.file))]).toEqual(['fix.dat.gz', 'nav.dat.gz', 'awy.dat.gz', 'apt.dat.gz']);
  });

  it('takes files one by one, as paths or source files', async () => {
    const issues = new IssueCollector();
    const data = await readXPlane(
      { nav: join(sfBay, 'nav.dat'), fix: memorySourceFile('fix.dat', await readFile(join(sfBay, 'fix.dat'))) },
      { issues },
    );
    expect(data.airports).toEqual([]);
    expect(data.navaids.map((n) => `${n.id} ${n.type}`)).toContain('OAK VORTAC');
    expect(data.fixes).toHaveLength(9);
    expect(issues.issues).toEqual([]);
  });

  it('reports, never throws, for a missing folder or file', async () => {
    const issues = new IssueCollector();
    const data = await readXPlane(join(dir, 'missing'), { issues });
    expect(data.airports).toEqual([]);
    expect(issues.counts().errors).toBeGreaterThan(0);
    const issues2 = new IssueCollector();
    await readXPlane({ apt: join(dir, 'missing.dat') }, { issues: issues2 });
    expect(issues2.issues.map((i) => i.message).join('\n')).toContain('cannot read');
  });

  it('never throws on arbitrary rows, and every issue points at a line of the input', async () => {
    const headers: Record<(typeof FILES)[number], string> = {
      'apt.dat': 'I\n1000 Version - test\n',
      'nav.dat': 'I\n810 Version - test\n',
      'fix.dat': 'I\n600 Version - test\n',
      'awy.dat': 'I\n640 Version - test\n',
    };
    const realRows = {
      'apt.dat': (await readFile(join(sfBay, 'apt.dat'), 'latin1')).split('\n').slice(3, -2),
      'nav.dat': (await readFile(join(sfBay, 'nav.dat'), 'latin1')).split('\n').slice(2, -2),
      'fix.dat': (await readFile(join(sfBay, 'fix.dat'), 'latin1')).split('\n').slice(3, -2),
      'awy.dat': (await readFile(join(sfBay, 'awy.dat'), 'latin1')).split('\n').slice(3, -2),
    };
    for (const file of FILES) {
      const row = fc.oneof(
        fc.constantFrom(...realRows[file]),
        fc.constantFrom(...realRows[file]).chain((r) => fc.nat(Math.max(0, r.length - 1)).map((n) => r.slice(0, n))),
        fc.string({ maxLength: 80 }),
        fc.array(fc.oneof(fc.integer({ min: -200, max: 200000 }).map(String), fc.constantFrom('1', '100', '10', 'xxx', '-', 'ABC')), { maxLength: 30 }).map((t) => t.join(' ')),
      );
      await fc.assert(
        fc.asyncProperty(fc.array(row, { maxLength: 15 }), fc.boolean(), async (rows, withEnd) => {
          const text = headers[file] + rows.join('\n') + (withEnd ? '\n99\n' : '\n');
          const issues = new IssueCollector();
          await readXPlane({ [file.slice(0, 3)]: memorySourceFile(file, Buffer.from(text, 'latin1')) }, { issues });
          const count = text.split('\n').length;
          for (const i of issues.issues) expect(i.line).toBeLessThanOrEqual(count);
        }),
        { numRuns: 60 },
      );
    }
  });
});
