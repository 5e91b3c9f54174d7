/**
 * Types of a decoded FB winds and temperatures aloft bulletin (NWS product FBUS31 and friends).
 * Units: altitudes feet MSL, directions degrees true (the wind blows from), speeds knots,
 * temperatures °C. Times are UTC day-of-month / hour / minute as the bulletin gives them; the month
 * and year are not in the text and come from the caller.
 */

/** A UTC day-of-month and time of day, as in `311200Z`. */
export interface FbDayTime {
  day: number;
  hour: number;
  minute: number;
}

/** A UTC time of day, as in the `1400` of `FOR USE 1400-2100Z`. */
export interface FbTimeOfDay {
  hour: number;
  minute: number;
}

export interface FbBulletin {
  /** WMO heading, e.g. `FBUS31`; '' when the header line is missing. */
  product: string;
  /** Issuing office, e.g. `KWNO`. */
  office: string;
  /** Issue time from the WMO header line, e.g. `311359`. */
  issued: FbDayTime | null;
  /** `DATA BASED ON 311200Z`. */
  basedOn: FbDayTime | null;
  /** `VALID 311800Z`. */
  validTime: FbDayTime | null;
  /** `FOR USE 1400-2100Z`; the end may be on the next day (e.g. 2100-0600Z). */
  forUse: { start: FbTimeOfDay; end: FbTimeOfDay } | null;
  /** Levels above which temperatures are negative without a sign (`TEMPS NEG ABV 24000`), feet. */
  tempsNegativeAboveFt: number;
  /** The levels of the `FT` line, feet, in column order (ascending). */
  levels: number[];
}

/** One level of one station. A blank column (level below the station) has every value null. */
export interface FbLevelWind {
  altitudeFt: number;
  /** Degrees true the wind blows from; null when light and variable or missing. */
  directionDeg: number | null;
  /** Knots; 0 when light and variable (`9900`); null when missing. 199 means 199 kt or more. */
  speedKt: number | null;
  /** °C; null when not forecast (the lowest levels) or missing. */
  temperatureC: number | null;
  /** Light and variable (`9900`, under 5 kt). */
  light: boolean;
}

export interface FbStation {
  id: string;
  /** One entry per bulletin level, in the same order as `FbBulletin.levels`. */
  levels: FbLevelWind[];
}

/** A problem found while decoding; the decoder never throws. Line and column are 1-based. */
export interface FbIssue {
  line: number;
  column?: number;
  message: string;
}

export interface FbDecodeResult {
  bulletin: FbBulletin;
  stations: FbStation[];
  issues: FbIssue[];
}
