// The clientConfig module's front door: other modules import it only from here (eslint.config.js).
export { clientConfigFor, clientConfigRoutes } from './routes.js';
