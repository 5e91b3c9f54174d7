// ClearSky inputs and results (issue 17; spec part 2 §3 "Clear-sky analysis", §9 traffic-light
// colours). Plain data only: the app builds the inputs from its weather snapshots and the route's
// navlog, and the result crosses the routing worker's structured clone unchanged.
import type { PirepIntensity } from '../pirep.js';
import type { Taf } from '../taf.js';
import type { WindsAloftSource } from '../windsSource.js';
import type { FlightCategory } from '../wxCommon.js';

/** Spec part 2 §9: "Traffic-light colours: green, amber, red." */
export type TrafficLight = 'green' | 'amber' | 'red';

export interface ClearSkyPoint {
  lat: number;
  lon: number;
}

/** One leg of the route as the engine's navlog flew it. */
export interface ClearSkyLeg {
  fromIdent: string;
  toIdent: string;
  from: ClearSkyPoint;
  to: ClearSkyPoint;
  /** Whether each end is an airport (its weather is looked up as departure, destination or en-route airport). */
  fromIsAirport: boolean;
  toIsAirport: boolean;
  /** Along-track distance from the route's start to the leg's start, and the leg's length, nautical miles. */
  alongStartNm: number;
  distanceNm: number;
  /** ETA at the leg's start and end, epoch ms (the navlog's). */
  etaStartMs: number;
  etaEndMs: number;
  /** The leg's cruise altitude (winds and temperature are taken there), feet MSL. */
  altitudeFt: number;
  /** Lowest and highest altitude flown on the leg (climb and descent included), feet MSL. */
  lowestFt: number;
  highestFt: number;
}

/** A METAR as ClearSky reads it (the snapshot's decoded fields). */
export interface ClearSkyMetar {
  station: string;
  lat: number;
  lon: number;
  /** Observation time, epoch ms. */
  timeMs: number;
  category: FlightCategory | null;
  ceilingFt: number | null;
  visibilitySm: number | null;
}

/** A decoded TAF and where its station is. */
export interface ClearSkyTaf {
  station: string;
  lat: number;
  lon: number;
  taf: Taf;
}

export interface ClearSkyPirep {
  lat: number;
  lon: number;
  timeMs: number;
  /** Feet MSL; null when the report gives none (such a report is not used). */
  altitudeFt: number | null;
  turbulence: PirepIntensity | null;
  icing: PirepIntensity | null;
  aircraft: string | null;
}

export type ClearSkyAdvisoryKind = 'CONVECTIVE_SIGMET' | 'CONVECTIVE_OUTLOOK' | 'SIGMET' | 'CWA' | 'G_AIRMET';

/** A SIGMET, CWA or G-AIRMET area (the snapshot's entry). */
export interface ClearSkyAdvisory {
  kind: ClearSkyAdvisoryKind;
  id: string;
  hazard: string;
  severity: 'LGT' | 'MOD' | 'SEV' | 'EXTRM' | null;
  /** Epoch ms; null when not stated. A G-AIRMET has both equal: the snapshot's valid time. */
  validFromMs: number | null;
  validToMs: number | null;
  /** Feet MSL; null base is the surface (or the freezing level with `baseIsFreezingLevel`); null top has no top. */
  baseFt: number | null;
  topFt: number | null;
  baseIsFreezingLevel: boolean;
  /** Closed ring of [lon, lat]. */
  polygon: readonly (readonly [number, number])[];
}

/**
 * The weather ClearSky reads. A product that is null was not available at all (never downloaded,
 * offline): that is said, and it is never taken as good weather. An empty list is a product with
 * nothing in it.
 */
export interface ClearSkyWeather {
  metars: readonly ClearSkyMetar[] | null;
  tafs: readonly ClearSkyTaf[] | null;
  pireps: readonly ClearSkyPirep[] | null;
  advisories: readonly ClearSkyAdvisory[] | null;
  /**
   * When the advisory set was current (the snapshot's cycle), epoch ms: used only when the set is
   * empty, to tell "no advisories" from "no recent data".
   */
  advisoriesAsOfMs: number | null;
  /** Winds and temperatures aloft (the FB forecast); null when there is none. */
  winds: WindsAloftSource | null;
}

export interface ClearSkyInput {
  legs: readonly ClearSkyLeg[];
  /** Departure time, epoch ms. */
  departureMs: number;
  /** Cruise altitude asked for, feet MSL (the legs carry what was flown). */
  cruiseAltitudeFt: number;
  weather: ClearSkyWeather;
}

export type ClearSkyReasonKind = 'airport' | 'en-route' | 'advisory' | 'pirep' | 'wind' | 'freezing' | 'data';

/** One finding, written out for the pilot. `info` findings never change the colour. */
export interface ClearSkyReason {
  level: TrafficLight | 'info';
  kind: ClearSkyReasonKind;
  text: string;
}

/** The wind at the leg's altitude and time, with its components along the leg. */
export interface ClearSkyLegWind {
  directionDeg: number;
  speedKt: number;
  /** Positive against the aircraft, negative a tailwind. */
  headwindKt: number;
  /** Positive from the right. */
  crosswindKt: number;
  temperatureC: number | null;
}

export interface ClearSkyLegResult {
  index: number;
  fromIdent: string;
  toIdent: string;
  etaStartMs: number;
  etaEndMs: number;
  altitudeFt: number;
  level: TrafficLight;
  /** Worst first. */
  reasons: ClearSkyReason[];
  /** Whether any surface report (METAR or TAF) could be used for this leg at its time. */
  hasSurfaceData: boolean;
  wind: ClearSkyLegWind | null;
  /** Freezing level near the leg's middle, feet MSL; null when unknown. */
  freezingLevelFt: number | null;
}

export interface ClearSkyResult {
  /** The worst leg's colour (amber at least when there is no leg). */
  level: TrafficLight;
  legs: ClearSkyLegResult[];
  /** Route-wide findings (products not available). */
  reasons: ClearSkyReason[];
  /** What was read: reports and areas actually used by some leg. */
  used: { metars: number; tafs: number; pireps: number; advisories: number };
}
