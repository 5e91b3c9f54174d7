import { greatCircleDistanceNm } from '@clearway/geo';
import type { NavDb, WaypointMatch } from '@clearway/navdb';

/** Same-named candidates closer than this, nautical miles, are one place (an airport and its VOR). */
export const SAME_PLACE_NM = 30;

/**
 * Among the same-named candidates of a point, the one of `kind` at the same place as `match`
 * (within SAME_PLACE_NM, the nearest), or `match` itself. A route string names airports at its ends
 * and navaids and fixes between them (an airport in the middle is written with its ICAO code, KOAK):
 * where an airport and a navaid share an ident in one place (OAK, LAX, PUB), the origin and
 * destination take the airport and a point between them the navaid.
 */
export function samePlaceOfKind(db: NavDb, token: string, match: WaypointMatch, kind: 'AIRPORT' | 'NAVAID'): WaypointMatch {
  if (match.kind === kind || match.candidates < 2) return match;
  let best = match;
  let bestNm = SAME_PLACE_NM;
  for (const c of db.waypointCandidates(token)) {
    if (c.kind !== kind) continue;
    const nm = greatCircleDistanceNm(match.latDeg, match.lonDeg, c.latDeg, c.lonDeg);
    if (nm <= bestNm) {
      best = c;
      bestNm = nm;
    }
  }
  return best;
}
