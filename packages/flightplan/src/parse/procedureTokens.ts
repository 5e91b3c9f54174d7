/**
 * Procedures written as the FAA writes them, without dots (issue 28 point 3): `KXXX SID1 TRANS ...`
 * (a SID of the origin right after it, optionally followed by its transition fix) and
 * `... TRANS STAR1 KYYY` (a STAR of the destination right before it, optionally preceded by its
 * transition fix). Each is rewritten into the dotted token (`SID1.TRANS`, `TRANS.STAR1`) the parser
 * already expands, so both forms give the same route. `NAME#` is matched by its id; `NAME` alone when
 * the airport has exactly one revision of it. Tokens that cannot be taken say why, in a pilot's words.
 */
import type { NavDb, Procedure } from '@clearway/navdb';
import type { TokenNote, Waypoint } from '../model.js';
import { transitionIds } from '../proc/transitions.js';

type Slot = Waypoint | string | null;
type ProcKind = 'SID' | 'STAR';

const KIND_WORDS: Record<ProcKind, string> = { SID: 'SID', STAR: 'STAR' };
/** A procedure name as charted: letters, then the revision digit (`CIVET4`, `PXN6`). */
const REVISION = /^([A-Z]{2,})(\d)$/;

function isPoint(s: Slot | undefined): s is Waypoint {
  return typeof s === 'object' && s !== null && s.type !== 'AIRWAY' && s.type !== 'DP' && s.type !== 'STAR';
}

function isAirway(s: Slot | undefined): boolean {
  return typeof s === 'object' && s !== null && s.type === 'AIRWAY';
}

/** The procedures of an airport's kind whose name (id without its revision digit) is `base`. */
function revisionsOf(procs: readonly Procedure[], base: string): Procedure[] {
  return procs.filter((p) => (REVISION.exec(p.id.toUpperCase())?.[1] ?? p.id.toUpperCase()) === base);
}

// An airport's procedures, parsed once per database (the nav database parses their JSON on each call).
const procedureCache = new WeakMap<NavDb, Map<string, Procedure[]>>();

/** The SIDs or STARs of an airport, memoised per database. */
export function proceduresOf(db: NavDb, airport: string, kind: ProcKind): Procedure[] {
  let byKey = procedureCache.get(db);
  if (!byKey) procedureCache.set(db, (byKey = new Map()));
  const key = `${airport} ${kind}`;
  let procs = byKey.get(key);
  if (!procs) byKey.set(key, (procs = db.procedures(airport, kind)));
  return procs;
}

/** The procedure a dotless token names at an airport: the id itself, or the name alone when only one revision exists. */
export function procedureByName(db: NavDb, airport: string, kind: ProcKind, token: string): Procedure | null {
  const procs = proceduresOf(db, airport, kind);
  const exact = procs.find((p) => p.id.toUpperCase() === token);
  if (exact) return exact;
  if (REVISION.test(token)) return null;
  const revisions = revisionsOf(procs, token);
  return revisions.length === 1 ? revisions[0]! : null;
}

/**
 * A procedure taking the route point beside it (after a SID, before a STAR: `route[j ± 1]`) as its
 * transition: the dotted token, where that point is, and whether it stays a route point (it is the
 * route's other end, `endAt`, or an airway's entry or exit beyond it). Null when the point beside it
 * is not one of the procedure's enroute transitions.
 */
function withTransition(proc: Procedure, kind: ProcKind, route: readonly Slot[], j: number, endAt: number | undefined): { token: string; fixAt: number; keepFix: boolean } | null {
  const step = kind === 'SID' ? 1 : -1;
  const fix = route[j + step];
  if (!isPoint(fix) || !transitionIds(proc, 'enroute').includes(fix.code)) return null;
  return {
    token: kind === 'SID' ? `${proc.id}.${fix.code}` : `${fix.code}.${proc.id}`,
    fixAt: j + step,
    keepFix: j + step === endAt || isAirway(route[j + 2 * step]),
  };
}

/**
 * Rewrites, in place, the dotless string slots of a route that name a SID of the origin (right
 * after it) or a STAR of the destination (right before it) into dotted procedure tokens, taking the
 * neighbouring transition fix into the token. The fix stays a route point where an airway needs it
 * (its exit or entry) or where it is the route's first or last point. Other dotless string slots
 * become invalid tokens (null slots) with a note saying why.
 */
export function resolveProcedureNames(db: NavDb, slots: Slot[], invalid: string[], notes: TokenNote[]): void {
  const points = slots.flatMap((s, k) => (isPoint(s) ? [k] : []));
  const originAt = points[0];
  const destinationAt = points.length > 1 ? points[points.length - 1] : undefined;
  const origin = originAt === undefined ? null : (slots[originAt] as Waypoint);
  const destination = destinationAt === undefined ? null : (slots[destinationAt] as Waypoint);
  slots.forEach((slot, j) => {
    if (isPoint(slot)) {
      const note = pointNamingProcedure(db, slot, j, j === originAt! + 1 ? origin : null, j === destinationAt! - 1 ? destination : null);
      if (note) notes.push(note);
      return;
    }
    if (typeof slot !== 'string' || slot.includes('.')) return;
    // A SID right after the origin, else a STAR right before the destination.
    for (const [kind, airport, at, otherEnd] of [['SID', origin, originAt! + 1, destinationAt], ['STAR', destination, destinationAt! - 1, originAt]] as const) {
      const proc = airport?.type === 'AIRPORT' && j === at ? procedureByName(db, airport.code, kind, slot) : null;
      if (!proc) continue;
      const joined = withTransition(proc, kind, slots, j, otherEnd);
      if (joined && !joined.keepFix) slots[joined.fixAt] = null;
      slots[j] = joined?.token ?? proc.id;
      return;
    }
    slots[j] = null;
    invalid.push(slot);
    const message = procedureNameProblem(db, slot, origin, destination);
    if (message) notes.push({ token: slot, index: j, severity: 'error', message });
  });
}

/**
 * The route's waypoints once the tokens that could not be built are gone: a SID written without
 * transition right before one of its transition fixes (or a STAR right after one) takes that fix as
 * its transition, as `resolveProcedureNames` does for tokens typed side by side. The route string
 * leaves the invalid tokens out, so `KOAK OAKS ! BBB` is written `KOAK OAKS2.BBB BBB`, the route
 * `KOAK OAKS BBB` gives, and parses back to itself. `build` makes the waypoint of a dotted token.
 */
export function joinTransitionsAcrossDropped(db: NavDb, waypoints: Waypoint[], build: (token: string) => Waypoint | null): void {
  for (const kind of ['SID', 'STAR'] as const) {
    const points = waypoints.flatMap((w, k) => (isPoint(w) ? [k] : []));
    if (points.length < 2) return;
    const originAt = points[0]!;
    const destinationAt = points[points.length - 1]!;
    const airport = waypoints[kind === 'SID' ? originAt : destinationAt]!;
    const j = kind === 'SID' ? originAt + 1 : destinationAt - 1;
    const bare = waypoints[j];
    if (airport.type !== 'AIRPORT' || bare?.type !== (kind === 'SID' ? 'DP' : 'STAR') || bare.code.includes('.')) continue;
    const proc = proceduresOf(db, airport.code, kind).find((p) => p.id === bare.code || p.id.toUpperCase() === bare.code);
    const joined = proc ? withTransition(proc, kind, waypoints, j, kind === 'SID' ? destinationAt : originAt) : null;
    const dotted = joined ? build(joined.token) : null;
    if (!joined || !dotted) continue;
    waypoints[j] = dotted;
    if (!joined.keepFix) waypoints.splice(joined.fixAt, 1);
  }
}

/**
 * A point right after the origin or right before the destination whose ident is also the name of
 * that airport's only SID or STAR of that name: it stays the point (a route may fly to the fix the
 * procedure is named after), with a warning naming the procedure's own token.
 */
function pointNamingProcedure(db: NavDb, w: Waypoint, index: number, origin: Waypoint | null, destination: Waypoint | null): TokenNote | null {
  if (REVISION.test(w.code)) return null;
  const sid = origin?.type === 'AIRPORT' ? procedureByName(db, origin.code, 'SID', w.code) : null;
  const star = destination?.type === 'AIRPORT' ? procedureByName(db, destination.code, 'STAR', w.code) : null;
  const proc = sid ?? star;
  if (!proc || proc.id.toUpperCase() === w.code) return null;
  const what = sid ? `the ${proc.id} departure` : `the ${proc.id} arrival`;
  return { token: w.code, index, severity: 'warning', message: `${w.code}: taken as the ${w.type === 'NAVAID' ? 'navaid' : w.type === 'AIRPORT' ? 'airport' : 'fix'} ${w.code}; for ${what} write ${proc.id}` };
}

function airportOf(w: Waypoint | null | undefined): string | null {
  return w?.type === 'AIRPORT' ? w.code : null;
}

/** Why a revision of a name is not there: `KIDDZ5: no such STAR at KHOU; KIDDZ4 exists`. */
function revisionProblem(db: NavDb, token: string, airport: string, kind: ProcKind): string | null {
  const m = REVISION.exec(token);
  const others = revisionsOf(proceduresOf(db, airport, kind), m ? m[1]! : token).map((p) => p.id);
  if (others.length === 0) return null;
  if (!m) return `${token}: ${airport} has ${KIND_WORDS[kind]}s ${others.join(' and ')}; write the one you mean`;
  return `${token}: no such ${KIND_WORDS[kind]} at ${airport}; ${others.join(' and ')} ${others.length === 1 ? 'exists' : 'exist'}`;
}

/**
 * Why a dotless token that is no point, airway or procedure in its place cannot be built; null when
 * it does not look like a procedure of the route's airports (the caller's generic message applies).
 */
export function procedureNameProblem(db: NavDb, token: string, origin: Waypoint | null, destination: Waypoint | null): string | null {
  const from = airportOf(origin);
  const to = airportOf(destination);
  if (from) {
    const sid = procedureByName(db, from, 'SID', token);
    if (sid) return `${token}: the ${sid.id} departure from ${from} goes right after ${from} in the route`;
  }
  if (to) {
    const star = procedureByName(db, to, 'STAR', token);
    if (star) return `${token}: the ${star.id} arrival into ${to} goes right before ${to} in the route, after its transition fix`;
  }
  if (from && procedureByName(db, from, 'STAR', token)) return `${token}: an arrival (STAR) into ${from}, where this route departs`;
  if (to && procedureByName(db, to, 'SID', token)) return `${token}: a departure (SID) from ${to}, where this route arrives`;
  const revision = (to && revisionProblem(db, token, to, 'STAR')) ?? (from && revisionProblem(db, token, from, 'SID'));
  if (revision) return revision;
  if (!REVISION.test(token)) return null;
  const where = [from && `no SID at ${from}`, to && `no STAR at ${to}`].filter(Boolean).join(' and ');
  return where ? `${token}: ${where} of that name` : `${token}: a procedure needs an airport at that end of the route`;
}

/**
 * Why a dotted procedure token (`DP.TRANSITION`, `TRANSITION.STAR[.RUNWAY]`) cannot be built, when
 * a part of it names a procedure of the route's airports or looks like one; null otherwise.
 */
export function dottedProcedureProblem(db: NavDb, token: string, origin: Waypoint | null, destination: Waypoint | null): string | null {
  const parts = token.split('.');
  if (!parts.every((p) => /^[A-Z][A-Z0-9]*$/.test(p))) return null;
  const from = airportOf(origin);
  const to = airportOf(destination);
  for (const [airport, kind] of [[from, 'SID'], [to, 'STAR']] as const) {
    if (!airport) continue;
    const proc = proceduresOf(db, airport, kind).find((p) => parts.includes(p.id.toUpperCase()));
    if (!proc) continue;
    const known = new Set([...transitionIds(proc, 'enroute'), ...transitionIds(proc, 'runway')]);
    const unknown = parts.filter((p) => p !== proc.id.toUpperCase() && !known.has(p));
    const offered = transitionIds(proc, 'enroute');
    if (unknown.length > 0) return `${token}: ${proc.id} has no transition ${unknown.join(', ')}${offered.length > 0 ? `; its transitions are ${offered.join(', ')}` : ''}`;
    return `${token}: ${proc.id} at ${airport} has no fixes to fly`;
  }
  for (const part of parts) {
    const problem = procedureNameProblem(db, part, origin, destination);
    if (problem) return `${token}: ${problem.slice(part.length + 2)}`;
  }
  return null;
}
