/**
 * Client telemetry settings (telemetry/, logs/): LOG_FORWARD_URL, LOG_FORWARD_BATCH, ANALYTICS_RETENTION_DAYS,
 * CLIENT_LOG_RETENTION_DAYS.
 * Read by config/loadConfig.ts beside the other module settings.
 */
export interface TelemetryConfig {
  /**
   * LOG_FORWARD_URL: the base address of an OpenSearch- or Elasticsearch-compatible cluster; stored
   * client log entries are also sent to `<url>/_bulk` as NDJSON, index `pwa_logs_<day>`. User and
   * password in the address become a Basic authorisation header. null: not forwarded (default).
   */
  logForwardUrl: string | null;
  /** LOG_FORWARD_BATCH: entries per `_bulk` request (1 to 1000, default 100). */
  logForwardBatch: number;
  /** ANALYTICS_RETENTION_DAYS: analytics events are deleted this many days after they arrived (1 to 3650, default 90). */
  analyticsRetentionDays: number;
  /** CLIENT_LOG_RETENTION_DAYS: client log entries are deleted this many days after they arrived (1 to 3650, default 30). */
  logRetentionDays: number;
}

export class TelemetryConfigError extends Error {
  override readonly name = 'TelemetryConfigError';
}

function integerVariable(env: Record<string, string | undefined>, name: string, min: number, max: number, fallback: number): number {
  const text = env[name]?.trim() ?? '';
  if (text === '') return fallback;
  if (!/^\d+$/.test(text) || Number(text) < min || Number(text) > max) {
    throw new TelemetryConfigError(`${name} must be an integer between ${min} and ${max} (got "${text}")`);
  }
  return Number(text);
}

/** `https://host/` -> `https://host` (a loop, not a regular expression: no backtracking on long input). */
export function trimTrailingSlashes(text: string): string {
  let end = text.length;
  while (end > 0 && text[end - 1] === '/') end -= 1;
  return text.slice(0, end);
}

/** Reads the telemetry variables; throws TelemetryConfigError naming the variable and its value. */
export function telemetryConfigOf(env: Record<string, string | undefined>): TelemetryConfig {
  const url = env.LOG_FORWARD_URL?.trim() ?? '';
  let logForwardUrl: string | null = null;
  if (url !== '' && url !== 'off') {
    const parsed = URL.canParse(url) ? new URL(url) : null;
    if (parsed === null || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') || parsed.search !== '' || parsed.hash !== '') {
      // The address may hold a password: name the variable, not the value.
      throw new TelemetryConfigError('LOG_FORWARD_URL must be an http(s) address with no query or fragment, such as https://opensearch.example:9200');
    }
    logForwardUrl = trimTrailingSlashes(url);
  }
  return {
    logForwardUrl,
    logForwardBatch: integerVariable(env, 'LOG_FORWARD_BATCH', 1, 1000, 100),
    analyticsRetentionDays: integerVariable(env, 'ANALYTICS_RETENTION_DAYS', 1, 3650, 90),
    logRetentionDays: integerVariable(env, 'CLIENT_LOG_RETENTION_DAYS', 1, 3650, 30),
  };
}
