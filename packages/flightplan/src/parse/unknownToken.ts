/**
 * Why a route token could not be built, in words a pilot understands, for the tokens no more
 * specific module explained (radials, speed/level groups, airways and procedure names explain
 * their own: radial.ts, field15.ts, routeNotes.ts, procedureTokens.ts).
 */
import type { Waypoint } from '../model.js';

/** Shapes of a latitude/longitude written wrong (`9999N99999W`, `N99W999`, `-91/10`). */
const LATLON_LIKE = /^(?:\d+(?:\.\d+)?[NS]\/?\d+(?:\.\d+)?[EW]|[NS]\d+(?:\.\d+)?\/?[EW]\d+(?:\.\d+)?|-?\d+(?:\.\d+)?[/,]-?\d+(?:\.\d+)?)$/;
const ALTITUDE = /^\.(\d+)$/;

/** The message for a token that is not a point, airway, procedure or anything else the parser knows. */
export function unknownTokenMessage(
  token: string,
  origin: Waypoint | null,
  destination: Waypoint | null,
  parseLatLon: (t: string) => unknown,
): string {
  const alt = ALTITUDE.exec(token);
  if (alt) return `${token}: a cruise altitude after the dot is 100 to 60,000 ft (e.g. KMRY.6500)`;
  if (LATLON_LIKE.test(token) && parseLatLon(token) === null) {
    return `${token}: not a valid latitude/longitude (e.g. 4620N07805W, 46N078W or 46.33/-78.08)`;
  }
  if (token.includes('.')) {
    const at = [origin?.type === 'AIRPORT' ? `departures at ${origin.code}` : null, destination?.type === 'AIRPORT' ? `STARs at ${destination.code}` : null].filter((x) => x !== null);
    return at.length > 0 ? `${token}: no such procedure among the ${at.join(' or ')}` : `${token}: a procedure needs the airport it belongs to at the start or end of the route`;
  }
  return `${token}: no airport, navaid, fix or airway has this name`;
}
