/**
 * Which transitions of a SID, STAR or approach play which role (ARINC 424 5.7 route types), and
 * procedure lookup by airport (FAA `HWD` or ICAO `KHWD`; the nav database matches both).
 */
import type { NavDb, Procedure, ProcedureKind, ProcedureTransition } from '@clearway/navdb';

/** Shown as 'No Transition': the procedure has no transition at that level, or none is wanted. */
export const NO_TRANSITION = 'NOTRANSITION';
/** Shown as 'Vectors To Final': an approach flown from the final approach fix, no transition. */
export const VECTORS_TO_FINAL = 'VTF';

/** The picker's type flag: PD departure (SID), PE arrival (STAR), PF approach (spec part 2 §7). */
export type ProcFlag = 'PD' | 'PE' | 'PF';

export const KIND_OF_FLAG: Record<ProcFlag, ProcedureKind> = { PD: 'SID', PE: 'STAR', PF: 'APPROACH' };

/** The role a transition plays in its procedure. */
export type TransitionRole = 'runway' | 'common' | 'enroute' | 'approach' | 'final';

// SID: 1/4/F/T runway transitions, 2/5/M common routes, 3/6/S/V enroute transitions (0 engine out).
const SID_ROLES: Record<string, TransitionRole> = {
  '1': 'runway', '4': 'runway', F: 'runway', T: 'runway',
  '2': 'common', '5': 'common', M: 'common',
  '3': 'enroute', '6': 'enroute', S: 'enroute', V: 'enroute',
};
// STAR: 1/4/7/F enroute transitions, 2/5/8/M common routes, 3/6/9/S runway transitions.
const STAR_ROLES: Record<string, TransitionRole> = {
  '1': 'enroute', '4': 'enroute', '7': 'enroute', F: 'enroute',
  '2': 'common', '5': 'common', '8': 'common', M: 'common',
  '3': 'runway', '6': 'runway', '9': 'runway', S: 'runway',
};

/** The role of a transition; approaches: 'A' is an approach transition, the rest the final approach. */
export function transitionRole(kind: ProcedureKind, t: ProcedureTransition): TransitionRole | null {
  if (kind === 'APPROACH') return t.routeType === 'A' ? 'approach' : 'final';
  const role = (kind === 'SID' ? SID_ROLES : STAR_ROLES)[t.routeType] ?? null;
  // A common route coded for one runway ('RW28L' instead of 'ALL') is that runway's transition.
  if (role === 'common' && /^RW\d/.test(t.id)) return 'runway';
  return role;
}

/** Transitions of a role, in file order. */
export function transitionsOfRole(p: Procedure, role: TransitionRole): ProcedureTransition[] {
  return p.transitions.filter((t) => transitionRole(p.kind, t) === role);
}

/** Distinct non-empty ids of the transitions of a role, in file order. */
export function transitionIds(p: Procedure, role: TransitionRole): string[] {
  return [...new Set(transitionsOfRole(p, role).map((t) => t.id).filter((id) => id !== ''))];
}

/** A procedure of an airport by id (case-insensitive), optionally of one kind; null when unknown. */
export function findProcedure(db: NavDb, airport: string, procedure: string, kind?: ProcedureKind): Procedure | null {
  const id = procedure.trim().toUpperCase();
  return db.procedures(airport, kind).find((p) => p.id.toUpperCase() === id) ?? null;
}

/** The transition of a role with an id (case-insensitive), or null. */
export function findTransition(p: Procedure, role: TransitionRole, id: string): ProcedureTransition | null {
  const want = id.trim().toUpperCase();
  return transitionsOfRole(p, role).find((t) => t.id.toUpperCase() === want) ?? null;
}
