/** NAV_BASE: navaids. */
import type { Navaid, NavaidType } from '@clearway/navdb';
import type { IssueCollector } from '../common/diagnostics.js';
import type { CsvTable } from '../common/csv.js';
import { roundTo } from '../common/values.js';
import { eachRow, NASR_SOURCE, signedVariation, type TableRun } from './table.js';

export const NAV_BASE_REQUIRED = ['NAV_ID', 'NAV_TYPE', 'LAT_DECIMAL', 'LONG_DECIMAL'] as const;

const NAV_TYPES: Record<string, NavaidType> = {
  VOR: 'VOR',
  VORTAC: 'VORTAC',
  'VOR/DME': 'VOR-DME',
  TACAN: 'TACAN',
  NDB: 'NDB',
  'MARINE NDB': 'NDB',
  'NDB/DME': 'NDB-DME',
  DME: 'DME',
};

/** Navaid types whose FREQ is in kHz (the rest are VHF, in MHz). */
const KHZ_TYPES = new Set(['NDB', 'MARINE NDB', 'NDB/DME']);

/** What {@link readNavBase} did besides producing navaids. */
export interface NavReadResult extends TableRun {
  /** Rows left out because the navaid is shut down. */
  shutDown: number;
}

/**
 * Reads NAV_BASE into `out`. VOT test stations and fan markers become type OTHER; navaids whose
 * NAV_STATUS is SHUTDOWN are left out (counted, not reported). FREQ is MHz for VHF aids and kHz for
 * NDBs; both become kHz.
 */
export async function readNavBase(table: CsvTable, issues: IssueCollector, out: Navaid[]): Promise<NavReadResult> {
  const c = {
    id: table.column('NAV_ID'),
    type: table.column('NAV_TYPE'),
    state: table.column('STATE_CODE'),
    country: table.column('COUNTRY_CODE'),
    status: table.column('NAV_STATUS'),
    name: table.column('NAME'),
    lat: table.column('LAT_DECIMAL'),
    lon: table.column('LONG_DECIMAL'),
    elev: table.column('ELEV'),
    magVar: table.column('MAG_VARN'),
    magHemis: table.column('MAG_VARN_HEMIS'),
    chan: table.column('CHAN'),
    freq: table.column('FREQ'),
  };
  let shutDown = 0;
  const run = await eachRow(table, issues, (r) => {
    const id = r.text(c.id);
    const rawType = r.text(c.type);
    if (id === null || rawType === null) {
      issues.error(table.file, r.line, `navaid without ${id === null ? 'NAV_ID' : 'NAV_TYPE'}; row skipped`);
      return;
    }
    if (r.text(c.status) === 'SHUTDOWN') {
      shutDown++;
      return;
    }
    const lat = r.lat(c.lat, 'LAT_DECIMAL');
    const lon = r.lon(c.lon, 'LONG_DECIMAL');
    if (lat === null || lon === null) {
      issues.error(table.file, r.line, `navaid ${id} ${rawType} has no valid position; row skipped`);
      return;
    }
    const freq = r.number(c.freq, 'FREQ');
    let frequencyKhz: number | null = null;
    if (freq !== null && freq > 0) {
      frequencyKhz = KHZ_TYPES.has(rawType) ? Math.round(freq) : Math.round(freq * 1000);
      // TACAN and DME list the paired VHF frequency, which runs up to 135.95 MHz.
      const ok = KHZ_TYPES.has(rawType)
        ? frequencyKhz >= 190 && frequencyKhz <= 1750
        : frequencyKhz >= 108000 && frequencyKhz <= (rawType.startsWith('VOR') || rawType === 'VOT' ? 118000 : 136000);
      if (!ok) issues.warning(table.file, r.line, `navaid ${id} ${rawType} frequency ${freq} outside its band`);
    }
    out.push({
      id,
      name: r.text(c.name) ?? id,
      type: NAV_TYPES[rawType] ?? 'OTHER',
      latDeg: roundTo(lat, 8),
      lonDeg: roundTo(lon, 8),
      elevationFt: r.number(c.elev, 'ELEV'),
      frequencyKhz,
      channel: r.text(c.chan),
      slavedVarDeg: signedVariation(r.number(c.magVar, 'MAG_VARN'), r.text(c.magHemis)),
      // NAV_BASE's REGION_CODE is the FAA region (ASW), not the ICAO region the model means.
      region: null,
      state: r.text(c.state),
      country: r.text(c.country),
      source: { source: NASR_SOURCE, file: table.file, line: r.line },
    });
  });
  return { ...run, shutDown };
}
