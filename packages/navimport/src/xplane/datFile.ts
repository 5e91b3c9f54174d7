/**
 * The frame every X-Plane `.dat` file shares: an `I` (or `A`) byte-order line, a version line
 * (`1000 Version - data cycle 2013.10, ...`), data rows, and `99` at the end. Files are latin1 and
 * may be gzipped (detected by their magic bytes).
 */
import type { IssueCollector } from '../common/diagnostics.js';
import { readLineBatches } from '../common/lines.js';
import type { ProgressCallback } from '../common/progress.js';

export interface DatInput {
  /** File name for sources and issues, e.g. `apt.dat.gz`. */
  name: string;
  input: NodeJS.ReadableStream | string;
  size: number | null;
}

export interface DatFileInfo {
  /** Format version from the version line, e.g. 1000; null when the line is missing. */
  version: number | null;
  /** Data cycle from the version line, e.g. `2013.10`. */
  cycle: string | null;
  /** Lines read. */
  lines: number;
  /** Whether rows were read (false when the header was unusable). */
  read: boolean;
}

export interface ReadDatOptions {
  /** What the file is, for messages: `apt.dat`, `nav.dat` ... */
  kind: string;
  /** Versions whose row layout the reader knows. */
  versions: readonly number[];
  issues: IssueCollector;
  onProgress?: ProgressCallback;
}

/**
 * Streams a `.dat` file's data rows to `row` (with their 1-based line numbers), after checking the
 * header. An unknown version is an error and no rows are read, since the columns would be misread.
 */
export async function readDatRows(
  dat: DatInput,
  options: ReadDatOptions,
  row: (line: string, number: number) => void,
): Promise<DatFileInfo> {
  const { issues, kind } = options;
  const info: DatFileInfo = { version: null, cycle: null, lines: 0, read: false };
  // 0: expecting I/A, 1: expecting the version line, 2: rows, 3: after 99, 4: unusable
  let state = 0;
  const errorsBefore = issues.counts().errors;
  const batches = readLineBatches(dat.input, {
    file: dat.name,
    encoding: 'latin1',
    totalBytes: dat.size,
    onProgress: options.onProgress,
    issues,
  });
  for await (const batch of batches) {
    for (let i = 0; i < batch.lines.length; i++) {
      const line = batch.lines[i] as string;
      const number = batch.firstLine + i;
      info.lines = number;
      if (state === 2) {
        if (line.length === 0) continue;
        // Cheap test first: this runs on every row of a 2.5 million line apt.dat.
        if (line.charCodeAt(0) === 57 && line.charCodeAt(1) === 57 && line.trim() === '99') state = 3;
        else row(line, number);
        continue;
      }
      if (state >= 3) continue;
      const trimmed = line.trim();
      if (trimmed === '') continue;
      if (state === 0) {
        state = 1;
        if (trimmed === 'I' || trimmed === 'A') continue;
        // FlightGear's nav.dat starts straight with the version line; only a non-version line is wrong.
        if (!/^\d{3,4}\s+Version\b/.test(trimmed)) {
          issues.error(dat.name, number, `${kind}: first line should be 'I' or 'A' (byte order), found '${trimmed.slice(0, 40)}'`);
        }
      }
      // state 1: the version line
      const m = /^(\d{3,4})\s+Version\b/.exec(trimmed);
      if (!m) {
        issues.error(dat.name, number, `${kind}: no version line ('<version> Version - ...'); file not read`);
        state = 4;
        continue;
      }
      info.version = Number(m[1]);
      info.cycle = /data cycle (\d{4}\.\d{2})/.exec(trimmed)?.[1] ?? null;
      if (!options.versions.includes(info.version)) {
        issues.error(
          dat.name,
          number,
          `${kind}: version ${info.version} is not supported (this reader knows ${options.versions.join(', ')}); file not read`,
        );
        state = 4;
        continue;
      }
      info.read = true;
      state = 2;
    }
  }
  if (state === 2) issues.warning(dat.name, info.lines, `${kind}: no '99' end line; the file may be truncated`);
  if (state < 2 && info.lines === 0 && issues.counts().errors === errorsBefore) issues.error(dat.name, 0, `${kind}: file is empty`);
  return info;
}

/** Splits a row on runs of spaces and tabs. */
export function tokens(line: string): string[] {
  return line.trim().split(/\s+/);
}

/** A finite number from a token, or null. */
export function num(token: string | undefined): number | null {
  if (token === undefined || token === '') return null;
  const n = Number(token);
  return Number.isFinite(n) ? n : null;
}

/** Whether a latitude/longitude pair is on the globe. */
export function validPosition(lat: number | null, lon: number | null): boolean {
  return lat !== null && lon !== null && Math.abs(lat) <= 90 && Math.abs(lon) <= 180;
}
