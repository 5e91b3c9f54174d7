// The realtime module's front door: other modules import it only from here (eslint.config.js).
export {
  DEFAULT_REDIS_CHANNEL,
  InProcessHub,
  RedisHub,
  announceNewAppVersion,
  announceSessionsEnded,
  announceTableChanged,
  createRealtimeHub,
  realtimeMessageSchema,
  type HubLogger,
  type MessageEnvelope,
  type SessionsEndedEnvelope,
  type WeatherEnvelope,
  type RealtimeEnvelope,
  type RealtimeHub,
  type RealtimeMessage,
} from './hub.js';
export {
  FOREIGN_ORIGIN_ERROR,
  LocalConnections,
  MAX_SOCKETS_PER_SESSION,
  PROFILE_SOCKET_PATH,
  SESSION_ENDED_CLOSE,
  TOO_MANY_SOCKETS_CLOSE,
  originAllowed,
  realtimeRoutes,
  type RealtimeRoutesOptions,
} from './routes.js';
