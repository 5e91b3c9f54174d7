import type { AircraftProfile, Route, Waypoint } from '../model.js';
import { EMPTY_FPL_FORM, type FplForm } from './form.js';
import { item18Value, parseItem18 } from './item18.js';

/** What the form is pre-filled from besides the route and the profile. */
export interface FplPrefillOptions {
  /** Departure (off-block) time, epoch milliseconds: item 13's time and DOF/ in item 18 (UTC). */
  departureMs: number;
  /** Item 19 A/: the aircraft's colours in words (`WHITE BLUE`); the caller names the profile's colour codes. */
  colour?: string;
  /**
   * The last plan filed for this aircraft: its type, wake category, equipment, PBN/, emergency and
   * survival equipment and pilot are carried over when its aircraft identification is the profile's tail.
   */
  previous?: FplForm | null;
}

/** Feet at and above which the level is a flight level (the US transition altitude, 18,000 ft). */
const TRANSITION_ALTITUDE_FT = 18000;
/** Feet per hundred, for the A and F level groups. */
const FT_PER_HUNDRED = 100;

function pad(n: number, width: number): string {
  return String(Math.max(0, Math.round(n))).padStart(width, '0');
}

/** HHMM of a number of minutes (rounded up to the minute, hours capped at 99). */
export function minutesToHhmm(minutes: number): string {
  const whole = Math.min(99 * 60 + 59, Math.ceil(minutes - 1e-9));
  return `${pad(Math.floor(whole / 60), 2)}${pad(whole % 60, 2)}`;
}

/** Item 15's level group for an altitude in feet: A and hundreds of feet below 18,000 ft, F above (`A065`, `F210`). */
export function levelForAltitude(altitudeFt: number): string {
  const hundreds = Math.round(altitudeFt / FT_PER_HUNDRED);
  return `${altitudeFt >= TRANSITION_ALTITUDE_FT ? 'F' : 'A'}${pad(hundreds, 3)}`;
}

/** ICAO latitude/longitude point of degrees and whole minutes (`3740N12213W`). */
export function icaoLatLon(latDeg: number, lonDeg: number): string {
  const part = (deg: number, width: number, pos: string, neg: string) => {
    let total = Math.round(Math.abs(deg) * 60);
    if (width === 3) total = Math.min(total, 180 * 60);
    return `${pad(Math.floor(total / 60), width)}${pad(total % 60, 2)}${deg < 0 ? neg : pos}`;
  };
  return `${part(latDeg, 2, 'N', 'S')}${part(lonDeg, 3, 'E', 'W')}`;
}

/** A waypoint as an item 15 word (airways, procedures and points by code, lat/lon and user points by position). */
function routeWord(w: Waypoint): string {
  const base = w.type === 'LATLONG' || w.type === 'UWP' ? icaoLatLon(w.location.lat, w.location.lon) : w.code.replace(/\./g, ' ');
  return w.speed_level ? `${base}/${w.speed_level}` : base;
}

/**
 * Item 15's route from the route's waypoints between the departure and the destination: points and
 * ATS routes as typed, DCT between two points that no airway or procedure joins, `DCT` for a direct flight.
 */
export function fplRouteText(route: Route): string {
  const inner = route.waypoints.slice(1, -1).filter((w) => w.type !== 'RUNWAY');
  const words: string[] = [];
  let previousIsPoint = true; // the departure aerodrome
  for (const w of inner) {
    const isPoint = w.type !== 'AIRWAY' && w.type !== 'DP' && w.type !== 'STAR';
    if (isPoint && previousIsPoint) words.push('DCT');
    words.push(routeWord(w));
    previousIsPoint = isPoint;
  }
  return words.length === 0 ? 'DCT' : words.join(' ');
}

/** An aerodrome for items 13 and 16: its ICAO indicator, or ZZZZ and the item 18 text naming it. */
function aerodrome(w: Waypoint | null): { code: string; item18: string | null } {
  if (!w) return { code: '', item18: null };
  if (/^[A-Z]{4}$/.test(w.code)) return { code: w.code, item18: null };
  const name = w.name.toUpperCase().replace(/[^A-Z0-9 ]+/g, ' ').replace(/\s+/g, ' ').trim();
  return { code: 'ZZZZ', item18: `${w.code}${name && name !== w.code ? ` ${name}` : ''}` };
}

/**
 * The FAA ICAO flight plan form pre-filled from the current route and aircraft profile: items 7, 8,
 * 13, 15, 16 and 19 from them, DOF/ (and DEP/, DEST/ for aerodromes without an ICAO indicator) in
 * item 18; the aircraft's type, equipment and pilot from the last plan of the same aircraft. What
 * neither gives (persons on board, alternates) is left empty for the pilot.
 */
export function fplFormFromRoute(route: Route | null, profile: AircraftProfile, options: FplPrefillOptions): FplForm {
  const tail = profile.tail.toUpperCase().replace(/[^A-Z0-9]/g, '');
  const previous = options.previous && options.previous.aircraftId === tail ? options.previous : null;
  const departure = new Date(options.departureMs);
  const dep = aerodrome(route?.origin ?? null);
  const dest = aerodrome(route?.destination ?? null);
  const pbn = previous ? item18Value(parseItem18(previous.otherInfo).entries, 'PBN') : null;
  const item18 = [
    pbn ? `PBN/${pbn}` : null,
    dep.item18 ? `DEP/${dep.item18}` : null,
    dest.item18 ? `DEST/${dest.item18}` : null,
    `DOF/${pad(departure.getUTCFullYear() % 100, 2)}${pad(departure.getUTCMonth() + 1, 2)}${pad(departure.getUTCDate(), 2)}`,
  ].filter((part): part is string => part !== null);
  const enduranceMin = profile.gph > 0 ? (profile.starting_fuel / profile.gph) * 60 : 0;
  return {
    ...EMPTY_FPL_FORM,
    aircraftId: tail,
    flightRules: profile.flightRule === 'IFR' ? 'I' : 'V',
    flightType: 'G',
    aircraftType: previous?.aircraftType ?? '',
    wake: previous?.wake ?? 'L',
    equipment: previous?.equipment ?? '',
    surveillance: previous?.surveillance ?? '',
    departure: dep.code,
    departureTime: `${pad(departure.getUTCHours(), 2)}${pad(departure.getUTCMinutes(), 2)}`,
    speed: `N${pad(profile.airspeed, 4)}`,
    level: levelForAltitude(profile.altitude),
    route: route && route.waypoints.length >= 2 ? fplRouteText(route) : '',
    destination: dest.code,
    eet: route && route.total_min > 0 ? minutesToHhmm(route.total_min) : '',
    otherInfo: item18.join(' '),
    // Endurance is what the fuel gives at cruise flow, rounded down to the minute.
    endurance: enduranceMin > 0 ? minutesToHhmm(Math.floor(enduranceMin)) : '',
    emergencyRadio: previous?.emergencyRadio ?? '',
    survivalEquipment: previous?.survivalEquipment ?? '',
    jackets: previous?.jackets ?? '',
    colour: options.colour ?? previous?.colour ?? '',
    pilot: previous?.pilot ?? '',
  };
}
