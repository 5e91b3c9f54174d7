/**
 * Expansion of the procedure tokens of a route string (`DP.TRANSITION`, `TRANSITION.STAR`) for the
 * route parser: the fixes they fly, and the DP / STAR waypoint that carries them.
 */
import type { NavDb } from '@clearway/navdb';
import type { Waypoint } from '../model.js';
import { procedureWaypoint } from './legs.js';
import { procedureName } from './names.js';
import { describeFixes, procedureWaypoints } from './procedures.js';
import { NO_TRANSITION, findProcedure, transitionIds } from './transitions.js';

/**
 * The fixes of a DP flown to an enroute `transition` ('' or 'NOTRANSITION' for none): the runway
 * transition only when the DP has exactly one (a route string does not name the runway), then the
 * common route and the enroute transition. [] when the DP is unknown.
 */
export function expandDp(db: NavDb, airport: string, dp: string, transition: string | null): Waypoint[] {
  const p = findProcedure(db, airport, dp, 'SID');
  if (!p) return [];
  const runways = transitionIds(p, 'runway');
  const chosen = [...(runways.length === 1 ? runways : []), ...(transition ? [transition] : [])];
  return describeFixes(db, airport, procedureWaypoints(p, chosen));
}

/**
 * The fixes of a STAR flown from an enroute `transition` ('' or 'NOTRANSITION' for none): the
 * transition, the common route, then `runwayTransition` when given (or when the STAR has exactly
 * one). [] when the STAR is unknown.
 */
export function expandStar(db: NavDb, airport: string, star: string, transition: string | null, runwayTransition?: string | null): Waypoint[] {
  const p = findProcedure(db, airport, star, 'STAR');
  if (!p) return [];
  const runways = transitionIds(p, 'runway');
  const runway = runwayTransition ?? (runways.length === 1 ? runways[0] : null);
  return describeFixes(db, airport, procedureWaypoints(p, [...(transition ? [transition] : []), ...(runway ? [runway] : [])]));
}

function known(ids: readonly string[], name: string | null): boolean {
  return name === null || name === '' || name === NO_TRANSITION || ids.includes(name);
}

/**
 * The fixed DP or STAR route waypoint of a token (`HWD3.SJC`, `AVE.PXN6`, `AVE.PXN6.RW28L`, or the
 * bare id), placed at its first fix and expanding into its fixes; null when the procedure is
 * unknown or has no fixes.
 */
export function procedureTokenWaypoint(db: NavDb, airport: string, token: string, type: 'DP' | 'STAR'): Waypoint | null {
  const code = token.trim().toUpperCase();
  const parts = code.split('.');
  let id: string;
  let transition: string | null = null;
  let runway: string | null = null;
  if (type === 'DP') {
    id = parts[0] ?? '';
    transition = parts[1] ?? null;
  } else if (parts.length >= 3) {
    [transition = null, id = '', runway = null] = parts;
  } else {
    id = parts[parts.length - 1] ?? '';
    transition = parts.length === 2 ? (parts[0] ?? null) : null;
  }
  const p = findProcedure(db, airport, id, type === 'DP' ? 'SID' : 'STAR');
  if (!p) return null;
  // A named transition the procedure does not have makes the token wrong, not a bare procedure.
  if (!known(transitionIds(p, 'enroute'), transition) || !known(transitionIds(p, 'runway'), runway)) return null;
  const fixes = type === 'DP' ? expandDp(db, airport, id, transition) : expandStar(db, airport, id, transition, runway);
  const first = fixes[0];
  if (!first) return null;
  return { ...procedureWaypoint(code, type, first.location.lat, first.location.lon), name: procedureName(p), expanded_waypoints: fixes };
}
