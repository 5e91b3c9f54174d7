// The logs module's front door: other modules import it only from here (eslint.config.js).
export { insertClientLog, listClientLogs, type StoredClientLog } from './clientLogStore.js';
export { LOG_BODY_LIMIT_BYTES, logRoutes } from './routes.js';
