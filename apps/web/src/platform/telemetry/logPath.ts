import { logIndexPath } from '@clearway/protocol';

/** The address of a log entry's day index (spec part 1 §7: `{log host}/elk/pwa_logs_{YYYY-MM-DD}/_doc/`); a chunk loaded beside the main bundle. */
export function logUrl(logHost: string, timestampIso: string): string {
  return `${logHost}${logIndexPath(timestampIso.slice(0, 10))}`;
}
