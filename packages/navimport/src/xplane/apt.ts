/**
 * `apt.dat` (810 to 1100 layouts): an airport header row (1 land airport, 16 seaplane base, 17
 * heliport: `code elevation_ft tower buildings ident name...`) followed by its rows until the next
 * header. Kept: runways (10, 100, 101, 102), frequencies (50-56 in 10 kHz, 1050-1056 in kHz) and
 * 1302 metadata. apt.dat gives no airport position, so it is the 1302 datum, else the centre of the
 * runway ends, else the centre of the airport's other positioned rows (tower, ramp starts, beacon,
 * windsock, taxi nodes).
 */
import type { Airport, AirportType, Frequency, Runway } from '@clearway/navdb';
import type { DatFileInfo, DatInput, ReadDatOptions } from './datFile.js';
import { num, readDatRows, tokens, validPosition } from './datFile.js';
import { helipad, landRunway, runway810, waterRunway } from './aptRunways.js';
import type { ParsedRunway } from './aptRunways.js';

export const APT_VERSIONS = [810, 850, 1000, 1050, 1100] as const;

const HEADER_TYPES: Record<string, AirportType> = { '1': 'airport', '16': 'seaplane_base', '17': 'heliport' };

const FREQUENCY_TYPES: Record<string, string> = { '0': 'ATIS', '1': 'UNICOM', '2': 'DEL', '3': 'GND', '4': 'TWR', '5': 'APP', '6': 'DEP' };

/** Rows whose first two fields are a position, used for an airport without runways. */
const POSITIONED_ROWS = new Set(['14', '15', '18', '19', '1300', '1201']);

class BoundingBox {
  minLat = Infinity;
  maxLat = -Infinity;
  minLon = Infinity;
  maxLon = -Infinity;

  add(lat: number, lon: number): void {
    this.minLat = Math.min(this.minLat, lat);
    this.maxLat = Math.max(this.maxLat, lat);
    this.minLon = Math.min(this.minLon, lon);
    this.maxLon = Math.max(this.maxLon, lon);
  }

  centre(): { latDeg: number; lonDeg: number } | null {
    if (this.minLat === Infinity) return null;
    return { latDeg: (this.minLat + this.maxLat) / 2, lonDeg: (this.minLon + this.maxLon) / 2 };
  }
}

interface AirportBuilder {
  code: string;
  ident: string;
  name: string;
  elevationFt: number | null;
  tower: string;
  line: number;
  runways: ParsedRunway[];
  frequencies: Frequency[];
  meta: Map<string, string>;
  runwayBox: BoundingBox;
  otherBox: BoundingBox;
}

export interface AptDatResult {
  airports: Airport[];
  info: DatFileInfo;
}

function frequency(code: string, t: readonly string[], kHz: boolean): Frequency | string {
  const value = num(t[1]);
  if (value === null || value <= 0) return `unreadable frequency '${t[1] ?? ''}'`;
  const description = t.slice(2).join(' ') || null;
  const upper = description?.toUpperCase() ?? '';
  let type = FREQUENCY_TYPES[code.slice(-1)] as string;
  if (type === 'ATIS' && /\bAWOS\b/.test(upper)) type = 'AWOS';
  else if (type === 'ATIS' && /\bASOS\b/.test(upper)) type = 'ASOS';
  else if (type === 'UNICOM' && /\bCTAF\b/.test(upper)) type = 'CTAF';
  return { type, frequencyKhz: kHz ? value : value * 10, description };
}

function finish(b: AirportBuilder, file: string, options: Omit<ReadDatOptions, 'kind' | 'versions'>): Airport | null {
  const datumLat = num(b.meta.get('datum_lat'));
  const datumLon = num(b.meta.get('datum_lon'));
  const position =
    datumLat !== null && datumLon !== null && validPosition(datumLat, datumLon)
      ? { latDeg: datumLat, lonDeg: datumLon }
      : (b.runwayBox.centre() ?? b.otherBox.centre());
  if (!position) {
    options.issues.error(file, b.line, `apt.dat: airport ${b.ident} has no runway or other position to place it; airport skipped`);
    return null;
  }
  const runways: Runway[] = b.runways.map((r) => r.runway);
  let longest: Runway | null = null;
  for (const r of b.runways) {
    if (!r.helipad && r.runway.lengthFt !== null && (longest === null || r.runway.lengthFt > (longest.lengthFt as number))) longest = r.runway;
  }
  const icao = b.meta.get('icao_code') ?? null;
  let type = HEADER_TYPES[b.code] as AirportType;
  if (b.name.startsWith('[X]')) type = 'closed';
  return {
    id: b.ident,
    faaId: b.meta.get('faa_code') ?? null,
    icaoId: icao ?? (/^[A-Z]{4}$/.test(b.ident) ? b.ident : null),
    name: b.name,
    city: b.meta.get('city') ?? null,
    state: b.meta.get('state') ?? null,
    // apt.dat names no ISO country (1302 `country` is a free-text name); the merge fills it.
    country: '',
    latDeg: position.latDeg,
    lonDeg: position.lonDeg,
    elevationFt: b.elevationFt,
    type,
    publicUse: null,
    towered: b.tower === '1' ? true : b.tower === '0' ? false : null,
    fuel: null,
    fuelTypes: null,
    longestRunwayFt: longest?.lengthFt ?? null,
    longestRunwaySurface: longest?.surfaceClass ?? null,
    magVarDeg: null,
    runways,
    frequencies: b.frequencies,
    source: { source: 'xplane', file, line: b.line },
  };
}

/** The numeric row code at the start of a row, or '' when it has none. Hot: runs on every row. */
function rowCode(line: string): string {
  let start = 0;
  while (start < line.length && (line.charCodeAt(start) === 32 || line.charCodeAt(start) === 9)) start++;
  let end = start;
  for (; end < line.length; end++) {
    const c = line.charCodeAt(end);
    if (c === 32 || c === 9) break;
    if (c < 48 || c > 57) return '';
  }
  return line.slice(start, end);
}

/** Reads the airports of an apt.dat, streaming; rows of no interest are skipped without being split. */
export async function readAptDat(dat: DatInput, options: Omit<ReadDatOptions, 'kind' | 'versions'>): Promise<AptDatResult> {
  const { issues } = options;
  const airports: Airport[] = [];
  let current: AirportBuilder | null = null;
  const close = (): void => {
    if (current) {
      const airport = finish(current, dat.name, options);
      if (airport) airports.push(airport);
      current = null;
    }
  };
  const info = await readDatRows(dat, { ...options, kind: 'apt.dat', versions: APT_VERSIONS }, (line, number) => {
    const code = rowCode(line);
    const bad = (why: string): void => issues.error(dat.name, number, `apt.dat: ${why}: '${line.slice(0, 60)}'; row skipped`);
    if (code === '1' || code === '16' || code === '17') {
      close();
      const t = tokens(line);
      const elevation = num(t[1]);
      if (t.length < 5 || elevation === null) return bad('airport header needs elevation, tower, buildings, ident and name');
      current = {
        code, ident: t[4] as string, name: t.slice(5).join(' ') || (t[4] as string), elevationFt: elevation, tower: t[2] as string,
        line: number, runways: [], frequencies: [], meta: new Map(), runwayBox: new BoundingBox(), otherBox: new BoundingBox(),
      };
      return;
    }
    if (code === '') return bad('not a row (no numeric row code)');
    const b = current as AirportBuilder | null;
    if (b === null) {
      if (['10', '100', '101', '102', '1302'].includes(code) || /^(10)?5[0-6]$/.test(code)) bad(`row ${code} before any airport header`);
      return;
    }
    if (code === '100' || code === '101' || code === '102' || code === '10') {
      const t = tokens(line);
      const parsed = code === '100' ? landRunway(t) : code === '101' ? waterRunway(t) : code === '102' ? helipad(t) : runway810(t);
      if (parsed === null) return;
      if (typeof parsed === 'string') return bad(parsed);
      b.runways.push(parsed);
      for (const e of parsed.runway.ends) b.runwayBox.add(e.latDeg as number, e.lonDeg as number);
    } else if (/^(10)?5[0-6]$/.test(code)) {
      const f = frequency(code, tokens(line), code.length === 4);
      if (typeof f === 'string') return bad(f);
      b.frequencies.push(f);
    } else if (code === '1302') {
      const t = tokens(line);
      if (t[1] !== undefined && t.length > 2) b.meta.set(t[1], t.slice(2).join(' '));
    } else if (b.runways.length === 0 && POSITIONED_ROWS.has(code)) {
      // Only needed to place an airport without runways (runway rows come first in a block).
      const t = tokens(line);
      const lat = num(t[1]);
      const lon = num(t[2]);
      if (validPosition(lat, lon)) b.otherBox.add(lat as number, lon as number);
    }
  });
  close();
  return { airports, info };
}
