import { hasValidAltitude, UNKNOWN_ALT as UNKNOWN, type AircraftProfile, type Leg, type OptimizerRow, type Route, type Waypoint } from '@clearway/flightplan';
import {
  formatTemperature,
  UNKNOWN_BEARING_DEG as UNKNOWN_BEARING,
  UNKNOWN_TEMPERATURE as UNKNOWN_TEMP,
  type FuelUnit,
  type TemperatureUnit,
  type UnitSet,
} from '@clearway/geo';

/**
 * Display rules of the route screen (spec part 2 §2 "Route screen modes", §9 "Table shows distance
 * and speed to 0 or 1 decimal and fuel to 1 decimal"). Pure: units come in as the units slice.
 */

/** The display units the route screen needs (the units slice has them all). */
export interface DisplayUnits extends UnitSet {
  fuel_unit: FuelUnit;
  /** display fuel = US gallons × fuel_factor */
  fuel_factor: number;
  temp_unit: TemperatureUnit;
}

/** A distance or speed: 0 decimals from 10 up, 1 decimal below. '--' when not a number. */
export function compactNumber(value: number): string {
  if (!Number.isFinite(value)) return '--';
  const rounded1 = Math.round(value * 10) / 10;
  return Math.abs(rounded1) >= 10 ? value.toFixed(0) : rounded1.toFixed(1);
}

/** Nautical miles in the user's distance unit, 0 or 1 decimal (no unit). */
export function distanceValue(nm: number, units: Pick<DisplayUnits, 'distance_factor'>): string {
  return compactNumber(nm * units.distance_factor);
}

/** Knots in the user's speed unit, 0 or 1 decimal (no unit). */
export function speedValue(kt: number, units: Pick<DisplayUnits, 'speed_factor'>): string {
  return compactNumber(kt * units.speed_factor);
}

/** US gallons in the user's fuel unit, always 1 decimal (no unit). */
export function fuelValue(gallons: number, units: Pick<DisplayUnits, 'fuel_factor'>): string {
  return Number.isFinite(gallons) ? (gallons * units.fuel_factor).toFixed(1) : '--';
}

/** A magnetic course as three digits with a degree sign ('095°', 360 for north); '---' when unknown. */
export function courseText(deg: number): string {
  if (!Number.isFinite(deg) || Math.abs(deg) >= UNKNOWN_BEARING) return '---';
  const whole = ((Math.round(deg) % 360) + 360) % 360;
  return `${String(whole === 0 ? 360 : whole).padStart(3, '0')}°`;
}

/**
 * The VOR radial flown out of the leg's start station ('R-065', three digits as charted); '' when the
 * leg has none (not an airway leg out of a VOR). Shown beside the magnetic course, which can differ.
 */
export function radialText(radial: number | undefined): string {
  if (radial === undefined || !Number.isFinite(radial)) return '';
  const whole = ((Math.round(radial) % 360) + 360) % 360;
  return `R-${String(whole === 0 ? 360 : whole).padStart(3, '0')}`;
}

/**
 * The cruise level and true airspeed a leg flies when the route files them (ICAO speed/level groups,
 * `N0450F350`): 'FL350 TAS 450 kt' (flight levels from 18,000 ft, the US transition altitude, else
 * the altitude in the user's unit); '' when the route files none.
 */
export function cruiseText(leg: Pick<Leg, 'cruise_altitude' | 'tas' | 'has_errors'>, units: Pick<DisplayUnits, 'alt_factor' | 'alt_unit' | 'speed_factor' | 'speed_unit'>): string {
  if (leg.has_errors || leg.cruise_altitude === undefined || leg.tas === undefined) return '';
  const level = leg.cruise_altitude >= 18000 ? `FL${String(Math.round(leg.cruise_altitude / 100)).padStart(3, '0')}` : `${Math.round(leg.cruise_altitude * units.alt_factor)} ${units.alt_unit}`;
  return `${level} TAS ${speedValue(leg.tas, units)} ${units.speed_unit}`;
}

/** Minutes as 'h:mm'; '--' when not a number. */
export function minutesText(minutes: number): string {
  if (!Number.isFinite(minutes) || minutes < 0) return '--';
  const total = Math.round(minutes);
  return `${Math.floor(total / 60)}:${String(total % 60).padStart(2, '0')}`;
}

/**
 * A waypoint's altitude constraint as text, in the altitude unit: the type then the altitude
 * ('@5000 ft', '+4500 ft', 'VNAV 9000 ft'), a second altitude after a slash; '' when none.
 */
export function altitudeConstraintText(w: Pick<Waypoint, 'alt_type' | 'ambiguous' | 'alt1' | 'alt2'>, units: Pick<DisplayUnits, 'alt_factor' | 'alt_unit'>): string {
  if (!hasValidAltitude(w)) return '';
  const alt = (ft: number) => String(Math.round(ft * units.alt_factor));
  const prefix = w.alt_type === 'VNAV' ? 'VNAV ' : w.alt_type;
  const second = w.alt2 !== UNKNOWN && Number.isFinite(w.alt2) && w.alt2 !== w.alt1 ? `/${alt(w.alt2)}` : '';
  return `${prefix}${alt(w.alt1)}${second} ${units.alt_unit}`;
}

/** One row of the navlog table, ready to show. */
export interface NavlogRow {
  key: string;
  /** The WPT column: the end code (with a leading star when direct-to), or 'START-END' for a leg with errors. */
  wpt: string;
  hasErrors: boolean;
  directTo: boolean;
  /** Altitude constraint of the end waypoint ('' when none). */
  altitude: string;
  /** Cumulative distance. */
  dist: string;
  /** Magnetic course. */
  course: string;
  /** The VOR radial of an airway leg out of a VOR ('R-065'), '' when none. */
  radial: string;
  gs: string;
  /** Cumulative time. */
  time: string;
  /** Cumulative fuel. */
  fuel: string;
}

/** The navlog row of a leg: a leg with errors shows only its start-end codes, every other cell empty. */
export function navlogRow(leg: Leg, index: number, units: DisplayUnits): NavlogRow {
  const key = `${index}:${leg.start.code}-${leg.end.code}`;
  if (leg.has_errors) {
    return { key, wpt: `${leg.start.code}-${leg.end.code}`, hasErrors: true, directTo: false, altitude: '', dist: '', course: '', radial: '', gs: '', time: '', fuel: '' };
  }
  return {
    key,
    wpt: `${leg.end.directTo ? '*' : ''}${leg.end.code}`,
    hasErrors: false,
    directTo: leg.end.directTo,
    altitude: altitudeConstraintText(leg.end, units),
    dist: distanceValue(leg.cum_distance, units),
    course: courseText(leg.course),
    radial: radialText(leg.radial),
    gs: speedValue(leg.gs, units),
    time: minutesText(leg.cum_time),
    fuel: fuelValue(leg.cum_fuel, units),
  };
}

/** The legs the navlog lists: the route's top-level legs (one per waypoint after the first). */
export function navlogLegs(route: Route | null): Leg[] {
  return route?.legs ?? [];
}

/** Temperature in the user's unit, 'n/a' for the unknown 9999. */
export function temperatureText(tempC: number, unit: TemperatureUnit): string {
  return tempC === UNKNOWN_TEMP ? 'n/a' : formatTemperature(tempC, unit);
}

/** The compact route summary (spec part 2 §2): Dist, GS, Wind, ETE, Fuel (suffix g), Temp. */
export interface CompactSummary {
  dist: string;
  gs: string;
  /** |average GS − cruise TAS|. */
  wind: string;
  /** Ground speed below the cruise airspeed: shown in the error style. */
  windError: boolean;
  ete: string;
  fuel: string;
  temp: string;
}

export function compactSummary(route: Pick<Route, 'total_distance' | 'avg_gs' | 'total_min' | 'total_fuel' | 'avg_temp'>, profile: Pick<AircraftProfile, 'airspeed'>, units: DisplayUnits): CompactSummary {
  return {
    dist: `${distanceValue(route.total_distance, units)} ${units.distance_unit}`,
    gs: `${speedValue(route.avg_gs, units)} ${units.speed_unit}`,
    wind: `${speedValue(Math.abs(route.avg_gs - profile.airspeed), units)} ${units.speed_unit}`,
    windError: route.avg_gs < profile.airspeed,
    ete: minutesText(route.total_min),
    fuel: `${fuelValue(route.total_fuel, units)}g`,
    temp: temperatureText(route.avg_temp, units.temp_unit),
  };
}

/** The summary strip (spec part 2 §2): Distance, Alt, Speed, Time, Fuel, Temp, Aircraft (ETD apart). */
export interface StripSummary {
  distance: string;
  alt: string;
  speed: string;
  time: string;
  fuel: string;
  temp: string;
  aircraft: string;
}

export function stripSummary(
  route: Pick<Route, 'total_distance' | 'avg_gs' | 'total_min' | 'total_fuel' | 'avg_temp' | 'altitude' | 'cruise_altitude_flown'> | null,
  profile: Pick<AircraftProfile, 'tail' | 'altitude'>,
  units: DisplayUnits,
): StripSummary {
  const altitudeFt = route?.cruise_altitude_flown ?? (route && route.altitude > 0 ? route.altitude : profile.altitude);
  return {
    distance: route ? `${distanceValue(route.total_distance, units)} ${units.distance_unit}` : '--',
    alt: `${Math.round(altitudeFt * units.alt_factor)} ${units.alt_unit}`,
    speed: route ? `${speedValue(route.avg_gs, units)} ${units.speed_unit}` : '--',
    time: route ? minutesText(route.total_min) : '--',
    fuel: route ? `${fuelValue(route.total_fuel, units)} ${units.fuel_unit}` : '--',
    temp: route ? temperatureText(route.avg_temp, units.temp_unit) : '--',
    aircraft: profile.tail,
  };
}

/** One optimizer table row as shown: Altitude, Speed, ETE, Fuel, Temp. */
export function optimizerRowText(row: OptimizerRow, units: DisplayUnits): { altitude: string; speed: string; ete: string; fuel: string; temp: string } {
  return {
    altitude: `${Math.round(row.altitude * units.alt_factor)} ${units.alt_unit}`,
    speed: `${speedValue(row.avg_gs, units)} ${units.speed_unit}`,
    ete: minutesText(row.total_min),
    fuel: `${fuelValue(row.total_fuel, units)} ${units.fuel_unit}`,
    temp: temperatureText(row.avg_temp, units.temp_unit),
  };
}

/**
 * What the route says when no forecast wind reached any leg (no FB bulletins, or the flight outside
 * their FOR USE windows): the engine's calm-and-ISA planning (`winds_status` 'unavailable'). The
 * spec gives no text for it.
 */
export const CALM_ISA_TEXT = 'No winds-aloft forecast for this flight: planned in calm air at ISA temperatures';
/** Added when some legs had a forecast and others did not (`winds_status` 'partial'): 'it' or 'them'. */
export function partialWindsText(forecastCount: number): string {
  return `legs outside ${forecastCount > 1 ? 'them' : 'it'} planned in calm air at ISA`;
}
/** Added when the forecast's FOR USE window has ended (the route was planned earlier). */
export const EXPIRED_WINDS_TEXT = 'expired';

/** A UTC time of day as an FB bulletin writes it: '0200'. */
function utcHhmm(ms: number): string {
  const d = new Date(ms);
  return `${String(d.getUTCHours()).padStart(2, '0')}${String(d.getUTCMinutes()).padStart(2, '0')}`;
}

/**
 * The forecast the route was planned in (issue 16: "the route says which forecast it used and when
 * it expires"): 'Winds aloft: FBUS31 KWNO 310158, for use 0200–0900Z' (several joined by '; '), with
 * '(expired)' once `now` is past the last window's end and the partial note when some legs had
 * none; CALM_ISA_TEXT without a forecast; null for a route not yet planned.
 */
export function windsForecastText(route: Pick<Route, 'winds_status' | 'winds_forecasts'>, now: number): string | null {
  const status = route.winds_status;
  if (status === undefined) return null;
  if (status === 'unavailable') return CALM_ISA_TEXT;
  const forecasts = route.winds_forecasts ?? [];
  const named = forecasts.map((f) => `${f.id}, for use ${utcHhmm(f.use_from)}–${utcHhmm(f.use_to)}Z`);
  let text = `Winds aloft: ${named.length > 0 ? named.join('; ') : 'forecast'}`;
  const lastEnd = Math.max(...forecasts.map((f) => f.use_to));
  if (forecasts.length > 0 && now > lastEnd) text += ` (${EXPIRED_WINDS_TEXT})`;
  if (status === 'partial') text += `; ${partialWindsText(forecasts.length)}`;
  return text;
}

/** Degrees as a signed whole number: '+7°', '-7°', '0°'. */
function signedDeg(deg: number): string {
  const whole = Math.round(deg);
  return `${whole > 0 ? '+' : ''}${whole === 0 ? 0 : whole}°`;
}

/** The wind triangle of one leg as the navlog shows it under the leg's row. */
export interface LegTriangleText {
  /** True course: '360°'. */
  tc: string;
  /** Wind from, degrees true, and its speed: '270°/16 kt' ('calm' at 1 kt or less, spec part 1 §9). */
  wind: string;
  /** Forecast temperature at the leg's altitude ('n/a' when the forecast gives none). */
  temp: string;
  /** Wind correction angle, right positive: '-7°'. */
  wca: string;
  /** True heading: '353°'. */
  th: string;
  /** Ground speed of the leg, with its unit. */
  gs: string;
  /** Time of the leg alone: '0:26'. */
  time: string;
}

/**
 * The leg's wind triangle (true course, forecast wind and temperature, WCA, true heading, ground
 * speed, leg time); null for a leg flown without a forecast (calm air: nothing to show) or with errors.
 */
export function legTriangleText(leg: Pick<Leg, 'wind' | 'true_course' | 'true_heading' | 'gs' | 'time' | 'has_errors'>, units: DisplayUnits): LegTriangleText | null {
  const { wind } = leg;
  if (leg.has_errors || !wind || leg.true_course === undefined || leg.true_heading === undefined) return null;
  const wca = ((leg.true_heading - leg.true_course + 540) % 360) - 180;
  return {
    tc: courseText(leg.true_course),
    wind: wind.speed > 1 ? `${courseText(wind.direction)}/${speedValue(wind.speed, units)} ${units.speed_unit}` : 'calm',
    temp: temperatureText(wind.temperature ?? UNKNOWN_TEMP, units.temp_unit),
    wca: signedDeg(wca),
    th: courseText(leg.true_heading),
    gs: `${speedValue(leg.gs, units)} ${units.speed_unit}`,
    time: minutesText(leg.time),
  };
}
