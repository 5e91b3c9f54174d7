/**
 * Clearway's route (the flight-plan engine's `Route`) as a plan file: every point it flies, airways
 * expanded to their points (each marked with the airway), SID and STAR points marked, the approach at
 * the destination, the cruise altitude.
 */
import type { Route, Waypoint } from '@clearway/flightplan';
import type { FlightPlanFile, PlanPoint, PlanPointKind } from './model.js';

function kindOf(w: Waypoint): PlanPointKind {
  switch (w.type) {
    case 'AIRPORT':
      return 'airport';
    case 'NAVAID':
      return w.navaid_type === 'NDB' || w.navaid_type === 'NDB-DME' ? 'ndb' : 'vor';
    case 'FIX':
      return 'fix';
    default:
      return 'user';
  }
}

function point(w: Waypoint, extra: Partial<PlanPoint> = {}): PlanPoint {
  const p: PlanPoint = { ident: w.code, kind: kindOf(w), lat: w.location.lat, lon: w.location.lon, ...extra };
  if (w.name && w.name !== w.code) p.name = w.name;
  return p;
}

function samePoint(a: PlanPoint | undefined, b: PlanPoint): boolean {
  return !!a && a.ident === b.ident && Math.abs(a.lat - b.lat) < 1e-6 && Math.abs(a.lon - b.lon) < 1e-6;
}

/** The route's typed waypoints (`route.waypoints`) as a plan file. */
export function routeToPlan(route: Pick<Route, 'waypoints' | 'altitude'>): FlightPlanFile {
  const plan: FlightPlanFile = { points: [], procedures: {} };
  if (route.altitude > 0) plan.cruiseAltitudeFt = route.altitude;
  const add = (p: PlanPoint) => {
    const last = plan.points[plan.points.length - 1];
    if (samePoint(last, p)) {
      // The exit of an airway named again after it: once, reached by the airway.
      if (p.airway && last) last.airway = p.airway;
      return;
    }
    plan.points.push(p);
  };
  let pendingAirway: string | undefined;
  for (const w of route.waypoints) {
    const airway = pendingAirway;
    pendingAirway = undefined;
    if (w.type === 'AIRWAY') {
      pendingAirway = w.code;
      for (const [k, e] of w.expanded_waypoints.entries()) {
        const p = point(e, { airway: w.code });
        if (k === 0 && samePoint(plan.points[plan.points.length - 1], p)) continue; // the entry point
        add(p);
      }
      continue;
    }
    if (w.type === 'DP' || w.type === 'STAR') {
      const [name, transition] = w.code.split('.');
      if (w.type === 'DP') {
        plan.procedures.sid = name!;
        if (transition) plan.procedures.sidTransition = transition;
      } else {
        plan.procedures.star = name!;
        if (transition) plan.procedures.starTransition = transition;
      }
      for (const e of w.expanded_waypoints) add(point(e, { procedure: w.type === 'DP' ? 'sid' : 'star' }));
      continue;
    }
    add(point(w, airway ? { airway } : {}));
    if (w.appch) {
      plan.procedures.approach = w.appch.procedure;
      const t = w.appch.transitions.find((x) => x !== 'NOTRANSITION' && x !== 'VTF');
      if (t) plan.procedures.approachTransition = t;
    }
  }
  const first = plan.points[0];
  const last = plan.points[plan.points.length - 1];
  if (first?.kind === 'airport') plan.departure = first.ident;
  if (plan.points.length > 1 && last?.kind === 'airport') plan.destination = last.ident;
  return plan;
}
