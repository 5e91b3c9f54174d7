// The tiles module's front door: other modules import it only from here (eslint.config.js).
export { BASEMAP_CACHE_CONTROL, NO_VFR_MESSAGE, VFR_CACHE_CONTROL, tileRoutes, type TileRoutesOptions } from './routes.js';
export { GLYPHS_CACHE_CONTROL, glyphRoutes, type GlyphRoutesOptions } from './glyphs.js';
