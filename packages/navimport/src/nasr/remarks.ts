/** APT_RMK: the remarks of airports, kept in the FAA's order for the chart supplement's remarks. */
import type { IssueCollector } from '../common/diagnostics.js';
import type { CsvTable } from '../common/csv.js';
import { findSite, type AirportIndex } from './airports.js';
import { eachRow, type TableRun } from './table.js';

export const APT_RMK_REQUIRED = ['SITE_NO', 'TAB_NAME', 'REMARK'] as const;

/** Prefixes of the airport's remarks on one of its fields (REF_COL_NAME); its general remarks have none. */
const AIRPORT_FIELDS: Record<string, string> = { COUNTY_ASSOC_STATE: 'COUNTY', LGT_SKED: 'LGT', FACILITY_USE_CODE: 'USE' };

/**
 * What a remark is about, as a prefix: none for the airport's general remarks (TAB_NAME `AIRPORT`;
 * `COUNTY`, `LGT` or `USE` for those on its county, lighting schedule and use), the
 * runway or runway end for theirs (`RWY 24R`), the contact (`MANAGER`), the fuel (`FUEL 100LL`) and
 * the arresting gear (`RWY 04R EMAS`); otherwise the table and element as NASR names them.
 */
export function remarkSubject(table: string, column: string | null, element: string | null): string | null {
  const el = element?.trim() || null;
  switch (table) {
    case 'AIRPORT':
      return AIRPORT_FIELDS[column ?? ''] ?? null;
    case 'RUNWAY':
    case 'RUNWAY_END':
    case 'RUNWAY_END_OBSTN':
    case 'RUNWAY_SURFACE_TYPE':
      return el === null ? 'RWY' : `RWY ${el}`;
    case 'ARRESTING_DEVICE':
      // ELEMENT is the runway end and the device, e.g. `04R_EMAS`.
      return el === null ? 'ARRESTING GEAR' : `RWY ${el.replace(/_/g, ' ')}`;
    case 'AIRPORT_CONTACT':
      return el ?? 'CONTACT';
    case 'FUEL_TYPE':
      return el === null ? 'FUEL' : `FUEL ${el}`;
    default:
      return el === null ? table.replace(/_/g, ' ') : `${table.replace(/_/g, ' ')} ${el}`;
  }
}

/**
 * Reads APT_RMK into the airports of `index`: each remark, prefixed with what it is about, is
 * appended to its airport's `remarks` in the file's order (the FAA's: the airport's general remarks
 * by number, then those on contacts, runways and runway ends). A remark of an airport missing from
 * APT_BASE, or without text, is reported and left out.
 */
export async function readAptRmk(table: CsvTable, issues: IssueCollector, index: AirportIndex): Promise<TableRun> {
  const c = {
    site: table.column('SITE_NO'),
    siteType: table.column('SITE_TYPE_CODE'),
    airport: table.column('ARPT_ID'),
    tab: table.column('TAB_NAME'),
    column: table.column('REF_COL_NAME'),
    element: table.column('ELEMENT'),
    text: table.column('REMARK'),
  };
  return eachRow(table, issues, (r) => {
    const site = r.text(c.site);
    const text = r.text(c.text)?.trim() ?? null;
    if (site === null) {
      issues.error(table.file, r.line, 'remark without SITE_NO; row skipped');
      return;
    }
    const airport = findSite(index, site, r.text(c.siteType));
    if (!airport) {
      issues.warning(table.file, r.line, `remark of unknown airport SITE_NO ${site} (${r.text(c.airport) ?? '?'}); row skipped`);
      return;
    }
    if (text === null || text === '') {
      issues.warning(table.file, r.line, `empty remark at ${airport.id}; row skipped`);
      return;
    }
    const subject = remarkSubject(r.text(c.tab) ?? 'AIRPORT', r.text(c.column), r.text(c.element));
    (airport.remarks ??= []).push(subject === null ? text : `${subject}: ${text}`);
  });
}
