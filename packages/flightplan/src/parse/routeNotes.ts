/**
 * The notes of the route parser's airway and procedure tokens, in a pilot's words (issue 28 point 5).
 * `airway_errors` keeps its short form (`J5: LAX is not on the airway`), which the spec's route
 * screen lists; the token's note says what to change.
 */
import { greatCircleDistanceNm } from '@clearway/geo';
import type { NavDb } from '@clearway/navdb';
import type { Route, TokenNote, Waypoint } from '../model.js';
import { airwayGraph } from './airwayMembership.js';
import { dottedProcedureProblem } from './procedureTokens.js';

/** The airway's place nearest a point, with its distance in nautical miles. */
function nearestPlace(db: NavDb, airwayId: string, w: Waypoint): { ident: string; nm: number } | null {
  const graph = airwayGraph(db, airwayId);
  let best: { ident: string; nm: number } | null = null;
  for (const n of graph?.nodes ?? []) {
    if (n.latDeg === null || n.lonDeg === null) continue;
    const nm = greatCircleDistanceNm(n.latDeg, n.lonDeg, w.location.lat, w.location.lon);
    if (!best || nm < best.nm) best = { ident: n.ident, nm };
  }
  return best;
}

/** The note text of one airway error; `entry` and `exit` are the airway's neighbours in the route. */
function explain(db: NavDb, airway: string, error: string, entry: Waypoint | undefined, exit: Waypoint | undefined): string {
  const detail = error.slice(airway.length + 2);
  let m: RegExpExecArray | null;
  if (detail === 'airway not found') return `${airway}: no airway of that name in this database`;
  if (detail === 'no entry fix before the airway') return `${airway}: name the fix where you join ${airway}, before it`;
  if (detail === 'no exit fix after the airway') return `${airway}: name the fix where you leave ${airway}, after it`;
  if ((m = /^(.+) is not on the airway$/.exec(detail))) {
    const code = m[1]!;
    const point = [entry, exit].find((w) => w?.code === code);
    const near = point ? nearestPlace(db, airway, point) : null;
    if (near?.ident === code) return `${airway} passes another ${code}, ${Math.round(near.nm)} nm from the one in your route`;
    const hint = near ? `; its nearest point to ${code} is ${near.ident}, ${Math.round(near.nm)} nm away` : '';
    return `${airway} does not pass ${code}${hint}`;
  }
  if ((m = /^entry and exit are both (.+)$/.exec(detail))) return `${airway}: you join and leave it at ${m[1]}; name two different fixes on ${airway}`;
  if ((m = /^gap between (.+) and (.+)$/.exec(detail))) return `${airway} has a published gap between ${m[1]} and ${m[2]}; it cannot be flown through there`;
  if ((m = /^(.+) has no position$/.exec(detail))) return `${airway}: the database has no position for ${m[1]}`;
  if ((m = /^does not meet (.+)$/.exec(detail))) return `${airway} and ${m[1]} have no point in common; name the fix where you change airways`;
  if ((m = /^(.+) must be joined to it by a fix$/.exec(detail))) return `${airway}: name the fix where ${m[1]} meets ${airway}`;
  if ((m = /^(.+) and (.+) are on separate parts of the airway$/.exec(detail))) return `${airway} does not connect ${m[1]} and ${m[2]}`;
  return error;
}

/** The pilot's-words message of one airway error of a route (`J5: LAX is not on the airway`). */
export function airwayErrorMessage(db: NavDb, route: Route, error: string): string {
  const airway = error.split(':')[0] ?? error;
  const k = route.waypoints.findIndex((w) => w.type === 'AIRWAY' && w.code === airway && w.invalid);
  return explain(db, airway, error, route.waypoints[k - 1], route.waypoints[k + 1]);
}

/** Index of a token among the blank-separated tokens of the route string, or -1. */
function tokenIndex(route: Route, token: string): number {
  return route.search_string.split(/\s+/).indexOf(token);
}

/**
 * The route with the notes of this module's tokens: an airway error's note (one per error, its
 * message the short `airway_errors` form) gets the pilot's-words message; a procedure note replaces
 * the generic error note of its token or is added (warnings always are). Notes stay in token order.
 */
export function withTokenNotes(db: NavDb, route: Route, notes: readonly TokenNote[]): Route {
  const out = (route.token_notes ?? []).map((n) => ({ ...n }));
  const airwayErrors = new Set(route.airway_errors);
  for (const n of out) if (n.severity === 'error' && airwayErrors.has(n.message)) n.message = airwayErrorMessage(db, route, n.message);
  for (const error of route.airway_errors) {
    const token = error.split(':')[0] ?? error;
    if (!out.some((n) => n.token === token && n.severity === 'error')) out.push({ token, index: tokenIndex(route, token), severity: 'error', message: airwayErrorMessage(db, route, error) });
  }
  const dotted = route.invalid_tokens.flatMap((token): TokenNote[] => {
    const message = token.includes('.') ? dottedProcedureProblem(db, token, route.origin, route.destination) : null;
    return message === null ? [] : [{ token, index: -1, severity: 'error', message }];
  });
  for (const note of [...notes, ...dotted]) {
    const same = note.severity === 'error' ? out.find((n) => n.token === note.token && n.severity === 'error') : undefined;
    if (same) same.message = note.message;
    else out.push({ ...note, index: tokenIndex(route, note.token) });
  }
  if (out.length === 0) return route;
  return { ...route, token_notes: out.sort((a, b) => a.index - b.index) };
}
