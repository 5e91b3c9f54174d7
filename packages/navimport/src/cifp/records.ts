/**
 * Readers of the ARINC 424-18 point records of a CIFP file: airports (PA), runways (PG), enroute
 * and terminal waypoints (EA, PC), VHF navaids (D) and NDBs (DB, PN). Column numbers follow the
 * specification (sections 4.1.2 to 4.1.10), checked against FAACIFP18.
 */
import type { Airport, Fix, Navaid, NavaidType, SourceRef, SurfaceClass } from '@clearway/navdb';
import { altitudeFt, col, courseField, latitudeDeg, longitudeDeg, numberField, text, variationDeg } from './fields.js';
import type { RecordContext } from './fields.js';

/** The section key of a record: `PA`, `PG`, `EA`, `D `, `DB` ... (col 5 plus col 6, or col 13 for airport and heliport sections). */
export function sectionOf(record: string): string {
  const section = record.charAt(4);
  return section === 'P' || section === 'H' ? section + record.charAt(12) : section + record.charAt(5);
}

/** Continuation record number of a record of this section (col 39 for airways and procedures, col 22 otherwise). */
export function continuationOf(record: string, section: string): string {
  return record.charAt(section === 'ER' || section === 'PD' || section === 'PE' || section === 'PF' ? 38 : 21);
}

/**
 * A continuation record is numbered 2 and up (`2`-`9`, `A`-`Z`); a primary record is numbered 0
 * (no continuation follows) or 1 (continuations follow).
 */
export function isContinuation(continuation: string): boolean {
  return /^[2-9A-Z]$/.test(continuation);
}

/** ISO country of an ICAO region code, for the regions FAA CIFP covers; null elsewhere. */
export function countryOfRegion(region: string | null): string | null {
  if (!region) return null;
  if (region.startsWith('K') || ['PA', 'PF', 'PO', 'PP', 'PH'].includes(region)) return 'US';
  const map: Record<string, string> = { PG: 'GU', TJ: 'PR', TI: 'VI', NS: 'AS', PK: 'MH', PW: 'US' };
  return map[region] ?? null;
}

function sourceRef(ctx: RecordContext): SourceRef {
  return { source: 'faa-cifp', file: ctx.file, line: ctx.line };
}

function positionOrReport(ctx: RecordContext, what: string, lat: number | null, lon: number | null): boolean {
  if (lat !== null && lon !== null) return true;
  ctx.issues.error(ctx.file, ctx.line, `${what} has no readable position; record skipped`);
  return false;
}

export interface AirportRecord {
  /** The ident the other records use, e.g. `KHWD`. */
  ident: string;
  airport: Airport;
}

function surfaceClassOf(code: string): SurfaceClass | null {
  return code === 'H' || code === 'S' || code === 'W' ? code : null;
}

/** Airport reference point record (PA, 4.1.7). */
export function readAirport(ctx: RecordContext, record: string): AirportRecord | null {
  const ident = text(record, 7, 10);
  if (!ident) {
    ctx.issues.error(ctx.file, ctx.line, 'airport record without an ident; record skipped');
    return null;
  }
  const lat = latitudeDeg(ctx, record, 33);
  const lon = longitudeDeg(ctx, record, 42);
  if (!positionOrReport(ctx, `airport ${ident}`, lat, lon)) return null;
  const region = text(record, 11, 12);
  const faaId = text(record, 14, 18);
  const longestHundreds = numberField(ctx, record, 28, 30, 'longest runway');
  const publicMilitary = col(record, 81, 81);
  return {
    ident,
    airport: {
      id: faaId ?? ident,
      faaId,
      icaoId: /^[A-Z]{4}$/.test(ident) ? ident : null,
      name: text(record, 94, 123) ?? ident,
      city: null,
      state: null,
      country: countryOfRegion(region) ?? '',
      latDeg: lat as number,
      lonDeg: lon as number,
      elevationFt: numberField(ctx, record, 57, 61, 'airport elevation'),
      type: 'airport',
      publicUse: publicMilitary === 'C' || publicMilitary === 'J' ? true : publicMilitary === 'P' || publicMilitary === 'M' ? false : null,
      towered: null,
      fuel: null,
      fuelTypes: null,
      longestRunwayFt: longestHundreds === null ? null : longestHundreds * 100,
      longestRunwaySurface: surfaceClassOf(col(record, 32, 32)),
      magVarDeg: variationDeg(ctx, record, 52),
      runways: [],
      frequencies: [],
      source: sourceRef(ctx),
    },
  };
}

export interface RunwayEndRecord {
  airportIdent: string;
  /** End designator without the `RW` prefix, e.g. `28L`. */
  id: string;
  lengthFt: number | null;
  bearingDeg: number | null;
  bearingIsTrue: boolean;
  latDeg: number | null;
  lonDeg: number | null;
  elevationFt: number | null;
  displacedThresholdFt: number | null;
  widthFt: number | null;
  source: SourceRef;
}

/** Runway record (PG, 4.1.10): one runway end, positioned at its landing threshold. */
export function readRunwayEnd(ctx: RecordContext, record: string): RunwayEndRecord | null {
  const airportIdent = text(record, 7, 10);
  const designator = text(record, 14, 18);
  if (!airportIdent || !designator) {
    ctx.issues.error(ctx.file, ctx.line, 'runway record without an airport or runway ident; record skipped');
    return null;
  }
  const bearing = courseField(ctx, record, 28, 'runway bearing');
  return {
    airportIdent,
    id: designator.startsWith('RW') ? designator.slice(2) : designator,
    lengthFt: numberField(ctx, record, 23, 27, 'runway length'),
    bearingDeg: bearing?.deg ?? null,
    bearingIsTrue: bearing?.isTrue ?? false,
    latDeg: latitudeDeg(ctx, record, 33),
    lonDeg: longitudeDeg(ctx, record, 42),
    elevationFt: numberField(ctx, record, 67, 71, 'threshold elevation'),
    displacedThresholdFt: numberField(ctx, record, 72, 75, 'displaced threshold'),
    widthFt: numberField(ctx, record, 78, 80, 'runway width'),
    source: sourceRef(ctx),
  };
}

export interface WaypointRecord {
  /** Airport ident (cols 7-10) for a terminal waypoint, null for an enroute one. */
  airportIdent: string | null;
  fix: Fix;
}

/** Enroute (EA, 4.1.4) or terminal (PC) waypoint. */
export function readWaypoint(ctx: RecordContext, record: string, terminal: boolean): WaypointRecord | null {
  const ident = text(record, 14, 18);
  if (!ident) {
    ctx.issues.error(ctx.file, ctx.line, 'waypoint record without an ident; record skipped');
    return null;
  }
  const lat = latitudeDeg(ctx, record, 33);
  const lon = longitudeDeg(ctx, record, 42);
  if (!positionOrReport(ctx, `waypoint ${ident}`, lat, lon)) return null;
  const region = text(record, 20, 21);
  return {
    airportIdent: terminal ? text(record, 7, 10) : null,
    fix: {
      id: ident,
      latDeg: lat as number,
      lonDeg: lon as number,
      region,
      state: null,
      country: countryOfRegion(region),
      use: text(record, 27, 29),
      // Filled with the airport's id once the airport records are known.
      airportId: null,
      source: sourceRef(ctx),
    },
  };
}

export interface NavaidRecord {
  /** Airport ident (cols 7-10) of a terminal NDB or an airport-associated VHF navaid. */
  airportIdent: string | null;
  navaid: Navaid;
}

/** Navaid type from the VHF navaid class (cols 28-29): V VOR, D DME, T/M TACAN, I ILS/DME. */
function vhfType(navClass: string): NavaidType {
  const vor = navClass.charAt(0) === 'V';
  const dme = navClass.charAt(1);
  const tacan = dme === 'T' || dme === 'M';
  if (vor) return tacan ? 'VORTAC' : dme === 'D' ? 'VOR-DME' : 'VOR';
  if (tacan) return 'TACAN';
  return dme === ' ' ? 'OTHER' : 'DME';
}

/**
 * TACAN channel paired with a VHF frequency (kHz), for the 108.00-117.95 MHz band
 * (channels 17X-126Y); null outside it.
 */
export function tacanChannel(frequencyKhz: number | null): string | null {
  if (frequencyKhz === null) return null;
  const steps = Math.round(frequencyKhz / 50); // 50 kHz steps
  const y = steps % 2 === 1 ? 'Y' : 'X';
  const tenths = Math.floor(steps / 2); // 100 kHz units
  if (tenths >= 1080 && tenths <= 1122) return `${tenths - 1080 + 17}${y}`;
  if (tenths >= 1123 && tenths <= 1179) return `${tenths - 1123 + 70}${y}`;
  return null;
}

/** VHF navaid (D, 4.1.2): VOR, VOR-DME, VORTAC, TACAN or DME. */
export function readVhfNavaid(ctx: RecordContext, record: string): NavaidRecord | null {
  const ident = text(record, 14, 17);
  if (!ident) {
    ctx.issues.error(ctx.file, ctx.line, 'VHF navaid record without an ident; record skipped');
    return null;
  }
  const navClass = col(record, 28, 32);
  const type = vhfType(navClass);
  // A DME or TACAN alone has only the second (DME) position.
  let lat = latitudeDeg(ctx, record, 33);
  let lon = longitudeDeg(ctx, record, 42);
  if (lat === null || lon === null) {
    lat = latitudeDeg(ctx, record, 56, 'DME latitude');
    lon = longitudeDeg(ctx, record, 65, 'DME longitude');
  }
  if (!positionOrReport(ctx, `navaid ${ident}`, lat, lon)) return null;
  const region = text(record, 20, 21);
  const freq = numberField(ctx, record, 23, 27, 'frequency');
  const frequencyKhz = freq === null ? null : freq * 10; // 10 kHz units
  const hasDme = type !== 'VOR' && type !== 'OTHER';
  return {
    airportIdent: text(record, 7, 10),
    navaid: {
      id: ident,
      name: text(record, 94, 123) ?? ident,
      type,
      latDeg: lat as number,
      lonDeg: lon as number,
      elevationFt: numberField(ctx, record, 80, 84, 'DME elevation'),
      frequencyKhz,
      channel: hasDme ? tacanChannel(frequencyKhz) : null,
      slavedVarDeg: variationDeg(ctx, record, 75, 'station declination'),
      region,
      state: null,
      country: countryOfRegion(region),
      source: sourceRef(ctx),
    },
  };
}

/** Enroute (DB) or terminal (PN) NDB (4.1.3). */
export function readNdb(ctx: RecordContext, record: string, terminal: boolean): NavaidRecord | null {
  const ident = text(record, 14, 17);
  if (!ident) {
    ctx.issues.error(ctx.file, ctx.line, 'NDB record without an ident; record skipped');
    return null;
  }
  const lat = latitudeDeg(ctx, record, 33);
  const lon = longitudeDeg(ctx, record, 42);
  if (!positionOrReport(ctx, `NDB ${ident}`, lat, lon)) return null;
  const region = text(record, 20, 21);
  // Station magnetic variation (cols 75-79) is the local variation, not a slaved one: not kept.
  variationDeg(ctx, record, 75);
  return {
    airportIdent: terminal ? text(record, 7, 10) : null,
    navaid: {
      id: ident,
      name: text(record, 94, 123) ?? ident,
      type: 'NDB',
      latDeg: lat as number,
      lonDeg: lon as number,
      elevationFt: null,
      frequencyKhz: numberField(ctx, record, 23, 27, 'frequency', 10), // tenths of kHz
      channel: null,
      slavedVarDeg: null,
      region,
      state: null,
      country: countryOfRegion(region),
      source: sourceRef(ctx),
    },
  };
}

/** Minimum altitude of an airway record (cols 84-88), feet. */
export function airwayMinimumAltitudeFt(ctx: RecordContext, record: string): number | null {
  return altitudeFt(ctx, record, 84, 'minimum altitude');
}
