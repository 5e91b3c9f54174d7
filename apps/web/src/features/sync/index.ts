// Front door of features/sync (profile sync: client, realtime channel and the shell hook): other
// features import only what is exported here (eslint.config.js feature map).
export { DeviceLimitError, SyncClient, SyncError, type DeviceLimitRefusal, type SyncClientOptions } from './syncClient';
export { RealtimeChannel, profileSocketUrl, RECONNECT_MIN_MS, RECONNECT_MAX_MS } from './realtime';
export { startProfileSync, type ProfileSyncSession } from './profileSync';
export { useProfileSync, custIdOf } from './useProfileSync';
