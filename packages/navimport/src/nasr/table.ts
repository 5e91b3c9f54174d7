/** Reading one NASR CSV table: header check by column name, rows through a field reader. */
import type { IssueCollector } from '../common/diagnostics.js';
import { openCsvTable, type ColumnSpec, type CsvTable } from '../common/csv.js';
import type { ProgressCallback } from '../common/progress.js';
import type { SourceFile } from '../common/sourceFiles.js';
import { errorMessage } from '../common/lines.js';
import { FieldReader, textAt } from '../common/values.js';

export const NASR_SOURCE = 'faa-nasr' as const;

export interface NasrTableOptions {
  issues: IssueCollector;
  onProgress?: ProgressCallback;
}

/** Opens a NASR table, or null (reported) when it cannot be opened or lacks required columns. */
export async function openNasrTable(
  file: SourceFile,
  required: readonly ColumnSpec[],
  options: NasrTableOptions,
): Promise<CsvTable | null> {
  let stream: NodeJS.ReadableStream;
  try {
    stream = await file.open();
  } catch (err) {
    options.issues.error(file.name, 0, `cannot open ${file.path}: ${errorMessage(err)}`);
    return null;
  }
  return openCsvTable(stream, {
    file: file.name,
    issues: options.issues,
    onProgress: options.onProgress,
    totalBytes: file.size,
    required,
  });
}

export interface TableRun {
  rows: number;
  /** EFF_DATE of the first row as `YYYY-MM-DD`, when the table has one. */
  effective: string | null;
}

/** Calls `fn` for every row of `table` with a reader positioned on it. */
export async function eachRow(
  table: CsvTable,
  issues: IssueCollector,
  fn: (row: FieldReader) => void,
): Promise<TableRun> {
  const reader = new FieldReader(table.file, issues);
  const effCol = table.column('EFF_DATE');
  let rows = 0;
  let effective: string | null = null;
  for await (const batch of table.rows()) {
    for (const rec of batch) {
      reader.fields = rec.fields;
      reader.line = rec.line;
      if (rows === 0) effective = nasrDate(textAt(rec.fields, effCol));
      rows++;
      fn(reader);
    }
  }
  return { rows, effective };
}

/** `2025/09/04` -> `2025-09-04`; null when absent or malformed. */
export function nasrDate(s: string | null): string | null {
  if (s === null) return null;
  const m = /^(\d{4})[/-](\d{2})[/-](\d{2})$/.exec(s);
  return m ? `${m[1]}-${m[2]}-${m[3]}` : null;
}

/**
 * A landing facility is identified by SITE_NO and SITE_TYPE_CODE together (`23747.31` is both an
 * airport and a heliport). Some tables write the pair as `00128.*A`; others have the type in its own
 * column. Returns the number and the type (null when neither gives one).
 */
export function splitSiteNo(siteNo: string, siteType: string | null): { base: string; type: string | null } {
  const star = siteNo.indexOf('*');
  if (star >= 0) {
    const suffix = siteNo.slice(star + 1).trim();
    return { base: siteNo.slice(0, star).trim(), type: suffix.length > 0 ? suffix : siteType };
  }
  return { base: siteNo.trim(), type: siteType };
}

/** Variation from a value and a hemisphere letter, east positive: `4` `W` -> -4. */
export function signedVariation(value: number | null, hemisphere: string | null): number | null {
  if (value === null) return null;
  if (hemisphere === 'W') return -Math.abs(value);
  return Math.abs(value);
}
