// Which report the airport page shows: the field's own (by its ICAO id, or its code), else the
// nearest station that reports, within NEAREST_STATION_MAX_NM.
import { greatCircleDistanceNm } from '@clearway/geo';

/** Beyond this a station's weather says too little about the field: the page says there is none. */
export const NEAREST_STATION_MAX_NM = 50;

export interface AirportPlace {
  /** The ids the field's reports may carry, e.g. `['KSFO', 'SFO']`. */
  ids: readonly string[];
  latDeg: number;
  lonDeg: number;
}

export interface PickedStation<T> {
  entry: T;
  /** true when the entry is the field's own report. */
  own: boolean;
  /** Great-circle distance from the field, nm (0 for the field's own). */
  distanceNm: number;
}

/**
 * The field's own entry (the first of `place.ids` found), else the nearest entry with a position
 * within `maxNm`; null when there is none. Entries without a position are never "nearest".
 */
export function pickStation<T extends { id: string; lat: number | null; lon: number | null }>(
  entries: readonly T[],
  place: AirportPlace,
  maxNm = NEAREST_STATION_MAX_NM,
): PickedStation<T> | null {
  const ids = place.ids.map((id) => id.toUpperCase());
  for (const id of ids) {
    const own = entries.find((e) => e.id === id);
    if (own) return { entry: own, own: true, distanceNm: 0 };
  }
  let best: PickedStation<T> | null = null;
  for (const entry of entries) {
    if (entry.lat === null || entry.lon === null) continue;
    const distanceNm = greatCircleDistanceNm(place.latDeg, place.lonDeg, entry.lat, entry.lon);
    if (distanceNm <= maxNm && (best === null || distanceNm < best.distanceNm)) best = { entry, own: false, distanceNm };
  }
  return best;
}
