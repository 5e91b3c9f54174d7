import type { FastifyInstance, LogLevel } from 'fastify';
import { z } from 'zod';
import {
  DEFAULT_ENDPOINT_PATHS,
  describeIssues,
  deviceLimitBody,
  deviceTakenBody,
  LICENCE_CODE,
  SYNC_CONTINUATION_HEADER,
  syncProfileRequestSchema,
  syncQuotaBody,
} from '@clearway/protocol';
import { requireSession, sessionUserOf, type SessionResolver } from '../auth/index.js';
import { lookupLicenceCode } from '../billing/index.js';
import type { Database } from '../db/index.js';
import { installBodyErrors } from '../http/index.js';
import { announceSessionsEnded, announceTableChanged, type RealtimeHub } from '../realtime/index.js';
import { endOtherSessions, listDeviceSessions, MAX_DEVICES_PER_CUSTOMER, otherSessions, removeDeviceEndingSession, SyncDeviceLimitError } from './devices.js';
import { DEFAULT_SYNC_PAGE, DEFAULT_SYNC_QUOTA, SyncDeviceTakenError, SyncQuotaError, type SyncPageLimits, type SyncQuota } from './limits.js';
import { SyncForbiddenError, syncProfileOutcome } from './syncStore.js';

const API = DEFAULT_ENDPOINT_PATHS.profileRest.path;
export const SYNC_PROFILE_PATH = `${API}/sync_profile`;
export const DEVICES_PATH = `${API}/devices`;
/** `POST`: ends every other session of the signed-in customer (the account page's "Sign out all other devices"). */
export const SIGN_OUT_OTHERS_PATH = `${API}/devices/sign_out_others`;

/**
 * Largest sync_profile body, bytes. 30 records of the largest table (saved routes with their legs)
 * fit well below it; anything larger is not a device's sync and gets 413.
 */
export const SYNC_BODY_LIMIT_BYTES = 1024 * 1024;

/** The 403 of a customer whose licence and trial are both over (spec part 1 §6). */
export const SYNC_LICENCE_ERROR = 'Sync needs a valid licence or an available trial: the trial is over and there is no purchase';

const deviceParamsSchema = z.object({ uuid: z.string().min(1).max(64) });

/** The licence code of a customer at `now` (billing's lookupLicenceCode: 2 licensed, 0/1 trial not started/running, 5 neither). */
export type SyncLicenceLookup = (db: Database, custId: string, now: number) => Promise<number>;

export interface SyncRoutesOptions {
  db: Database;
  sessions: SessionResolver;
  /** Where a change is announced to the customer's other devices. */
  hub: RealtimeHub;
  /** The server clock, ms since the epoch (tests pin it). */
  now?: () => number;
  /** Devices per customer (default 4, spec part 1 §9). */
  maxDevices?: number;
  /** Records and payload bytes a customer may store (default DEFAULT_SYNC_QUOTA). */
  quota?: SyncQuota;
  /** The most of the records stored since `since` one reply carries (default DEFAULT_SYNC_PAGE). */
  page?: SyncPageLimits;
  /** The customer's licence code (default: billing's lookupLicenceCode). */
  licenceCode?: SyncLicenceLookup;
  /**
   * Log level of `POST /api/sync_profile`'s own request logger (Fastify's per-route logLevel): the
   * app passes 'warn' unless LOG_LEVEL is debug or trace, so the two info lines Fastify writes per
   * request (most of the server's log volume, and measurable CPU at a thousand syncs a second) are
   * debug-only while warnings and errors are still logged. Unset: the app's level.
   */
  requestLogLevel?: LogLevel;
}

/**
 * `POST /api/sync_profile` (spec part 1 §4, §7) and the account page's devices: `GET /api/devices`,
 * `DELETE /api/devices/:uuid` and `POST /api/devices/sign_out_others`. Every call is authorised
 * from the session: none gets 401, a body naming another customer 403; a bad body 400 with the path
 * of the bad field, a body over SYNC_BODY_LIMIT_BYTES 413. A sync is refused with 403 when the
 * licence and trial are over (spec §6), 403 `device_limit` for a fifth device, 403 `device_taken`
 * for a device id bound to another live session, and 413 `sync_quota` when its writes would take
 * the customer over the quota (nothing stored). A reply carries at most a page of the records
 * stored since `since`, with SYNC_CONTINUATION_HEADER when more follow. A sync that changed stored
 * records is announced on the hub to the customer's other devices (`{type: <table>}`); ending
 * sessions is announced so every process closes their sockets.
 */
export async function syncRoutes(app: FastifyInstance, options: SyncRoutesOptions): Promise<void> {
  const now = options.now ?? Date.now;
  const maxDevices = options.maxDevices ?? MAX_DEVICES_PER_CUSTOMER;
  const quota = options.quota ?? DEFAULT_SYNC_QUOTA;
  const page = options.page ?? DEFAULT_SYNC_PAGE;
  const licenceCode = options.licenceCode ?? lookupLicenceCode;

  // Size and parse errors of these bodies are the sender's fault: answer in the routes' shape.
  installBodyErrors(app, { limitBytes: SYNC_BODY_LIMIT_BYTES, tooLarge: 'Sync request too large', invalid: 'Invalid sync request' });

  // The session is checked before the body is read (onRequest), so an anonymous caller gets 401 whatever it sends.
  const signedIn = requireSession(options.sessions, 'Sign in to sync');

  app.post(SYNC_PROFILE_PATH, { bodyLimit: SYNC_BODY_LIMIT_BYTES, onRequest: signedIn, ...(options.requestLogLevel === undefined ? {} : { logLevel: options.requestLogLevel }) }, async (request, reply) => {
    const user = sessionUserOf(request);
    const body = syncProfileRequestSchema.safeParse(request.body);
    if (!body.success) return reply.code(400).send({ error: 'Invalid sync request', issues: describeIssues(body.error) });
    const at = now();
    // Spec part 1 §6: "A user without trial or license can purchase or log out."
    if ((await licenceCode(options.db, user.custId, at)) === LICENCE_CODE.TRIAL_NOT_AVAILABLE) {
      request.log.warn({ custId: user.custId }, 'sync refused: no licence and no trial');
      return reply.code(403).send({ error: SYNC_LICENCE_ERROR, code: LICENCE_CODE.TRIAL_NOT_AVAILABLE });
    }
    try {
      const outcome = await syncProfileOutcome(options.db, user.custId, body.data, at, { maxDevices, quota, page, sessionId: user.sessionId, sessionNow: Date.now() });
      if (outcome.written > 0) {
        // The reply is already durable; a hub failure must not turn it into an error.
        announceTableChanged(options.hub, user.custId, body.data.uuid, body.data.key).catch((error: unknown) =>
          request.log.warn({ err: error }, 'realtime announcement failed'),
        );
      }
      if (outcome.continuation !== null) void reply.header(SYNC_CONTINUATION_HEADER, outcome.continuation);
      return outcome.reply;
    } catch (error) {
      if (error instanceof SyncForbiddenError) return reply.code(403).send({ error: error.message });
      // The body both sides share (@clearway/protocol deviceLimitBodySchema).
      if (error instanceof SyncDeviceLimitError) return reply.code(403).send(deviceLimitBody(error.limit));
      if (error instanceof SyncDeviceTakenError) {
        request.log.warn({ custId: user.custId, uuid: body.data.uuid }, 'sync refused: device id bound to another live session');
        return reply.code(403).send(deviceTakenBody);
      }
      if (error instanceof SyncQuotaError) {
        request.log.warn({ custId: user.custId, reached: error.reached }, 'sync refused: quota reached');
        return reply.code(413).send(syncQuotaBody(error.reached, error.quota));
      }
      throw error;
    }
  });

  app.get(DEVICES_PATH, { onRequest: signedIn }, async (request, reply) => {
    const user = sessionUserOf(request);
    const at = Date.now();
    const devices = await listDeviceSessions(options.db, user.custId, at);
    const others = await otherSessions(options.db, user.custId, user.sessionId, at);
    void reply.header('cache-control', 'no-store');
    return {
      limit: maxDevices,
      devices: devices.map((device) => ({
        uuid: device.uuid,
        first_seen: device.firstSeen,
        last_seen: device.lastSeen,
        signed_in: device.signedIn,
        this_session: device.sessionId === user.sessionId,
      })),
      // Sessions other than the caller's that are signed in (synced or not): what "sign out all other devices" ends.
      other_sessions: others.length,
    };
  });

  app.delete(`${DEVICES_PATH}/:uuid`, { onRequest: signedIn }, async (request, reply) => {
    const user = sessionUserOf(request);
    const params = deviceParamsSchema.safeParse(request.params);
    if (!params.success) return reply.code(400).send({ error: 'Invalid device', issues: describeIssues(params.error) });
    const removal = await removeDeviceEndingSession(options.db, user.custId, params.data.uuid, user.sessionId);
    if (!removal.removed) return reply.code(404).send({ error: 'No such device on this account' });
    if (removal.endedSession !== null) {
      announceSessionsEnded(options.hub, user.custId, [removal.endedSession]).catch((error: unknown) =>
        request.log.warn({ err: error }, 'realtime announcement of ended sessions failed (their sockets close at the next ping)'),
      );
    }
    return reply.code(204).send();
  });

  app.post(SIGN_OUT_OTHERS_PATH, { onRequest: signedIn }, async (request) => {
    const user = sessionUserOf(request);
    const ended = await endOtherSessions(options.db, user.custId, user.sessionId);
    announceSessionsEnded(options.hub, user.custId, ended).catch((error: unknown) =>
      request.log.warn({ err: error }, 'realtime announcement of ended sessions failed (their sockets close at the next ping)'),
    );
    return { signed_out: ended.length };
  });
}
