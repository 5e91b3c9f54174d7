import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { describeIssues } from '@clearway/protocol';
import { sessionUserOf, type SessionUser } from '../auth/index.js';
import type { BodyErrorTexts } from '../http/index.js';

/** Largest accepted body of the account and payment calls, bytes (they carry a few short fields). */
export const CALL_BODY_LIMIT_BYTES = 16 * 1024;

/** The body errors of the account and payment calls (installBodyErrors of http/). */
export function callBodyErrors(limitBytes: number = CALL_BODY_LIMIT_BYTES): BodyErrorTexts {
  return { limitBytes, tooLarge: 'Request body too large', invalid: 'Invalid request' };
}

/** The 401 text of the account and payment calls (auth's requireSession, as their preHandler). */
export const CALL_SIGNED_OUT_ERROR = 'Not signed in';

/**
 * Validates the body of a call that requireSession has let through: 400 naming the path of each bad
 * field, 403 when the body's cust_id is not the session's customer. Returns null once a reply has
 * been sent.
 */
export async function customerBody<S extends z.ZodType<{ cust_id: string }>>(
  schema: S,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<{ user: SessionUser; body: z.infer<S> } | null> {
  const user = sessionUserOf(request);
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
