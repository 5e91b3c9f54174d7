/**
 * The navigation data model: what every importer produces and every query answers from. Positions
 * are WGS84 degrees (north and east positive), elevations and altitudes feet, lengths feet, distances
 * nautical miles, frequencies kHz (a VOR on 113.90 MHz is 113900), magnetic variation degrees with
 * east positive. A missing value is `null`, never a sentinel.
 */

/** Where a record came from, so every record is traceable to its source line. */
export type SourceId = 'faa-nasr' | 'faa-cifp' | 'xplane' | 'ourairports';

export interface SourceRef {
  source: SourceId;
  /** File name inside the source, e.g. `APT_BASE.csv` or `apt.dat.gz`. */
  file: string;
  /** 1-based line number of the record's first line. */
  line: number;
}

/** Surface class of spec part 1 §3: H hard (drawn as the runway symbol), S soft, W water. */
export type SurfaceClass = 'H' | 'S' | 'W';

export type AirportType =
  | 'airport'
  | 'heliport'
  | 'seaplane_base'
  | 'gliderport'
  | 'ultralight'
  | 'balloonport'
  | 'closed'
  | 'other';

export interface RunwayEnd {
  /** Runway end designator, e.g. `17`, `35L`, `H1`. */
  id: string;
  latDeg: number | null;
  lonDeg: number | null;
  trueHeadingDeg: number | null;
  elevationFt: number | null;
  displacedThresholdFt: number | null;
}

export interface Runway {
  /** Runway designator as published, e.g. `17/35`, `H1`. */
  id: string;
  lengthFt: number | null;
  widthFt: number | null;
  /** Surface as the source writes it, e.g. `ASPH`, `TURF-G`. */
  surface: string | null;
  surfaceClass: SurfaceClass;
  lighted: boolean | null;
  /** Lighting as the source writes it, e.g. `MED`, `HIGH`. */
  lighting: string | null;
  /** Both ends where known (one for a single-ended helipad). */
  ends: RunwayEnd[];
}

export interface Frequency {
  /** Use as the source names it, normalised to upper case: `TWR`, `GND`, `ATIS`, `CTAF`, `UNICOM`, `APP`, `LOC` ... */
  type: string;
  frequencyKhz: number;
  /** Free text such as a sector or call sign. */
  description: string | null;
}

export interface Airport {
  /** Primary ident: the FAA location id for US airports, else the ICAO/GPS code or local ident. */
  id: string;
  faaId: string | null;
  icaoId: string | null;
  name: string;
  city: string | null;
  /** State or province code, e.g. `CA`. */
  state: string | null;
  /** ISO 3166-1 alpha-2, e.g. `US`. */
  country: string;
  latDeg: number;
  lonDeg: number;
  elevationFt: number | null;
  type: AirportType;
  publicUse: boolean | null;
  towered: boolean | null;
  fuel: boolean | null;
  /** Fuel types as the source lists them, e.g. `100LL,A`. */
  fuelTypes: string | null;
  longestRunwayFt: number | null;
  longestRunwaySurface: SurfaceClass | null;
  magVarDeg: number | null;
  runways: Runway[];
  frequencies: Frequency[];
  /**
   * Remarks in the publisher's order (FAA NASR APT_RMK: the airport's general remarks by number,
   * then those on a contact, runway or runway end, prefixed with what they are about, e.g.
   * `RWY 24R: ...`). Absent or empty when the source has none (artifacts written before remarks).
   */
  remarks?: string[];
  source: SourceRef;
}

export type NavaidType = 'VOR' | 'VORTAC' | 'VOR-DME' | 'TACAN' | 'NDB' | 'NDB-DME' | 'DME' | 'OTHER';

export interface Navaid {
  id: string;
  name: string;
  type: NavaidType;
  latDeg: number;
  lonDeg: number;
  elevationFt: number | null;
  frequencyKhz: number | null;
  /** TACAN/DME channel, e.g. `86X`. */
  channel: string | null;
  /** Variation the station is aligned to (slaved variation), east positive. */
  slavedVarDeg: number | null;
  /** ICAO region, e.g. `K2`. */
  region: string | null;
  state: string | null;
  country: string | null;
  source: SourceRef;
}

export interface Fix {
  id: string;
  latDeg: number;
  lonDeg: number;
  /** ICAO region, e.g. `K6`. */
  region: string | null;
  state: string | null;
  country: string | null;
  /** Use as the source writes it, e.g. `WP`, `RP`, `CN`. */
  use: string | null;
  /** Set for terminal waypoints: the airport they belong to. */
  airportId: string | null;
  source: SourceRef;
}

export type AirwayKind = 'V' | 'J' | 'T' | 'Q' | 'OTHER';

export type PointKind = 'fix' | 'navaid' | 'airport' | 'unknown';

export interface AirwayPoint {
  ident: string;
  kind: PointKind;
  latDeg: number | null;
  lonDeg: number | null;
  /** Minimum enroute altitude of the segment that starts here, feet. */
  meaFt: number | null;
  /** A published gap follows this point. */
  gapAfter: boolean;
}

export interface Airway {
  /** e.g. `V25`, `J80`, `T257`, `A16`. */
  id: string;
  kind: AirwayKind;
  /** Points in sequence order. */
  points: AirwayPoint[];
  source: SourceRef;
}

export type ProcedureKind = 'SID' | 'STAR' | 'APPROACH';

export interface ProcedureLeg {
  /** Fix ident, or null for legs without one (e.g. VA, CA). */
  fixId: string | null;
  /** Resolved kind of the fix, `unknown` when it did not resolve (a dangling reference). */
  fixKind: PointKind | null;
  latDeg: number | null;
  lonDeg: number | null;
  /** ARINC 424 path and terminator, e.g. `IF`, `TF`, `CF`, `DF`, `VA`, `RF`. */
  pathTerminator: string;
  turnDirection: 'L' | 'R' | null;
  /** ARINC altitude description: `+` at or above, `-` at or below, `B` between, ` `/`@` at ... */
  altitudeDescription: string | null;
  altitude1Ft: number | null;
  altitude2Ft: number | null;
  speedLimitKt: number | null;
  speedDescription: string | null;
  /** Magnetic course, degrees. */
  courseDeg: number | null;
  /** Distance or time as published: nautical miles. */
  distanceNm: number | null;
  recommendedNavaid: string | null;
  /** Waypoint description flags, e.g. `E  F` (fly-over, FAF, missed approach point ...). */
  descriptionCode: string | null;
}

export interface ProcedureTransition {
  /** Transition id, e.g. `RW28L`, `SJC`, or `` for the common route. */
  id: string;
  /** ARINC route type, e.g. `1`-`6` for SIDs, `A`, `R`, `I` ... for approaches. */
  routeType: string;
  legs: ProcedureLeg[];
}

export interface Procedure {
  airportId: string;
  kind: ProcedureKind;
  /** e.g. `HWD3`, `I28L`. */
  id: string;
  transitions: ProcedureTransition[];
  source: SourceRef;
}

/** The header of one nav database artifact. */
export interface NavDbHeader {
  formatVersion: number;
  /** AIRAC cycle id, e.g. `2511`. */
  cycle: string;
  /** `us` (FAA sources) or `world` (X-Plane and OurAirports). */
  region: string;
  /** Effective and expiry dates, `YYYY-MM-DD`. */
  effective: string;
  expires: string;
  sources: { id: SourceId; name: string; edition: string | null; files: string[] }[];
  /** ISO date-time of the build. */
  builtAt: string;
  counts: { airports: number; runways: number; navaids: number; fixes: number; airways: number; procedures: number };
}

/** Everything an artifact holds. */
export interface NavDataSet {
  header: NavDbHeader;
  airports: Airport[];
  navaids: Navaid[];
  fixes: Fix[];
  airways: Airway[];
  procedures: Procedure[];
}
