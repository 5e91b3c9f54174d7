import type { FastifyError, FastifyInstance } from 'fastify';

/** How one plugin names its body errors: the `error` texts of its 413 and 400/415 replies. */
export interface BodyErrorTexts {
  /** Largest accepted body, bytes: the route's `bodyLimit`, echoed as `limit_bytes` in the 413. */
  limitBytes: number;
  /** `error` of the 413 reply, e.g. 'Sync request too large'. */
  tooLarge: string;
  /** `error` of the 400 (malformed JSON) and 415 (unsupported content type) replies, e.g. 'Invalid sync request'. */
  invalid: string;
  /**
   * false: a 415 is left to the app's handler (`{error: 'Unsupported Media Type: <type>', code}`),
   * as the client log sink answers it. Default true: 415 in the plugin's shape.
   */
  mediaTypeInPluginShape?: boolean;
}

/**
 * Size, parse and content-type errors of a plugin's bodies, answered in the plugin's own shape (the
 * sender's fault, so no 500 and no Fastify wording in `error`): 413 `{error, limit_bytes}`, and
 * 400 (and 415 unless told otherwise) `{error, issues:[{path:'(root)', message}]}` like the routes' own validation errors.
 * Any other error goes on to the app's handler (http/errors.ts). Fastify scopes error handlers to
 * the plugin that sets them, so each plugin installs its own texts.
 */
export function installBodyErrors(app: FastifyInstance, texts: BodyErrorTexts): void {
  app.setErrorHandler((error: FastifyError, _request, reply) => {
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return reply.code(413).send({ error: texts.tooLarge, limit_bytes: texts.limitBytes });
    if (error.statusCode === 400 || (error.statusCode === 415 && texts.mediaTypeInPluginShape !== false)) {
      return reply.code(error.statusCode).send({ error: texts.invalid, issues: [{ path: '(root)', message: error.message }] });
    }
    // Rethrown to the app's handler. It must be an Error: a plain object rethrown here (what
    // @fastify/rate-limit throws for a 429) would be sent as a 200 body instead.
    throw error instanceof Error ? error : Object.assign(new Error(String((error as { message?: unknown }).message ?? 'Request refused')), error);
  });
}
