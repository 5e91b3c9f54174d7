import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

/** Header carrying the request id in both directions. */
export const REQUEST_ID_HEADER = 'x-request-id';

// A caller's id is kept only if it is short and plain, so it cannot forge log lines.
const ACCEPTABLE_ID = /^[\w.:-]{1,128}$/;

/** The id for a request: the caller's X-Request-Id (e.g. from a load balancer) or a new UUID. */
export function requestIdFor(request: IncomingMessage): string {
  const given = request.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && ACCEPTABLE_ID.test(given) ? given : randomUUID();
}

/** Echoes the request id on every reply so a user's report can be matched with the server log. */
export function installRequestIdHeader(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
  });
}
