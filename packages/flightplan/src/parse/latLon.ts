/**
 * Latitude/longitude route tokens in the usual pilot forms, and the canonical code a LATLONG
 * waypoint carries. Degrees, north and east positive.
 */

export interface LatLonDeg {
  latDeg: number;
  lonDeg: number;
}

const NUM = String.raw`\d+(?:\.\d+)?`;
/** `3745N12230W`, `3745.5N12230.2W` (degrees and minutes). */
const DM_SUFFIX = new RegExp(String.raw`^(\d{2})(\d{2}(?:\.\d+)?)([NS])\/?(\d{3})(\d{2}(?:\.\d+)?)([EW])$`);
/** `374500N1223000W` (degrees, minutes, seconds). */
const DMS_SUFFIX = /^(\d{2})(\d{2})(\d{2}(?:\.\d+)?)([NS])\/?(\d{3})(\d{2})(\d{2}(?:\.\d+)?)([EW])$/;
/** `46N078W`: whole degrees, the ICAO field 15 form (`4620N07805W`, degrees and minutes, is DM_SUFFIX). */
const D_SUFFIX = /^(\d{2})([NS])(\d{3})([EW])$/;
/** `N3745W12230`, `N3745.0W12230.0`. */
const DM_PREFIX = /^([NS])(\d{2})(\d{2}(?:\.\d+)?)\/?([EW])(\d{3})(\d{2}(?:\.\d+)?)$/;
/** `37.75/-122.5`, `37.75,-122.5`. */
const DECIMAL = new RegExp(String.raw`^(-?${NUM})[/,](-?${NUM})$`);
/** `N37°45.0' W122°30.0'`, `N37° 45' W122° 30'`, `N37.75° W122.5°` (may hold spaces, so matched on the whole text). */
const SYMBOLIC = new RegExp(
  String.raw`([NS])\s*(${NUM})\s*°(?:\s*(${NUM})(?:\s*['′])?)?\s*(?:,\s*)?([EW])\s*(${NUM})\s*°\s*(?:(${NUM})\s*['′]?)?`,
  'g',
);

function valid(latDeg: number, lonDeg: number): LatLonDeg | null {
  if (!Number.isFinite(latDeg) || !Number.isFinite(lonDeg) || Math.abs(latDeg) > 90 || Math.abs(lonDeg) > 180) return null;
  return { latDeg: latDeg === 0 ? 0 : latDeg, lonDeg: lonDeg === 0 ? 0 : lonDeg };
}

function fromParts(hemLat: string, deg: string, min: string, sec: string, hemLon: string, ldeg: string, lmin: string, lsec: string): LatLonDeg | null {
  const m1 = Number(min), s1 = Number(sec), m2 = Number(lmin), s2 = Number(lsec);
  if (m1 >= 60 || m2 >= 60 || s1 >= 60 || s2 >= 60) return null;
  const lat = (Number(deg) + m1 / 60 + s1 / 3600) * (hemLat === 'S' ? -1 : 1);
  const lon = (Number(ldeg) + m2 / 60 + s2 / 3600) * (hemLon === 'W' ? -1 : 1);
  return valid(lat, lon);
}

/** A position from one route token, or null when the token is not a lat/lon form (or out of range). */
export function parseLatLonToken(token: string): LatLonDeg | null {
  let m = DM_SUFFIX.exec(token);
  if (m) return fromParts(m[3]!, m[1]!, m[2]!, '0', m[6]!, m[4]!, m[5]!, '0');
  m = DMS_SUFFIX.exec(token);
  if (m) return fromParts(m[4]!, m[1]!, m[2]!, m[3]!, m[8]!, m[5]!, m[6]!, m[7]!);
  m = D_SUFFIX.exec(token);
  if (m) return fromParts(m[2]!, m[1]!, '0', '0', m[4]!, m[3]!, '0', '0');
  m = DM_PREFIX.exec(token);
  if (m) return fromParts(m[1]!, m[2]!, m[3]!, '0', m[4]!, m[5]!, m[6]!, '0');
  m = DECIMAL.exec(token);
  if (m) return valid(Number(m[1]), Number(m[2]));
  return null;
}

function trimDecimal(v: number): string {
  return String(Number(v.toFixed(6)));
}

/**
 * The canonical code of a position: `DDMM[NS]DDDMM[EW]` when both are whole minutes, else
 * `lat/lon` in decimal degrees (6 decimals at most). Parsing the code gives the position back.
 */
export function latLonCode(latDeg: number, lonDeg: number): string {
  const latMin = Math.abs(latDeg) * 60;
  const lonMin = Math.abs(lonDeg) * 60;
  const whole = (x: number) => Math.abs(x - Math.round(x)) < 1e-6;
  if (whole(latMin) && whole(lonMin)) {
    const a = Math.round(latMin), b = Math.round(lonMin);
    const pad = (n: number, w: number) => String(n).padStart(w, '0');
    return `${pad(Math.floor(a / 60), 2)}${pad(a % 60, 2)}${latDeg < 0 ? 'S' : 'N'}${pad(Math.floor(b / 60), 3)}${pad(b % 60, 2)}${lonDeg < 0 ? 'W' : 'E'}`;
  }
  return `${trimDecimal(latDeg)}/${trimDecimal(lonDeg)}`;
}

/** Rewrites the symbolic forms that contain spaces (`N37°45.0' W122°30.0'`) as canonical single tokens. */
export function compactSymbolicLatLons(text: string): string {
  return text.replace(SYMBOLIC, (whole, hLat: string, dLat: string, mLat: string | undefined, hLon: string, dLon: string, mLon: string | undefined) => {
    const minLat = mLat === undefined ? 0 : Number(mLat);
    const minLon = mLon === undefined ? 0 : Number(mLon);
    if (minLat >= 60 || minLon >= 60) return whole;
    const pos = valid((Number(dLat) + minLat / 60) * (hLat === 'S' ? -1 : 1), (Number(dLon) + minLon / 60) * (hLon === 'W' ? -1 : 1));
    return pos ? ` ${latLonCode(pos.latDeg, pos.lonDeg)} ` : whole;
  });
}
