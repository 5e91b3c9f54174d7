// The static module's front door: other modules import it only from here (eslint.config.js).
export { IMMUTABLE, NO_CACHE, cacheControlFor } from './cachePolicy.js';
export { SHELL_PATHS, sendShell, staticRoutes } from './routes.js';
