import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { describeIssues } from '@clearway/protocol';
import type { SessionResolver, SessionUser } from '../auth/sessionContract.js';

/** Largest accepted body of the account and payment calls, bytes (they carry a few short fields). */
export const CALL_BODY_LIMIT_BYTES = 16 * 1024;

/**
 * Size and parse errors of a plugin's bodies answered in the plugin's shape: 413 with the limit,
 * 400 naming the root for malformed JSON. Other errors go to the app's handler.
 */
export function installBodyErrors(app: FastifyInstance, limitBytes: number): void {
  app.setErrorHandler((error: FastifyError, _request, reply) => {
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return reply.code(413).send({ error: 'Request body too large', limit_bytes: limitBytes });
    if (error.statusCode === 400 || error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' || error.statusCode === 415) {
      return reply.code(error.statusCode ?? 400).send({ error: 'Invalid request', issues: [{ path: '(root)', message: error.message }] });
    }
    throw error;
  });
}

/**
 * Authorises a call from the session and validates its body: 401 when signed out, 400 naming the
 * path of each bad field, 403 when the body's cust_id is not the session's customer. Returns null
 * once a reply has been sent.
 */
export async function authorisedBody<S extends z.ZodType<{ cust_id: string }>>(
  sessions: SessionResolver,
  schema: S,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<{ user: SessionUser; body: z.infer<S> } | null> {
  const user = await sessions.resolve(request);
  if (user === null) {
    await reply.code(401).send({ error: 'Not signed in' });
    return null;
  }
  const parsed = schema.safeParse(request.body ?? {});
  if (!parsed.success) {
    await reply.code(400).send({ error: 'Invalid request', issues: describeIssues(parsed.error) });
    return null;
  }
  if (parsed.data.cust_id !== user.custId) {
    await reply.code(403).send({ error: 'cust_id is not the signed-in customer' });
    return null;
  }
  return { user, body: parsed.data };
}
