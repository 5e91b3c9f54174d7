/** Retry timing: exponential back-off, deterministic (no jitter, so tests can name the delays). */

export const BACKOFF_DEFAULTS = {
  /** Further attempts after a failed one. */
  retries: 5,
  /** Wait before the first retry, milliseconds; doubled for each further one ... */
  retryDelayMs: 500,
  /** ... up to this, milliseconds. */
  maxRetryDelayMs: 10_000,
} as const;

/**
 * Milliseconds to wait before attempt `attempt` (1-based; attempt 1 waits 0):
 * `min(retryDelayMs * 2^(attempt - 2), maxRetryDelayMs)`, so 500, 1000, 2000 ... 10 000 ms by default.
 */
export function retryDelayMs(attempt: number, retryDelay: number = BACKOFF_DEFAULTS.retryDelayMs, maxDelay: number = BACKOFF_DEFAULTS.maxRetryDelayMs): number {
  if (attempt <= 1) return 0;
  return Math.min(retryDelay * 2 ** (attempt - 2), maxDelay);
}
