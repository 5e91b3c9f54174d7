import { Readable } from 'node:stream';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CsvRecordSplitter, openCsvTable, readCsvRecords, type ColumnSpec, type CsvRecord } from './csv.js';
import { IssueCollector } from './diagnostics.js';

function split(text: string): { records: CsvRecord[]; issues: IssueCollector } {
  const issues = new IssueCollector();
  const s = new CsvRecordSplitter('t.csv', issues);
  const records: CsvRecord[] = [];
  text.split('\n').forEach((line, i) => s.push(line, i + 1, records));
  s.end(records);
  return { records, issues };
}

/** RFC 4180 writing: quote when needed, double the quotes. */
function quote(field: string, always: boolean): string {
  return always || /[",\n]/.test(field) ? `"${field.replace(/"/g, '""')}"` : field;
}

describe('CsvRecordSplitter', () => {
  it('splits quoted, unquoted and empty fields, with "" escapes and trailing commas', () => {
    const { records, issues } = split('"a","b,c",,3.5,"say ""hi"""\nx,y,');
    expect(records).toEqual([
      { fields: ['a', 'b,c', '', '3.5', 'say "hi"'], line: 1 },
      { fields: ['x', 'y', ''], line: 2 },
    ]);
    expect(issues.issues).toEqual([]);
  });

  it('carries a quoted field over lines and numbers the record by its first line', () => {
    const { records } = split('1,"two\nlines",3\n4,5,6');
    expect(records).toEqual([
      { fields: ['1', 'two\nlines', '3'], line: 1 },
      { fields: ['4', '5', '6'], line: 3 },
    ]);
  });

  it('resyncs after a stray quote instead of swallowing the file', () => {
    const lines = ['1,"stray', ...Array.from({ length: 100 }, (_, i) => `${i},b,c`)];
    const { records, issues } = split(lines.join('\n'));
    expect(issues.issues).toEqual([
      { file: 't.csv', line: 1, severity: 'error', message: 'a quoted field runs over 64 lines (stray quote?); record skipped' },
    ]);
    expect(records).toHaveLength(100);
    expect(records[0]).toEqual({ fields: ['0', 'b', 'c'], line: 2 });
  });

  it('round-trips any table written as RFC 4180 (property)', () => {
    const field = fc.string({ unit: fc.constantFrom('a', 'Z', '9', ' ', ',', '"', '\n', 'é', '.', '-') , maxLength: 8 });
    fc.assert(
      fc.property(fc.array(fc.array(field, { minLength: 2, maxLength: 5 }), { minLength: 1, maxLength: 6 }), fc.boolean(), (rows, always) => {
        const text = rows.map((r) => r.map((f) => quote(f, always)).join(',')).join('\n');
        const { records, issues } = split(text);
        expect(issues.issues).toEqual([]);
        expect(records.map((r) => r.fields)).toEqual(rows);
      }),
      { numRuns: 500 },
    );
  });

  it('never throws on arbitrary text (property)', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('a', ',', '"', '\n', '\r', ' '), maxLength: 200 }), (text) => {
        expect(() => split(text)).not.toThrow();
      }),
      { numRuns: 500 },
    );
  });
});

describe('openCsvTable', () => {
  const open = (text: string, required: ColumnSpec[], issues = new IssueCollector()) =>
    openCsvTable(Readable.from([Buffer.from(text)]), { file: 'T.csv', issues, required });

  it('maps columns by name, case-insensitively, with alternative names', async () => {
    const t = await open('"EFF_DATE","freq","B"\n1,2,3\n', ['FREQ']);
    expect(t?.column('FREQ')).toBe(1);
    expect(t?.column(['FREQUENCY', 'freq'])).toBe(1);
    expect(t?.column('NOPE')).toBe(-1);
    const rows: CsvRecord[] = [];
    for await (const b of t!.rows()) rows.push(...b);
    expect(rows).toEqual([{ fields: ['1', '2', '3'], line: 2 }]);
  });

  it('reports every missing required column in one error and skips the table', async () => {
    const issues = new IssueCollector();
    expect(await open('A,B\n1,2\n', ['A', 'LAT_DECIMAL', ['LONG_DECIMAL', 'LON']], issues)).toBeNull();
    expect(issues.issues).toEqual([
      { file: 'T.csv', line: 1, severity: 'error', message: 'T.csv lacks required columns LAT_DECIMAL, LONG_DECIMAL or LON; table skipped' },
    ]);
  });

  it('reports an empty file', async () => {
    const issues = new IssueCollector();
    expect(await open('', ['A'], issues)).toBeNull();
    expect(issues.issues[0]?.message).toBe('T.csv is empty: no header row; table skipped');
  });

  it('reads records in batches from a stream', async () => {
    const text = 'a,b\n' + Array.from({ length: 50_000 }, (_, i) => `${i},"x${i}"`).join('\r\n');
    let n = 0;
    for await (const batch of readCsvRecords(Readable.from([Buffer.from(text)]), { file: 'big.csv', issues: new IssueCollector() })) n += batch.length;
    expect(n).toBe(50_001);
  });
});
