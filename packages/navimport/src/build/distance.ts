import { EARTH_RADIUS_NM } from '@clearway/geo';

const RAD_PER_DEG = Math.PI / 180;

/** Great-circle distance between two positions in degrees, nautical miles (haversine, spec Earth radius). */
export function distanceNm(lat1Deg: number, lon1Deg: number, lat2Deg: number, lon2Deg: number): number {
  const dLat = (lat2Deg - lat1Deg) * RAD_PER_DEG;
  const dLon = (lon2Deg - lon1Deg) * RAD_PER_DEG;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1Deg * RAD_PER_DEG) * Math.cos(lat2Deg * RAD_PER_DEG) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_NM * Math.asin(Math.min(1, Math.sqrt(a)));
}
