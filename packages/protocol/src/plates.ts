/**
 * Approach plates (FAA d-TPP): the wire types of the per-airport chart list, the FAA's chart groups,
 * and the georeference of a plate (an affine map between the plate's page and WGS 84), with the
 * pure arithmetic both ends need. Issue 21; spec part 2 §2 (plate screen), §3 (plate info).
 */

/** Where the plates endpoints live on the server's origin. */
export const PLATES_PATH = '/plates';

/** `GET /plates/airports/{airport}`: the airport's charts of the cycle in force (PlateAirportList). */
export function plateAirportPath(airport: string): string {
  return `${PLATES_PATH}/airports/${encodeURIComponent(airport.trim().toUpperCase())}`;
}

/** `GET`/`HEAD /plates/files/{cycle}/{pdf}`: a plate's PDF (strong ETag, ranges). */
export function plateFilePath(cycle: string, pdfName: string): string {
  return `${PLATES_PATH}/files/${encodeURIComponent(cycle)}/${encodeURIComponent(pdfName)}`;
}

/** The d-TPP metafile's chart codes and the FAA group each belongs to, in the FAA's order. */
export const PLATE_GROUPS = [
  { id: 'diagram', label: 'Airport Diagram', codes: ['APD'] },
  { id: 'approach', label: 'Approaches', codes: ['IAP'] },
  { id: 'departure', label: 'Departures', codes: ['DP', 'ODP', 'DAU'] },
  { id: 'arrival', label: 'Arrivals', codes: ['STAR'] },
  { id: 'minimums', label: 'Minimums', codes: ['MIN', 'LAH'] },
  { id: 'hotspot', label: 'Hot Spots', codes: ['HOT'] },
] as const;

export type PlateGroupId = (typeof PLATE_GROUPS)[number]['id'];

/** The chart codes the d-TPP uses; any other code is reported by the importer and not served. */
export const PLATE_CHART_CODES: readonly string[] = PLATE_GROUPS.flatMap((group) => group.codes);

/** The group of a chart code, or undefined for a code the d-TPP does not define. */
export function plateGroupOf(chartCode: string): PlateGroupId | undefined {
  return PLATE_GROUPS.find((group) => (group.codes as readonly string[]).includes(chartCode))?.id;
}

/** The d-TPP user action of a chart this cycle: A added, C changed, D deleted, '' unchanged. */
export type PlateUserAction = 'A' | 'C' | 'D' | '';

/**
 * Where a plate's page lies on the earth: lon = t[0] + x·t[1] + y·t[2], lat = t[3] + x·t[4] + y·t[5]
 * (GDAL's GeoTransform), with x and y in pixels of a raster of `width` × `height` covering the whole
 * page, so a page fraction is x / width, y / height whatever the rendering scale.
 */
export interface PlateGeoref {
  /** What it was read from: a GDAL .vrt's GeoTransform, or an affine fit of its ground control points. */
  source: 'geotransform' | 'gcps';
  transform: [number, number, number, number, number, number];
  width: number;
  height: number;
}

/** One chart of an airport, as the list serves it. */
export interface PlateChart {
  /** The PDF's name in the d-TPP (`00375AD.PDF`): the plate's code in fav_plates / recent_plates. */
  pdfName: string;
  chartCode: string;
  chartName: string;
  group: PlateGroupId;
  /** The chart sequence: the FAA's order within the airport. */
  seq: string;
  procedureId: string;
  userAction: PlateUserAction;
  /** True when the chart was added or changed this cycle (user action A or C). */
  changedThisCycle: boolean;
  amendment: string;
  bytes: number;
  /** On the list's origin: plateFilePath(cycle, pdfName). */
  url: string;
  /** Null when no georeference exists: the plate view says so and draws no ownship. */
  georef: PlateGeoref | null;
}

/** `GET /plates/airports/{airport}`. */
export interface PlateAirportList {
  airport: string;
  faaIdent: string;
  name: string;
  city: string;
  state: string;
  /** The d-TPP cycle (YYCC) and its effective dates (ISO 8601). */
  cycle: string;
  effectiveFrom: string;
  effectiveTo: string;
  /** Deleted charts (user action D) are left out. */
  charts: PlateChart[];
}

/** The plate info object kept with fav_plates / recent_plates rows (spec part 2 §3: ident, name). */
export interface PlateInfoRecord {
  ident: string;
  name: string;
  cycle?: string;
  chartCode?: string;
}

/** Page fraction (0..1 across, 0..1 down) of a position on a georeferenced plate, or null when the transform cannot be inverted. */
export function georefToPage(georef: PlateGeoref, lat: number, lon: number): { x: number; y: number } | null {
  const [t0, t1, t2, t3, t4, t5] = georef.transform;
  const det = t1 * t5 - t2 * t4;
  if (!Number.isFinite(det) || det === 0) return null;
  const dLon = lon - t0;
  const dLat = lat - t3;
  const px = (t5 * dLon - t2 * dLat) / det;
  const py = (-t4 * dLon + t1 * dLat) / det;
  return { x: px / georef.width, y: py / georef.height };
}

/** The position at a page fraction of a georeferenced plate. */
export function pageToGeoref(georef: PlateGeoref, x: number, y: number): { lat: number; lon: number } {
  const [t0, t1, t2, t3, t4, t5] = georef.transform;
  const px = x * georef.width;
  const py = y * georef.height;
  return { lon: t0 + px * t1 + py * t2, lat: t3 + px * t4 + py * t5 };
}

/** True when the plate's cycle ended before `now` (ms): the view shows a red banner. */
export function plateExpired(list: Pick<PlateAirportList, 'effectiveTo'>, now: number): boolean {
  const end = Date.parse(list.effectiveTo);
  return Number.isFinite(end) && end <= now;
}
