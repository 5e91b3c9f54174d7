import { z } from 'zod';

/** Log levels the web app forwards. */
export const LOG_LEVELS = ['debug', 'info', 'warn', 'error'] as const;

/** One forwarded client log entry (spec part 1 §3 "Log entry"). */
export const logEntrySchema = z.object({
  timestamp: z.number().int().nonnegative(),
  '@timestamp': z.iso.datetime({ offset: true }),
  version: z.string().max(64),
  os: z.string().max(256),
  level: z.enum(LOG_LEVELS),
  message: z.string().max(8192),
  uuid: z.string().max(64),
  env: z.string().max(32),
  cust_id: z.string().max(128).nullable().optional(),
  stack: z.string().max(16384).nullable().optional(),
  location: z.object({ lat: z.number().min(-90).max(90), lon: z.number().min(-180).max(180) }).nullable().optional(),
});
export type LogEntry = z.infer<typeof logEntrySchema>;

/** The logging path of spec part 1 §7 for a day, `YYYY-MM-DD` in UTC. */
export function logIndexPath(dayUtc: string): string {
  return `/elk/pwa_logs_${dayUtc}/_doc/`;
}
