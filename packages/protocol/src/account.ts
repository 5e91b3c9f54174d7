import { z } from 'zod';

/**
 * The replies of the account API (spec part 1 §3 "Auth user / login profile", §7; apps/server
 * README "Sign-in", "Billing", "Security"): one definition that the server's route tests check the
 * real replies against, the web tests' fake account server answers through, and the web app's
 * account, devices, billing and help clients read with (`parseReply`).
 *
 * The schemas are plain objects: a field the definition does not know is dropped when parsing, so
 * a newer server's extra field does not break an older page. The tests use `checkReply`, which
 * also refuses such fields, so a field added on one side only fails there.
 */

/** The plans (spec part 1 §2 "Subscription screen", §9 "Business constants"). */
export const SUBSCRIPTION_SKUS = ['standard_monthly', 'standard_annual'] as const;
export const subscriptionSkuSchema = z.enum(SUBSCRIPTION_SKUS);
export type SubscriptionSku = z.infer<typeof subscriptionSkuSchema>;

/** Who took a payment: Stripe, or the server's built-in test provider (test mode: no money moves). */
export const PAYMENT_APIS = ['stripe', 'test'] as const;
export const paymentApiSchema = z.enum(PAYMENT_APIS);
export type PaymentApi = z.infer<typeof paymentApiSchema>;

/** A time as the server writes it: ISO 8601 in UTC with milliseconds (Date.prototype.toISOString). */
const isoTime = z.iso.datetime();
const count = z.number().int().nonnegative();
/** Times of the device list: ms since the epoch. */
const epochMs = z.number().int().nonnegative();

/** `GET /auth/me` (and `POST /auth/find_or_create`): the signed-in customer; 401 when signed out. */
export const authUserSchema = z.object({
  cust_id: z.string().min(1),
  email: z.string().min(1),
  /** From the ID token; '' when sign-in gave none. */
  full_name: z.string(),
});
export type AuthUserReply = z.infer<typeof authUserSchema>;

/** A purchase of the login profile and of a successful checkout. */
export const purchaseSchema = z.object({
  sku: subscriptionSkuSchema,
  /** When the paid period ends. */
  expires: isoTime,
  renewing: z.boolean(),
  api: paymentApiSchema,
});
export type PurchaseReply = z.infer<typeof purchaseSchema>;

/** The profile names of the login profile (§3 `profile {full_name, name, nickname, pictureURL}`). */
export const profileNamesSchema = z.object({
  full_name: z.string(),
  name: z.string(),
  nickname: z.string(),
  pictureURL: z.string(),
});

/**
 * `POST {api}/account` and `POST {api}/start_trial`: the login profile (licence response) of spec
 * part 1 §3. `code` is LICENCE_CODE's (0 trial not started, 1 trial running, 2 licensed, 5 trial
 * not available); a number here so a code added later does not make the profile unreadable.
 */
export const loginProfileSchema = z.object({
  code: z.number().int().nonnegative(),
  trial: z.object({
    email_id: z.string(),
    cust_id: z.string().min(1),
    /** When the trial ends (or would end if started now, while code is 0); null when none applies. */
    expires: isoTime.nullable(),
    profile: profileNamesSchema,
    purchase: purchaseSchema.nullable(),
  }),
  /** Location of the caller; null when the server does not look it up. */
  geoip: z.unknown(),
  /** The account uuid. */
  uuid: z.string().min(1),
  /** True when payments go through the built-in test provider. */
  test_mode: z.boolean(),
});
export type LoginProfileReply = z.infer<typeof loginProfileSchema>;

/** The 409 of `POST {api}/start_trial` (licensed already, or the trial used): the current profile. */
export const trialRefusedSchema = z.object({ error: z.string().min(1), login_profile: loginProfileSchema });

/** One device of `GET {api}/devices`. */
export const syncDeviceSchema = z.object({
  uuid: z.string().min(1),
  first_seen: epochMs,
  last_seen: epochMs,
  /** Whether the session the device id is bound to is still signed in. */
  signed_in: z.boolean(),
  /** Whether that session is the caller's own. */
  this_session: z.boolean(),
});
export type SyncDeviceReply = z.infer<typeof syncDeviceSchema>;

/** `GET {api}/devices`: the customer's devices, most recently seen first, and the limit (spec part 1 §9). */
export const deviceListSchema = z.object({
  limit: z.number().int().positive(),
  devices: z.array(syncDeviceSchema),
  /** Signed-in sessions of the account other than the caller's, synced or not. */
  other_sessions: count,
});
export type DeviceListReply = z.infer<typeof deviceListSchema>;

/** `POST {api}/devices/sign_out_others`: how many sessions ended. */
export const signOutOthersSchema = z.object({ signed_out: count });

/** `POST {api}/get_key`: a started subscription the client completes with checkout_subscription. */
export const purchaseKeySchema = z.object({
  client_token: z.string().min(1),
  subscription_id: z.string().min(1),
  subscription_type: subscriptionSkuSchema,
  api: paymentApiSchema,
  test_mode: z.boolean(),
  /** Stripe's publishable key; null with the built-in test provider. */
  publishable_key: z.string().min(1).nullable(),
  amount_cents: z.number().int().positive(),
  /** ISO 4217, lower case (Stripe's form). */
  currency: z.string().regex(/^[a-z]{3}$/),
});
export type PurchaseKeyReply = z.infer<typeof purchaseKeySchema>;

/** `POST {api}/checkout_subscription` when the purchase went through. */
export const checkoutSuccessSchema = z.object({
  result: z.literal('success'),
  test_mode: z.boolean(),
  purchase: purchaseSchema,
});
/** `POST {api}/checkout_subscription` when it did not (200 for a refused card; 4xx for a bad subscription). */
export const checkoutFailedSchema = z.object({
  result: z.literal('failed'),
  error: z.object({ message: z.string().min(1) }),
  test_mode: z.boolean(),
});
export const checkoutResultSchema = z.discriminatedUnion('result', [checkoutSuccessSchema, checkoutFailedSchema]);
export type CheckoutResultReply = z.infer<typeof checkoutResultSchema>;

/** `POST {api}/account/delete`: the account is gone (the session cookie is cleared with it). */
export const accountDeletedSchema = z.object({
  deleted: z.literal(true),
  /** Subscriptions cancelled with the payment provider first. */
  cancelled_subscriptions: count,
});

/** What `POST {api}/get_zendesk_jwt` is asked for: the help centre sign-in, the support widget, or chat. */
export const HELP_TOKEN_TYPES = ['sso', 'widget', 'chat'] as const;
export const HELP_PROVIDERS = ['zendesk', 'built-in'] as const;

/** `POST {api}/get_zendesk_jwt` (spec part 1 §7). */
export const helpTokenSchema = z.object({
  jwt: z.string().min(1),
  /** sso: the address that opens the help centre signed in (null for Zendesk without a subdomain); null for the other types. */
  url: z.string().min(1).nullable(),
  /** Who serves the help centre: Zendesk, or the server's built-in page. */
  provider: z.enum(HELP_PROVIDERS),
});
export type HelpTokenReply = z.infer<typeof helpTokenSchema>;

/** The body of an error reply of these calls: what went wrong in `error`, sometimes a code or issues. */
export const accountErrorSchema = z.object({
  error: z.string().min(1),
  code: z.union([z.string().min(1), z.number().int()]).optional(),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});

/** `{path: problem}` texts of a failed parse, e.g. `devices.0.uuid: Invalid input: expected string, received undefined`. */
function issueTexts(error: z.ZodError): string[] {
  return error.issues.map((issue) => `${issue.path.length > 0 ? issue.path.map(String).join('.') : '(root)'}: ${issue.message}`);
}

/** Thrown by parseReply and checkReply: `endpoint` answered a body the definition does not accept. */
export class ReplyShapeError extends Error {
  override readonly name = 'ReplyShapeError';

  constructor(
    readonly endpoint: string,
    readonly problems: readonly string[],
  ) {
    super(`${endpoint} answered a body that is not valid: ${problems.join('; ')}`);
  }
}

/**
 * A reply read with its schema; throws ReplyShapeError naming the endpoint and each bad field
 * (`/api/devices answered a body that is not valid: devices.0.uuid: ...`). Unknown fields are dropped.
 */
export function parseReply<S extends z.ZodType>(endpoint: string, schema: S, body: unknown): z.infer<S> {
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new ReplyShapeError(endpoint, issueTexts(parsed.error));
  return parsed.data;
}

/** Paths of `sent` that `kept` (its parse) left out: the fields the definition does not know. */
export function unknownFields(sent: unknown, kept: unknown, path: readonly string[] = []): string[] {
  if (Array.isArray(sent) && Array.isArray(kept)) return sent.flatMap((item, index) => unknownFields(item, kept[index], [...path, String(index)]));
  if (sent === null || kept === null || typeof sent !== 'object' || typeof kept !== 'object' || Array.isArray(sent) || Array.isArray(kept)) return [];
  const keptFields = kept as Record<string, unknown>;
  return Object.entries(sent as Record<string, unknown>).flatMap(([key, value]) =>
    key in keptFields ? unknownFields(value, keptFields[key], [...path, key]) : [[...path, key].join('.')],
  );
}

/**
 * parseReply that also refuses fields the definition does not know (`extra: not in the
 * definition`): for the tests, so that the server, its definition and the web tests' fake agree
 * field for field.
 */
export function checkReply<S extends z.ZodType>(endpoint: string, schema: S, body: unknown): z.infer<S> {
  const parsed = parseReply(endpoint, schema, body);
  const extra = unknownFields(body, parsed);
  if (extra.length > 0) throw new ReplyShapeError(endpoint, extra.map((path) => `${path}: not in the definition`));
  return parsed;
}
