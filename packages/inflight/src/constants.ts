/**
 * In-flight constants, each from the spec (part 2 §9 "Business constants and limits" unless noted)
 * or from issue 19 where the spec is silent.
 */

/** "fix freshness 2 s" (§9); "GPS status becomes false when no fix is newer than 2 s" (§4). */
export const FIX_FRESHNESS_MS = 2_000;
/** "GPS status check 1 s" (§9): how often the app asks `PositionFusion.gpsStatus()`. */
export const GPS_STATUS_CHECK_MS = 1_000;
/** "location and nav-log loops 200 ms" (§9). */
export const LOCATION_LOOP_MS = 200;
export const NAV_LOG_LOOP_MS = 200;
/** "GPS watch high accuracy, 3 s timeout, no cache" (§9): the options for `watchPosition`. */
export const GPS_WATCH_OPTIONS = { enableHighAccuracy: true, timeout: 3_000, maximumAge: 0 } as const;
/** "(on Android Chrome updates within 100 ms are dropped)" (§9). */
export const GPS_MIN_UPDATE_INTERVAL_MS = 100;
/** "ADS-B timeouts heartbeat 10 s, traffic 10 s, GPS 6 s" (§9). */
export const ADSB_HEARTBEAT_TIMEOUT_MS = 10_000;
export const ADSB_TRAFFIC_TIMEOUT_MS = 10_000;
export const ADSB_GPS_TIMEOUT_MS = 6_000;
/** "ADS-B loop 2 s" (§9). */
export const ADSB_LOOP_MS = 2_000;
/** "geolocation loop 1 s when subscribed else 2 s" (§9). */
export const GEOLOCATION_LOOP_SUBSCRIBED_MS = 1_000;
export const GEOLOCATION_LOOP_IDLE_MS = 2_000;
/** "simulator status poll 2 s, data stale after 10 s" (§9). */
export const SIMULATOR_STATUS_POLL_MS = 2_000;
export const SIMULATOR_DATA_STALE_MS = 10_000;
/** "takeoff threshold 55" (§9), knots; "takeoff_threshold (default 55)" (§3 Units). */
export const DEFAULT_TAKEOFF_THRESHOLD_KT = 55;
/** "ownship size factor 1" (§9). */
export const DEFAULT_OWNSHIP_SIZE_FACTOR = 1;
/** "resume_nav 30" (§9), seconds of panning before the map returns to follow mode. */
export const DEFAULT_RESUME_NAV_S = 30;

/** "metres to feet 3.28084" (§9). */
export const METRES_TO_FEET = 3.28084;
/** "m/s to knots via 2.2369362920544 mph times 0.868976" (§9). */
export const MPS_TO_KNOTS = 2.2369362920544 * 0.868976;
/** "simulator altitude m to feet by dividing by 0.3048" (§9). */
export const SIMULATOR_METRES_PER_FOOT = 0.3048;
/** "DME metres to nm 0.000539957" (§9). */
export const METRES_TO_NM = 0.000539957;

/** Issue 19: "a target ages out after 10 s without a report". */
export const TRAFFIC_AGE_OUT_MS = 10_000;
/** Issue 19: "proximity colouring (within 2 nm and ±1,000 ft amber, within 1 nm and ±500 ft red)". */
export const PROXIMITY_AMBER = { distanceNm: 2, altitudeFt: 1_000 } as const;
export const PROXIMITY_RED = { distanceNm: 1, altitudeFt: 500 } as const;
/** Issue 19: "a default filter of ±3,500 ft and 15 nm (configurable)". */
export const DEFAULT_TRAFFIC_FILTER = { altitudeFt: 3_500, distanceNm: 15 } as const;
/**
 * Climb or descent rate from which a target shows a vertical trend arrow, feet per minute. Not in
 * the spec or the issue: 500 fpm, the rate TCAS and most EFBs use for the trend arrow.
 */
export const VERTICAL_TREND_FPM = 500;
