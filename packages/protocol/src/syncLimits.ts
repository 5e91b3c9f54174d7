import { z } from 'zod';

/**
 * The limits of `POST {api}/sync_profile` beyond the spec's wire format (issue 26; apps/server
 * README "Sync and realtime limits"): paged replies, the per-customer quota and the device binding.
 *
 * Paging: a reply holds at most a page of the records stored since `since` (the records sent are
 * always answered). When more follow, the reply carries the header SYNC_CONTINUATION_HEADER; the
 * device sends the same request again (same `since`, no records needed) with that header's value
 * as `continuation`, until a reply comes without the header. The body stays the spec's list of
 * records, so the marker travels in a header.
 */
export const SYNC_CONTINUATION_HEADER = 'clearway-sync-continuation';

/** The marker's form: `<server_ts>:<gid>` of the last record of the previous page (opaque to devices). */
export const syncContinuationSchema = z.string().regex(/^\d{1,16}:[0-9A-Za-z-]{1,64}$/, 'not a continuation marker this server sent');

/** The 413 body of a sync that would take the customer's stored records over the quota. */
export const SYNC_QUOTA_CODE = 'sync_quota';

export const syncQuotaBodySchema = z.object({
  /** What the pilot reads: it names the limit that was reached. */
  error: z.string().min(1),
  code: z.literal(SYNC_QUOTA_CODE),
  /** Records and payload bytes a customer may store. */
  limit_records: z.number().int().positive(),
  limit_bytes: z.number().int().positive(),
});
export type SyncQuotaBody = z.infer<typeof syncQuotaBodySchema>;

/** `32 MiB`, `512 KiB`, `900 bytes`. */
function sizeText(bytes: number): string {
  if (bytes >= 1024 * 1024 && bytes % (1024 * 1024) === 0) return `${bytes / (1024 * 1024)} MiB`;
  if (bytes >= 1024 && bytes % 1024 === 0) return `${bytes / 1024} KiB`;
  return `${bytes} bytes`;
}

/** The 413 body for the quota that was reached (`records` or `bytes`). */
export function syncQuotaBody(reached: 'records' | 'bytes', limits: { records: number; bytes: number }): SyncQuotaBody {
  const limit = reached === 'records' ? `${limits.records} records` : sizeText(limits.bytes);
  return {
    error: `Sync storage full: this account may keep at most ${limit} of synced data (${limits.records} records, ${sizeText(limits.bytes)}). Nothing of this sync was stored.`,
    code: SYNC_QUOTA_CODE,
    limit_records: limits.records,
    limit_bytes: limits.bytes,
  };
}

/** The 403 body when a device id is already bound to another signed-in session (a copied id). */
export const DEVICE_TAKEN_CODE = 'device_taken';

export const deviceTakenBody = {
  error: 'This device id belongs to another signed-in session of this account: a device id cannot be shared. Sign out on that device, or remove it on the account page.',
  code: DEVICE_TAKEN_CODE,
} as const;
