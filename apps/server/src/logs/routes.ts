import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { describeIssues, logEntrySchema, logIndexPath, type PayloadIssue } from '@clearway/protocol';
import { AttemptCounter, requireSession, sessionUserOf, type RateLimit, type SessionResolver } from '../auth/index.js';
import type { Database } from '../db/index.js';
import { addressLimited, installBodyErrors, type AddressLimit } from '../http/index.js';
import { refusalOf, type RefusalCounter } from '../telemetry/index.js';
import { clientLogBytesOnDay, insertClientLog } from './clientLogStore.js';

/** Largest accepted log entry body, bytes (the schema's own field limits add up to about 25 KiB). */
export const LOG_BODY_LIMIT_BYTES = 64 * 1024;

/** Log entries one account may send a minute (counted in auth_attempts, shared by every process). */
export const CLIENT_LOG_RATE_LIMIT: RateLimit = { max: 60, windowMs: 60_000 };

/** Log posts one client address may make a minute (@fastify/rate-limit, per process), beside the per-account limit. */
export const CLIENT_LOG_ADDRESS_LIMIT: AddressLimit = { perMinute: 120 };

/** Bytes of log entries one account may store per UTC day; more are refused with 429 until the next day. */
export const CLIENT_LOG_DAILY_BYTES = 1024 * 1024;

/** The 401 text of the log sink. */
export const LOG_SIGNED_OUT_ERROR = 'Not signed in: client logs are taken from signed-in devices only';

const DAY_MS = 86_400_000;

const daySchema = z.iso.date({ error: 'must be a UTC date YYYY-MM-DD' });

function invalid(issues: PayloadIssue[]) {
  return { error: 'Invalid log entry', issues };
}

export interface LogRoutesOptions {
  db: Database;
  /** Who is signed in: only a signed-in device may post, and the entry's cust_id is the session's. */
  sessions: SessionResolver;
  /** Remote logging is on in this environment (spec part 1 §7: test and beta); otherwise the path is a 404. */
  enabled: boolean;
  /** Clock, ms since the epoch (tests). */
  now?: () => number;
  /** Counts refused entries (too large, malformed, over a limit); each refusal is a warn line with the counts. */
  refusals?: RefusalCounter;
}

/**
 * The client log sink of spec part 1 §7: `POST /elk/pwa_logs_{YYYY-MM-DD}/_doc/`, shaped like the
 * Elasticsearch index call the web app was written against, in the environments where remote
 * logging is on (qa and beta; elsewhere nothing is registered and the path answers 404). Only a
 * signed-in device may post (401 otherwise); each account may send CLIENT_LOG_RATE_LIMIT entries a
 * minute and store CLIENT_LOG_DAILY_BYTES a day (429 with Retry-After beyond either). The stored
 * entry's cust_id is the session's customer, whatever the body says. Entries are deleted after
 * CLIENT_LOG_RETENTION_MS (logs/retention.ts, a periodic job).
 */
export async function logRoutes(app: FastifyInstance, options: LogRoutesOptions): Promise<void> {
  if (!options.enabled) return;
  const { db } = options;
  const now = options.now ?? Date.now;
  const attempts = new AttemptCounter(db);
  // Parse and size errors of this route's body are the sender's fault: answer in the route's shape
  // (an unsupported content type keeps the app's 415, which names the type).
  installBodyErrors(app, { limitBytes: LOG_BODY_LIMIT_BYTES, tooLarge: 'Log entry too large', invalid: 'Invalid log entry', mediaTypeInPluginShape: false });
  const { refusals } = options;
  if (refusals !== undefined) {
    app.addHook('onResponse', async (request, reply) => {
      const kind = refusalOf('log', reply.statusCode);
      if (kind !== null) request.log.warn({ refused: refusals.add(kind) }, 'client log entry refused');
    });
  }

  app.post<{ Params: { day: string } }>(
    logIndexPath(':day'),
    // The session is checked before the body is read: a signed-out sender's bytes are never parsed.
    { ...addressLimited(CLIENT_LOG_ADDRESS_LIMIT), bodyLimit: LOG_BODY_LIMIT_BYTES, onRequest: requireSession(options.sessions, LOG_SIGNED_OUT_ERROR) },
    async (request, reply) => {
      const user = sessionUserOf(request);
      const day = daySchema.safeParse(request.params.day);
      if (!day.success) {
        return reply.code(400).send({ error: 'Invalid log index', issues: [{ path: 'day', message: day.error.issues[0]?.message ?? 'invalid' }] });
      }
      let body: unknown = request.body;
      // navigator.sendBeacon and no-cors fetches can only send text/plain; the text is still JSON.
      if (typeof body === 'string') {
        try {
          body = JSON.parse(body);
        } catch {
          return reply.code(400).send(invalid([{ path: '(root)', message: 'Body is not valid JSON' }]));
        }
      }
      const parsed = logEntrySchema.safeParse(body);
      if (!parsed.success) return reply.code(400).send(invalid(describeIssues(parsed.error)));
      const at = now();
      const retryAfter = await attempts.take(`client_log:${user.custId}`, CLIENT_LOG_RATE_LIMIT, at);
      if (retryAfter > 0) {
        return reply.code(429).header('retry-after', String(retryAfter))
          .send({ error: `Too many log entries: at most ${CLIENT_LOG_RATE_LIMIT.max} a minute per account; try again in ${retryAfter} s` });
      }
      const entry = { ...parsed.data, cust_id: user.custId };
      const size = Buffer.byteLength(JSON.stringify(entry));
      const today = new Date(at).toISOString().slice(0, 10);
      if ((await clientLogBytesOnDay(db, user.custId, today)) + size > CLIENT_LOG_DAILY_BYTES) {
        const untilTomorrow = Math.max(1, Math.ceil((Math.floor(at / DAY_MS + 1) * DAY_MS - at) / 1000));
        return reply.code(429).header('retry-after', String(untilTomorrow))
          .send({ error: `Client log quota reached: at most ${CLIENT_LOG_DAILY_BYTES} bytes a day per account; try again in ${untilTomorrow} s` });
      }
      const id = await insertClientLog(db, day.data, entry, new Date(at));
      return reply.code(201).send({ result: 'created', id });
    },
  );
}
