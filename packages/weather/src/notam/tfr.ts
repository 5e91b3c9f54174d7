import type { NotamRecord } from './faaApi.js';

/**
 * TFRs: the shapes of the FAA's TFR list (its WFS layer `TFR:V_TFR_LOC` as GeoJSON: one feature per
 * area, `NOTAM_KEY` `4/2258-1-FDC-F`, `TITLE`, `STATE`, `LEGAL`, `LAST_MODIFICATION_DATETIME`) joined
 * with their FDC NOTAM, which carries the times and the altitudes.
 */
export interface TfrGeometry {
  type: 'Polygon' | 'MultiPolygon';
  coordinates: number[][][] | number[][][][];
}

export interface Tfr {
  /** `NOTAM_KEY` (unique per area). */
  id: string;
  /** The FDC NOTAM number (`4/2258`). */
  notam: string;
  title: string;
  /** The legal section (`91.145`, `99.7 SPECIAL SECURITY INSTRUCTIONS`) or null. */
  legal: string | null;
  /** Floor and ceiling, feet (MSL unless `...Agl`); null when unknown. */
  floorFt: number | null;
  ceilingFt: number | null;
  floorAgl: boolean;
  ceilingAgl: boolean;
  /** ms since the epoch; null when unknown (no NOTAM) or open-ended. */
  start: number | null;
  end: number | null;
  geometry: TfrGeometry;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function ring(v: unknown): v is number[][] {
  return Array.isArray(v) && v.length >= 4 && v.every((p) => Array.isArray(p) && p.length >= 2 && p.every((x) => typeof x === 'number' && Number.isFinite(x)));
}

function validGeometry(g: unknown): TfrGeometry | null {
  if (!isObject(g)) return null;
  if (g['type'] === 'Polygon' && Array.isArray(g['coordinates']) && g['coordinates'].length > 0 && g['coordinates'].every(ring)) return { type: 'Polygon', coordinates: g['coordinates'] as number[][][] };
  if (g['type'] === 'MultiPolygon' && Array.isArray(g['coordinates']) && g['coordinates'].length > 0 && g['coordinates'].every((p) => Array.isArray(p) && p.length > 0 && p.every(ring))) {
    return { type: 'MultiPolygon', coordinates: g['coordinates'] as number[][][][] };
  }
  return null;
}

/** One altitude: `SFC`, `3000FT`, `3000FT AGL`, `FL180`. */
function altitude(text: string): { ft: number; agl: boolean } | null {
  if (text === 'SFC' || text === 'GND') return { ft: 0, agl: true };
  const fl = /^FL(\d{3})$/.exec(text);
  if (fl !== null) return { ft: Number(fl[1]) * 100, agl: false };
  const ft = /^(\d{1,6})\s?FT(?:\s(AGL|MSL))?$/.exec(text);
  return ft === null ? null : { ft: Number(ft[1]), agl: ft[2] === 'AGL' };
}

/**
 * The vertical limits a NOTAM text gives: `SFC-3000FT AGL`, `SFC TO FL180`, `3000FT UP TO AND
 * INCLUDING 17999FT MSL`, `FROM THE SURFACE UP TO AND INCLUDING 3000 FEET AGL`. Null when none.
 */
export function notamVerticalLimits(text: string): { floor: { ft: number; agl: boolean }; ceiling: { ft: number; agl: boolean } } | null {
  const t = text.toUpperCase().replace(/\bFEET\b/g, 'FT').replace(/THE SURFACE/g, 'SFC').replace(/\s+/g, ' ');
  const alt = String.raw`(SFC|GND|FL\d{3}|\d{1,6} ?FT(?: AGL| MSL)?)`;
  const m = new RegExp(`${alt} ?(?:-|TO|UP TO AND INCLUDING|UP TO BUT NOT INCLUDING) ?${alt}`).exec(t);
  if (m === null) return null;
  const floor = altitude((m[1] ?? '').replace(/ FT/, 'FT'));
  const ceiling = altitude((m[2] ?? '').replace(/ FT/, 'FT'));
  return floor === null || ceiling === null ? null : { floor, ceiling };
}

/**
 * The TFRs of an FAA TFR WFS answer (GeoJSON FeatureCollection), each joined with its FDC NOTAM from
 * `notams` when present (times from the NOTAM, limits from its text). Features without a polygon or
 * a NOTAM_KEY are rejected with the reason.
 */
export function tfrsFromFaaWfs(answer: unknown, notams: readonly NotamRecord[] = []): { tfrs: Tfr[]; rejected: string[] } {
  if (!isObject(answer) || answer['type'] !== 'FeatureCollection' || !Array.isArray(answer['features'])) throw new Error('TFR list is not a GeoJSON FeatureCollection with features');
  const fdc = new Map(notams.filter((n) => n.classification === 'FDC').map((n) => [n.number, n]));
  const tfrs: Tfr[] = [];
  const rejected: string[] = [];
  answer['features'].forEach((feature, i) => {
    const props = isObject(feature) && isObject(feature['properties']) ? feature['properties'] : {};
    const key = typeof props['NOTAM_KEY'] === 'string' ? props['NOTAM_KEY'] : null;
    if (key === null) return void rejected.push(`feature ${i}: no NOTAM_KEY`);
    const geometry = validGeometry(isObject(feature) ? feature['geometry'] : null);
    if (geometry === null) return void rejected.push(`feature ${i} (${key}): geometry is not a Polygon or MultiPolygon of closed rings`);
    const number = key.split('-')[0] ?? key;
    const notam = fdc.get(number);
    const limits = notam === undefined ? null : notamVerticalLimits(notam.text);
    tfrs.push({
      id: key,
      notam: number,
      title: typeof props['TITLE'] === 'string' ? props['TITLE'] : number,
      legal: typeof props['LEGAL'] === 'string' ? props['LEGAL'] : null,
      floorFt: limits?.floor.ft ?? null,
      ceilingFt: limits?.ceiling.ft ?? null,
      floorAgl: limits?.floor.agl ?? false,
      ceilingAgl: limits?.ceiling.agl ?? false,
      start: notam?.start ?? null,
      end: notam?.end ?? null,
      geometry,
    });
  });
  return { tfrs, rejected };
}

/** TFRs as a GeoJSON FeatureCollection (the server's `/notams/tfrs.geojson`, the map layer's source). */
export function tfrFeatureCollection(tfrs: readonly Tfr[]): { type: 'FeatureCollection'; features: Array<{ type: 'Feature'; id: string; geometry: TfrGeometry; properties: Omit<Tfr, 'geometry'> }> } {
  return { type: 'FeatureCollection', features: tfrs.map(({ geometry, ...properties }) => ({ type: 'Feature', id: properties.id, geometry, properties })) };
}
