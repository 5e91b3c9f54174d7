import type { AirwayKind } from './model.js';

/** A US-style route designator: V, J, T or Q, then digits, then at most one suffix letter (J10A). */
const DESIGNATOR = /^([VJTQ])\d+[A-Z]?$/;

/**
 * The kind of an airway from its designator: V (victor), J (jet), T (low RNAV) or Q (high RNAV)
 * when it is that letter followed by a number; every other route is OTHER (colored and Atlantic
 * routes, and foreign designators that merely start with one of those letters, such as TG1, TR1,
 * VW101 or T72BEL in X-Plane's world data). One rule for every importer (NASR, CIFP, X-Plane).
 */
export function airwayKind(id: string): AirwayKind {
  const m = DESIGNATOR.exec(id);
  return m ? (m[1] as AirwayKind) : 'OTHER';
}
