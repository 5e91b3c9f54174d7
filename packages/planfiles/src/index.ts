export * from './model.js';
export { readFms, writeFms, type WriteFmsOptions } from './fms.js';
export { readFpl, writeFpl, GARMIN_FPL_NAMESPACE, type WriteFplOptions } from './fpl.js';
export { readPln, writePln, plnVariant, parseWorldPosition, formatWorldPosition, type PlnFormat, type WritePlnOptions } from './pln.js';
export { readLnmpln, writeLnmpln, type WriteLnmplnOptions } from './lnmpln.js';
export { readFgfp, writeFgfp } from './fgfp.js';
export { readGpx, writeGpx, GPX_NAMESPACE, type ReadGpxOptions } from './gpx.js';
export { readIcaoRoute, writeIcaoRoute, icaoLatLon, type WriteIcaoRouteOptions } from './icao.js';
export { detectFormat, readPlan, readAs, writePlan, FORMAT_FILES, MAX_PLAN_BYTES, type ReadPlanOptions, type WritePlanOptions } from './detect.js';
export {
  resolvePlan,
  navDbLookup,
  planToRouteString,
  distanceNm,
  type NavCandidate,
  type PlanNavLookup,
  type PointStatus,
  type ResolvedPoint,
  type ResolveReport,
  type ResolveOptions,
} from './resolve.js';
export { routeToPlan } from './fromRoute.js';
export { readGfp, writeGfp, gfpPosition, formatGfpPosition } from './gfp.js';
