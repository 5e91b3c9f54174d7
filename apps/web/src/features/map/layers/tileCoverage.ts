/**
 * Land and water both come from the basemap tiles (issue 27 point 9): the style's background is a
 * neutral "no data" colour, and water is drawn from the `coverage` layer that every basemap tile the
 * server sends carries: one square over the whole tile (apps/server tiles/basemap.ts). A tile that
 * could not be fetched (offline, never cached) then shows as no data instead of as sea.
 */

/**
 * The style's background where no basemap tile is on the device: a neutral grey, neither sea blue
 * nor land (day), and a dark grey at night (no bright surface).
 */
export const NO_DATA_COLOURS = { day: '#c6c6c6', night: '#333333' } as const;

/** The basemap tiles' coverage layer (the style's `water` layer reads it). */
export const COVERAGE_LAYER = 'coverage';
