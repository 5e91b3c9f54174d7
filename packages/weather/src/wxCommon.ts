// Values shared by the METAR, TAF, PIREP and advisory decoders: issues, flight category, units.

/** Something a decoder could not read. Decoders never throw; they return these instead. */
export interface WxIssue {
  /** The report (or product line) the problem is in, as received. */
  readonly report: string;
  /** 0-based character offset in `report` where the problem starts, when known. */
  readonly position: number | null;
  readonly reason: string;
}

export type FlightCategory = 'VFR' | 'MVFR' | 'IFR' | 'LIFR';

/** Spec part 2 §9: "Flight category colours: VFR green, MVFR orange, IFR dark red, LIFR magenta." */
export const FLIGHT_CATEGORY_COLOURS: Readonly<Record<FlightCategory, string>> = {
  VFR: 'green',
  MVFR: 'orange',
  IFR: 'darkred',
  LIFR: 'magenta',
};

/** Prevailing visibility in statute miles; `qualifier` is M (less than) / P (more than) when reported. */
export interface Visibility {
  readonly statuteMiles: number;
  readonly qualifier: 'less-than' | 'more-than' | null;
  /** As reported: `1 1/2SM`, `M1/4SM`, `P6SM`, `4000`, `9999`, `CAVOK`. */
  readonly raw: string;
}

export type CloudCover = 'FEW' | 'SCT' | 'BKN' | 'OVC' | 'VV' | 'UNKNOWN';

export interface CloudLayer {
  readonly cover: CloudCover;
  /** Base above ground level in feet; null when the report gives `///`. */
  readonly baseFtAgl: number | null;
  /** CB, TCU, ... when reported. */
  readonly cloudType: string | null;
}

/** One present-weather group such as `-SHRA` or `VCTS`. */
export interface WeatherPhenomenon {
  readonly raw: string;
  readonly intensity: 'light' | 'moderate' | 'heavy' | 'in-vicinity';
  /** SH, TS, FZ, BL, DR, MI, BC, PR. */
  readonly descriptor: string | null;
  /** RA, SN, BR, FG, ... */
  readonly phenomena: readonly string[];
}

export interface Wind {
  /** Degrees true; null when variable (`VRB`). 0 with speed 0 is calm. */
  readonly directionDeg: number | null;
  readonly variable: boolean;
  readonly speedKt: number;
  readonly gustKt: number | null;
  /** The `dddVddd` sector, degrees true. */
  readonly variableFromDeg: number | null;
  readonly variableToDeg: number | null;
}

/** Metres per statute mile. */
export const METRES_PER_STATUTE_MILE = 1609.344;
/** Spec part 2 §9: "m/s to knots via 2.2369362920544 mph times 0.868976". */
export const KNOTS_PER_MPS = 2.2369362920544 * 0.868976;
export const KNOTS_PER_KMH = 1 / 1.852;
export const HPA_PER_INHG = 33.8639;

/**
 * The ceiling: base of the lowest broken or overcast layer, or the vertical visibility into an
 * obscuration (which counts as a ceiling). Layers whose base is not reported are skipped.
 */
export function ceilingFt(layers: readonly CloudLayer[]): number | null {
  let lowest: number | null = null;
  for (const l of layers) {
    if ((l.cover === 'BKN' || l.cover === 'OVC' || l.cover === 'VV') && l.baseFtAgl !== null) {
      if (lowest === null || l.baseFtAgl < lowest) lowest = l.baseFtAgl;
    }
  }
  return lowest;
}

/**
 * FAA flight category from ceiling (feet AGL, null = no ceiling) and visibility (statute miles):
 * VFR ceiling above 3,000 ft and visibility above 5 SM; MVFR ceiling 1,000-3,000 ft and/or
 * visibility 3-5 SM; IFR ceiling 500 to below 1,000 ft and/or visibility 1 to below 3 SM; LIFR
 * ceiling below 500 ft and/or visibility below 1 SM. The worse of the two decides.
 * Visibility not reported gives null (no category), except a ceiling below 500 ft, which is LIFR
 * whatever the visibility.
 */
export function flightCategory(ceiling: number | null, visibilitySm: number | null): FlightCategory | null {
  const byCeiling = ceiling === null ? 0 : ceiling < 500 ? 3 : ceiling < 1000 ? 2 : ceiling <= 3000 ? 1 : 0;
  if (visibilitySm === null) return byCeiling === 3 ? 'LIFR' : null;
  const byVis = visibilitySm < 1 ? 3 : visibilitySm < 3 ? 2 : visibilitySm <= 5 ? 1 : 0;
  return (['VFR', 'MVFR', 'IFR', 'LIFR'] as const)[Math.max(byCeiling, byVis)] ?? null;
}

/** Parses `1`, `1/2`, `1 1/2`, `M1/4`, `P6` (no unit) into miles; null if not a number. */
export function parseStatuteMiles(text: string): { miles: number; qualifier: Visibility['qualifier'] } | null {
  const m = /^([MP])?(?:(\d{1,3})(?:\s+(\d)\/(\d{1,2}))?|(\d)\/(\d{1,2}))$/.exec(text.trim());
  if (!m) return null;
  const qualifier = m[1] === 'M' ? 'less-than' : m[1] === 'P' ? 'more-than' : null;
  let miles: number;
  if (m[2] !== undefined) {
    miles = Number(m[2]);
    if (m[3] !== undefined) {
      const den = Number(m[4]);
      if (den === 0) return null;
      miles += Number(m[3]) / den;
    }
  } else {
    const den = Number(m[6]);
    if (den === 0) return null;
    miles = Number(m[5]) / den;
  }
  return { miles, qualifier };
}

/**
 * A day-of-month/hour/minute stamp (as METARs, TAFs and PIREPs carry it) made into a time by the
 * month of `referenceMs`, the month before or the month after, whichever is nearest.
 */
export function resolveDayTime(day: number, hour: number, minute: number, referenceMs: number): number | null {
  if (!(day >= 1 && day <= 31 && hour >= 0 && hour <= 24 && minute >= 0 && minute <= 59)) return null;
  const ref = new Date(referenceMs);
  const year = ref.getUTCFullYear();
  const month = ref.getUTCMonth();
  if (Number.isNaN(year)) return null;
  let best: number | null = null;
  for (let dm = -1; dm <= 1; dm++) {
    const first = Date.UTC(year, month + dm, 1);
    const daysInMonth = (Date.UTC(year, month + dm + 1, 1) - first) / 86400_000;
    if (day > daysInMonth) continue;
    const t = first + ((day - 1) * 24 + hour) * 3600_000 + minute * 60_000;
    if (best === null || Math.abs(t - referenceMs) < Math.abs(best - referenceMs)) best = t;
  }
  return best;
}

export function issue(report: string, position: number | null, reason: string): WxIssue {
  return { report, position, reason };
}
