// The health module's front door: other modules import it only from here (eslint.config.js).
export { HEALTH_PATH, healthRoutes } from './routes.js';
