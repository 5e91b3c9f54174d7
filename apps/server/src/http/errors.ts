import type { FastifyError, FastifyInstance } from 'fastify';

/**
 * Errors become JSON `{error}`. Client errors (4xx) say what was wrong; server errors are logged
 * with the request id and answered without internals.
 */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.code(status).send({ error: error.message, ...(error.code ? { code: error.code } : {}) });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ error: 'Internal server error', request_id: request.id });
  });
}
