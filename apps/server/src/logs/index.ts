// The logs module's front door: other modules import it only from here (eslint.config.js).
export { clientLogBytesOnDay, deleteClientLogsBefore, insertClientLog, listClientLogs, type StoredClientLog } from './clientLogStore.js';
export { CLIENT_LOG_CLEANUP_PERIOD_MS, CLIENT_LOG_RETENTION_MS, clientLogRetentionJob } from './retention.js';
export { CLIENT_LOG_ADDRESS_LIMIT, CLIENT_LOG_DAILY_BYTES, CLIENT_LOG_RATE_LIMIT, LOG_BODY_LIMIT_BYTES, LOG_SIGNED_OUT_ERROR, logRoutes, type LogRoutesOptions } from './routes.js';
