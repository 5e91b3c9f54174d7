/**
 * The procedure pickers' queries (spec part 2 §4 "Procedure pickers", §7): lists of DPs, STARs and
 * approaches, their transitions per cascade level, and the fixes a selection flies.
 */
import type { NavDb, Procedure, ProcedureKind, ProcedureTransition } from '@clearway/navdb';
import { UNKNOWN_ALT, type Waypoint } from '../model.js';
import { appendDeduped, legsToWaypoints } from './legs.js';
import { procedureName } from './names.js';
import {
  KIND_OF_FLAG,
  NO_TRANSITION,
  VECTORS_TO_FINAL,
  findProcedure,
  findTransition,
  transitionIds,
  transitionsOfRole,
  type ProcFlag,
} from './transitions.js';

/** Procedure list entry (spec part 2 §3): `nfd` is the procedure id. */
export interface ProcedureEntry {
  nfd: string;
  name: string;
}

function entries(db: NavDb, airport: string, kind: ProcedureKind): ProcedureEntry[] {
  return db.procedures(airport, kind).map((p) => ({ nfd: p.id, name: procedureName(p) }));
}

/** Departure procedures (SIDs) of an airport, FAA or ICAO id; [] when none or unknown. */
export function getDPs(db: NavDb, airport: string): ProcedureEntry[] {
  return entries(db, airport, 'SID');
}

/** Arrival procedures (STARs) of an airport. */
export function getStars(db: NavDb, airport: string): ProcedureEntry[] {
  return entries(db, airport, 'STAR');
}

/** Instrument approaches of an airport. */
export function getProcedures(db: NavDb, airport: string): ProcedureEntry[] {
  return entries(db, airport, 'APPROACH');
}

/** The single item of a picker list, which the cascade selects by itself; null for 0 or 2+ items. */
export function autoSelect<T>(list: readonly T[]): T | null {
  return list.length === 1 ? (list[0] as T) : null;
}

/** 'No Transition' and 'Vectors To Final' for the two special transitions, else the id itself. */
export function transitionLabel(transition: string): string {
  if (transition === NO_TRANSITION) return 'No Transition';
  if (transition === VECTORS_TO_FINAL) return 'Vectors To Final';
  return transition;
}

function kindOf(flag: ProcFlag | undefined): ProcedureKind | undefined {
  return flag === undefined ? undefined : KIND_OF_FLAG[flag];
}

function orNoTransition(ids: string[]): string[] {
  return ids.length > 0 ? ids : [NO_TRANSITION];
}

/**
 * The transitions of a procedure: for an approach 'VTF' then its approach transitions; for a SID or
 * STAR every runway and enroute transition. [] when the procedure is unknown.
 */
export function getProcTransitions(db: NavDb, airport: string, procedure: string, flag?: ProcFlag): string[] {
  const p = findProcedure(db, airport, procedure, kindOf(flag));
  if (!p) return [];
  if (p.kind === 'APPROACH') return [VECTORS_TO_FINAL, ...transitionIds(p, 'approach')];
  const first = p.kind === 'STAR' ? 'enroute' : 'runway';
  const second = p.kind === 'STAR' ? 'runway' : 'enroute';
  return [...transitionIds(p, first), ...transitionIds(p, second)];
}

/**
 * Level 1 of the cascade: enroute transitions of a STAR (type 'PE'), runway transitions of a DP
 * ('PD'); ['NOTRANSITION'] when it has none; [] when the procedure is unknown.
 */
export function getLevel1Transitions(db: NavDb, airport: string, procedure: string, type: 'PE' | 'PD'): string[] {
  const p = findProcedure(db, airport, procedure, KIND_OF_FLAG[type]);
  if (!p) return [];
  return orNoTransition(transitionIds(p, type === 'PE' ? 'enroute' : 'runway'));
}

/**
 * Level 2 of the cascade: runway transitions of a STAR ('PE'), enroute transitions of a DP ('PD');
 * ['NOTRANSITION'] when it has none; [] when the procedure is unknown.
 */
export function getStarLevel2Transitions(db: NavDb, airport: string, procedure: string, type: 'PE' | 'PD'): string[] {
  const p = findProcedure(db, airport, procedure, KIND_OF_FLAG[type]);
  if (!p) return [];
  return orNoTransition(transitionIds(p, type === 'PE' ? 'runway' : 'enroute'));
}

function pick(p: Procedure, role: 'runway' | 'enroute' | 'approach', chosen: readonly string[]): ProcedureTransition | null {
  for (const id of chosen) {
    if (id === NO_TRANSITION || id === VECTORS_TO_FINAL || id === '') continue;
    const t = findTransition(p, role, id);
    if (t) return t;
  }
  return null;
}

function legsOf(t: ProcedureTransition | null): Waypoint[] {
  return t ? legsToWaypoints(t.legs) : [];
}

function commonWaypoints(p: Procedure): Waypoint[] {
  const out: Waypoint[] = [];
  for (const t of transitionsOfRole(p, 'common')) appendDeduped(out, legsOf(t));
  return out;
}

/** Index of the final approach fix (description code 'F' in its 4th column), or -1. */
function fafIndex(t: ProcedureTransition): number {
  return t.legs.findIndex((l) => l.descriptionCode?.charAt(3) === 'F');
}

/**
 * The fixes a procedure selection flies, in order, joins merged. SID: runway transition, common
 * route, enroute transition. STAR: enroute transition, common route, runway transition. Approach:
 * the approach transition then the final approach to the missed approach point (missed approach
 * legs left out); with 'VTF' (or no transition) the final from its final approach fix. Transition
 * names may come in any order; 'NOTRANSITION' and unknown names add nothing.
 */
export function procedureWaypoints(p: Procedure, transitions: readonly string[]): Waypoint[] {
  const out: Waypoint[] = [];
  if (p.kind === 'APPROACH') {
    const approach = pick(p, 'approach', transitions);
    const final = transitionsOfRole(p, 'final')[0] ?? null;
    appendDeduped(out, legsOf(approach));
    if (final) {
      const faf = approach ? -1 : fafIndex(final);
      appendDeduped(out, legsToWaypoints(faf > 0 ? final.legs.slice(faf) : final.legs));
    }
    return out;
  }
  const runway = legsOf(pick(p, 'runway', transitions));
  const enroute = legsOf(pick(p, 'enroute', transitions));
  const common = commonWaypoints(p);
  const parts = p.kind === 'SID' ? [runway, common, enroute] : [enroute, common, runway];
  for (const part of parts) appendDeduped(out, part);
  return out;
}

/**
 * Fills in what the legs do not carry: a navaid's name and elevation (the one at the leg's
 * position), a runway threshold's elevation. Mutates the (fresh) waypoints.
 */
export function describeFixes(db: NavDb, airport: string, waypoints: Waypoint[]): Waypoint[] {
  const field = db.airport(airport);
  for (const w of waypoints) {
    if (w.type === 'NAVAID') {
      const near = db.navaids(w.code).find((n) => Math.abs(n.latDeg - w.location.lat) < 0.01 && Math.abs(n.lonDeg - w.location.lon) < 0.01);
      if (near) {
        w.name = near.name;
        if (near.elevationFt !== null) w.elevation = near.elevationFt;
      }
    } else if (w.type === 'RUNWAY' && field) {
      const end = field.runways.flatMap((r) => r.ends).find((e) => `RW${e.id}` === w.code);
      if (end && end.elevationFt !== null) w.elevation = end.elevationFt;
    }
  }
  return waypoints;
}

/**
 * Final fixes of a selection (spec part 2 §7 getFinalWaypoints): the ordered waypoints of the
 * procedure with the chosen transitions, navaids named; [] when the procedure is unknown.
 */
export function getFinalWaypoints(db: NavDb, airport: string, procedure: string, transitions: readonly string[], flag?: ProcFlag): Waypoint[] {
  const p = findProcedure(db, airport, procedure, kindOf(flag));
  return p ? describeFixes(db, airport, procedureWaypoints(p, transitions)) : [];
}

/** A waypoint with its constraint as the preview writes it: `BRIEN +4300`, `RW28L @105`, `FENRA V2120/2126`. */
export function waypointText(w: Waypoint): string {
  if (w.alt1 === UNKNOWN_ALT && w.alt2 === UNKNOWN_ALT) return w.code;
  if (w.alt_type === '') return w.alt2 !== UNKNOWN_ALT ? `${w.code} -${w.alt2}` : w.code;
  if (w.alt_type === '+' && w.alt2 !== UNKNOWN_ALT) return `${w.code} ${w.alt1}-${w.alt2}`;
  if (w.alt2 !== UNKNOWN_ALT) return `${w.code} ${w.alt_type}${w.alt1}/${w.alt2}`;
  return `${w.code} ${w.alt_type}${w.alt1}`;
}

export interface TransitionWaypoints {
  waypoints: Waypoint[];
  /** One line per waypoint, code and constraint, for the final-fixes preview. */
  transition_strings: string[];
}

/**
 * What choosing one transition previews (spec part 2 §4): for an approach the whole approach flown
 * from that transition ('VTF' from the final approach fix); for a SID or STAR the transition joined
 * to the common route. Empty when the procedure is unknown.
 */
export function getTransitionWaypoints(db: NavDb, airport: string, procedure: string, transition: string, flag?: ProcFlag): TransitionWaypoints {
  const waypoints = getFinalWaypoints(db, airport, procedure, [transition], flag);
  return { waypoints, transition_strings: waypoints.map(waypointText) };
}

/**
 * The selection string setStar and setDP take (spec part 2 §7), from the cascade's picks:
 * STAR 'transition1.star[.transition2]', DP 'dp[.transition2].transition1'; transition 2 is left
 * out when it is 'NOTRANSITION' or missing.
 */
export function selectionText(type: 'PE' | 'PD', procedure: string, transition1: string, transition2?: string | null): string {
  const second = transition2 && transition2 !== NO_TRANSITION ? transition2 : null;
  if (type === 'PE') return `${transition1}.${procedure}${second ? `.${second}` : ''}`;
  return `${procedure}${second ? `.${second}` : ''}.${transition1}`;
}
