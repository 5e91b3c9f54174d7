/**
 * The FAA CIFP reader: a FAACIFP18 file (ARINC 424-18, 132-column records) streamed line by line
 * into airports with runways, navaids, fixes, airways and procedures. Data problems become issues
 * with the file and line; nothing here throws for bad input.
 */
import { basename } from 'node:path';
import type { IssueCollector } from '../common/diagnostics.js';
import { readLineBatches } from '../common/lines.js';
import { listSourceFiles } from '../common/sourceFiles.js';
import type { SourceFile } from '../common/sourceFiles.js';
import { assembleCifp } from './assemble.js';
import type { CifpRecords } from './assemble.js';
import { readAirwayPoint } from './airways.js';
import type { RecordContext } from './fields.js';
import { readLeg } from './procedures.js';
import { continuationOf, isContinuation, readAirport, readNdb, readRunwayEnd, readVhfNavaid, readWaypoint, sectionOf } from './records.js';
import type { CifpData, CifpStats, ReadCifpOptions } from './types.js';

export const CIFP_RECORD_LENGTH = 132;

/** Sections turned into the model; the others (`PI`, `PP`, `PS`, `AS`, `UC` ...) are counted and skipped. */
const HANDLED_SECTIONS = new Set(['PA', 'PG', 'PC', 'EA', 'D ', 'DB', 'PN', 'PD', 'PE', 'PF', 'ER']);

const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];

/** Line-by-line state of one CIFP file. */
class CifpLineReader {
  readonly records: CifpRecords;
  readonly stats: CifpStats = { lines: 0, records: {}, continuations: 0, skipped: {}, danglingReferences: 0 };
  edition: string | null = null;
  effective: string | null = null;
  private sawHeader = false;
  private sawRecord = false;

  constructor(
    readonly file: string,
    private readonly issues: IssueCollector,
  ) {
    this.records = { file, airports: [], runwayEnds: [], waypoints: [], navaids: [], legs: [], airwayPoints: [] };
  }

  line(text: string, number: number): void {
    this.stats.lines = number;
    if (text.startsWith('HDR')) {
      this.header(text, number);
      return;
    }
    if (text.trim() === '') return;
    const type = text.charAt(0);
    if (type !== 'S' && type !== 'T') {
      this.issues.error(this.file, number, `not an ARINC 424 record: '${text.slice(0, 40)}'; line skipped`);
      return;
    }
    if (!this.sawRecord) {
      this.sawRecord = true;
      if (!this.sawHeader) this.issues.warning(this.file, number, 'no HDR01 header before the first record: cycle and effective date unknown');
    }
    let record = text;
    if (record.length < CIFP_RECORD_LENGTH) {
      this.issues.error(this.file, number, `truncated record: ${record.length} of ${CIFP_RECORD_LENGTH} columns; record skipped`);
      return;
    }
    if (record.length > CIFP_RECORD_LENGTH) {
      this.issues.warning(this.file, number, `record is ${record.length} columns, expected ${CIFP_RECORD_LENGTH}; the rest is ignored`);
      record = record.slice(0, CIFP_RECORD_LENGTH);
    }
    this.record(record, number);
  }

  /** Reports a file that held no records at all (empty, or not a CIFP file). */
  end(): void {
    if (!this.sawRecord) this.issues.warning(this.file, this.stats.lines, 'no ARINC 424 records in the file');
  }

  private header(text: string, number: number): void {
    const kind = text.slice(0, 5);
    if (kind === 'HDR01') {
      this.sawHeader = true;
      const name = text.slice(5, 20).trim();
      if (name !== 'FAACIFP18') {
        this.issues.warning(this.file, number, `header names '${name}', expected FAACIFP18 (ARINC 424-18); reading it as 424-18`);
      }
      const cycle = text.slice(35, 39);
      if (/^\d{4}$/.test(cycle)) this.edition = cycle;
      else this.issues.warning(this.file, number, `header cycle '${cycle}' is not a cycle id`);
    } else if (kind === 'HDR04') {
      const volume = /VOLUME\s+(\d{4})\b/.exec(text);
      if (volume && this.edition === null) this.edition = volume[1] as string;
      const eff = /EFFECTIVE\s+(\d{1,2})\s+([A-Z]{3})\s+(\d{4})/.exec(text);
      const month = eff ? MONTHS.indexOf(eff[2] as string) : -1;
      if (eff && month >= 0) {
        this.effective = `${eff[3]}-${String(month + 1).padStart(2, '0')}-${(eff[1] as string).padStart(2, '0')}`;
      } else {
        this.issues.warning(this.file, number, 'HDR04 has no readable effective date');
      }
    }
  }

  private record(record: string, number: number): void {
    const section = sectionOf(record);
    if (!HANDLED_SECTIONS.has(section)) {
      this.stats.skipped[section] = (this.stats.skipped[section] ?? 0) + 1;
      return;
    }
    if (isContinuation(continuationOf(record, section))) {
      this.stats.continuations++;
      return;
    }
    const ctx: RecordContext = { file: this.file, line: number, issues: this.issues };
    const r = this.records;
    switch (section) {
      case 'PA': {
        const rec = readAirport(ctx, record);
        if (rec) r.airports.push(rec);
        break;
      }
      case 'PG': {
        const rec = readRunwayEnd(ctx, record);
        if (rec) r.runwayEnds.push(rec);
        break;
      }
      case 'PC':
      case 'EA': {
        const rec = readWaypoint(ctx, record, section === 'PC');
        if (rec) r.waypoints.push(rec);
        break;
      }
      case 'D ': {
        const rec = readVhfNavaid(ctx, record);
        if (rec) r.navaids.push({ rec, section });
        break;
      }
      case 'DB':
      case 'PN': {
        const rec = readNdb(ctx, record, section === 'PN');
        if (rec) r.navaids.push({ rec, section });
        break;
      }
      case 'PD':
      case 'PE':
      case 'PF': {
        const rec = readLeg(ctx, record, section);
        if (rec) r.legs.push(rec);
        break;
      }
      case 'ER': {
        const rec = readAirwayPoint(ctx, record);
        if (rec) r.airwayPoints.push(rec);
        break;
      }
    }
    this.stats.records[section] = (this.stats.records[section] ?? 0) + 1;
  }
}

/** Opens the input: a SourceFile, a FAACIFP18 path, or a CIFP zip holding one. */
async function openInput(
  input: string | SourceFile,
  issues: IssueCollector,
): Promise<{ name: string; input: NodeJS.ReadableStream | string; size: number | null } | null> {
  if (typeof input !== 'string') {
    try {
      return { name: input.name, input: await input.open(), size: input.size };
    } catch (err) {
      issues.error(input.name, 0, `cannot open ${input.path}: ${err instanceof Error ? err.message : String(err)}`);
      return null;
    }
  }
  if (!/\.zip$/i.test(input)) return { name: basename(input), input, size: null };
  const files = await listSourceFiles(input, { issues });
  const member = files.find((f) => /^FAACIFP18/i.test(f.name));
  if (!member) {
    issues.error(basename(input), 0, `no FAACIFP18 file in ${input}`);
    return null;
  }
  return openInput(member, issues);
}

/**
 * Reads a FAA CIFP file (`FAACIFP18`, plain or gzipped, or the CIFP zip) into the model. Fix
 * references are resolved against the file's own points; a leg or airway point whose fix is not
 * there keeps `kind: 'unknown'` and is reported as a dangling reference.
 */
export async function readCifp(input: string | SourceFile, options: ReadCifpOptions): Promise<CifpData> {
  const { issues } = options;
  const opened = await openInput(input, issues);
  const reader = new CifpLineReader(opened?.name ?? (typeof input === 'string' ? basename(input) : input.name), issues);
  if (opened) {
    const errorsBefore = issues.counts().errors;
    const batches = readLineBatches(opened.input, {
      file: opened.name,
      encoding: 'latin1',
      totalBytes: opened.size,
      onProgress: options.onProgress,
      issues,
    });
    for await (const batch of batches) {
      for (let i = 0; i < batch.lines.length; i++) reader.line(batch.lines[i] as string, batch.firstLine + i);
    }
    // A read error or bad lines already say why nothing was read.
    if (issues.counts().errors === errorsBefore) reader.end();
  }
  const { dangling, ...data } = assembleCifp(reader.records, issues);
  reader.stats.danglingReferences = dangling;
  return { ...data, edition: reader.edition, effective: reader.effective, stats: reader.stats };
}
