// The tiles module's front door: other modules import it only from here (eslint.config.js).
export { BASEMAP_CACHE_CONTROL, NO_VFR_MESSAGE, VFR_CACHE_CONTROL, tileRoutes, type TileRoutesOptions } from './routes.js';
export { GLYPHS_CACHE_CONTROL, glyphRoutes, type GlyphRoutesOptions } from './glyphs.js';
// The basemap cutter, for the region packs (packs/build.ts), which store the same tiles for offline use.
export { BASEMAP_LAYERS, BASEMAP_MAX_ZOOM, BasemapTiles, COVERAGE_LAYER } from './basemap.js';
