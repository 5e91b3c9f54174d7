// The sync module's front door: other modules import it only from here (eslint.config.js).
export { SyncForbiddenError, syncProfile, syncProfileOutcome, type SyncProfileOptions } from './syncStore.js';
export { MAX_DEVICES_PER_CUSTOMER, SyncDeviceLimitError, deviceLimitMessage, listSyncDevices, removeSyncDevice, type SyncDevice } from './devices.js';
export type { SyncOutcome } from './syncRecords.js';
export { DEVICES_PATH, SYNC_BODY_LIMIT_BYTES, SYNC_PROFILE_PATH, syncRoutes, type SyncRoutesOptions } from './routes.js';
