import { z } from 'zod';

/**
 * The account export file (apps/server README "Security"; the server's account/export.ts), apart
 * from the other account replies (account.ts) because its record map needs zod's record schema,
 * which the web app does not otherwise load: the app saves the file without reading it, so only
 * the tests (the server's contract test, the web tests' fake account server) check it.
 */

/** A time as the server writes it: ISO 8601 in UTC with milliseconds (Date.prototype.toISOString). */
const isoTime = z.iso.datetime();

/** `GET {api}/account/export` (a file, `clearway-export-YYYY-MM-DD.json`): the top level and the devices. */
export const accountExportSchema = z.object({
  format: z.literal('clearway-account-export'),
  version: z.literal(1),
  exported_at: isoTime,
  account: z.object({ cust_id: z.string().min(1), email: z.string(), full_name: z.string(), created_at: isoTime.nullable() }),
  devices: z.array(z.object({ uuid: z.string().min(1), first_seen: isoTime, last_seen: isoTime })),
  /** Sync table name -> its records (key, gid, last change, the record's own fields). */
  records: z.record(
    z.string(),
    z.array(z.object({ key: z.string(), gid: z.string(), changed_at: isoTime, fields: z.record(z.string(), z.unknown()) })),
  ),
});
export type AccountExportReply = z.infer<typeof accountExportSchema>;
