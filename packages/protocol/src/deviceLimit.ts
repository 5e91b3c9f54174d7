import { z } from 'zod';

/**
 * The 403 body of `POST {api}/sync_profile` for a device that would be one more than the customer's
 * device limit (spec part 1 §9: up to 4 devices per subscription). The server sends it
 * (apps/server src/sync/routes.ts); the web app's sync client reads it with this schema and shows
 * `error` to the pilot, and the web tests' fake sync server answers with the same body.
 */
export const DEVICE_LIMIT_CODE = 'device_limit';

export const deviceLimitBodySchema = z.object({
  /** What the pilot reads: it names the limit and the way out. */
  error: z.string().min(1),
  code: z.literal(DEVICE_LIMIT_CODE),
  /** Devices allowed per customer. */
  limit: z.number().int().positive(),
});
export type DeviceLimitBody = z.infer<typeof deviceLimitBodySchema>;

/** The refusal's text for a limit of `limit` devices. */
export function deviceLimitMessage(limit: number): string {
  return `This subscription is already used on ${limit} devices (the limit). Remove a device on the account page to add this one.`;
}

/** The whole 403 body for a limit of `limit` devices. */
export function deviceLimitBody(limit: number): DeviceLimitBody {
  return { error: deviceLimitMessage(limit), code: DEVICE_LIMIT_CODE, limit };
}
