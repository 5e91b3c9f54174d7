import {
  addWaypoint1,
  addWaypoint2,
  addWaypointBeginning,
  addWaypointEnd,
  directTo,
  getDPs,
  getFinalWaypoints,
  getLevel1Transitions,
  getOptimizerOutput,
  getProcedures,
  getProcTransitions,
  getStarLevel2Transitions,
  getStars,
  getTransitionWaypoints,
  moveDown,
  moveUp,
  parseRoute,
  removeAirway,
  removeAproach,
  removeDP,
  removeStar,
  removeWaypoint,
  reverseRoute,
  runFlightPlan,
  selectAproach,
  setAltitude1,
  setDP,
  setStar,
  type AircraftProfile,
  type Route,
} from '@clearway/flightplan';
import type { NavDb } from '@clearway/navdb';
import type { EngineMethods, RouteEdit } from './engineMessages';
import { buildWorkerWinds, freezingStationsAt, NO_WORKER_WINDS, validateFreezingStationsInput, validateWindsInput, type WorkerWinds } from './winds';

type EngineHandlers = { [M in keyof EngineMethods]: (params: EngineMethods[M]['params']) => EngineMethods[M]['result'] };

/** Applies one edit of spec part 2 §7 to a route. */
export function applyEdit(route: Route, edit: RouteEdit, profile: AircraftProfile, db: NavDb, now: number): Route {
  const options = { now };
  switch (edit.op) {
    case 'addWaypointBeginning':
      return addWaypointBeginning(route, edit.waypoint, profile, db, options);
    case 'addWaypointEnd':
      return addWaypointEnd(route, edit.waypoint, profile, db, options);
    case 'addWaypoint1':
      return addWaypoint1(route, edit.waypoint, edit.reference, profile, db, options);
    case 'addWaypoint2':
      return addWaypoint2(route, edit.waypoint, edit.reference, profile, db, options);
    case 'moveUp':
      return moveUp(route, edit.waypoint, profile, db, options);
    case 'moveDown':
      return moveDown(route, edit.waypoint, profile, db, options);
    case 'removeWaypoint':
      return removeWaypoint(route, edit.code, profile, db, options);
    case 'reverseRoute':
      return reverseRoute(route, profile, db, options);
    case 'setAltitude1':
      return setAltitude1(route, edit.code, edit.altitude, profile, db, options);
    case 'removeAirway':
      return removeAirway(route, edit.airway, profile, db, options);
    case 'directTo':
      return directTo(route, edit.target, profile, db, { now, position: edit.position ?? null });
    case 'setDP':
      return setDP(route, edit.selection, edit.finalFixes, edit.origin, profile, db, options);
    case 'setStar':
      return setStar(route, edit.selection, edit.finalFixes, edit.destination, profile, db, options);
    case 'selectAproach':
      return selectAproach(route, edit.airport, edit.procedure, edit.transition, edit.flag, profile, db, options);
    case 'removeDP':
      return removeDP(route, profile, db, options);
    case 'removeStar':
      return removeStar(route, profile, db, options);
    case 'removeAproach':
      return removeAproach(route, profile, db, options);
  }
}

/**
 * The flight-plan engine behind the message map, on the worker's loaded database. `clock` is the
 * worker's wall clock (ms): the pure engine takes time as a parameter. The winds the navlog and the
 * optimizer fly in are the last `setWinds` (winds.ts); none until then.
 */
export function createEngineHandlers(loaded: () => NavDb, clock: () => number): EngineHandlers {
  let winds: WorkerWinds = NO_WORKER_WINDS;
  return {
    setWinds: (params) => {
      // Checked before anything changes: bad parameters leave the previous winds in place.
      winds = buildWorkerWinds(validateWindsInput(params));
      return winds.info;
    },
    windsInfo: () => winds.info,
    freezingStations: (params) => freezingStationsAt(winds, validateFreezingStationsInput(params).timeMs),
    parseRoute: ({ text, profile }) => parseRoute(text, profile, loaded(), { now: clock() }),
    runFlightPlan: ({ route, profile }) => runFlightPlan(route, profile, { now: clock(), winds: winds.source }),
    editRoute: ({ route, edit, profile }) => applyEdit(route, edit, profile, loaded(), clock()),
    getOptimizerOutput: ({ route, isVfr, isEast, profile }) => getOptimizerOutput(route, isVfr, isEast, profile, { now: clock(), winds: winds.source }),
    getDPs: ({ airport }) => getDPs(loaded(), airport),
    getStars: ({ airport }) => getStars(loaded(), airport),
    getProcedures: ({ airport }) => getProcedures(loaded(), airport),
    getProcTransitions: ({ airport, procedure, flag }) => getProcTransitions(loaded(), airport, procedure, flag),
    getLevel1Transitions: ({ airport, procedure, type }) => getLevel1Transitions(loaded(), airport, procedure, type),
    getStarLevel2Transitions: ({ airport, procedure, type }) => getStarLevel2Transitions(loaded(), airport, procedure, type),
    getTransitionWaypoints: ({ airport, procedure, transition, flag }) => getTransitionWaypoints(loaded(), airport, procedure, transition, flag),
    getFinalWaypoints: ({ airport, procedure, transitions, flag }) => getFinalWaypoints(loaded(), airport, procedure, transitions, flag),
  };
}
