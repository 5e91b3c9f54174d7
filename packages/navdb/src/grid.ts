/**
 * The spatial grid: one-degree cells, 360 columns from longitude -180 and 180 rows from latitude
 * -90, cell id = row * 360 + column. Each kind stores its records sorted by cell with a start offset
 * per cell, so a bounding box or a ring of cells is a few contiguous slices.
 */
export const GRID_COLUMNS = 360;
export const GRID_ROWS = 180;
export const GRID_CELLS = GRID_COLUMNS * GRID_ROWS;
/** Cell size, degrees. */
export const GRID_CELL_DEG = 1;

/** Grid column of a longitude (degrees); 180 falls in the last column. */
export function gridColumn(lonDeg: number): number {
  return Math.min(GRID_COLUMNS - 1, Math.max(0, Math.floor((lonDeg + 180) / GRID_CELL_DEG)));
}

/** Grid row of a latitude (degrees); 90 falls in the last row. */
export function gridRow(latDeg: number): number {
  return Math.min(GRID_ROWS - 1, Math.max(0, Math.floor((latDeg + 90) / GRID_CELL_DEG)));
}

export function gridCell(latDeg: number, lonDeg: number): number {
  return gridRow(latDeg) * GRID_COLUMNS + gridColumn(lonDeg);
}
