import { greatCircleDistanceNm, greatCircleInitialCourseDeg } from '@clearway/geo';
import { clockPosition, proximity, trafficCallout, type Proximity, type TrafficOwnship, type TrafficReportInput } from './traffic.js';

/**
 * Spoken traffic callouts, one target at a time, as the reports arrive (issue 19: "spoken callouts
 * ("Traffic, 2 o'clock, 2 miles, 500 feet below") within 1 s of the report, off by default").
 * Pure: the app speaks the text (speechSynthesis) and owns the on/off setting.
 *
 * Rules (the issue is silent on them):
 * - Clock position: bearing from ownship to the target relative to ownship's track, to the nearest
 *   hour (30° sectors centred on each hour: 345°-<15° is 12 o'clock, 15° exactly is 1 o'clock).
 * - Distance: whole nautical miles, half up, at least "1 mile".
 * - Height: target minus ownship pressure altitude to the nearest 100 ft, "above"/"below"; under
 *   50 ft either way "same altitude".
 * - Any part unknown (no ownship track, no position, no altitude) is left out, never guessed.
 * - Which targets are called: those inside the callout window (default the amber proximity zone:
 *   2 nm and ±1,000 ft); an unknown relative altitude counts as co-altitude, an unknown distance
 *   is never called.
 * - Repeats: a target is called again only after `repeatIntervalMs` (default 30 s) since its last
 *   callout, or at once when its proximity rises (amber to red). A target not reported for
 *   `forgetAfterMs` (default 10 s, the traffic age-out) is forgotten, so it is called again when
 *   it comes back.
 */

export interface TrafficCalloutInfo {
  text: string;
  clock: number | null;
  distanceNm: number | null;
  relativeAltitudeFt: number | null;
  proximity: Proximity;
}

/** The callout for one target seen from ownship, and the values it was built from. */
export function trafficCalloutFor(ownship: TrafficOwnship, report: TrafficReportInput): TrafficCalloutInfo {
  let distanceNm: number | null = null;
  let bearing: number | null = null;
  if (report.latitude !== null && report.longitude !== null) {
    if (ownship.latitude !== null && ownship.longitude !== null) {
      distanceNm = greatCircleDistanceNm(ownship.latitude, ownship.longitude, report.latitude, report.longitude);
      bearing = distanceNm > 0 ? greatCircleInitialCourseDeg(ownship.latitude, ownship.longitude, report.latitude, report.longitude) : null;
    }
  } else if (report.distanceNm !== null && report.distanceNm !== undefined && Number.isFinite(report.distanceNm)) {
    distanceNm = report.distanceNm;
  }
  const relativeAltitudeFt =
    report.pressureAltitudeFt !== null && ownship.pressureAltitudeFt !== null ? report.pressureAltitudeFt - ownship.pressureAltitudeFt : null;
  const clock = bearing !== null && ownship.trackDeg !== null ? clockPosition(bearing, ownship.trackDeg) : null;
  return { text: trafficCallout(clock, distanceNm, relativeAltitudeFt), clock, distanceNm, relativeAltitudeFt, proximity: proximity(distanceNm, relativeAltitudeFt) };
}

export interface CalloutSchedulerOptions {
  /** A target is not called again before this many ms since its last callout; default 30,000. */
  repeatIntervalMs?: number;
  /** Called only within this distance, nm; default 2 (the amber zone). */
  maxDistanceNm?: number;
  /** Called only within this many feet above or below; default 1,000 (the amber zone). */
  maxAltitudeFt?: number;
  /** A target with no report for this long is forgotten; default 10,000 (the traffic age-out). */
  forgetAfterMs?: number;
}

export const DEFAULT_CALLOUT_REPEAT_MS = 30_000;

const RANK: Record<Proximity, number> = { normal: 0, amber: 1, red: 2 };

/**
 * Decides, report by report, whether a target is to be spoken now: `onReport(ownship, report, nowMs)`
 * returns the text to speak, or null. Call it as each traffic report arrives (the callout is then as
 * late as the report, well inside the 1 s).
 */
export class TrafficCalloutScheduler {
  private readonly repeatIntervalMs: number;
  private readonly maxDistanceNm: number;
  private readonly maxAltitudeFt: number;
  private readonly forgetAfterMs: number;
  private readonly targets = new Map<number, { calledAt: number | null; proximity: Proximity; seenAt: number }>();

  constructor(options: CalloutSchedulerOptions = {}) {
    this.repeatIntervalMs = options.repeatIntervalMs ?? DEFAULT_CALLOUT_REPEAT_MS;
    this.maxDistanceNm = options.maxDistanceNm ?? 2;
    this.maxAltitudeFt = options.maxAltitudeFt ?? 1_000;
    this.forgetAfterMs = options.forgetAfterMs ?? 10_000;
  }

  onReport(ownship: TrafficOwnship, report: TrafficReportInput, nowMs: number): string | null {
    for (const [address, t] of this.targets) if (nowMs - t.seenAt >= this.forgetAfterMs) this.targets.delete(address);
    const info = trafficCalloutFor(ownship, report);
    const held = this.targets.get(report.address);
    const inside =
      info.distanceNm !== null &&
      info.distanceNm <= this.maxDistanceNm &&
      (info.relativeAltitudeFt === null || Math.abs(info.relativeAltitudeFt) <= this.maxAltitudeFt);
    const state = held ?? { calledAt: null, proximity: 'normal' as Proximity, seenAt: nowMs };
    state.seenAt = nowMs;
    this.targets.set(report.address, state);
    const rose = RANK[info.proximity] > RANK[state.proximity];
    state.proximity = info.proximity;
    if (!inside) return null;
    if (state.calledAt !== null && nowMs - state.calledAt < this.repeatIntervalMs && !rose) return null;
    state.calledAt = nowMs;
    return info.text;
  }

  /** Forgets every target (callouts switched off and on again). */
  reset(): void {
    this.targets.clear();
  }
}
