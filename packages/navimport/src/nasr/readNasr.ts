/**
 * The FAA NASR 28-day subscription in CSV form, from a folder of tables, the CSV zip, or the whole
 * subscription zip (its `..._CSV.zip` member is opened in memory). Each table is streamed once.
 */
import type { Airway, Airport, Fix, Navaid } from '@clearway/navdb';
import type { ColumnSpec, CsvTable } from '../common/csv.js';
import type { IssueCollector } from '../common/diagnostics.js';
import type { ProgressCallback } from '../common/progress.js';
import { findSourceFile, listSourceFiles, type SourceFile } from '../common/sourceFiles.js';
import { APT_BASE_REQUIRED, APT_RWY_END_REQUIRED, APT_RWY_REQUIRED, emptyAirportIndex, readAptBase, readAptRwy, readAptRwyEnd, type OrphanRunway } from './airports.js';
import { AWY_BASE_REQUIRED, AWY_SEG_ALT_REQUIRED, PointResolver, readAwyBase, readAwySegAlt } from './airways.js';
import { FIX_BASE_REQUIRED, readFixBase } from './fixes.js';
import { FRQ_REQUIRED, ILS_BASE_REQUIRED, readFrq, readIlsBase } from './frequencies.js';
import { NAV_BASE_REQUIRED, readNavBase } from './navaids.js';
import { APT_RMK_REQUIRED, readAptRmk } from './remarks.js';
import { openNasrTable, type TableRun } from './table.js';

export interface NasrOptions {
  /** Where every data problem is reported (file, line, what was wrong). */
  issues: IssueCollector;
  /** Called as each table is read. */
  onProgress?: ProgressCallback;
}

export interface NasrTableReport {
  /** Table file name, e.g. `APT_BASE.csv`. */
  file: string;
  /** Where it was read from (path, with `!/` into zips). */
  path: string;
  rows: number;
  /** EFF_DATE of the table, `YYYY-MM-DD`. */
  effective: string | null;
  /** Time spent reading the table, milliseconds. */
  millis: number;
}

export interface NasrData {
  airports: Airport[];
  navaids: Navaid[];
  fixes: Fix[];
  airways: Airway[];
  /** Effective date (`YYYY-MM-DD`) of APT_BASE, else of the first table that has one. */
  edition: string | null;
  /** Table files read, in reading order. */
  files: string[];
  /** Per-table rows, effective dates and timings. */
  tables: NasrTableReport[];
  /** APT_RWY runways whose airport is missing from APT_BASE, for the merge to place. */
  orphanRunways: OrphanRunway[];
}

/** Tables whose absence is an error (the rest are optional in a partial set: a warning). */
const CORE_TABLES = new Set(['APT_BASE.csv', 'APT_RWY.csv', 'NAV_BASE.csv', 'FIX_BASE.csv']);

/**
 * Reads FAA NASR CSV tables: airports (APT_BASE) with runways (APT_RWY), runway ends (APT_RWY_END)
 * and frequencies (FRQ, localizers from ILS_BASE), remarks (APT_RMK), navaids (NAV_BASE), fixes (FIX_BASE) and airways
 * (AWY_SEG_ALT, AWY_BASE). `input` is a folder, a zip (nested CSV zips included) or a list of source
 * files. Never throws for bad data: missing tables, missing columns, malformed rows and references
 * that do not resolve (tables of different cycles) go to `options.issues`.
 */
export async function readNasr(input: string | readonly SourceFile[], options: NasrOptions): Promise<NasrData> {
  const { issues } = options;
  const files =
    typeof input === 'string'
      ? await listSourceFiles(input, { issues, descendInto: (name) => /csv/i.test(name) })
      : input;
  const data: NasrData = { airports: [], navaids: [], fixes: [], airways: [], edition: null, files: [], tables: [], orphanRunways: [] };
  const where = typeof input === 'string' ? input : 'the given files';

  const table = async (name: string, required: readonly ColumnSpec[], read: (t: CsvTable) => Promise<TableRun>): Promise<boolean> => {
    const matches = files.filter((f) => f.name.toLowerCase() === name.toLowerCase());
    const file = matches[0] ?? findSourceFile(files, name);
    if (!file) {
      const message = `${name} not found in ${where}`;
      if (CORE_TABLES.has(name)) issues.error(name, 0, message);
      else issues.warning(name, 0, `${message}; its data is left out`);
      return false;
    }
    if (matches.length > 1) issues.warning(name, 0, `${matches.length} copies of ${name}; reading ${file.path}`);
    const started = performance.now();
    const t = await openNasrTable(file, required, options);
    if (!t) return false;
    const run = await read(t);
    data.files.push(file.name);
    data.tables.push({ file: file.name, path: file.path, rows: run.rows, effective: run.effective, millis: performance.now() - started });
    return true;
  };

  await table('NAV_BASE.csv', NAV_BASE_REQUIRED, (t) => readNavBase(t, issues, data.navaids));
  await table('FIX_BASE.csv', FIX_BASE_REQUIRED, (t) => readFixBase(t, issues, data.fixes));
  const index = emptyAirportIndex();
  const haveAirports = await table('APT_BASE.csv', APT_BASE_REQUIRED, (t) => readAptBase(t, issues, index));
  data.airports = index.airports;
  data.orphanRunways = index.orphanRunways;
  if (haveAirports) {
    await table('APT_RWY.csv', APT_RWY_REQUIRED, (t) => readAptRwy(t, issues, index));
    await table('APT_RWY_END.csv', APT_RWY_END_REQUIRED, (t) => readAptRwyEnd(t, issues, index));
    await table('FRQ.csv', FRQ_REQUIRED, async (t) => {
      const run = await readFrq(t, issues, index);
      // The ATC_* tables of the CSV edition carry no frequencies, so there is nothing to fall back on.
      if (run.airportRows === 0) issues.warning(t.file, 0, `${t.file} has no airport rows; airport frequencies come only from ILS_BASE localizers`);
      return run;
    });
    await table('ILS_BASE.csv', ILS_BASE_REQUIRED, (t) => readIlsBase(t, issues, index));
    await table('APT_RMK.csv', APT_RMK_REQUIRED, (t) => readAptRmk(t, issues, index));
  }
  const resolver = new PointResolver(data.navaids, data.fixes, data.airports);
  await table('AWY_SEG_ALT.csv', AWY_SEG_ALT_REQUIRED, (t) => readAwySegAlt(t, issues, resolver, data.airways));
  await table('AWY_BASE.csv', AWY_BASE_REQUIRED, (t) => readAwyBase(t, issues, resolver, data.airways));

  const apt = data.tables.find((t) => t.file.toUpperCase() === 'APT_BASE.CSV');
  data.edition = apt?.effective ?? data.tables.find((t) => t.effective !== null)?.effective ?? null;
  const dated = data.tables.filter((t) => t.effective !== null);
  if (new Set(dated.map((t) => t.effective)).size > 1) {
    issues.warning(
      apt?.file ?? dated[0]?.file ?? 'NASR',
      0,
      `tables of different editions: ${dated.map((t) => `${t.file} ${t.effective ?? ''}`).join(', ')}; references between them may not resolve`,
    );
  }
  return data;
}
