// The realtime module's front door: other modules import it only from here (eslint.config.js).
export {
  DEFAULT_REDIS_CHANNEL,
  InProcessHub,
  RedisHub,
  announceNewAppVersion,
  announceTableChanged,
  createRealtimeHub,
  realtimeMessageSchema,
  type HubLogger,
  type RealtimeEnvelope,
  type RealtimeHub,
  type RealtimeMessage,
} from './hub.js';
export { LocalConnections, PROFILE_SOCKET_PATH, realtimeRoutes, type RealtimeRoutesOptions } from './routes.js';
