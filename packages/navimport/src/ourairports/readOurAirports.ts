/**
 * OurAirports CSV (airports.csv, runways.csv, navaids.csv, airport-frequencies.csv) from a folder,
 * a zip or a list of source files. Each file is streamed once; runways and frequencies join to
 * airports by `airport_ref`.
 */
import type { Airport, Navaid, Runway, RunwayEnd } from '@clearway/navdb';
import type { ColumnSpec, CsvTable } from '../common/csv.js';
import { openCsvTable } from '../common/csv.js';
import type { IssueCollector } from '../common/diagnostics.js';
import { errorMessage } from '../common/lines.js';
import type { ProgressCallback } from '../common/progress.js';
import { findSourceFile, listSourceFiles, type SourceFile } from '../common/sourceFiles.js';
import { FieldReader, roundTo } from '../common/values.js';
import { airportIdents, airportType, frequencyType, navaidType, regionCode, surfaceClass } from './mapping.js';

const SOURCE = 'ourairports' as const;

export interface OurAirportsOptions {
  issues: IssueCollector;
  onProgress?: ProgressCallback;
}

export interface OurAirportsTableReport {
  file: string;
  path: string;
  rows: number;
  millis: number;
}

export interface OurAirportsData {
  airports: Airport[];
  navaids: Navaid[];
  /** OurAirports files carry no edition date. */
  edition: null;
  files: string[];
  tables: OurAirportsTableReport[];
  /** Runways left out because OurAirports marks them closed. */
  closedRunways: number;
}

/**
 * Reads OurAirports. Airports of the US and its territories take their FAA id as `id` (see
 * {@link airportIdents}); towered is true when the airport has a TWR frequency, else null. Closed
 * runways are left out. Never throws for bad data: problems go to `options.issues`.
 */
export async function readOurAirports(input: string | readonly SourceFile[], options: OurAirportsOptions): Promise<OurAirportsData> {
  const { issues } = options;
  const files = typeof input === 'string' ? await listSourceFiles(input, { issues }) : input;
  const where = typeof input === 'string' ? input : 'the given files';
  const data: OurAirportsData = { airports: [], navaids: [], edition: null, files: [], tables: [], closedRunways: 0 };
  const byRef = new Map<string, Airport>();

  const table = async (name: string, required: readonly ColumnSpec[], optional: boolean, read: (t: CsvTable, r: FieldReader) => Promise<number>): Promise<void> => {
    const file = findSourceFile(files, name);
    if (!file) {
      if (optional) issues.warning(name, 0, `${name} not found in ${where}; its data is left out`);
      else issues.error(name, 0, `${name} not found in ${where}`);
      return;
    }
    const started = performance.now();
    let stream: NodeJS.ReadableStream;
    try {
      stream = await file.open();
    } catch (err) {
      issues.error(file.name, 0, `cannot open ${file.path}: ${errorMessage(err)}`);
      return;
    }
    const t = await openCsvTable(stream, { file: file.name, issues, onProgress: options.onProgress, totalBytes: file.size, required });
    if (!t) return;
    const rows = await read(t, new FieldReader(file.name, issues));
    data.files.push(file.name);
    data.tables.push({ file: file.name, path: file.path, rows, millis: performance.now() - started });
  };

  await table('airports.csv', ['id', 'ident', 'type', 'latitude_deg', 'longitude_deg'], false, (t, r) => readAirports(t, r, data.airports, byRef));
  await table('runways.csv', ['airport_ref', 'le_ident'], true, async (t, r) => {
    const { rows, closed } = await readRunways(t, r, byRef);
    data.closedRunways = closed;
    return rows;
  });
  await table('airport-frequencies.csv', ['airport_ref', 'type', 'frequency_mhz'], true, (t, r) => readFrequencies(t, r, byRef));
  await table('navaids.csv', ['ident', 'type', 'latitude_deg', 'longitude_deg'], true, (t, r) => readNavaids(t, r, data.navaids));
  return data;
}

/** Calls `fn` per row; returns the row count. */
async function each(t: CsvTable, r: FieldReader, fn: () => void): Promise<number> {
  let n = 0;
  for await (const batch of t.rows()) {
    for (const rec of batch) {
      r.fields = rec.fields;
      r.line = rec.line;
      n++;
      fn();
    }
  }
  return n;
}

async function readAirports(t: CsvTable, r: FieldReader, out: Airport[], byRef: Map<string, Airport>): Promise<number> {
  const c = {
    ref: t.column('id'),
    ident: t.column('ident'),
    type: t.column('type'),
    name: t.column('name'),
    lat: t.column('latitude_deg'),
    lon: t.column('longitude_deg'),
    elev: t.column('elevation_ft'),
    country: t.column('iso_country'),
    region: t.column('iso_region'),
    city: t.column('municipality'),
    icao: t.column('icao_code'),
    gps: t.column('gps_code'),
    local: t.column('local_code'),
  };
  const pending: { airport: Airport; ident: string; candidate: string }[] = [];
  const rows = await each(t, r, () => {
    const ref = r.text(c.ref);
    const ident = r.text(c.ident);
    if (ref === null || ident === null) {
      r.issues.error(t.file, r.line, `airport without ${ref === null ? 'id' : 'ident'}; row skipped`);
      return;
    }
    const lat = r.lat(c.lat, 'latitude_deg');
    const lon = r.lon(c.lon, 'longitude_deg');
    if (lat === null || lon === null) {
      r.issues.error(t.file, r.line, `airport ${ident} has no valid position; row skipped`);
      return;
    }
    if (byRef.has(ref)) {
      r.issues.warning(t.file, r.line, `duplicate airport id ${ref} (${ident}); row skipped`);
      return;
    }
    const country = r.text(c.country) ?? 'XX';
    const idents = airportIdents({ ident, country, icao: r.text(c.icao), gps: r.text(c.gps), local: r.text(c.local) });
    const airport: Airport = {
      id: idents.id,
      faaId: idents.faaId,
      icaoId: idents.icaoId,
      name: r.text(c.name) ?? ident,
      city: r.text(c.city),
      state: regionCode(r.text(c.region)),
      country,
      latDeg: roundTo(lat, 8),
      lonDeg: roundTo(lon, 8),
      elevationFt: r.number(c.elev, 'elevation_ft'),
      type: airportType(r.text(c.type)),
      publicUse: null,
      towered: null,
      fuel: null,
      fuelTypes: null,
      longestRunwayFt: null,
      longestRunwaySurface: null,
      magVarDeg: null,
      runways: [],
      frequencies: [],
      source: { source: SOURCE, file: t.file, line: r.line },
    };
    out.push(airport);
    byRef.set(ref, airport);
    pending.push({ airport, ident, candidate: idents.id });
  });
  assignUniqueIds(pending);
  return rows;
}

/**
 * Codes are reused (a US local id that is also a Brazilian GPS code, two fields with one FAA id),
 * but OurAirports' own idents are unique. An airport keeps its preferred id when no other airport
 * prefers it or has it as ident; otherwise it takes its ident. The ids that result are unique.
 */
function assignUniqueIds(list: { airport: Airport; ident: string; candidate: string }[]): void {
  const candidates = new Map<string, number>();
  const idents = new Set<string>();
  for (const p of list) {
    candidates.set(p.candidate, (candidates.get(p.candidate) ?? 0) + 1);
    idents.add(p.ident);
  }
  for (const p of list) {
    const mine = p.candidate === p.ident;
    const unique = candidates.get(p.candidate) === 1 && (mine || !idents.has(p.candidate));
    p.airport.id = unique ? p.candidate : p.ident;
  }
}

async function readRunways(t: CsvTable, r: FieldReader, byRef: Map<string, Airport>): Promise<{ rows: number; closed: number }> {
  const col = (name: string): number => t.column(name);
  const c = {
    ref: col('airport_ref'),
    ident: col('airport_ident'),
    len: col('length_ft'),
    width: col('width_ft'),
    surface: col('surface'),
    lighted: col('lighted'),
    closed: col('closed'),
  };
  const endCols = (p: 'le' | 'he') => ({
    id: col(`${p}_ident`),
    lat: col(`${p}_latitude_deg`),
    lon: col(`${p}_longitude_deg`),
    elev: col(`${p}_elevation_ft`),
    heading: col(`${p}_heading_degT`),
    displaced: col(`${p}_displaced_threshold_ft`),
  });
  const le = endCols('le');
  const he = endCols('he');
  const end = (e: ReturnType<typeof endCols>, prefix: string): RunwayEnd | null => {
    const id = r.text(e.id);
    if (id === null) return null;
    const lat = r.lat(e.lat, `${prefix}_latitude_deg`);
    const lon = r.lon(e.lon, `${prefix}_longitude_deg`);
    const both = lat !== null && lon !== null;
    return {
      id,
      latDeg: both ? roundTo(lat, 8) : null,
      lonDeg: both ? roundTo(lon, 8) : null,
      trueHeadingDeg: r.numberIn(e.heading, `${prefix}_heading_degT`, 0, 360),
      elevationFt: r.number(e.elev, `${prefix}_elevation_ft`),
      displacedThresholdFt: r.number(e.displaced, `${prefix}_displaced_threshold_ft`),
    };
  };
  let closed = 0;
  const rows = await each(t, r, () => {
    const ref = r.text(c.ref);
    const airport = ref !== null ? byRef.get(ref) : undefined;
    if (!airport) {
      r.issues.warning(t.file, r.line, `runway of unknown airport ${ref ?? '?'} (${r.text(c.ident) ?? '?'}); row skipped`);
      return;
    }
    if (r.flag(c.closed) === true) {
      closed++;
      return;
    }
    const ends = [end(le, 'le'), end(he, 'he')].filter((e): e is RunwayEnd => e !== null);
    if (ends.length === 0) {
      r.issues.warning(t.file, r.line, `runway of ${airport.id} without end idents; row skipped`);
      return;
    }
    const surface = r.text(c.surface);
    const runway: Runway = {
      id: ends.map((e) => e.id).join('/'),
      lengthFt: positive(r.number(c.len, 'length_ft')),
      widthFt: positive(r.number(c.width, 'width_ft')),
      surface,
      surfaceClass: surfaceClass(surface),
      lighted: r.flag(c.lighted),
      lighting: null,
      ends,
    };
    airport.runways.push(runway);
    if (runway.lengthFt !== null && (airport.longestRunwayFt === null || runway.lengthFt > airport.longestRunwayFt)) {
      airport.longestRunwayFt = runway.lengthFt;
      airport.longestRunwaySurface = runway.surfaceClass;
    }
  });
  return { rows, closed };
}

/** A length of 0 stands for unknown. */
function positive(v: number | null): number | null {
  return v !== null && v > 0 ? v : null;
}

async function readFrequencies(t: CsvTable, r: FieldReader, byRef: Map<string, Airport>): Promise<number> {
  const c = {
    ref: t.column('airport_ref'),
    ident: t.column('airport_ident'),
    type: t.column('type'),
    description: t.column('description'),
    mhz: t.column('frequency_mhz'),
  };
  return each(t, r, () => {
    const ref = r.text(c.ref);
    const airport = ref !== null ? byRef.get(ref) : undefined;
    if (!airport) {
      r.issues.warning(t.file, r.line, `frequency of unknown airport ${ref ?? '?'} (${r.text(c.ident) ?? '?'}); row skipped`);
      return;
    }
    const mhz = r.number(c.mhz, 'frequency_mhz');
    if (mhz === null || mhz <= 0) {
      r.issues.warning(t.file, r.line, `frequency of ${airport.id} without a valid frequency_mhz; row skipped`);
      return;
    }
    const type = frequencyType(r.text(c.type));
    airport.frequencies.push({ type, frequencyKhz: Math.round(mhz * 1000), description: r.text(c.description) });
    if (type === 'TWR') airport.towered = true;
  });
}

async function readNavaids(t: CsvTable, r: FieldReader, out: Navaid[]): Promise<number> {
  const c = {
    ident: t.column('ident'),
    name: t.column('name'),
    type: t.column('type'),
    khz: t.column('frequency_khz'),
    lat: t.column('latitude_deg'),
    lon: t.column('longitude_deg'),
    elev: t.column('elevation_ft'),
    country: t.column('iso_country'),
    channel: t.column('dme_channel'),
    slaved: t.column('slaved_variation_deg'),
  };
  return each(t, r, () => {
    const id = r.text(c.ident);
    if (id === null) {
      r.issues.error(t.file, r.line, 'navaid without ident; row skipped');
      return;
    }
    const lat = r.lat(c.lat, 'latitude_deg');
    const lon = r.lon(c.lon, 'longitude_deg');
    if (lat === null || lon === null) {
      r.issues.error(t.file, r.line, `navaid ${id} has no valid position; row skipped`);
      return;
    }
    const khz = r.number(c.khz, 'frequency_khz');
    out.push({
      id,
      name: r.text(c.name) ?? id,
      type: navaidType(r.text(c.type)),
      latDeg: roundTo(lat, 8),
      lonDeg: roundTo(lon, 8),
      elevationFt: r.number(c.elev, 'elevation_ft'),
      frequencyKhz: khz !== null && khz > 0 ? Math.round(khz) : null,
      channel: r.text(c.channel),
      slavedVarDeg: r.numberIn(c.slaved, 'slaved_variation_deg', -180, 180),
      region: null,
      state: null,
      country: r.text(c.country),
      source: { source: SOURCE, file: t.file, line: r.line },
    });
  });
}
