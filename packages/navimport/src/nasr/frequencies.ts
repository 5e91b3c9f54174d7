/** FRQ and ILS_BASE: airport frequencies. */
import type { Airport, Frequency } from '@clearway/navdb';
import type { IssueCollector } from '../common/diagnostics.js';
import type { CsvTable } from '../common/csv.js';
import { findSite, type AirportIndex } from './airports.js';
import { eachRow, type TableRun } from './table.js';

/** Column names FRQ has gone by: the FAA's layout first, then older and third-party ones. */
export const FRQ_COLUMNS = {
  site: 'SITE_NO',
  airport: ['SERVICED_FACILITY', 'ARPT_ID'],
  facility: 'FACILITY',
  facilityType: 'FACILITY_TYPE',
  freq: ['FREQ', 'FREQUENCY'],
  use: ['FREQ_USE', 'FRQ_USE', 'FRQ_TYPE'],
  sector: 'SECTORIZATION',
} as const;

export const FRQ_REQUIRED = [FRQ_COLUMNS.freq, FRQ_COLUMNS.use] as const;
export const ILS_BASE_REQUIRED = ['RWY_END_ID', 'ILS_LOC_ID', 'LOC_FREQ'] as const;

/** FAA frequency uses (FREQ_USE) by what they start with, in the model's upper-case names. */
const USE_PREFIXES: [string, string][] = [
  ['D-ATIS', 'ATIS'],
  ['ATIS', 'ATIS'],
  ['LCL', 'TWR'],
  ['TWR', 'TWR'],
  ['GND', 'GND'],
  ['CD', 'CLD'],
  ['CLNC', 'CLD'],
  ['APCH', 'APP'],
  ['APP', 'APP'],
  ['DEP', 'DEP'],
  ['CTAF', 'CTAF'],
  ['UNICOM', 'UNICOM'],
  ['ASOS', 'ASOS'],
  ['AWOS', 'AWOS'],
  ['EMERG', 'EMERG'],
];

/** The model's frequency type for a FAA use such as `LCL/P`, `GND/P`, `APCH/P DEP/P`, `CD/S`. */
export function frequencyType(use: string): string {
  const u = use.trim().toUpperCase();
  for (const [prefix, type] of USE_PREFIXES) if (u.startsWith(prefix)) return type;
  return u;
}

/** kHz from a published frequency: MHz below 1000 (`118.3`), kHz above. Null when not a number. */
export function frequencyKhz(text: string): number | null {
  const m = /^\s*(\d+(?:\.\d+)?)/.exec(text);
  if (!m) return null;
  const v = Number(m[1]);
  if (!(v > 0)) return null;
  return v < 1000 ? Math.round(v * 1000) : Math.round(v);
}

export function addFrequency(airport: Airport, f: Frequency): void {
  const dup = airport.frequencies.some(
    (g) => g.type === f.type && g.frequencyKhz === f.frequencyKhz && g.description === f.description,
  );
  if (!dup) airport.frequencies.push(f);
}

/** Finds the airport of a row: by SITE_NO when the table has one, else by FAA id. */
function airportOf(index: AirportIndex, site: string | null, siteType: string | null, faaId: string | null): Airport | undefined {
  if (site !== null) {
    const a = findSite(index, site, siteType);
    if (a) return a;
  }
  return faaId !== null ? index.byId.get(faaId) : undefined;
}

export interface FrqResult extends TableRun {
  /** Rows that belong to an airport (the rest serve ARTCCs, FSSs, RCOs). */
  airportRows: number;
}

/**
 * Reads FRQ onto the airports. Rows that serve no airport (centres, flight service stations) are
 * skipped quietly; a row naming an airport that is not in APT_BASE is reported.
 */
export async function readFrq(table: CsvTable, issues: IssueCollector, index: AirportIndex): Promise<FrqResult> {
  const c = {
    site: table.column(FRQ_COLUMNS.site),
    siteType: table.column('SITE_TYPE_CODE'),
    airport: table.column(FRQ_COLUMNS.airport),
    facility: table.column(FRQ_COLUMNS.facility),
    facilityType: table.column(FRQ_COLUMNS.facilityType),
    freq: table.column(FRQ_COLUMNS.freq),
    use: table.column(FRQ_COLUMNS.use),
    sector: table.column(FRQ_COLUMNS.sector),
  };
  let airportRows = 0;
  const run = await eachRow(table, issues, (r) => {
    const site = r.text(c.site);
    let faaId = r.text(c.airport);
    // A tower's own rows name the airport as the facility.
    if (faaId === null && /^(NON-)?ATCT/.test(r.text(c.facilityType) ?? '')) faaId = r.text(c.facility);
    if (site === null && faaId === null) return;
    airportRows++;
    const airport = airportOf(index, site, r.text(c.siteType), faaId);
    if (!airport) {
      issues.warning(table.file, r.line, `frequency of unknown airport ${site ?? faaId}; row skipped`);
      return;
    }
    const freqText = r.text(c.freq);
    const khz = freqText === null ? null : frequencyKhz(freqText);
    if (khz === null) {
      issues.warning(table.file, r.line, `frequency of ${airport.id} is not a number: "${freqText ?? ''}"; row skipped`);
      return;
    }
    const use = r.text(c.use);
    addFrequency(airport, {
      type: use === null ? 'OTHER' : frequencyType(use),
      frequencyKhz: khz,
      description: r.text(c.sector),
    });
  });
  return { ...run, airportRows };
}

/** Reads ILS_BASE: each localizer becomes a `LOC` frequency of its airport, described `I-ANB RWY 05`. */
export async function readIlsBase(table: CsvTable, issues: IssueCollector, index: AirportIndex): Promise<TableRun> {
  const c = {
    site: table.column('SITE_NO'),
    siteType: table.column('SITE_TYPE_CODE'),
    airport: table.column('ARPT_ID'),
    end: table.column('RWY_END_ID'),
    id: table.column('ILS_LOC_ID'),
    freq: table.column('LOC_FREQ'),
  };
  return eachRow(table, issues, (r) => {
    const id = r.text(c.id);
    const end = r.text(c.end);
    const airport = airportOf(index, r.text(c.site), r.text(c.siteType), r.text(c.airport));
    if (!airport) {
      issues.warning(table.file, r.line, `localizer ${id ?? '?'} of unknown airport ${r.text(c.site) ?? r.text(c.airport) ?? '?'}; row skipped`);
      return;
    }
    const freq = r.number(c.freq, 'LOC_FREQ');
    if (freq === null) {
      issues.warning(table.file, r.line, `localizer ${id ?? '?'} at ${airport.id} has no frequency; row skipped`);
      return;
    }
    const khz = Math.round(freq * 1000);
    if (khz < 108000 || khz > 112000) issues.warning(table.file, r.line, `localizer ${id ?? '?'} frequency ${freq} outside 108-112 MHz`);
    addFrequency(airport, {
      type: 'LOC',
      frequencyKhz: khz,
      description: [id, end !== null ? `RWY ${end}` : null].filter((s) => s !== null).join(' ') || null,
    });
  });
}
