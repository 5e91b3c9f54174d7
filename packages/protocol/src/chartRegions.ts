/**
 * The chart regions a pilot downloads for offline use (spec part 2 §3 "Downloads": "An NWS-style
 * chart region list has about 52 regions (code, display name, alaska flag; e.g. Albuquerque,
 * Anchorage, Hawaiian Islands)"). One region per FAA VFR sectional chart: 37 for the contiguous
 * states (Montreal and Halifax cover the northern border of New England), 14 for Alaska and the
 * Hawaiian Islands. The Western Aleutian Islands chart is left out: it crosses the antimeridian,
 * which a west-south-east-north box cannot say.
 *
 * Codes are the FAA's own file names for the charts (`Dallas-Ft_Worth`, `St_Louis`), safe in a URL
 * and a file name. Bounds are the charts' coverage from their published corner coordinates, in
 * degrees, rounded to 0.01° or better; neighbouring charts overlap, as the paper charts do. Halifax's
 * east and north edges are approximate (±0.25°). Pure data: no I/O, usable by the server and the app.
 */

/** A box on the map: `[westLonDeg, southLatDeg, eastLonDeg, northLatDeg]` (the GeoJSON bbox order), west < east. */
export type LonLatBoundsDeg = readonly [west: number, south: number, east: number, north: number];

export interface ChartRegion {
  /** The FAA chart's file name, e.g. `New_York`; letters, digits, `_` and `-`. */
  code: string;
  /** As the chart is titled, e.g. `New York`. */
  name: string;
  /** In the Alaska group of the Downloads page. */
  alaska: boolean;
  /** The chart's coverage. */
  bounds: LonLatBoundsDeg;
}

/** Region codes: a letter, then letters, digits, `_` or `-` (at most 40), safe as a file name. */
export const CHART_REGION_CODE_PATTERN = /^[A-Za-z][A-Za-z0-9_-]{0,39}$/;

function region(name: string, west: number, south: number, east: number, north: number, alaska = false): ChartRegion {
  return { code: name.replace(/ /g, '_'), name, alaska, bounds: [west, south, east, north] };
}

/** Every region, sorted by name. */
export const CHART_REGIONS: readonly ChartRegion[] = [
  region('Albuquerque', -109, 32, -101.78, 36.22),
  region('Anchorage', -151.5, 60, -139.4, 64.17, true),
  region('Atlanta', -88, 32, -80.78, 36.22),
  region('Bethel', -173, 59.58, -160.33, 64.17, true),
  region('Billings', -109, 44.42, -100.28, 49.02),
  region('Brownsville', -103, 24, -96.6, 28.22),
  region('Cape Lisburne', -171.5, 68, -155, 72.17, true),
  region('Charlotte', -82, 32, -75.02, 36.22),
  region('Cheyenne', -109, 40, -100.65, 44.52),
  region('Chicago', -93, 40, -84.67, 44.22),
  region('Cincinnati', -85, 36, -77.75, 40.22),
  region('Cold Bay', -164, 53.86, -154.13, 56.17, true),
  region('Dallas-Ft Worth', -102, 32, -94.78, 36.22),
  region('Dawson', -145, 64, -130.73, 68.17, true),
  region('Denver', -111, 35.58, -103.73, 40.05),
  region('Detroit', -85, 40, -76.67, 44.22),
  region('Dutch Harbor', -173, 52, -163.13, 56.17, true),
  region('El Paso', -109, 28, -102.47, 32.22),
  region('Fairbanks', -158, 64, -143.75, 68.17, true),
  region('Great Falls', -117, 44.42, -108.28, 49.02),
  region('Green Bay', -93, 44, -84.35, 48.33),
  region('Halifax', -69, 44, -60.75, 48.25),
  region('Hawaiian Islands', -160.92, 18.37, -154.12, 23.6),
  region('Houston', -97, 28, -90.47, 32.22),
  region('Jacksonville', -85, 28, -78.47, 32.22),
  region('Juneau', -141, 56, -129.73, 60.17, true),
  region('Kansas City', -97, 36, -89.75, 40.22),
  region('Ketchikan', -139, 52, -129.28, 56.17, true),
  region('Klamath Falls', -125, 40, -116.65, 44.52),
  region('Kodiak', -162, 56, -150.75, 60.17, true),
  region('Lake Huron', -85, 44, -76.35, 48.22),
  region('Las Vegas', -118, 35.58, -110.68, 40.05),
  region('Los Angeles', -122, 32, -114.57, 36.11),
  region('McGrath', -162, 60, -149.92, 64.17, true),
  region('Memphis', -95, 32, -87.78, 36.22),
  region('Miami', -83, 24, -76.53, 28.12),
  region('Montreal', -77, 44, -68.52, 48.23),
  region('New Orleans', -91, 28, -84.47, 32.22),
  region('New York', -77, 40, -68.67, 44.22),
  region('Nome', -171.5, 64, -156.67, 68.17, true),
  region('Omaha', -101, 40, -92.65, 44.52),
  region('Phoenix', -116, 31.27, -108.75, 35.73),
  region('Point Barrow', -157, 68, -139.17, 72.17, true),
  region('Salt Lake City', -117, 40, -108.65, 44.52),
  region('San Antonio', -103, 28, -96.47, 32.22),
  region('San Francisco', -125, 36, -117.72, 40.22),
  region('Seattle', -125, 44.43, -116.65, 49.02),
  region('Seward', -152.5, 59.12, -140, 61.47, true),
  region('St Louis', -91, 36, -83.75, 40.22),
  region('Twin Cities', -101, 44.43, -92.28, 49.02),
  region('Washington', -79, 36, -71.75, 40.22),
  region('Wichita', -104, 36, -96.65, 40.22),
];

const BY_CODE = new Map(CHART_REGIONS.map((entry) => [entry.code.toLowerCase(), entry]));

/** The region with this code, in any letter case (`new_york` finds `New_York`); undefined when there is none. */
export function findChartRegion(code: string): ChartRegion | undefined {
  return BY_CODE.get(code.toLowerCase());
}

/** True when two boxes share some area (touching edges count). */
export function boundsIntersect(a: LonLatBoundsDeg, b: LonLatBoundsDeg): boolean {
  return a[0] <= b[2] && b[0] <= a[2] && a[1] <= b[3] && b[1] <= a[3];
}
