import { geodesicDestination, geodesicDistanceNm } from '@clearway/geo';
import { georefToPage, pageToGeoref, type PlateGeoref } from '@clearway/protocol';

/** Ring radii a plate may get, NM: small ones on an airport diagram, larger on an approach's plan view. */
const RADII_NM = [0.25, 0.5, 1, 2, 5, 10, 20] as const;
/** Points per ring. */
const STEPS = 72;

export interface RangeRing {
  radiusNm: number;
  /** The ring on the page, fractions of its width and height (0..1, may run off the page). */
  points: { x: number; y: number }[];
  /** Where its label goes: the ring's northernmost point. */
  label: { x: number; y: number };
}

/** How wide the plate's page is on the ground, NM (across its middle). */
export function plateWidthNm(georef: PlateGeoref): number {
  const west = pageToGeoref(georef, 0, 0.5);
  const east = pageToGeoref(georef, 1, 0.5);
  return geodesicDistanceNm(west.lat, west.lon, east.lat, east.lon);
}

/**
 * Range rings around the aircraft on a georeferenced plate (issue 21): up to three radii, the
 * largest at most a third of the page's width on the ground, each drawn through the plate's
 * georeference from true geodesic points (so the skew of the chart's projection is kept).
 * Empty when the georeference is unusable.
 */
export function plateRangeRings(georef: PlateGeoref, center: { lat: number; lon: number }): RangeRing[] {
  const widthNm = plateWidthNm(georef);
  if (!Number.isFinite(widthNm) || widthNm <= 0) return [];
  const radii = RADII_NM.filter((r) => r <= widthNm / 3).slice(-3);
  const rings: RangeRing[] = [];
  for (const radiusNm of radii) {
    const points: { x: number; y: number }[] = [];
    for (let i = 0; i <= STEPS; i += 1) {
      const at = geodesicDestination(center.lat, center.lon, (360 * i) / STEPS, radiusNm);
      const page = georefToPage(georef, at.latDeg, at.lonDeg);
      if (page === null) return [];
      points.push(page);
    }
    rings.push({ radiusNm, points, label: points[0] ?? { x: 0, y: 0 } });
  }
  return rings;
}
