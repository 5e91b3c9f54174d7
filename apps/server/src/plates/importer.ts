import { randomUUID } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createHash } from 'node:crypto';
import { plateGroupOf, type PlateGeoref } from '@clearway/protocol';
import type { Database } from '../db/index.js';
import { parseVrtGeoref } from './georef.js';
import { parseMetafile, type MetafileRecord } from './metafile.js';
import type { PlatesSource } from './source.js';

export interface PlatesImportOptions {
  db: Database;
  /** PLATES_DIR: the served dataset, `{dir}/{cycle}/{PDF}`. */
  platesDir: string;
  source: PlatesSource;
  /**
   * Leave out (and report) the charts whose PDF the source does not have, instead of refusing the
   * cycle: for excerpts such as the shared KSBP folder. Off for a full d-TPP.
   */
  skipMissing?: boolean;
  /** Import even when this cycle is already complete (default: keep it). */
  force?: boolean;
  now?: number;
  /** How many files are read at once (default 4). */
  concurrency?: number;
}

export interface PlatesImportReport {
  cycle: string;
  source: string;
  /** False when the cycle was already imported and nothing was done. */
  imported: boolean;
  charts: number;
  pdfs: number;
  georeferenced: number;
  /** Records of user action D (deleted this cycle): not indexed. */
  deleted: number;
  /** Charts left out because their PDF is missing (skipMissing), `AIRPORT PDF`. */
  missing: string[];
  /** Charts left out because their chart code is not a d-TPP one, `AIRPORT PDF (CODE)`. */
  unknownCodes: string[];
  /** `.vrt` files that could not be read, with why. */
  georefProblems: string[];
}

/** A cycle that cannot be imported; the previous cycle stays in service. */
export class PlatesImportError extends Error {}

const PDF_HEAD = Buffer.from('%PDF-');
const PDF_EOF = Buffer.from('%%EOF');

/** Why the bytes are not a whole PDF, or null. */
export function pdfProblem(bytes: Buffer): string | null {
  if (bytes.length < 64) return `${bytes.length} bytes`;
  if (!bytes.subarray(0, 1024).includes(PDF_HEAD)) return 'no %PDF- header';
  if (!bytes.subarray(Math.max(0, bytes.length - 2048)).includes(PDF_EOF)) return 'no %%EOF trailer (truncated?)';
  return null;
}

function airportOf(record: MetafileRecord): string {
  return (record.icaoIdent || record.faaIdent).toUpperCase();
}

async function mapLimit<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const item = items[next++] as T;
      await work(item);
    }
  }));
}

/**
 * Imports one d-TPP cycle: parses the metafile, reads and checks every PDF it names (and the `.vrt`
 * beside it), writes them to a scratch folder that becomes `{platesDir}/{cycle}` only when all are in,
 * then replaces the cycle's index rows in one transaction that marks the cycle complete. Any damaged
 * PDF, or a missing one without skipMissing, refuses the whole cycle with every problem listed, and
 * the cycle served before stays.
 * @throws PlatesImportError (or MetafileError) saying what was wrong and where.
 */
export async function importPlates(options: PlatesImportOptions): Promise<PlatesImportReport> {
  const { db, platesDir, source, skipMissing = false, force = false, now = Date.now(), concurrency = 4 } = options;
  const metafile = parseMetafile(await source.metafile());
  const { cycle } = metafile;
  const report: PlatesImportReport = { cycle, source: source.description, imported: false, charts: 0, pdfs: 0, georeferenced: 0, deleted: 0, missing: [], unknownCodes: [], georefProblems: [] };
  const existing = await db.kysely.selectFrom('plate_cycles').select(['complete']).where('cycle', '=', cycle).executeTakeFirst();
  if (existing?.complete === 1 && !force) return report;

  const wanted: MetafileRecord[] = [];
  for (const record of metafile.records) {
    if (record.userAction === 'D') report.deleted += 1;
    else if (plateGroupOf(record.chartCode) === undefined) report.unknownCodes.push(`${airportOf(record)} ${record.pdfName} (${record.chartCode})`);
    else wanted.push(record);
  }

  await mkdir(platesDir, { recursive: true });
  const scratch = join(platesDir, `.${cycle}.partial-${randomUUID().slice(0, 8)}`);
  await mkdir(scratch);
  try {
    const files = new Map<string, { bytes: number; sha256: string; georef: PlateGeoref | null } | null>();
    const damaged: string[] = [];
    const names = [...new Set(wanted.map((record) => record.pdfName))];
    await mapLimit(names, concurrency, async (name) => {
      const bytes = await source.file(name);
      if (bytes === null) {
        files.set(name, null);
        return;
      }
      const problem = pdfProblem(bytes);
      if (problem !== null) {
        damaged.push(`${name}: ${problem}`);
        return;
      }
      await writeFile(join(scratch, name), bytes);
      let georef: PlateGeoref | null = null;
      const vrtName = name.replace(/\.pdf$/i, '.vrt');
      const vrt = vrtName === name ? null : await source.file(vrtName);
      if (vrt !== null) {
        try {
          georef = parseVrtGeoref(vrt.toString('utf8'), vrtName);
        } catch (error) {
          report.georefProblems.push(error instanceof Error ? error.message : String(error));
        }
      }
      files.set(name, { bytes: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex'), georef });
    });
    const missingRecords = wanted.filter((record) => files.get(record.pdfName) === null);
    if (damaged.length > 0) throw new PlatesImportError(`d-TPP cycle ${cycle} from ${source.description}: ${damaged.length} damaged PDF(s): ${damaged.sort().join('; ')}`);
    if (missingRecords.length > 0 && !skipMissing) {
      const list = [...new Set(missingRecords.map((record) => record.pdfName))].sort();
      throw new PlatesImportError(`d-TPP cycle ${cycle} from ${source.description}: the index names ${list.length} PDF(s) that are not there: ${list.slice(0, 20).join(', ')}${list.length > 20 ? ', ...' : ''}`);
    }
    report.missing = missingRecords.map((record) => `${airportOf(record)} ${record.pdfName}`);

    const rows = wanted.flatMap((record) => {
      const file = files.get(record.pdfName);
      if (!file) return [];
      return [{
        cycle,
        airport: airportOf(record),
        faa_ident: record.faaIdent,
        airport_name: record.airportName,
        city: record.city,
        state: record.state,
        chart_seq: record.chartSeq,
        chart_code: record.chartCode,
        chart_name: record.chartName,
        pdf_name: record.pdfName,
        proc_uid: record.procedureId,
        user_action: record.userAction,
        amendment: record.amendment,
        pdf_bytes: file.bytes,
        pdf_sha256: file.sha256,
        georef: file.georef === null ? null : JSON.stringify(file.georef),
      }];
    });
    // One row per (airport, sequence, PDF): the d-TPP repeats nothing, but an excerpt might.
    const unique = [...new Map(rows.map((row) => [`${row.airport}|${row.chart_seq}|${row.pdf_name}`, row])).values()];
    report.charts = unique.length;
    report.pdfs = [...files.values()].filter((file) => file !== null).length;
    report.georeferenced = unique.filter((row) => row.georef !== null).length;

    // The files first: the index rows that point at them come after, in one transaction.
    const target = join(platesDir, cycle);
    const old = join(platesDir, `.${cycle}.old-${randomUUID().slice(0, 8)}`);
    const hadOld = await rename(target, old).then(() => true, () => false);
    await rename(scratch, target);
    if (hadOld) await rm(old, { recursive: true, force: true });

    await db.kysely.transaction().execute(async (trx) => {
      await trx.deleteFrom('plate_charts').where('cycle', '=', cycle).execute();
      await trx.deleteFrom('plate_cycles').where('cycle', '=', cycle).execute();
      for (let i = 0; i < unique.length; i += 200) await trx.insertInto('plate_charts').values(unique.slice(i, i + 200)).execute();
      await trx.insertInto('plate_cycles').values({
        cycle,
        from_date: metafile.effectiveFrom,
        to_date: metafile.effectiveTo,
        source: source.description,
        imported_at: now,
        complete: 1,
        charts: unique.length,
        report: JSON.stringify({ missing: report.missing.length, unknownCodes: report.unknownCodes, deleted: report.deleted, georefProblems: report.georefProblems }),
      }).execute();
    });
    report.imported = true;
    return report;
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}
