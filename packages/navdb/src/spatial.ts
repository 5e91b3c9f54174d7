import { BOUND_SLACK_NM, distanceToMeridianNm, greatCircleDistanceNm, NM_PER_DEG } from '@clearway/geo';
import type { Bounds, LatLon } from './api.js';
import { COORD_SCALE } from './columns.js';
import { GRID_COLUMNS, GRID_ROWS, gridColumn, gridRow } from './grid.js';
import { boundsTest, lonRanges } from './semantics.js';

/** One kind's grid: start of each cell's slice in `items`, and the record indices sorted by cell. */
export interface Grid {
  cells: Uint32Array;
  items: Uint32Array;
}

/** Coordinate columns of one kind (degrees times 1e7). */
export interface Coords {
  lat: Int32Array;
  lon: Int32Array;
}

/**
 * Record indices inside a bounding box, read row by row: each grid row of a longitude range is one
 * contiguous slice of `items`, so the cost is the rows crossed plus the records near the box.
 */
export function indicesInBounds(grid: Grid, coords: Coords, bounds: Bounds): number[] {
  const out: number[] = [];
  if (!(bounds.south <= bounds.north)) return out;
  const inside = boundsTest(bounds);
  const rowLo = gridRow(bounds.south);
  const rowHi = gridRow(bounds.north);
  for (const [west, east] of lonRanges(bounds)) {
    const colLo = gridColumn(west);
    const colHi = gridColumn(east);
    for (let row = rowLo; row <= rowHi; row++) {
      const from = grid.cells[row * GRID_COLUMNS + colLo]!;
      const to = grid.cells[row * GRID_COLUMNS + colHi + 1]!;
      for (let k = from; k < to; k++) {
        const i = grid.items[k]!;
        if (inside(coords.lat[i]! / COORD_SCALE, coords.lon[i]! / COORD_SCALE)) out.push(i);
      }
    }
  }
  // Across the antimeridian the two ranges can share a grid column (west and east in the same
  // degree), whose records are then read twice.
  return lonRanges(bounds).length > 1 ? [...new Set(out)] : out;
}

export interface Nearest {
  index: number;
  distanceNm: number;
}

/**
 * The `count` records nearest a point (great circle, nm), nearest first, ties by record index.
 * Searches rings of grid cells outwards and stops once the k-th distance is below a lower bound on
 * the distance to every cell not yet visited.
 */
export function nearestIndices(grid: Grid, coords: Coords, point: LatLon, count: number): Nearest[] {
  const best: Nearest[] = [];
  const total = grid.items.length;
  if (!(count > 0) || total === 0) return best;
  const want = Math.min(Math.floor(count), total);
  const latDeg = point.latDeg;
  // The ring bounds below assume a longitude inside [-180, 180].
  const lonDeg = point.lonDeg >= -180 && point.lonDeg <= 180 ? point.lonDeg : ((((point.lonDeg + 180) % 360) + 360) % 360) - 180;
  const cy = gridRow(latDeg);
  const cx = gridColumn(lonDeg);

  const visitCell = (row: number, column: number): void => {
    const cell = row * GRID_COLUMNS + (((column % GRID_COLUMNS) + GRID_COLUMNS) % GRID_COLUMNS);
    for (let k = grid.cells[cell]!; k < grid.cells[cell + 1]!; k++) {
      const index = grid.items[k]!;
      const d = greatCircleDistanceNm(latDeg, lonDeg, coords.lat[index]! / COORD_SCALE, coords.lon[index]! / COORD_SCALE);
      insertNearest(best, want, index, d);
    }
  };

  for (let r = 0; ; r++) {
    const allColumns = 2 * r + 1 >= GRID_COLUMNS;
    const colLo = allColumns ? 0 : cx - r;
    const colHi = allColumns ? GRID_COLUMNS - 1 : cx + r;
    // Rows at distance r: the whole covered column span.
    for (const row of r === 0 ? [cy] : [cy - r, cy + r]) {
      if (row < 0 || row >= GRID_ROWS) continue;
      for (let c = colLo; c <= colHi; c++) visitCell(row, c);
    }
    // Columns at distance r on the rows in between, while they are new columns. At r = 180 the
    // two are the same column, the last one not yet visited.
    if (r > 0 && 2 * r - 1 < GRID_COLUMNS) {
      for (let row = Math.max(0, cy - r + 1); row <= Math.min(GRID_ROWS - 1, cy + r - 1); row++) {
        visitCell(row, cx - r);
        if (2 * r !== GRID_COLUMNS) visitCell(row, cx + r);
      }
    }
    const bound = unvisitedBoundNm(latDeg, lonDeg, cy, cx, r);
    if (bound === Number.POSITIVE_INFINITY) break;
    // With a slack: the bound and the haversine round differently, and a point at the bound (the pole
    // itself, where every longitude meets) came out 1 ulp nearer than the bound and was never visited,
    // so of two airports at one distance the later one was kept (a property test found it).
    if (best.length === want && best[want - 1]!.distanceNm < bound - BOUND_SLACK_NM) break;
  }
  return best;
}

// A lower bound on the distance from the point to anything outside the box of rings 0..r.
function unvisitedBoundNm(latDeg: number, lonDeg: number, cy: number, cx: number, r: number): number {
  let bound = Number.POSITIVE_INFINITY;
  if (cy + r + 1 < GRID_ROWS) bound = Math.min(bound, Math.max(0, cy + r + 1 - 90 - latDeg) * NM_PER_DEG);
  if (cy - r > 0) bound = Math.min(bound, Math.max(0, latDeg - (cy - r - 90)) * NM_PER_DEG);
  if (2 * r + 1 < GRID_COLUMNS) {
    const west = lonDeg - (cx - r - 180);
    const east = cx + r + 1 - 180 - lonDeg;
    bound = Math.min(bound, distanceToMeridianNm(latDeg, Math.max(0, Math.min(west, east))));
  }
  return bound;
}

/** Inserts into a list kept sorted by (distance, index) and at most `want` long. */
function insertNearest(best: Nearest[], want: number, index: number, distanceNm: number): void {
  if (best.length === want) {
    const last = best[want - 1]!;
    if (distanceNm > last.distanceNm || (distanceNm === last.distanceNm && index > last.index)) return;
  }
  let at = best.length;
  while (at > 0) {
    const prev = best[at - 1]!;
    if (prev.distanceNm < distanceNm || (prev.distanceNm === distanceNm && prev.index < index)) break;
    at--;
  }
  best.splice(at, 0, { index, distanceNm });
  if (best.length > want) best.pop();
}
