// The telemetry module's front door: other modules import it only from here (eslint.config.js).
export {
  ANALYTICS_ADDRESS_LIMIT,
  ANALYTICS_BATCH_MAX,
  ANALYTICS_BODY_LIMIT_BYTES,
  ANALYTICS_DEVICE_RATE_LIMIT,
  ANALYTICS_PATH,
  ANALYTICS_SIGNED_OUT_ERROR,
  analyticsAttemptKey,
  analyticsRoutes,
  type AnalyticsRoutesOptions,
} from './analyticsRoutes.js';
export { deleteAnalyticsBefore, insertAnalyticsEvents, type AnalyticsEvent, type AnalyticsSender } from './analyticsStore.js';
export { bulkBody, bulkTarget, forwardClientLogs, LOG_FORWARD_PERIOD_MS, logForwardJob, type LogForwardOptions, type LogForwardResult } from './logForward.js';
export { RefusalCounter, refusalOf, type RefusalKind, type TelemetryRefusals } from './refusals.js';
export { formatTelemetryReport, telemetryReport, type TelemetryReport } from './report.js';
export { ANALYTICS_CLEANUP_PERIOD_MS, analyticsRetentionJob } from './retention.js';
