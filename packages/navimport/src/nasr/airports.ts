/** APT_BASE, APT_RWY and APT_RWY_END: airports with their runways and runway ends. */
import type { Airport, AirportType, Runway, RunwayEnd, SourceRef, SurfaceClass } from '@clearway/navdb';
import type { IssueCollector } from '../common/diagnostics.js';
import type { CsvTable } from '../common/csv.js';
import { roundTo } from '../common/values.js';
import { eachRow, NASR_SOURCE, signedVariation, splitSiteNo, type TableRun } from './table.js';

export const APT_BASE_REQUIRED = ['SITE_NO', 'ARPT_ID', 'ARPT_NAME', 'LAT_DECIMAL', 'LONG_DECIMAL'] as const;
export const APT_RWY_REQUIRED = ['SITE_NO', 'RWY_ID'] as const;
export const APT_RWY_END_REQUIRED = ['SITE_NO', 'RWY_ID', 'RWY_END_ID'] as const;

/** Airports of one NASR edition, keyed for the joins of the other tables. */
export interface AirportIndex {
  airports: Airport[];
  /** By `SITE_NO*SITE_TYPE_CODE`. */
  bySite: Map<string, Airport>;
  /** By SITE_NO alone; null when two facilities share the number. */
  bySiteNo: Map<string, Airport | null>;
  /** By FAA location id (ARPT_ID). */
  byId: Map<string, Airport>;
  /**
   * Runways whose airport is not in APT_BASE (tables of different cycles). The merge places them on
   * the same airport from another source, by FAA id, instead of losing them.
   */
  orphanRunways: OrphanRunway[];
}

/** A runway of APT_RWY whose airport record is missing from APT_BASE. */
export interface OrphanRunway {
  /** FAA location id (ARPT_ID) the runway row names. */
  airportId: string;
  runway: Runway;
  source: SourceRef;
}

export function emptyAirportIndex(): AirportIndex {
  return { airports: [], bySite: new Map(), bySiteNo: new Map(), byId: new Map(), orphanRunways: [] };
}

/** The airport of a SITE_NO (with its site type when the table gives one). */
export function findSite(index: AirportIndex, siteNo: string, siteType: string | null): Airport | undefined {
  const { base, type } = splitSiteNo(siteNo, siteType);
  // The type can change between cycles (an airport becomes a heliport): fall back to the number
  // alone when only one facility has it.
  return (type !== null ? index.bySite.get(`${base}*${type}`) : undefined) ?? index.bySiteNo.get(base) ?? undefined;
}

const SITE_TYPES: Record<string, AirportType> = {
  A: 'airport',
  H: 'heliport',
  C: 'seaplane_base',
  G: 'gliderport',
  U: 'ultralight',
  B: 'balloonport',
};

/** Reads APT_BASE into `index`. Airports closed indefinitely or permanently get type `closed`. */
export async function readAptBase(table: CsvTable, issues: IssueCollector, index: AirportIndex): Promise<TableRun> {
  const c = {
    site: table.column('SITE_NO'),
    type: table.column('SITE_TYPE_CODE'),
    state: table.column('STATE_CODE'),
    id: table.column('ARPT_ID'),
    city: table.column('CITY'),
    country: table.column('COUNTRY_CODE'),
    name: table.column('ARPT_NAME'),
    use: table.column('FACILITY_USE_CODE'),
    lat: table.column('LAT_DECIMAL'),
    lon: table.column('LONG_DECIMAL'),
    elev: table.column('ELEV'),
    magVar: table.column('MAG_VARN'),
    magHemis: table.column('MAG_HEMIS'),
    status: table.column('ARPT_STATUS'),
    fuel: table.column('FUEL_TYPES'),
    tower: table.column('TWR_TYPE_CODE'),
    icao: table.column('ICAO_ID'),
  };
  return eachRow(table, issues, (r) => {
    const site = r.text(c.site);
    const id = r.text(c.id);
    if (site === null || id === null) {
      issues.error(table.file, r.line, `airport without ${site === null ? 'SITE_NO' : 'ARPT_ID'}; row skipped`);
      return;
    }
    const lat = r.lat(c.lat, 'LAT_DECIMAL');
    const lon = r.lon(c.lon, 'LONG_DECIMAL');
    if (lat === null || lon === null) {
      issues.error(table.file, r.line, `airport ${id} has no valid position; row skipped`);
      return;
    }
    const siteType = r.text(c.type);
    const { base, type: keyType } = splitSiteNo(site, siteType);
    const key = `${base}*${keyType ?? ''}`;
    if (index.bySite.has(key)) {
      issues.warning(table.file, r.line, `duplicate SITE_NO ${site} ${siteType ?? ''} (airport ${id}); row skipped`);
      return;
    }
    let type: AirportType = siteType !== null ? (SITE_TYPES[siteType] ?? 'other') : 'other';
    const status = r.text(c.status);
    if (status === 'CI' || status === 'CP') type = 'closed';
    const use = r.text(c.use);
    const tower = r.text(c.tower);
    const fuelTypes = r.text(c.fuel);
    const airport: Airport = {
      id,
      faaId: id,
      icaoId: r.text(c.icao),
      name: r.text(c.name) ?? id,
      city: r.text(c.city),
      state: r.text(c.state),
      country: r.text(c.country) ?? 'US',
      latDeg: roundTo(lat, 8),
      lonDeg: roundTo(lon, 8),
      elevationFt: r.number(c.elev, 'ELEV'),
      type,
      publicUse: use === 'PU' ? true : use === 'PR' ? false : null,
      towered: tower === null ? null : tower.startsWith('ATCT'),
      fuel: c.fuel < 0 ? null : fuelTypes !== null,
      fuelTypes,
      longestRunwayFt: null,
      longestRunwaySurface: null,
      magVarDeg: signedVariation(r.number(c.magVar, 'MAG_VARN'), r.text(c.magHemis)),
      runways: [],
      frequencies: [],
      source: { source: NASR_SOURCE, file: table.file, line: r.line },
    };
    index.airports.push(airport);
    index.bySite.set(key, airport);
    index.bySiteNo.set(base, index.bySiteNo.has(base) ? null : airport);
    if (!index.byId.has(id)) index.byId.set(id, airport);
  });
}

const HARD_SURFACES = new Set([
  'ASPH', 'CONC', 'PEM', 'BRICK', 'ASPH/CONC', 'ASPH-CONC', 'CONC-ASPH', 'METAL', 'ALUMINUM', 'STEEL',
  'WOOD', 'DECK', 'ROOF-TOP', 'ROOFTOP', 'MATS', 'PSP',
]);

/**
 * Surface class of a NASR surface code: hard for paved and built surfaces (asphalt, concrete,
 * porous friction course, brick, decks, mats), water for WATER, soft for the rest (turf, dirt,
 * gravel, treated, snow). A combined code such as `ASPH-TURF` takes its first part.
 */
export function nasrSurfaceClass(surface: string | null): SurfaceClass {
  if (surface === null) return 'S';
  const s = surface.toUpperCase();
  if (s === 'WATER') return 'W';
  if (HARD_SURFACES.has(s)) return 'H';
  const first = s.split(/[-/]/)[0] ?? s;
  if (first === 'WATER') return 'W';
  return HARD_SURFACES.has(first) ? 'H' : 'S';
}

/** Runway end ids of a designator: `06L/24R` -> `06L`, `24R`; `H1` -> `H1`. */
export function endIdsOf(runwayId: string): string[] {
  return runwayId
    .split('/')
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
}

/** Lengths of 0 stand for unknown (closed runways such as ORD 10X have them). */
function positive(v: number | null): number | null {
  return v !== null && v > 0 ? v : null;
}

function bareEnd(id: string): RunwayEnd {
  return { id, latDeg: null, lonDeg: null, trueHeadingDeg: null, elevationFt: null, displacedThresholdFt: null };
}

/** Reads APT_RWY onto the airports of `index`; runway ends start as the designator's ids. */
export async function readAptRwy(table: CsvTable, issues: IssueCollector, index: AirportIndex): Promise<TableRun> {
  const c = {
    site: table.column('SITE_NO'),
    siteType: table.column('SITE_TYPE_CODE'),
    id: table.column('RWY_ID'),
    airport: table.column('ARPT_ID'),
    len: table.column('RWY_LEN'),
    width: table.column('RWY_WIDTH'),
    surface: table.column('SURFACE_TYPE_CODE'),
    light: table.column('RWY_LGT_CODE'),
  };
  return eachRow(table, issues, (r) => {
    const site = r.text(c.site);
    const id = r.text(c.id);
    if (site === null || id === null) {
      issues.error(table.file, r.line, `runway without ${site === null ? 'SITE_NO' : 'RWY_ID'}; row skipped`);
      return;
    }
    const airport = findSite(index, site, r.text(c.siteType));
    const surface = r.text(c.surface);
    const lighting = r.text(c.light);
    const runway: Runway = {
      id,
      lengthFt: positive(r.number(c.len, 'RWY_LEN')),
      widthFt: positive(r.number(c.width, 'RWY_WIDTH')),
      surface,
      surfaceClass: nasrSurfaceClass(surface),
      lighted: lighting === null ? null : lighting !== 'NONE',
      lighting,
      ends: endIdsOf(id).map(bareEnd),
    };
    if (!airport) {
      const airportId = r.text(c.airport);
      issues.warning(
        table.file,
        r.line,
        `runway ${id} of unknown airport SITE_NO ${site} (${airportId ?? '?'}); not in APT_BASE, left for the merge to place by FAA id`,
      );
      if (airportId !== null) index.orphanRunways.push({ airportId, runway, source: { source: 'faa-nasr', file: table.file, line: r.line } });
      return;
    }
    if (airport.runways.some((rw) => rw.id === id)) {
      issues.warning(table.file, r.line, `duplicate runway ${id} at ${airport.id}; row skipped`);
      return;
    }
    airport.runways.push(runway);
    if (runway.lengthFt !== null && (airport.longestRunwayFt === null || runway.lengthFt > airport.longestRunwayFt)) {
      airport.longestRunwayFt = runway.lengthFt;
      airport.longestRunwaySurface = runway.surfaceClass;
    }
  });
}

/** Reads APT_RWY_END onto the runway ends already made from APT_RWY. */
export async function readAptRwyEnd(table: CsvTable, issues: IssueCollector, index: AirportIndex): Promise<TableRun> {
  const c = {
    site: table.column('SITE_NO'),
    siteType: table.column('SITE_TYPE_CODE'),
    rwy: table.column('RWY_ID'),
    end: table.column('RWY_END_ID'),
    airport: table.column('ARPT_ID'),
    heading: table.column('TRUE_ALIGNMENT'),
    lat: table.column('LAT_DECIMAL'),
    lon: table.column('LONG_DECIMAL'),
    elev: table.column('RWY_END_ELEV'),
    displaced: table.column('DISPLACED_THR_LEN'),
  };
  return eachRow(table, issues, (r) => {
    const site = r.text(c.site);
    const rwyId = r.text(c.rwy);
    const endId = r.text(c.end);
    if (site === null || rwyId === null || endId === null) {
      issues.error(table.file, r.line, 'runway end without SITE_NO, RWY_ID or RWY_END_ID; row skipped');
      return;
    }
    const airport = findSite(index, site, r.text(c.siteType));
    if (!airport) {
      issues.warning(table.file, r.line, `runway end ${endId} of unknown airport SITE_NO ${site} (${r.text(c.airport) ?? '?'}); row skipped`);
      return;
    }
    const runway = airport.runways.find((rw) => rw.id === rwyId);
    if (!runway) {
      issues.warning(table.file, r.line, `runway end ${endId} of unknown runway ${rwyId} at ${airport.id}; row skipped`);
      return;
    }
    let end = runway.ends.find((e) => e.id === endId);
    if (!end) {
      issues.warning(table.file, r.line, `runway end ${endId} is not an end of runway ${rwyId} at ${airport.id}; added`);
      end = bareEnd(endId);
      runway.ends.push(end);
    }
    const lat = r.lat(c.lat, 'LAT_DECIMAL');
    const lon = r.lon(c.lon, 'LONG_DECIMAL');
    if ((lat === null) !== (lon === null)) issues.warning(table.file, r.line, `runway end ${endId} at ${airport.id} has half a position; ignored`);
    end.latDeg = lat !== null && lon !== null ? roundTo(lat, 8) : null;
    end.lonDeg = lat !== null && lon !== null ? roundTo(lon, 8) : null;
    end.trueHeadingDeg = r.numberIn(c.heading, 'TRUE_ALIGNMENT', 0, 360);
    end.elevationFt = r.number(c.elev, 'RWY_END_ELEV');
    end.displacedThresholdFt = r.number(c.displaced, 'DISPLACED_THR_LEN');
  });
}
