/**
 * The neutral flight plan every format reads into and writes from. Positions WGS84 degrees, altitudes
 * feet. The app turns it into its route (a route string of idents, airways and lat/lon points) after
 * `resolvePlan` has matched the points to the nav database.
 */

/** What a point is, as the file says (formats name these differently; each maps to and from this). */
export type PlanPointKind = 'airport' | 'vor' | 'ndb' | 'fix' | 'user';

export interface PlanPoint {
  /** Identifier as the file gives it (upper case); user points may have a made-up name. */
  ident: string;
  kind: PlanPointKind;
  /** Degrees; NaN when the file names the point without a position (MSFS 2024 from SimBrief, an ICAO route): resolvePlan finds it. */
  lat: number;
  lon: number;
  /** Altitude at the point, feet, where the file gives one. */
  altitudeFt?: number;
  /** The airway this point is reached by from the previous one; absent is direct. */
  airway?: string;
  /** ICAO region (`K7`, `EF`) where the file gives it. */
  region?: string;
  /** Name where the file gives one. */
  name?: string;
  /** The file does not say what kind of point this is (FlightGear navaids, ICAO route idents): `kind` is a guess. */
  kindGuessed?: boolean;
  /** The point belongs to the plan's SID or STAR (where the format marks it). */
  procedure?: 'sid' | 'star';
}

/** Procedures and runways, where the format carries them. */
export interface PlanProcedures {
  departureRunway?: string;
  sid?: string;
  sidTransition?: string;
  star?: string;
  starTransition?: string;
  approach?: string;
  approachTransition?: string;
  arrivalRunway?: string;
}

export interface FlightPlanFile {
  /** Departure airport ident, when the first point is an airport (or the file names one). */
  departure?: string;
  /** Destination airport ident. */
  destination?: string;
  /** Every point in order, the departure and destination airports included. */
  points: PlanPoint[];
  procedures: PlanProcedures;
  /** Cruise altitude, feet. */
  cruiseAltitudeFt?: number;
  /** IFR or VFR, where the format says. */
  flightRules?: 'IFR' | 'VFR';
  title?: string;
  /** AIRAC cycle (`2106`) where the file gives one. */
  navCycle?: string;
}

/** The formats this package reads and writes. */
export type PlanFormat =
  | 'xplane-fms'
  | 'garmin-fpl'
  | 'garmin-gfp'
  | 'msfs2020-pln'
  | 'msfs2024-pln'
  | 'fsx-pln'
  | 'lnmpln'
  | 'fgfp'
  | 'gpx'
  | 'icao-route';

/** An error that says what was wrong with the file and where. */
export class PlanFileError extends Error {
  constructor(
    readonly format: PlanFormat | 'unknown',
    message: string,
    readonly line?: number,
  ) {
    super(`${formatLabel(format)}${line !== undefined ? ` line ${line}` : ''}: ${message}`);
    this.name = 'PlanFileError';
  }
}

export function formatLabel(format: PlanFormat | 'unknown'): string {
  switch (format) {
    case 'xplane-fms':
      return 'X-Plane .fms';
    case 'garmin-fpl':
      return 'Garmin .fpl';
    case 'garmin-gfp':
      return 'Garmin .gfp';
    case 'msfs2020-pln':
      return 'MSFS 2020 .pln';
    case 'msfs2024-pln':
      return 'MSFS 2024 .pln';
    case 'fsx-pln':
      return 'FSX .pln';
    case 'lnmpln':
      return 'Little Navmap .lnmpln';
    case 'fgfp':
      return 'FlightGear .fgfp';
    case 'gpx':
      return 'GPX';
    case 'icao-route':
      return 'ICAO route';
    default:
      return 'Flight plan file';
  }
}

/** Round to a number of decimals and print without a trailing `-0`. */
export function fixed(value: number, decimals: number): string {
  const s = value.toFixed(decimals);
  return /^-0\.?0*$/.test(s) ? s.slice(1) : s;
}

/** Split text into lines whatever the line endings, dropping a leading byte-order mark. */
export function textLines(text: string): string[] {
  return stripBom(text).split(/\r\n|\r|\n/);
}

export function stripBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/** The point has a position (formats that name points by ident alone leave NaN). */
export function hasPosition(p: { lat: number; lon: number }): boolean {
  return Number.isFinite(p.lat) && Number.isFinite(p.lon);
}

/** Refuse to write a point without a position. */
export function requirePositions(plan: FlightPlanFile, format: PlanFormat): void {
  for (const [i, p] of plan.points.entries()) {
    if (!hasPosition(p)) throw new PlanFileError(format, `point ${i + 1} (${p.ident}) has no position: resolve the plan against the nav database first`);
  }
}

/** An identifier of letters and digits only, at most `max` characters (for formats that allow no others). */
export function plainIdent(ident: string, max: number): string {
  const s = ident.toUpperCase().replace(/[^A-Z0-9]/g, '').slice(0, max);
  return s === '' ? 'WPT' : s;
}
