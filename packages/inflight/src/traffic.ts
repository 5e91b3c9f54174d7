import { greatCircleDistanceNm, greatCircleInitialCourseDeg, normalize360 } from '@clearway/geo';
import type { Clock } from './clock.js';
import { DEFAULT_TRAFFIC_FILTER, METRES_TO_FEET, PROXIMITY_AMBER, PROXIMITY_RED, TRAFFIC_AGE_OUT_MS, VERTICAL_TREND_FPM } from './constants.js';

/**
 * One traffic report: the fields of a decoded GDL90 Traffic Report (`@clearway/gdl90`'s
 * TrafficReport has them all under these names), plus an optional distance estimate for a target
 * without a position (Mode S / Mode C, which a receiver can range only by signal strength).
 */
export interface TrafficReportInput {
  /** Participant address, 24 bits: the table's key. */
  address: number;
  latitude: number | null;
  longitude: number | null;
  /** Pressure altitude, feet. */
  pressureAltitudeFt: number | null;
  /** Track, degrees true. */
  trackDeg: number | null;
  horizontalVelocityKt?: number | null;
  verticalVelocityFpm: number | null;
  callsign?: string;
  /** 0 none; 1-6 an emergency (GDL90 ICD §3.5.1.12). */
  emergencyCode?: number;
  /** False when the target reports being on the ground. */
  airborne?: boolean;
  trafficAlert?: boolean;
  /** Nautical miles, for a target without a position. */
  distanceNm?: number | null;
}

/** Ownship as the traffic display needs it. */
export interface TrafficOwnship {
  latitude: number | null;
  longitude: number | null;
  /** Track, degrees true (the callout's clock position is relative to it); null when unknown. */
  trackDeg: number | null;
  /** Pressure altitude, feet (relative altitudes are from the two pressure altitudes). */
  pressureAltitudeFt: number | null;
}

export interface TrafficFilter {
  /** Show targets within this many feet above or below; default 3,500. */
  altitudeFt: number;
  /** Show targets within this many nautical miles; default 15. */
  distanceNm: number;
}

export type Proximity = 'normal' | 'amber' | 'red';
export type VerticalTrend = 'climbing' | 'descending' | 'level';

export interface TrafficTarget {
  address: number;
  /** The address as six hex digits ('A1B2C3'). */
  hex: string;
  /** Callsign, else the hex address. */
  label: string;
  report: TrafficReportInput;
  /** Milliseconds since its last report. */
  ageMs: number;
  /** A symbol at a position, or a distance ring around ownship for a target without a position. */
  display: { kind: 'symbol'; latitude: number; longitude: number; trackDeg: number | null } | { kind: 'ring'; distanceNm: number };
  /** Nautical miles from ownship; null when ownship's position is unknown. */
  distanceNm: number | null;
  /** Degrees true from ownship; null without both positions. */
  bearingDegTrue: number | null;
  /** Target minus ownship pressure altitude, feet; null when either is unknown. */
  relativeAltitudeFt: number | null;
  /** '+05' / '-12' (hundreds of feet); null when the relative altitude is unknown. */
  altitudeTag: string | null;
  trend: VerticalTrend | null;
  proximity: Proximity;
  emergency: boolean;
  onGround: boolean;
  /** Clock position relative to ownship's track (1-12); null without a bearing or an ownship track. */
  clock: number | null;
  /** The spoken callout, e.g. "Traffic, 2 o'clock, 2 miles, 500 feet below". */
  callout: string;
}

/** The address as six upper-case hex digits. */
export function addressHex(address: number): string {
  return (address >>> 0).toString(16).toUpperCase().padStart(6, '0');
}

/**
 * The relative altitude tag: target minus ownship pressure altitude in hundreds of feet, signed,
 * at least two digits (issue 19 "+05 / -12 in hundreds of feet"); '00' at the same level.
 */
export function relativeAltitudeTag(targetPressureAltFt: number, ownshipPressureAltFt: number): string {
  const hundreds = Math.round((targetPressureAltFt - ownshipPressureAltFt) / 100);
  const digits = String(Math.abs(hundreds)).padStart(2, '0');
  return hundreds > 0 ? `+${digits}` : hundreds < 0 ? `-${digits}` : digits;
}

/** Climbing or descending at 500 fpm or more, else level; null when the rate is unknown. */
export function verticalTrend(verticalSpeedFpm: number | null): VerticalTrend | null {
  if (verticalSpeedFpm === null || !Number.isFinite(verticalSpeedFpm)) return null;
  if (verticalSpeedFpm >= VERTICAL_TREND_FPM) return 'climbing';
  if (verticalSpeedFpm <= -VERTICAL_TREND_FPM) return 'descending';
  return 'level';
}

/**
 * Proximity colour (issue 19): red within 1 nm and ±500 ft, amber within 2 nm and ±1,000 ft.
 * An unknown relative altitude is treated as co-altitude (the distance alone decides); an unknown
 * distance never colours.
 */
export function proximity(distanceNm: number | null, relativeAltitudeFt: number | null): Proximity {
  if (distanceNm === null || !Number.isFinite(distanceNm)) return 'normal';
  const dz = relativeAltitudeFt === null ? 0 : Math.abs(relativeAltitudeFt);
  if (distanceNm <= PROXIMITY_RED.distanceNm && dz <= PROXIMITY_RED.altitudeFt) return 'red';
  if (distanceNm <= PROXIMITY_AMBER.distanceNm && dz <= PROXIMITY_AMBER.altitudeFt) return 'amber';
  return 'normal';
}

/** Clock position (1-12) of a bearing relative to a track: 12 ahead, 3 right, 6 behind, 9 left. */
export function clockPosition(bearingDegTrue: number, trackDegTrue: number): number {
  const hour = Math.round(normalize360(bearingDegTrue - trackDegTrue) / 30) % 12;
  return hour === 0 ? 12 : hour;
}

/**
 * The spoken callout (issue 19 "Traffic, 2 o'clock, 2 miles, 500 feet below"): the clock position
 * when known, the distance in whole miles (at least 1; "1 mile"), and the height difference to the
 * nearest 100 ft ("above", "below", or "same altitude"), each part left out when unknown.
 */
export function trafficCallout(clock: number | null, distanceNm: number | null, relativeAltitudeFt: number | null): string {
  const parts = ['Traffic'];
  if (clock !== null) parts.push(`${clock} o'clock`);
  if (distanceNm !== null && Number.isFinite(distanceNm)) {
    const miles = Math.max(1, Math.round(distanceNm));
    parts.push(`${miles} ${miles === 1 ? 'mile' : 'miles'}`);
  }
  if (relativeAltitudeFt !== null && Number.isFinite(relativeAltitudeFt)) {
    const feet = Math.round(Math.abs(relativeAltitudeFt) / 100) * 100;
    parts.push(feet === 0 ? 'same altitude' : `${feet.toLocaleString('en-US')} feet ${relativeAltitudeFt > 0 ? 'above' : 'below'}`);
  }
  return parts.join(', ');
}

/** The datum of the GDL90 Ownship Geometric Altitude: the ICD says the WGS-84 ellipsoid; a ForeFlight ID can say MSL. */
export type GeometricAltitudeDatum = 'wgs84Ellipsoid' | 'msl';

/** ForeFlight ID capabilities bit 0: 0 the ellipsoid (height above it), 1 MSL. */
export function geometricAltitudeDatum(capabilities: number | null | undefined): GeometricAltitudeDatum {
  return capabilities !== null && capabilities !== undefined && (capabilities & 1) === 1 ? 'msl' : 'wgs84Ellipsoid';
}

/**
 * Geoid separation at a place: the geoid's height above the WGS-84 ellipsoid, metres (EGM96-style,
 * e.g. about -32 m over San Francisco). Passed in: the package holds no geoid model.
 */
export type GeoidSeparation = (latDeg: number, lonDeg: number) => number;

/**
 * A GDL90 geometric altitude as feet MSL: height above the ellipsoid minus the geoid separation
 * (metres times 3.28084, spec part 2 §9) when the datum is the ellipsoid; unchanged when MSL.
 */
export function geometricAltitudeMslFt(altitudeFt: number, datum: GeometricAltitudeDatum, latDeg: number, lonDeg: number, geoid: GeoidSeparation): number {
  if (datum === 'msl') return altitudeFt;
  return altitudeFt - geoid(latDeg, lonDeg) * METRES_TO_FEET;
}

export interface TrafficTableOptions {
  clock: Clock;
  /** Default 10 s (issue 19 "a target ages out after 10 s without a report"). */
  ageOutMs?: number;
  /** Default ±3,500 ft and 15 nm. */
  filter?: TrafficFilter;
}

/**
 * The traffic around ownship: reports keyed by address, aged out 10 s after their last report, seen
 * through `view(ownship)` with relative altitude tags, trends, proximity colours, clock positions and
 * callouts, filtered by altitude and distance.
 */
export class TrafficTable {
  private readonly clock: Clock;
  private readonly ageOutMs: number;
  private filter: TrafficFilter;
  private readonly targets = new Map<number, { report: TrafficReportInput; atMs: number }>();

  constructor(options: TrafficTableOptions) {
    this.clock = options.clock;
    this.ageOutMs = options.ageOutMs ?? TRAFFIC_AGE_OUT_MS;
    this.filter = options.filter ?? { ...DEFAULT_TRAFFIC_FILTER };
  }

  /** A report replaces the target's previous one; returns true for a target not in the table. */
  report(report: TrafficReportInput): boolean {
    const isNew = !this.targets.has(report.address);
    this.targets.set(report.address, { report, atMs: this.clock.now() });
    return isNew;
  }

  /** Drops targets with no report for 10 s; returns their addresses. */
  prune(): number[] {
    const now = this.clock.now();
    const gone: number[] = [];
    for (const [address, t] of this.targets) {
      if (now - t.atMs >= this.ageOutMs) {
        this.targets.delete(address);
        gone.push(address);
      }
    }
    return gone;
  }

  /** Targets held (after ageing out). */
  get size(): number {
    this.prune();
    return this.targets.size;
  }

  setFilter(filter: TrafficFilter): void {
    this.filter = { ...filter };
  }

  getFilter(): TrafficFilter {
    return { ...this.filter };
  }

  /**
   * What to draw, nearest first: targets inside the filter (an unknown distance or relative altitude
   * passes it). A target without a position is drawn as a ring when it has a distance estimate and
   * left out when it has none.
   */
  view(ownship: TrafficOwnship): TrafficTarget[] {
    this.prune();
    const now = this.clock.now();
    const out: TrafficTarget[] = [];
    const ownPos = ownship.latitude !== null && ownship.longitude !== null ? { lat: ownship.latitude, lon: ownship.longitude } : null;
    for (const [address, { report, atMs }] of this.targets) {
      let display: TrafficTarget['display'];
      let distanceNm: number | null = null;
      let bearingDegTrue: number | null = null;
      if (report.latitude !== null && report.longitude !== null) {
        display = { kind: 'symbol', latitude: report.latitude, longitude: report.longitude, trackDeg: report.trackDeg };
        if (ownPos) {
          distanceNm = greatCircleDistanceNm(ownPos.lat, ownPos.lon, report.latitude, report.longitude);
          bearingDegTrue = distanceNm > 0 ? greatCircleInitialCourseDeg(ownPos.lat, ownPos.lon, report.latitude, report.longitude) : null;
        }
      } else if (report.distanceNm !== null && report.distanceNm !== undefined && Number.isFinite(report.distanceNm)) {
        display = { kind: 'ring', distanceNm: report.distanceNm };
        distanceNm = report.distanceNm;
      } else {
        continue;
      }
      const relativeAltitudeFt =
        report.pressureAltitudeFt !== null && ownship.pressureAltitudeFt !== null ? report.pressureAltitudeFt - ownship.pressureAltitudeFt : null;
      if (distanceNm !== null && distanceNm > this.filter.distanceNm) continue;
      if (relativeAltitudeFt !== null && Math.abs(relativeAltitudeFt) > this.filter.altitudeFt) continue;
      const clock = bearingDegTrue !== null && ownship.trackDeg !== null ? clockPosition(bearingDegTrue, ownship.trackDeg) : null;
      const hex = addressHex(address);
      out.push({
        address,
        hex,
        label: report.callsign?.trim() || hex,
        report,
        ageMs: now - atMs,
        display,
        distanceNm,
        bearingDegTrue,
        relativeAltitudeFt,
        altitudeTag: report.pressureAltitudeFt !== null && ownship.pressureAltitudeFt !== null ? relativeAltitudeTag(report.pressureAltitudeFt, ownship.pressureAltitudeFt) : null,
        trend: verticalTrend(report.verticalVelocityFpm),
        proximity: proximity(distanceNm, relativeAltitudeFt),
        emergency: (report.emergencyCode ?? 0) > 0,
        onGround: report.airborne === false,
        clock,
        callout: trafficCallout(clock, distanceNm, relativeAltitudeFt),
      });
    }
    out.sort((a, b) => (a.distanceNm ?? Infinity) - (b.distanceNm ?? Infinity) || a.address - b.address);
    return out;
  }
}

/**
 * Which targets to call out: each time a target's proximity rises (normal to amber, amber to red,
 * normal to red) its callout is due once; falling back re-arms it. A target gone from the view is
 * forgotten.
 */
export class TrafficCallouts {
  private readonly levels = new Map<number, Proximity>();

  due(targets: TrafficTarget[]): string[] {
    const rank: Record<Proximity, number> = { normal: 0, amber: 1, red: 2 };
    const out: string[] = [];
    const seen = new Set<number>();
    for (const t of targets) {
      seen.add(t.address);
      const before = this.levels.get(t.address) ?? 'normal';
      if (rank[t.proximity] > rank[before]) out.push(t.callout);
      this.levels.set(t.address, t.proximity);
    }
    for (const address of [...this.levels.keys()]) if (!seen.has(address)) this.levels.delete(address);
    return out;
  }
}
