import { mkdtemp, rm, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yazl from 'yazl';
import { IssueCollector } from './diagnostics.js';
import { readLines, readLineBatches } from './lines.js';
import type { ImportProgress } from './progress.js';
import { findSourceFile, listSourceFiles, memorySourceFile } from './sourceFiles.js';

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

async function collect(input: NodeJS.ReadableStream | string, opts = {}): Promise<string[]> {
  const out: string[] = [];
  for await (const { line } of readLines(input, opts)) out.push(line);
  return out;
}

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'navimport-common-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('IssueCollector', () => {
  it('collects and counts', () => {
    const c = new IssueCollector();
    c.error('A.csv', 3, 'bad');
    c.warning('A.csv', 4, 'odd');
    c.warning('B.csv', 1, 'odd');
    expect(c.counts()).toEqual({ errors: 1, warnings: 2, total: 3 });
    expect(c.issues[0]).toEqual({ file: 'A.csv', line: 3, severity: 'error', message: 'bad' });
    expect(c.countsByFile().get('A.csv')).toEqual({ errors: 1, warnings: 1 });
  });
});

describe('readLines', () => {
  it('splits LF and CRLF, numbers from 1, keeps a last unterminated line, drops a BOM', async () => {
    const s = Readable.from([Buffer.from('\uFEFFa,b\r\nc'), Buffer.from('d\n\ne\r')]);
    const lines: { line: string; number: number }[] = [];
    for await (const l of readLines(s)) lines.push(l);
    expect(lines).toEqual([
      { line: 'a,b', number: 1 },
      { line: 'cd', number: 2 },
      { line: '', number: 3 },
      { line: 'e', number: 4 },
    ]);
  });

  it('decodes utf8 split across chunks and latin1 on request', async () => {
    const bytes = Buffer.from('Zürich\n', 'utf8');
    expect(await collect(Readable.from([bytes.subarray(0, 2), bytes.subarray(2)]))).toEqual(['Zürich']);
    expect(await collect(Readable.from([Buffer.from([0x5a, 0xfc, 0x72, 0x0a])]), { encoding: 'latin1' })).toEqual(['Zür']);
  });

  it('gunzips by magic bytes from a path and reports progress', async () => {
    const path = join(dir, 'x.dat.gz');
    await writeFile(path, gzipSync('one\ntwo\nthree\n'));
    const seen: ImportProgress[] = [];
    expect(await collect(path, { onProgress: (p: ImportProgress) => seen.push(p) })).toEqual(['one', 'two', 'three']);
    const last = seen[seen.length - 1];
    expect(last).toMatchObject({ file: 'x.dat.gz', records: 3 });
    expect(last?.bytesRead).toBe(last?.totalBytes);
    expect(await collect(path, { gzip: false })).not.toEqual(['one', 'two', 'three']);
  });

  it('reports a truncated gzip as an issue and keeps the lines before it', async () => {
    const gz = gzipSync(Array.from({ length: 5000 }, (_, i) => `line ${i}`).join('\n'));
    const issues = new IssueCollector();
    const lines = await collect(Readable.from([gz.subarray(0, gz.length - 20)]), { issues, file: 'cut.gz' });
    expect(lines.length).toBeGreaterThan(4000);
    expect(issues.issues).toHaveLength(1);
    expect(issues.issues[0]).toMatchObject({ file: 'cut.gz', severity: 'error' });
    expect(issues.issues[0]?.message).toMatch(/unexpected end of file/);
  });

  it('throws a read error without a collector and reports it with one', async () => {
    await expect(collect(join(dir, 'missing.csv'))).rejects.toThrow(/ENOENT/);
    const issues = new IssueCollector();
    expect(await collect(join(dir, 'missing.csv'), { issues })).toEqual([]);
    expect(issues.issues[0]).toMatchObject({ file: 'missing.csv', line: 1, severity: 'error' });
  });

  it('batches carry their first line number', async () => {
    const batches = [];
    for await (const b of readLineBatches(Readable.from([Buffer.from('a\nb\n'), Buffer.from('c\n')]))) batches.push(b);
    expect(batches).toEqual([
      { lines: ['a', 'b'], firstLine: 1 },
      { lines: ['c'], firstLine: 3 },
    ]);
  });
});

describe('listSourceFiles', () => {
  it('lists a folder recursively, zips inside it and a zip nested in a zip (the FAA layout)', async () => {
    const root = join(dir, 'tree');
    await mkdir(join(root, 'sub'), { recursive: true });
    await writeFile(join(root, 'a.txt'), 'A\n');
    await writeFile(join(root, 'sub', 'b.txt'), 'B\n');
    const inner = await zipBuffer([{ name: 'APT_BASE.csv', content: 'x\n1\n' }]);
    const outer = await zipBuffer([
      { name: 'CSV_Data/28DaySubscription_CSV.zip', content: inner },
      { name: 'README.txt', content: 'read me\n' },
    ]);
    await writeFile(join(root, 'sub', 'nasr.zip'), outer);
    const files = await listSourceFiles(root);
    expect(files.map((f) => f.name).sort()).toEqual(['APT_BASE.csv', 'README.txt', 'a.txt', 'b.txt']);
    const apt = findSourceFile(files, 'apt_base.csv');
    expect(apt?.path).toMatch(/nasr\.zip!\/CSV_Data\/28DaySubscription_CSV\.zip!\/APT_BASE\.csv$/);
    expect(apt?.size).toBe(4);
    expect(await collect(await apt!.open())).toEqual(['x', '1']);
    // open twice: each open is a fresh stream
    expect(await collect(await apt!.open())).toEqual(['x', '1']);
    const readme = findSourceFile(files, 'README.txt');
    expect(await collect(await readme!.open())).toEqual(['read me']);
  });

  it('reports a broken zip and a missing path when given a collector', async () => {
    const bad = join(dir, 'bad.zip');
    await writeFile(bad, 'this is not a zip');
    const issues = new IssueCollector();
    expect(await listSourceFiles(bad, { issues })).toEqual([]);
    expect(await listSourceFiles(join(dir, 'nowhere'), { issues })).toEqual([]);
    expect(issues.issues.map((i) => i.file)).toEqual(['bad.zip', 'nowhere']);
    await expect(listSourceFiles(bad)).rejects.toThrow();
  });

  it('memory source files open as streams', async () => {
    const f = memorySourceFile('m.csv', 'q\nr\n');
    expect(await collect(await f.open())).toEqual(['q', 'r']);
  });
});
