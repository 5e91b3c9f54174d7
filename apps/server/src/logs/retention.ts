import type { Job } from '../jobs/index.js';
import type { Database } from '../db/index.js';
import { deleteClientLogsBefore } from './clientLogStore.js';

/** How long a client log entry is kept after it arrived by default, ms: 30 days (CLIENT_LOG_RETENTION_DAYS). */
export const CLIENT_LOG_RETENTION_MS = 30 * 86_400_000;

/** The client log clean-up runs once a day (one of N processes: jobs/). */
export const CLIENT_LOG_CLEANUP_PERIOD_MS = 86_400_000;

/** The periodic job that deletes client log entries that arrived more than `retentionMs` ago (default CLIENT_LOG_RETENTION_MS). */
export function clientLogRetentionJob(db: Database, retentionMs = CLIENT_LOG_RETENTION_MS): Job {
  return {
    name: 'client_logs_retention',
    periodMs: CLIENT_LOG_CLEANUP_PERIOD_MS,
    async run({ now }) {
      await deleteClientLogsBefore(db, now - retentionMs);
    },
  };
}
