/** FIX_BASE: fixes, reporting points and waypoints. */
import type { Fix } from '@clearway/navdb';
import type { IssueCollector } from '../common/diagnostics.js';
import type { CsvTable } from '../common/csv.js';
import { roundTo } from '../common/values.js';
import { eachRow, NASR_SOURCE, type TableRun } from './table.js';

export const FIX_BASE_REQUIRED = ['FIX_ID', 'LAT_DECIMAL', 'LONG_DECIMAL'] as const;

/** Reads FIX_BASE into `out`; FIX_USE_CODE (`WP`, `RP`, `CN` ...) becomes `use`. */
export async function readFixBase(table: CsvTable, issues: IssueCollector, out: Fix[]): Promise<TableRun> {
  const c = {
    id: table.column('FIX_ID'),
    region: table.column('ICAO_REGION_CODE'),
    state: table.column('STATE_CODE'),
    country: table.column('COUNTRY_CODE'),
    lat: table.column('LAT_DECIMAL'),
    lon: table.column('LONG_DECIMAL'),
    use: table.column('FIX_USE_CODE'),
  };
  return eachRow(table, issues, (r) => {
    const id = r.text(c.id);
    if (id === null) {
      issues.error(table.file, r.line, 'fix without FIX_ID; row skipped');
      return;
    }
    const lat = r.lat(c.lat, 'LAT_DECIMAL');
    const lon = r.lon(c.lon, 'LONG_DECIMAL');
    if (lat === null || lon === null) {
      issues.error(table.file, r.line, `fix ${id} has no valid position; row skipped`);
      return;
    }
    out.push({
      id,
      latDeg: roundTo(lat, 8),
      lonDeg: roundTo(lon, 8),
      region: r.text(c.region),
      state: r.text(c.state),
      country: r.text(c.country),
      use: r.text(c.use),
      airportId: null,
      source: { source: NASR_SOURCE, file: table.file, line: r.line },
    });
  });
}
