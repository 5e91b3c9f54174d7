// ClearSky thresholds, in one place (documented in the package README, "ClearSky").
import type { PirepIntensity } from '../pirep.js';
import type { FlightCategory } from '../wxCommon.js';
import type { ClearSkyAdvisory, TrafficLight } from './types.js';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

/** A METAR stands for an ETA from 1 h before to 2 h after its observation time. */
export const METAR_USABLE_BEFORE_MS = 1 * HOUR_MS;
export const METAR_USABLE_AFTER_MS = 2 * HOUR_MS;
/** Stations within this distance of a leg are its en-route stations, nautical miles. */
export const EN_ROUTE_CORRIDOR_NM = 25;
/** An airport waypoint takes the reports of a station this near when none has its identifier, nautical miles. */
export const AIRPORT_STATION_MAX_NM = 5;
/** Issue 17: PIREPs of turbulence or icing within 50 nm of the leg and 4,000 ft of its altitudes. */
export const PIREP_RADIUS_NM = 50;
export const PIREP_ALTITUDE_BAND_FT = 4_000;
/** A PIREP counts for a leg flown from 3 h after it was reported ... */
export const PIREP_MAX_AGE_MS = 3 * HOUR_MS;
/** ... and for a leg flown up to 1 h before it (a departure time in the past). */
export const PIREP_MAX_AHEAD_MS = 1 * HOUR_MS;
/** A G-AIRMET snapshot (one valid time) stands for 90 minutes either side (AC 00-45H: 3-hourly snapshots). */
export const G_AIRMET_HALF_WINDOW_MS = 90 * MINUTE_MS;
/**
 * The advisory set speaks for an ETA when some advisory in it is valid within this much before the
 * ETA (or later); otherwise its hazards at that time are unknown.
 */
export const ADVISORY_COVERAGE_MS = 3 * HOUR_MS;
/** Headwind component above which a leg is amber, knots. */
export const HEADWIND_AMBER_KT = 25;
/** Crosswind component above which a leg is amber (drift, turbulence near terrain), knots. */
export const CROSSWIND_AMBER_KT = 30;
/** Temperatures from 0 °C down to this are where structural icing forms in cloud or precipitation, °C. */
export const ICING_COLDEST_C = -20;
/** Within this much below the freezing level a leg is noted (info), feet. */
export const FREEZING_LEVEL_MARGIN_FT = 1_000;
/** Levels sampled for the freezing level, feet MSL (the FB bulletin's levels up to 24,000 ft). */
export const FREEZING_LEVEL_SAMPLES_FT = [3_000, 6_000, 9_000, 12_000, 18_000, 24_000] as const;
/** Legs longer than this are cut into pieces for the advisory-area test, nautical miles. */
export const AREA_TEST_PIECE_NM = 60;

/** Colour of a flight category at the departure or destination airport. */
export function airportLevel(category: FlightCategory): TrafficLight {
  return category === 'IFR' || category === 'LIFR' ? 'red' : category === 'MVFR' ? 'amber' : 'green';
}

/** Colour of a flight category at an en-route station or en-route airport (info below IFR). */
export function enRouteLevel(category: FlightCategory): TrafficLight | 'info' {
  return category === 'IFR' || category === 'LIFR' ? 'amber' : 'info';
}

/** Colour of an advisory area the leg crosses: SIGMETs and severe or extreme hazards red, the rest amber. */
export function advisoryLevel(advisory: Pick<ClearSkyAdvisory, 'kind' | 'severity'>): TrafficLight {
  if (advisory.kind === 'SIGMET' || advisory.kind === 'CONVECTIVE_SIGMET') return 'red';
  if (advisory.severity === 'SEV' || advisory.severity === 'EXTRM') return 'red';
  return 'amber';
}

/** Colour of a PIREP intensity: severe and extreme red, moderate amber, light and less info. */
export function pirepLevel(intensity: PirepIntensity): TrafficLight | 'info' {
  if (intensity === 'SEV' || intensity === 'SEV-EXTRM' || intensity === 'EXTRM' || intensity === 'MOD-SEV') return 'red';
  if (intensity === 'MOD' || intensity === 'LGT-MOD') return 'amber';
  return 'info';
}

const RANK: Record<TrafficLight | 'info', number> = { info: 0, green: 1, amber: 2, red: 3 };
const CATEGORY_RANK: Record<FlightCategory, number> = { VFR: 0, MVFR: 1, IFR: 2, LIFR: 3 };

export function levelRank(level: TrafficLight | 'info'): number {
  return RANK[level];
}

/** The worse of two colours. */
export function worseLevel(a: TrafficLight, b: TrafficLight | 'info'): TrafficLight {
  return b !== 'info' && RANK[b] > RANK[a] ? b : a;
}

/** The worse of two flight categories (null counts as nothing known). */
export function worseCategory(a: FlightCategory | null, b: FlightCategory | null): FlightCategory | null {
  if (a === null) return b;
  if (b === null) return a;
  return CATEGORY_RANK[b] > CATEGORY_RANK[a] ? b : a;
}

export function categoryRank(category: FlightCategory): number {
  return CATEGORY_RANK[category];
}
