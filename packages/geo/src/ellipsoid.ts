import geodesic from 'geographiclib-geodesic';

/** Metres per nautical mile (exact). */
const M_PER_NM = 1852;

const WGS84 = geodesic.Geodesic.WGS84;
const DISTANCE_AND_AZIMUTH = geodesic.Geodesic.DISTANCE | geodesic.Geodesic.AZIMUTH;

function inverse(lat1Deg: number, lon1Deg: number, lat2Deg: number, lon2Deg: number): { s12: number; azi1: number } {
  const r = WGS84.Inverse(lat1Deg, lon1Deg, lat2Deg, lon2Deg, DISTANCE_AND_AZIMUTH);
  return { s12: r.s12 ?? 0, azi1: r.azi1 ?? 0 };
}

/**
 * Geodesic distance on the WGS84 ellipsoid (Karney's algorithm via geographiclib), nautical miles.
 * Positions in degrees, north and east positive. Accurate to nanometres for any pair of points,
 * antipodes included; `greatCircleDistanceNm` is the spherical (spec) distance.
 */
export function geodesicDistanceNm(lat1Deg: number, lon1Deg: number, lat2Deg: number, lon2Deg: number): number {
  return inverse(lat1Deg, lon1Deg, lat2Deg, lon2Deg).s12 / M_PER_NM;
}

/**
 * Initial true course of the WGS84 geodesic from point 1 to point 2, degrees in [0, 360).
 * 0 for coincident points (the course is undefined there).
 */
export function geodesicInitialCourseDeg(lat1Deg: number, lon1Deg: number, lat2Deg: number, lon2Deg: number): number {
  const { s12, azi1 } = inverse(lat1Deg, lon1Deg, lat2Deg, lon2Deg);
  if (s12 === 0) return 0;
  const r = azi1 % 360;
  return (r < 0 ? r + 360 : r) + 0;
}

/**
 * Distance (nautical miles) and initial true course (degrees in [0, 360), 0 for coincident points)
 * of the WGS84 geodesic from point 1 to point 2, from one solution of the inverse problem: what a
 * navlog leg needs, at half the cost of calling the two functions above.
 */
export function geodesicLeg(lat1Deg: number, lon1Deg: number, lat2Deg: number, lon2Deg: number): { distanceNm: number; courseDegTrue: number } {
  const { s12, azi1 } = inverse(lat1Deg, lon1Deg, lat2Deg, lon2Deg);
  if (s12 === 0) return { distanceNm: 0, courseDegTrue: 0 };
  const r = azi1 % 360;
  return { distanceNm: s12 / M_PER_NM, courseDegTrue: (r < 0 ? r + 360 : r) + 0 };
}

/**
 * The point `distanceNm` from a start point along the WGS84 geodesic that leaves it on true course
 * `courseDeg` (GeographicLib's direct problem), degrees, longitude in [-180, 180]. Used for points
 * defined from a station, such as a VOR radial and DME distance.
 */
export function geodesicDestination(latDeg: number, lonDeg: number, courseDeg: number, distanceNm: number): { latDeg: number; lonDeg: number } {
  const r = WGS84.Direct(latDeg, lonDeg, courseDeg, distanceNm * M_PER_NM, geodesic.Geodesic.LATITUDE | geodesic.Geodesic.LONGITUDE);
  return { latDeg: r.lat2 ?? latDeg, lonDeg: r.lon2 ?? lonDeg };
}
