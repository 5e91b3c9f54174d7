// The sync module's front door: other modules import it only from here (eslint.config.js).
export { SyncForbiddenError, syncProfile, syncProfileOutcome, type SyncProfileOptions } from './syncStore.js';
export { MAX_DEVICES_PER_CUSTOMER, SyncDeviceLimitError, deviceLimitMessage, listDeviceSessions, listSyncDevices, removeDeviceEndingSession, removeSyncDevice, type DeviceRemoval, type SyncDevice, type SyncDeviceSession } from './devices.js';
export { DEFAULT_SYNC_PAGE, DEFAULT_SYNC_QUOTA, SyncDeviceTakenError, SyncQuotaError, type SyncPageLimits, type SyncQuota } from './limits.js';
export type { SyncOutcome } from './syncRecords.js';
export {
  DEVICES_PATH,
  SIGN_OUT_OTHERS_PATH,
  SYNC_BODY_LIMIT_BYTES,
  SYNC_LICENCE_ERROR,
  SYNC_PROFILE_PATH,
  syncRoutes,
  type SyncLicenceLookup,
  type SyncRoutesOptions,
} from './routes.js';
