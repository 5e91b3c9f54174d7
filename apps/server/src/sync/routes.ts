import type { FastifyInstance, LogLevel } from 'fastify';
import { z } from 'zod';
import { DEFAULT_ENDPOINT_PATHS, describeIssues, deviceLimitBody, syncProfileRequestSchema } from '@clearway/protocol';
import { requireSession, sessionUserOf, type SessionResolver } from '../auth/index.js';
import type { Database } from '../db/index.js';
import { installBodyErrors } from '../http/index.js';
import { announceTableChanged, type RealtimeHub } from '../realtime/index.js';
import { listSyncDevices, MAX_DEVICES_PER_CUSTOMER, removeSyncDevice, SyncDeviceLimitError } from './devices.js';
import { SyncForbiddenError, syncProfileOutcome } from './syncStore.js';

const API = DEFAULT_ENDPOINT_PATHS.profileRest.path;
export const SYNC_PROFILE_PATH = `${API}/sync_profile`;
export const DEVICES_PATH = `${API}/devices`;

/**
 * Largest sync_profile body, bytes. 30 records of the largest table (saved routes with their legs)
 * fit well below it; anything larger is not a device's sync and gets 413.
 */
export const SYNC_BODY_LIMIT_BYTES = 1024 * 1024;

const deviceParamsSchema = z.object({ uuid: z.string().min(1).max(64) });

export interface SyncRoutesOptions {
  db: Database;
  sessions: SessionResolver;
  /** Where a change is announced to the customer's other devices. */
  hub: RealtimeHub;
  /** The server clock, ms since the epoch (tests pin it). */
  now?: () => number;
  /** Devices per customer (default 4, spec part 1 §9). */
  maxDevices?: number;
  /**
   * Log level of `POST /api/sync_profile`'s own request logger (Fastify's per-route logLevel): the
   * app passes 'warn' unless LOG_LEVEL is debug or trace, so the two info lines Fastify writes per
   * request (most of the server's log volume, and measurable CPU at a thousand syncs a second) are
   * debug-only while warnings and errors are still logged. Unset: the app's level.
   */
  requestLogLevel?: LogLevel;
}


/**
 * `POST /api/sync_profile` (spec part 1 §4, §7) and the account page's device list
 * `GET /api/devices` and `DELETE /api/devices/:uuid`. Every call is authorised from the session:
 * none gets 401, a body naming another customer 403; a bad body 400 with the path of the bad field,
 * a body over SYNC_BODY_LIMIT_BYTES 413, a fifth device 403 naming the limit. A sync that changed
 * stored records is announced on the hub to the customer's other devices (`{type: <table>}`).
 */
export async function syncRoutes(app: FastifyInstance, options: SyncRoutesOptions): Promise<void> {
  const now = options.now ?? Date.now;
  const maxDevices = options.maxDevices ?? MAX_DEVICES_PER_CUSTOMER;

  // Size and parse errors of these bodies are the sender's fault: answer in the routes' shape.
  installBodyErrors(app, { limitBytes: SYNC_BODY_LIMIT_BYTES, tooLarge: 'Sync request too large', invalid: 'Invalid sync request' });

  // The session is checked before the body is read (onRequest), so an anonymous caller gets 401 whatever it sends.
  const signedIn = requireSession(options.sessions, 'Sign in to sync');

  app.post(SYNC_PROFILE_PATH, { bodyLimit: SYNC_BODY_LIMIT_BYTES, onRequest: signedIn, ...(options.requestLogLevel === undefined ? {} : { logLevel: options.requestLogLevel }) }, async (request, reply) => {
    const user = sessionUserOf(request);
    const body = syncProfileRequestSchema.safeParse(request.body);
    if (!body.success) return reply.code(400).send({ error: 'Invalid sync request', issues: describeIssues(body.error) });
    try {
      const outcome = await syncProfileOutcome(options.db, user.custId, body.data, now(), { maxDevices });
      if (outcome.written > 0) {
        // The reply is already durable; a hub failure must not turn it into an error.
        announceTableChanged(options.hub, user.custId, body.data.uuid, body.data.key).catch((error: unknown) =>
          request.log.warn({ err: error }, 'realtime announcement failed'),
        );
      }
      return outcome.reply;
    } catch (error) {
      if (error instanceof SyncForbiddenError) return reply.code(403).send({ error: error.message });
      // The body both sides share (@clearway/protocol deviceLimitBodySchema).
      if (error instanceof SyncDeviceLimitError) return reply.code(403).send(deviceLimitBody(error.limit));
      throw error;
    }
  });

  app.get(DEVICES_PATH, { onRequest: signedIn }, async (request) => {
    const user = sessionUserOf(request);
    const devices = await listSyncDevices(options.db, user.custId);
    return {
      limit: maxDevices,
      devices: devices.map((device) => ({ uuid: device.uuid, first_seen: device.firstSeen, last_seen: device.lastSeen })),
    };
  });

  app.delete(`${DEVICES_PATH}/:uuid`, { onRequest: signedIn }, async (request, reply) => {
    const user = sessionUserOf(request);
    const params = deviceParamsSchema.safeParse(request.params);
    if (!params.success) return reply.code(400).send({ error: 'Invalid device', issues: describeIssues(params.error) });
    const removed = await removeSyncDevice(options.db, user.custId, params.data.uuid);
    if (!removed) return reply.code(404).send({ error: 'No such device on this account' });
    return reply.code(204).send();
  });
}
