import { METRES_TO_FEET, MPS_TO_KNOTS, SIMULATOR_METRES_PER_FOOT } from './constants.js';
import type { LocationFix } from './position.js';

/** The fields of a browser `GeolocationPosition` the fix needs (structural: no DOM types in a pure package). */
export interface GeolocationPositionLike {
  coords: {
    latitude: number;
    longitude: number;
    accuracy: number;
    altitude: number | null;
    heading: number | null;
    speed: number | null;
  };
  timestamp: number;
}

/**
 * A device GPS position as a location fix: metres to feet by 3.28084 and m/s to knots by
 * 2.2369362920544 mph times 0.868976 (spec part 2 §9 "Conversions"). A NaN heading (the API's
 * "not moving") becomes null.
 */
export function fixFromGeolocation(p: GeolocationPositionLike): LocationFix {
  const c = p.coords;
  const finite = (v: number | null): number | null => (v === null || !Number.isFinite(v) ? null : v);
  const alt = finite(c.altitude);
  const speed = finite(c.speed);
  return {
    latitude: c.latitude,
    longitude: c.longitude,
    accuracy: finite(c.accuracy),
    altitude: alt === null ? null : alt * METRES_TO_FEET,
    heading: finite(c.heading),
    speed: speed === null ? null : speed * MPS_TO_KNOTS,
    timestamp: p.timestamp,
    source: 'gps',
  };
}

/** The fields of a decoded GDL90 Ownship Report (`@clearway/gdl90`) the fix needs. */
export interface OwnshipReportLike {
  latitude: number | null;
  longitude: number | null;
  pressureAltitudeFt: number | null;
  trackDeg: number | null;
  horizontalVelocityKt: number | null;
}

/**
 * An ADS-B ownship report as a location fix, null without a position. The altitude is the
 * geometric MSL altitude when given (see `geometricAltitudeMslFt`), else the pressure altitude.
 * Accuracy is unknown (NACp is a bound, not a measurement).
 */
export function fixFromOwnship(report: OwnshipReportLike, timestamp: number, geometricMslFt: number | null = null): LocationFix | null {
  if (report.latitude === null || report.longitude === null) return null;
  return {
    latitude: report.latitude,
    longitude: report.longitude,
    accuracy: null,
    altitude: geometricMslFt ?? report.pressureAltitudeFt,
    heading: report.trackDeg,
    speed: report.horizontalVelocityKt,
    timestamp,
    source: 'adsb',
  };
}

/** The simulator link's flightData fields the fix needs (spec part 2 §3 "Simulator link"), altitude in metres. */
export interface SimulatorDataLike {
  lat: number;
  lon: number;
  /** Metres. */
  altitude: number;
  /** Degrees true. */
  trueHeading?: number | null;
  heading?: number | null;
  /** Knots. */
  groundSpeed: number;
}

/** A simulator position as a location fix: "simulator altitude m to feet by dividing by 0.3048" (spec part 2 §9); accuracy 1 (§3 "Defaults include ... accuracy 1"). */
export function fixFromSimulator(d: SimulatorDataLike, timestamp: number): LocationFix {
  return {
    latitude: d.lat,
    longitude: d.lon,
    accuracy: 1,
    altitude: d.altitude / SIMULATOR_METRES_PER_FOOT,
    heading: d.trueHeading ?? d.heading ?? null,
    magnetic_heading: d.heading ?? null,
    speed: d.groundSpeed,
    timestamp,
    source: 'xplane',
  };
}
