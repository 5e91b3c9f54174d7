// The aviationweather.gov METAR cache CSV (metars.cache.csv): a few preamble lines ("No errors",
// "4909 results", ...), a header, one report a row. Each row's raw_text is decoded by Clearway; the
// AWC's own columns that Clearway does not derive (position, elevation) are kept, and its
// flight_category is kept beside Clearway's as `awcFlightCategory` for comparison.
import { createMetarDecoder, type Metar } from './metar.js';
import { issue, type FlightCategory, type WxIssue } from './wxCommon.js';

export interface AwcMetarRow {
  readonly metar: Metar;
  readonly lat: number | null;
  readonly lon: number | null;
  readonly elevationM: number | null;
  /** The AWC's flight_category column (null when empty). */
  readonly awcFlightCategory: FlightCategory | null;
}

export interface AwcMetarCsvResult {
  readonly rows: readonly AwcMetarRow[];
  /** Reports that did not decode completely (each issue's `report` is the raw text) and CSV problems. */
  readonly issues: readonly WxIssue[];
  /** Rows in the file (reports), whether or not they decoded. */
  readonly reportCount: number;
  /** Reports with at least one issue. */
  readonly failedReports: number;
}

/** Splits one CSV line (RFC 4180 quotes). */
export function splitCsvLine(line: string): string[] {
  if (!line.includes('"')) return line.split(',');
  const out: string[] = [];
  let cur = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (quoted) {
      if (c === '"') {
        if (line[i + 1] === '"') {
          cur += '"';
          i++;
        } else quoted = false;
      } else cur += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      out.push(cur);
      cur = '';
    } else cur += c;
  }
  out.push(cur);
  return out;
}

/** The fields at `wanted` (ascending column numbers) of an unquoted CSV line, without splitting the rest. */
function fieldsAt(line: string, wanted: readonly number[]): (string | undefined)[] {
  if (line.includes('"')) {
    const all = splitCsvLine(line);
    return wanted.map((w) => all[w]);
  }
  const out: (string | undefined)[] = [];
  let col = 0;
  let start = 0;
  let k = 0;
  while (k < wanted.length) {
    const end = line.indexOf(',', start);
    const stop = end < 0 ? line.length : end;
    while (k < wanted.length && wanted[k] === col) {
      out.push(line.slice(start, stop));
      k++;
    }
    if (end < 0) break;
    col++;
    start = end + 1;
  }
  while (out.length < wanted.length) out.push(undefined);
  return out;
}

const CATEGORIES = new Set(['VFR', 'MVFR', 'IFR', 'LIFR']);

function num(s: string | undefined): number | null {
  if (s === undefined || s.trim() === '') return null;
  const v = Number(s);
  return Number.isFinite(v) ? v : null;
}

/**
 * Reads and decodes the AWC METAR cache CSV. `referenceMs` fixes the month and year of reports
 * whose observation_time column is empty or unreadable. Never throws.
 */
export function decodeAwcMetarCsv(text: string, referenceMs: number): AwcMetarCsvResult {
  const rows: AwcMetarRow[] = [];
  const issues: WxIssue[] = [];
  const lines = String(text).split(/\r?\n/);
  const headerAt = lines.findIndex((l) => l.startsWith('raw_text,'));
  if (headerAt < 0) {
    return { rows, issues: [issue(lines[0] ?? '', 0, 'no raw_text header line: not an AWC METAR CSV')], reportCount: 0, failedReports: 0 };
  }
  const header = splitCsvLine(lines[headerAt]!);
  const col = (name: string): number => header.indexOf(name);
  const cRaw = 0;
  const cTime = col('observation_time');
  const cLat = col('latitude');
  const cLon = col('longitude');
  const cCat = col('flight_category');
  const cElev = col('elevation_m');
  // Columns read, in file order; a missing column reads as undefined (-1 is never reached).
  const order = [cRaw, cTime, cLat, cLon, cCat, cElev];
  const wanted = [...order].filter((c) => c >= 0).sort((a, b) => a - b);
  const pick = (fields: (string | undefined)[]) => order.map((c) => (c < 0 ? undefined : fields[wanted.indexOf(c)]));
  const decoder = createMetarDecoder();
  let reportCount = 0;
  let failedReports = 0;
  for (let n = headerAt + 1; n < lines.length; n++) {
    const line = lines[n]!;
    if (line.trim() === '') continue;
    reportCount++;
    const [rawText = '', time, lat, lon, cat = '', elevation] = pick(fieldsAt(line, wanted));
    const obs = time === undefined ? NaN : Date.parse(time);
    const decoded = decoder.decode(rawText, { referenceMs: Number.isNaN(obs) ? referenceMs : obs });
    if (decoded.issues.length > 0) {
      failedReports++;
      issues.push(...decoded.issues);
    }
    if (!decoded.metar) continue;
    rows.push({
      metar: decoded.metar,
      lat: num(lat),
      lon: num(lon),
      elevationM: num(elevation),
      awcFlightCategory: CATEGORIES.has(cat) ? (cat as FlightCategory) : null,
    });
  }
  return { rows, issues, reportCount, failedReports };
}
