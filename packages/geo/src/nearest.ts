import { greatCircleDistanceNm, NM_PER_DEG } from './geodesy.js';

/** What `nearestForBlend` takes from each item: its position, degrees. */
export interface NearestItem {
  readonly lat: number;
  readonly lon: number;
}

export interface NearestForBlendOptions {
  /** How many of the nearest items are kept (at least 1). Default 3. */
  count?: number;
  /** Items farther than this are not kept, nautical miles. Default 300. */
  maxDistanceNm?: number;
  /** When the nearest item is closer than this, it alone is kept (avoids dividing by ~0), nm. Default 0.01. */
  aloneWithinNm?: number;
}

/** One item kept by `nearestForBlend`. */
export interface NearestForBlend<T> {
  item: T;
  /** Great-circle distance from the query point on the spec's sphere, nautical miles. */
  distanceNm: number;
  /** Inverse distance squared (1 / nm²); exactly 1 when one item is kept. */
  weight: number;
}

/**
 * Slack, nautical miles, taken off a lower bound on distance before it prunes a search: the bounds
 * are exact on the sphere, and this keeps a rounding difference between a bound and the haversine
 * from dropping an item the haversine would keep. Far above rounding, far below anything a pilot sees.
 */
export const BOUND_SLACK_NM = 1e-6;

/**
 * The items to blend at a point by inverse distance weighting, as the winds aloft (weather's
 * `createFbWindsSource`) and the profile's freezing level (flightplan's `freezingLevelAlong`) blend
 * their stations: the nearest `count` items within `maxDistanceNm` of (`lat`, `lon`), nearest first,
 * each with its distance and weight 1 / distance². When the nearest is closer than `aloneWithinNm`
 * it alone is kept; one item kept has weight 1. Items at the same distance keep their input order
 * (as a stable sort). Empty when no item is in reach.
 *
 * A running selection, no sort, and the latitude difference (a lower bound of the distance) skips
 * most items before the haversine: the vertical profile asks this at ~400 points of a 500 nm route.
 */
export function nearestForBlend<T extends NearestItem>(items: readonly T[], lat: number, lon: number, options: NearestForBlendOptions = {}): NearestForBlend<T>[] {
  const maxDistanceNm = options.maxDistanceNm ?? 300;
  const count = Math.max(1, options.count ?? 3);
  const aloneWithinNm = options.aloneWithinNm ?? 0.01;
  const near: NearestForBlend<T>[] = [];
  // The farthest kept distance once `count` are kept (Infinity until then): what an item must beat.
  let worstNm = Infinity;
  for (const item of items) {
    const latGapNm = Math.abs(item.lat - lat) * NM_PER_DEG - BOUND_SLACK_NM;
    if (latGapNm > maxDistanceNm || latGapNm >= worstNm) continue;
    const distanceNm = greatCircleDistanceNm(lat, lon, item.lat, item.lon);
    // `>=`: a later item at the same distance as the farthest kept one stays out (stable).
    if (distanceNm > maxDistanceNm || distanceNm >= worstNm) continue;
    let at = near.length < count ? near.length : count - 1;
    while (at > 0 && near[at - 1]!.distanceNm > distanceNm) {
      near[at] = near[at - 1]!;
      at--;
    }
    near[at] = { item, distanceNm, weight: 0 };
    if (near.length === count) worstNm = near[count - 1]!.distanceNm;
  }
  const first = near[0];
  if (first === undefined) return near;
  if (first.distanceNm < aloneWithinNm) near.length = 1;
  for (const n of near) n.weight = near.length === 1 ? 1 : 1 / (n.distanceNm * n.distanceNm);
  return near;
}
