/**
 * Procedure legs to route waypoints: which legs contribute a fix, how ARINC 424 altitude
 * descriptions map to the model's constraint kinds, and how consecutive repeats are merged.
 */
import { UNKNOWN_VARIATION_DEG as UNKNOWN_VARIATION } from '@clearway/geo';
import type { ProcedureLeg } from '@clearway/navdb';
import { UNKNOWN_ALT } from '../model.js';
import type { AltType, Waypoint, WaypointType } from '../model.js';

/**
 * Path terminators whose leg names a fix the aircraft passes (ARINC 424 5.21). Legs ending at an
 * altitude, a radial, a DME distance, an intercept or a manual termination (VA, CA, VM, VI ...)
 * have no position of their own and add no waypoint.
 */
const FIX_TERMINATORS = new Set(['IF', 'TF', 'CF', 'DF', 'RF', 'AF', 'HA', 'HF', 'HM', 'FA', 'FC', 'FD', 'FM']);

/** A leg with the CIFP reader's missed approach flag (other sources leave it out). */
type LegWithFlags = ProcedureLeg & { missedApproach?: boolean };

/** True when the leg belongs to a missed approach (flagged by the CIFP reader). */
export function isMissedApproachLeg(leg: ProcedureLeg): boolean {
  return (leg as LegWithFlags).missedApproach === true;
}

/** True when the leg adds a waypoint: it ends at (or starts from) a located fix. */
export function legHasFix(leg: ProcedureLeg): boolean {
  return FIX_TERMINATORS.has(leg.pathTerminator) && leg.fixId !== null && leg.latDeg !== null && leg.lonDeg !== null;
}

export interface AltitudeConstraint {
  /** Feet; -9999 unknown. For an at-or-above range, the lower bound. */
  alt1: number;
  /** Feet; -9999 unknown. Upper bound of a 'between' constraint, or the second ARINC altitude. */
  alt2: number;
  alt_type: AltType;
}

const NO_CONSTRAINT: AltitudeConstraint = { alt1: UNKNOWN_ALT, alt2: UNKNOWN_ALT, alt_type: '' };

/**
 * The model's constraint for a leg (ARINC 424 5.29). '+' at or above and ' '/'@' at map directly;
 * 'V', 'J', 'H' (step-down / glide slope variants) keep their code and both altitudes; 'B' between
 * has no model kind, so it becomes '+' with alt1 the lower and alt2 the upper bound; 'C' (at or
 * above altitude 2) becomes '+'; 'G', 'I', 'X' become '@' altitude 1. At or below ('-', 'Y') has
 * no model kind: alt_type stays '' and the ceiling is kept in alt2.
 */
export function legConstraint(leg: ProcedureLeg): AltitudeConstraint {
  const a1 = leg.altitude1Ft;
  const a2 = leg.altitude2Ft;
  const d = leg.altitudeDescription;
  if (a1 === null && a2 === null) return NO_CONSTRAINT;
  const v1 = a1 ?? UNKNOWN_ALT;
  const v2 = a2 ?? UNKNOWN_ALT;
  switch (d) {
    case '+':
      return { alt1: v1, alt2: UNKNOWN_ALT, alt_type: '+' };
    case null:
    case ' ':
    case '@':
    case 'G':
    case 'I':
    case 'X':
      return { alt1: v1, alt2: UNKNOWN_ALT, alt_type: '@' };
    case 'V':
    case 'J':
    case 'H':
      return { alt1: v1, alt2: v2, alt_type: d };
    case 'B': {
      if (a1 === null || a2 === null) return { alt1: a2 ?? v1, alt2: UNKNOWN_ALT, alt_type: '+' };
      return { alt1: Math.min(a1, a2), alt2: Math.max(a1, a2), alt_type: '+' };
    }
    case 'C':
      return { alt1: a2 ?? v1, alt2: UNKNOWN_ALT, alt_type: '+' };
    case '-':
    case 'Y':
      return { alt1: UNKNOWN_ALT, alt2: v1, alt_type: '' };
    default:
      return NO_CONSTRAINT;
  }
}

function hasConstraint(c: AltitudeConstraint): boolean {
  return c.alt1 !== UNKNOWN_ALT || c.alt2 !== UNKNOWN_ALT;
}

function waypointType(leg: ProcedureLeg): WaypointType {
  switch (leg.fixKind) {
    case 'navaid':
      return 'NAVAID';
    case 'airport':
      return /^RW\d/.test(leg.fixId ?? '') ? 'RUNWAY' : 'AIRPORT';
    default:
      return 'FIX';
  }
}

/** A fixed procedure waypoint with the model's defaults (spec part 2 §3). */
export function procedureWaypoint(
  code: string,
  type: WaypointType,
  latDeg: number,
  lonDeg: number,
  constraint: AltitudeConstraint = NO_CONSTRAINT,
): Waypoint {
  return {
    code,
    name: code,
    location: { lat: latDeg, lon: lonDeg },
    elevation: UNKNOWN_ALT,
    variation: UNKNOWN_VARIATION,
    type,
    directTo: false,
    invalid: false,
    has_approach: false,
    ambiguous: false,
    fixed: true,
    insertBefore: true,
    insertAfter: true,
    original_index: -1,
    appch: null,
    expanded_waypoints: [],
    alt1: constraint.alt1,
    alt2: constraint.alt2,
    alt_type: constraint.alt_type,
  };
}

function sameFix(a: Waypoint, b: Waypoint): boolean {
  return a.code === b.code && Math.abs(a.location.lat - b.location.lat) < 1e-6 && Math.abs(a.location.lon - b.location.lon) < 1e-6;
}

/**
 * Appends `next` to `out` unless it repeats the last waypoint (a transition ending where the common
 * route starts, a hold at the fix just reached); a repeat gives its constraint to the kept point
 * when that point had none.
 */
export function appendDeduped(out: Waypoint[], next: readonly Waypoint[]): void {
  for (const w of next) {
    const last = out[out.length - 1];
    if (last && sameFix(last, w)) {
      if (last.alt_type === '' && last.alt1 === UNKNOWN_ALT && last.alt2 === UNKNOWN_ALT) {
        last.alt1 = w.alt1;
        last.alt2 = w.alt2;
        last.alt_type = w.alt_type;
      }
      continue;
    }
    out.push(w);
  }
}

/**
 * The waypoints of a run of legs, in order: legs without a fix are skipped, and an at-or-above
 * constraint of a skipped leg (a VA "climb to 1,000") moves to the next fix when that fix has none
 * of its own. Missed approach legs are left out. Consecutive repeats are merged.
 */
export function legsToWaypoints(legs: readonly ProcedureLeg[]): Waypoint[] {
  const out: Waypoint[] = [];
  let pending: AltitudeConstraint | null = null;
  for (const leg of legs) {
    if (isMissedApproachLeg(leg)) break;
    const constraint = legConstraint(leg);
    if (!legHasFix(leg)) {
      if (constraint.alt_type === '+') pending = constraint;
      continue;
    }
    const own = hasConstraint(constraint) ? constraint : (pending ?? constraint);
    pending = null;
    appendDeduped(out, [procedureWaypoint(leg.fixId as string, waypointType(leg), leg.latDeg as number, leg.lonDeg as number, own)]);
  }
  return out;
}
