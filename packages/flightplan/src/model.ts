import type { WbRecord } from './wb/weightBalance.js';
/**
 * The route model of spec part 1 §3 and part 2 §3, shared by the parser, the edits, the procedures,
 * the navlog and the optimizer. Names follow the spec (snake_case where the spec writes it) because
 * the web app stores and syncs these objects as they are. Units: distances nautical miles, speeds
 * knots, altitudes and elevations feet, times minutes, fuel US gallons, temperatures °C, courses and
 * headings degrees (true unless named magnetic), positions WGS84 degrees.
 */

/*
 * The unknown-value sentinels live in @clearway/geo (constants.ts); the route model re-exports the
 * ones its fields use under the model's names: altitude or elevation -9999 ft, temperature 9999 °C.
 */
export { UNKNOWN_ALTITUDE_FT as UNKNOWN_ALT, UNKNOWN_TEMPERATURE as UNKNOWN_TEMP } from '@clearway/geo';
/** Code of the generated direct-to point (spec part 2 §3). */
export const DIRECT_TO_CODE = 'GPS0';

export type WaypointType = 'AIRPORT' | 'NAVAID' | 'AIRWAY' | 'DP' | 'STAR' | 'FIX' | 'RUNWAY' | 'UWP' | 'LATLONG';

/** Altitude constraint kinds; '' is none (spec part 2 §3). */
export const ALT_TYPES = ['', '@', '+', 'V', 'J', 'H', 'VNAV'] as const;
export type AltType = (typeof ALT_TYPES)[number];

export interface LatLon {
  lat: number;
  lon: number;
}

export interface Waypoint {
  code: string;
  name: string;
  location: LatLon;
  /** Feet; -9999 unknown. */
  elevation: number;
  /** Magnetic variation, degrees east positive; 999.999 unknown. */
  variation: number;
  type: WaypointType;
  directTo: boolean;
  invalid: boolean;
  has_approach: boolean;
  ambiguous: boolean;
  fixed: boolean;
  insertBefore: boolean;
  insertAfter: boolean;
  original_index: number;
  /** Approach selected at this (destination) airport, if any. */
  appch: ProcedureSelection | null;
  /** For AIRWAY / DP / STAR waypoints: the points they expand into, in order. */
  expanded_waypoints: Waypoint[];
  /** Altitude constraint, feet; -9999 unknown. */
  alt1: number;
  alt2: number;
  alt_type: AltType;
  /** Airway id this point was expanded from, so removeAirway can find it. */
  airway?: string | null;
  /**
   * On a point of `all_waypoints` reached along an airway (its points and the exit after it): the
   * airway and its minimum enroute altitude from the previous point, feet (null where the nav data
   * gives none: the NASR AWY_SEG_ALT MEA, else its GNSS MEA, or X-Plane awy.dat's base). Issue 24.
   */
  airway_leg?: { airway: string; mea_ft: number | null };
  /** For a NAVAID: the station's kind as the nav database has it ('VOR', 'VORTAC', 'VOR-DME', 'TACAN', 'NDB', ...). */
  navaid_type?: string;
  /**
   * Set when the route reaches this point on a radial segment (`PWL PWL111 BRISS`): the station the
   * leg leaves and its radial, whole degrees 1–360 magnetic by the station's published variation.
   */
  via_radial?: { navaid: string; radial: number };
  /** ICAO field 15 speed/level group filed at this point (`N0450F350`, `M082F390`), applying from here on. */
  speed_level?: string;
  /** Cruise altitude from this point on, feet (from `speed_level`; absent for a VFR level). */
  cruise_altitude?: number;
  /** Cruise true airspeed from this point on, knots (from `speed_level`; Mach through the standard atmosphere at the level). */
  cruise_tas?: number;
}

/** A selected procedure: its id and chosen transitions. */
export interface ProcedureSelection {
  airport: string;
  procedure: string;
  /** Transition names as the pickers give them ('NOTRANSITION', 'VTF', 'RW28L', ...). */
  transitions: string[];
}

/** One weather sample along a leg (spec part 1 §3 "Weather point"). */
export interface WxPoint {
  station_id: string;
  lat: number;
  lon: number;
  /** Fraction of the leg where the sample applies, 0..1. */
  passing: number;
  /** Six winds-aloft values: direction (deg true), speed (kt), temperature (°C) at the two bracketing levels. */
  aloft: number[];
}

export interface Leg {
  start: Waypoint;
  end: Waypoint;
  has_errors: boolean;
  /** Nautical miles. */
  distance: number;
  /** Cumulative distance at the leg start, nautical miles. */
  distanceSoFar: number;
  /** Magnetic course, degrees. */
  course: number;
  /** Ground speed, knots. */
  gs: number;
  /** Minutes. */
  time: number;
  /** US gallons. */
  fuel: number;
  cum_distance: number;
  cum_time: number;
  cum_fuel: number;
  /** Wind-corrected magnetic heading, degrees. */
  mh: number;
  fixed: boolean;
  /** Portion of the leg climbing / descending, nautical miles. */
  climb: number;
  descent: number;
  wxPoints: WxPoint[];
  variation_available: boolean;
  // Set by runFlightPlan (perf/), optional so hand-built and parsed legs need not carry them.
  /** Estimated time of arrival at `end`, epoch milliseconds. */
  eta?: number;
  /** True course, degrees. */
  true_course?: number;
  /** Magnetic variation used for the leg, degrees east positive (0 when unavailable). */
  variation?: number;
  /** Fuel left on arrival at `end`, US gallons (starting_fuel − cum_fuel). */
  fuel_remaining?: number;
  /**
   * On a leg that starts at a VOR and flies one of its radials (an airway leg, a radial segment
   * `PWL PWL111 BRISS`, or a leg to a radial/DME fix of that VOR `OAK OAK099020`): the radial flown
   * out of the station, whole degrees 1–360 from the station's published variation (as on the
   * charts), which can differ from `course`.
   */
  radial?: number;
  /** Cruise altitude (feet) and true airspeed (knots) of the leg when the route files them (ICAO field 15 speed/level groups). */
  cruise_altitude?: number;
  tas?: number;
  /**
   * The forecast wind and temperature the leg is flown in (of its longest portion: climb, cruise or
   * descent, the one its heading is for); absent when the leg had no forecast (calm and ISA).
   */
  wind?: LegWind;
  /** Wind-corrected true heading, degrees (`mh` + `variation`); the wind correction angle is `true_heading − true_course`. */
  true_heading?: number;
}

/** The wind of a leg (`Leg.wind`). */
export interface LegWind {
  /** Degrees true the wind blows from. */
  direction: number;
  /** Knots. */
  speed: number;
  /** °C, or null when the forecast gives none (ISA used). */
  temperature: number | null;
  /** Altitude the wind was taken at, feet. */
  altitude: number;
}

/**
 * A forecast a winds source drew from, as a route names it (e.g. an FB winds-aloft bulletin):
 * `id` its heading ('FBUS31 KWNO 310158'), `use_from`/`use_to` its FOR USE window (epoch ms).
 */
export interface WindsForecast {
  id: string;
  use_from: number;
  use_to: number;
}

/** A note on one token of the route string, in words a pilot understands. */
export interface TokenNote {
  /** The token as typed (upper case). */
  token: string;
  /** Index of the token among the route string's tokens, or -1 when it is not one token. */
  index: number;
  severity: 'error' | 'warning';
  message: string;
}

export interface Route {
  ts: number;
  search_string: string;
  final_string: string;
  /** Nautical miles. */
  total_distance: number;
  /** Minutes. */
  total_min: number;
  /** Knots. */
  avg_gs: number;
  /** Cruise altitude, feet. */
  altitude: number;
  waypoints: Waypoint[];
  all_waypoints: Waypoint[];
  legs: Leg[];
  all_legs: Leg[];
  origin: Waypoint | null;
  destination: Waypoint | null;
  invalid_tokens: string[];
  airway_errors: string[];
  vnav_errors: string[];
  /**
   * Why a token of the route string could not be built (severity 'error': it is also in
   * invalid_tokens or airway_errors) or what to check about one that was (severity 'warning', e.g.
   * a radial that does not pass the next point). Optional: routes stored before it have none.
   */
  token_notes?: TokenNote[];
  /** US gallons. */
  total_fuel: number;
  /** °C; 9999 unknown. */
  avg_temp: number;
  unknown_temp: boolean;
  // Set by runFlightPlan (perf/), optional so parsed routes need not carry them.
  /** Top of climb and top of descent as points on the legs; null when there is none (or no route). */
  toc?: VerticalPoint | null;
  tod?: VerticalPoint | null;
  /** 'short': too short to reach the cruise altitude, so it climbs, then descends at the crossover. */
  vertical_profile?: 'normal' | 'short';
  /** Highest altitude actually flown, feet (the profile's cruise altitude unless the route is short). */
  cruise_altitude_flown?: number;
  /** 'unavailable': no winds source or no sample anywhere (calm and ISA used); 'partial': some legs. */
  winds_status?: 'forecast' | 'partial' | 'unavailable';
  /**
   * The forecasts the legs' winds came from (those whose samples say so, `WindSample.forecast`),
   * earliest FOR USE window first; empty when no sample named one.
   */
  winds_forecasts?: WindsForecast[];
  /** Departure time, epoch milliseconds. */
  etd_ms?: number;
  /** Fuel left at the destination, US gallons. */
  fuel_remaining?: number;
  /** True when any leg has errors. */
  has_errors?: boolean;
}

/** A computed point of the vertical profile (top of climb / descent). */
export interface VerticalPoint {
  lat: number;
  lon: number;
  /** Along-route distance from the first waypoint, nautical miles. */
  distanceFromStart: number;
  /** Index into `all_legs` of the leg it falls on. */
  legIndex: number;
  altitudeFt: number;
}

/** Aircraft performance profile (spec part 2 §3), with the spec's defaults in DEFAULT_PROFILE. */
export interface AircraftProfile {
  tail: string;
  /** Minutes from now. */
  etd: number;
  /** ISO date-time of departure. */
  etd_iso: string;
  /** Cruise true airspeed, knots. */
  airspeed: number;
  /** Cruise altitude, feet. */
  altitude: number;
  /** US gallons. */
  starting_fuel: number;
  /** Cruise fuel flow, gallons per hour. */
  gph: number;
  /** Knots. */
  climb_speed: number;
  /** Feet per minute. */
  climb_rate: number;
  /** Gallons per hour. */
  climb_fuel: number;
  descent_speed: number;
  descent_rate: number;
  descent_fuel: number;
  bends_only: boolean;
  preserve_airways: boolean;
  primary_color: string;
  secondary_color: string;
  flightRule: 'VFR' | 'IFR';
  /** Weight and balance of this aircraft (issue 24); absent in profiles saved before it. */
  wb?: WbRecord;
}

export const DEFAULT_PROFILE: Readonly<AircraftProfile> = {
  tail: 'N12345',
  etd: 0,
  etd_iso: '',
  airspeed: 140,
  altitude: 6000,
  starting_fuel: 50,
  gph: 10.5,
  climb_speed: 79,
  climb_rate: 500,
  climb_fuel: 14.5,
  descent_speed: 105,
  descent_rate: 500,
  descent_fuel: 8,
  bends_only: true,
  preserve_airways: true,
  primary_color: 'W',
  secondary_color: 'B',
  flightRule: 'VFR',
};

/**
 * Winds and temperatures aloft at a place, altitude and time (issue: "through an interface"). The
 * weather package implements it from FB bulletins; without one the engine uses calm and ISA.
 */
export interface WindsAloftSource {
  /** null when the source has nothing for that place and time. */
  windAt(query: { lat: number; lon: number; altitudeFt: number; timeMs: number }): WindSample | null;
}

export interface WindSample {
  /** Direction the wind blows from, degrees true. */
  directionDeg: number;
  speedKt: number;
  /** °C, or null when not reported (e.g. at 3,000 ft). */
  temperatureC: number | null;
  /** Where it came from, for the leg's wxPoints. */
  stationId: string;
  stationLat: number;
  stationLon: number;
  /** The six values of the two bracketing levels: dir, speed, temp (lower), dir, speed, temp (upper). */
  aloft: number[];
  /** The forecast the sample came from, for the route's `winds_forecasts` (optional: a source may not say). */
  forecast?: WindsForecast;
}
