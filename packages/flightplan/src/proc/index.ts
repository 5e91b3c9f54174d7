/** Procedures (spec part 2 §4, §7): DP, STAR and approach pickers, expansion and route edits. */
export { NO_TRANSITION, VECTORS_TO_FINAL, transitionRole, findProcedure, type ProcFlag, type TransitionRole } from './transitions.js';
export { legConstraint, legsToWaypoints, type AltitudeConstraint } from './legs.js';
export { procedureName } from './names.js';
export {
  autoSelect,
  getDPs,
  getFinalWaypoints,
  getLevel1Transitions,
  getProcedures,
  getProcTransitions,
  getStarLevel2Transitions,
  getStars,
  getTransitionWaypoints,
  describeFixes,
  procedureWaypoints,
  selectionText,
  transitionLabel,
  waypointText,
  type ProcedureEntry,
  type TransitionWaypoints,
} from './procedures.js';
export { expandDp, expandStar, procedureTokenWaypoint } from './expand.js';
export {
  parseDpSelection,
  parseStarSelection,
  removeAproach,
  removeDP,
  removeStar,
  withApproachFixes,
  type ProcEditOptions,
  selectAproach,
  setDP,
  setStar,
} from './routeEdits.js';
