// The packs module's front door: other modules import it only from here (eslint.config.js).
export { packRoutes, type PackRoutesOptions } from './routes.js';
export { PACK_CONTENT_TYPE, PackStore } from './store.js';
export { buildPacks, type BuildOptions, type BuildProgress, type BuildReport, type PackSources } from './build.js';
export { backgroundPackBuild, type BackgroundPackBuild } from './background.js';
