import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ANALYTICS_BATCH_MAX, describeIssues, type PayloadIssue } from '@clearway/protocol';
import { AttemptCounter, requireSession, sessionUserOf, type RateLimit, type SessionResolver } from '../auth/index.js';
import type { Database } from '../db/index.js';
import { addressLimited, installBodyErrors, type AddressLimit } from '../http/index.js';
import { insertAnalyticsEvents, type AnalyticsEvent } from './analyticsStore.js';
import { refusalOf, type RefusalCounter } from './refusals.js';

/** Where the web app posts its analytics batches. */
export const ANALYTICS_PATH = '/api/analytics';

/** Events in one batch at most (spec part 1 §9: analytics batch 100; the web app batches by the same constant). */
export { ANALYTICS_BATCH_MAX };

/** Largest accepted batch body, bytes: 100 events of up to 2 KiB of properties each, with room. */
export const ANALYTICS_BODY_LIMIT_BYTES = 256 * 1024;

/** Largest properties of one event, bytes of their JSON. */
export const ANALYTICS_PROPS_MAX_BYTES = 2048;

/**
 * Batches one device (session customer + device uuid) may post a minute, counted in auth_attempts
 * (shared by every process). A device flushes every 30 s; a full offline queue (1,000 events) is 10 batches.
 */
export const ANALYTICS_DEVICE_RATE_LIMIT: RateLimit = { max: 20, windowMs: 60_000 };

/** Batches one client address may post a minute (@fastify/rate-limit, per process). */
export const ANALYTICS_ADDRESS_LIMIT: AddressLimit = { perMinute: 120 };

/** The 401 text of the analytics endpoint. */
export const ANALYTICS_SIGNED_OUT_ERROR = 'Not signed in: analytics are taken from signed-in devices only';

/** The auth_attempts key of a device's analytics batches (account deletion removes `analytics:<cust_id>:%`). */
export function analyticsAttemptKey(custId: string, uuid: string): string {
  return `analytics:${custId}:${uuid}`;
}

const propValue = z.union([z.string().max(512), z.number().finite(), z.boolean(), z.null()]);

const eventSchema = z.object({
  name: z.string().regex(/^[a-z][a-z0-9_.:-]{0,63}$/, { error: 'must be 1 to 64 characters: lower-case letters, digits, _ . : -, starting with a letter' }),
  ts: z.number().int().nonnegative(),
  props: z
    .record(z.string().max(64), propValue)
    .nullable()
    .optional()
    .refine((props) => props === undefined || props === null || Buffer.byteLength(JSON.stringify(props)) <= ANALYTICS_PROPS_MAX_BYTES, {
      error: `must be at most ${ANALYTICS_PROPS_MAX_BYTES} bytes of JSON`,
    }),
});

const batchSchema = z.object({
  uuid: z.string().min(1).max(64),
  version: z.string().min(1).max(64),
  env: z.string().min(1).max(32),
  events: z.array(z.unknown()).min(1).max(ANALYTICS_BATCH_MAX, { error: `must hold at most ${ANALYTICS_BATCH_MAX} events` }),
});

function invalid(issues: PayloadIssue[]) {
  return { error: 'Invalid analytics batch', issues };
}

export interface AnalyticsRoutesOptions {
  db: Database;
  sessions: SessionResolver;
  refusals: RefusalCounter;
  /** Clock, ms since the epoch (tests). */
  now?: () => number;
}

/**
 * `POST /api/analytics` (issue 23, spec part 1 §7 "Product analytics"): a signed-in device posts
 * `{uuid, version, env, events:[{name, ts, props?}]}`, at most 100 events and 256 KiB. Who: a
 * session (401 otherwise); the rows carry the session's customer. How often: 20 batches a minute per
 * device, 120 per client address (429 with Retry-After). How big: the body limit, 100 events, 2 KiB of
 * properties an event. Valid events are stored even when others in the batch are not: 200
 * `{stored, refused, issues}` names each refused event by its index, so one bad event does not
 * block a device's queue. Origin: the app's cross-site guard (http/crossSite.ts).
 */
export async function analyticsRoutes(app: FastifyInstance, options: AnalyticsRoutesOptions): Promise<void> {
  const { db, refusals } = options;
  const now = options.now ?? Date.now;
  const attempts = new AttemptCounter(db);
  installBodyErrors(app, { limitBytes: ANALYTICS_BODY_LIMIT_BYTES, tooLarge: 'Analytics batch too large', invalid: 'Invalid analytics batch' });
  app.addHook('onResponse', async (request, reply) => {
    const kind = refusalOf('analytics', reply.statusCode);
    if (kind !== null) request.log.warn({ refused: refusals.add(kind) }, 'analytics batch refused');
  });

  app.post(
    ANALYTICS_PATH,
    { ...addressLimited(ANALYTICS_ADDRESS_LIMIT), bodyLimit: ANALYTICS_BODY_LIMIT_BYTES, onRequest: requireSession(options.sessions, ANALYTICS_SIGNED_OUT_ERROR) },
    async (request, reply) => {
      const user = sessionUserOf(request);
      const batch = batchSchema.safeParse(request.body);
      if (!batch.success) return reply.code(400).send(invalid(describeIssues(batch.error)));
      const at = now();
      const retryAfter = await attempts.take(analyticsAttemptKey(user.custId, batch.data.uuid), ANALYTICS_DEVICE_RATE_LIMIT, at);
      if (retryAfter > 0) {
        return reply.code(429).header('retry-after', String(retryAfter))
          .send({ error: `Too many analytics batches: at most ${ANALYTICS_DEVICE_RATE_LIMIT.max} a minute per device; try again in ${retryAfter} s` });
      }
      const valid: AnalyticsEvent[] = [];
      const issues: PayloadIssue[] = [];
      batch.data.events.forEach((raw, index) => {
        const event = eventSchema.safeParse(raw);
        if (event.success) valid.push(event.data);
        else issues.push(...describeIssues(event.error).map((issue) => ({ path: issue.path === '(root)' ? `events.${index}` : `events.${index}.${issue.path}`, message: issue.message })));
      });
      const refused = batch.data.events.length - valid.length;
      if (valid.length === 0) return reply.code(400).send(invalid(issues));
      if (refused > 0) request.log.warn({ refused: refusals.add('analyticsMalformed', refused) }, 'analytics events left out of a batch');
      const stored = await insertAnalyticsEvents(db, { uuid: batch.data.uuid, custId: user.custId, version: batch.data.version, env: batch.data.env }, valid, at);
      return reply.code(200).send({ stored, refused, issues });
    },
  );
}
