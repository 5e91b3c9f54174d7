import type { Database } from '../db/index.js';
import type { Job } from '../jobs/index.js';
import { deleteAnalyticsBefore } from './analyticsStore.js';

/** The analytics clean-up runs once a day (one of N processes: jobs/). */
export const ANALYTICS_CLEANUP_PERIOD_MS = 86_400_000;

/** The periodic job that deletes analytics events that arrived more than `retentionDays` ago (ANALYTICS_RETENTION_DAYS). */
export function analyticsRetentionJob(db: Database, retentionDays: number): Job {
  return {
    name: 'analytics_retention',
    periodMs: ANALYTICS_CLEANUP_PERIOD_MS,
    async run({ now }) {
      await deleteAnalyticsBefore(db, now - retentionDays * 86_400_000);
    },
  };
}
