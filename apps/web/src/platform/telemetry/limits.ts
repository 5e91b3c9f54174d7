/**
 * Spec part 1 §9: "Logging: local queue max 500 entries; replay batch 100; replay interval 30 s; dedup
 * 3 per 60 s (key uses first 256 characters of message and 512 of stack). Analytics queue max 1000
 * events; batch 100; flush every 30 s. Error forwarding 20 per minute, 200 per session."
 * The analytics batch of 100 is `ANALYTICS_BATCH_MAX` of @clearway/protocol: the server's limit too.
 */
export const LOG_QUEUE_MAX = 500;
export const LOG_REPLAY_BATCH = 100;
export const LOG_REPLAY_INTERVAL_MS = 30_000;
export const DEDUP_MAX = 3;
export const DEDUP_WINDOW_MS = 60_000;
export const DEDUP_MESSAGE_CHARS = 256;
export const DEDUP_STACK_CHARS = 512;
export const ANALYTICS_QUEUE_MAX = 1000;
export const ANALYTICS_FLUSH_INTERVAL_MS = 30_000;
export const ERRORS_PER_MINUTE = 20;
export const ERRORS_PER_SESSION = 200;

/** How a send went: taken, refused for good (dropped: it would block the queue forever), or failed (kept, retried later). */
export type SendResult = 'ok' | 'refused' | 'failed';

/** An HTTP status as a SendResult: 2xx taken; 400 and 413 refused for good; anything else (401, 429, 5xx) failed. */
export function sendResultOf(status: number): SendResult {
  if (status >= 200 && status < 300) return 'ok';
  return status === 400 || status === 413 ? 'refused' : 'failed';
}
