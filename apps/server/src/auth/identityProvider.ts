import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config/index.js';
import type { Database } from '../db/index.js';
import { originOrRefuse, secureFor } from './allowedOrigin.js';
import type { FlowContext } from './idp/flowContext.js';
import { loginFlow } from './idp/loginFlow.js';
import { BUILTIN_ISSUER_PATH } from './idp/paths.js';
import { createProvider } from './idp/provider.js';
import { registerFlow } from './idp/registerFlow.js';
import { resetFlow } from './idp/resetFlow.js';
import { verifyFlow } from './idp/verifyFlow.js';
import type { Outbox } from './mailer.js';
import { parseForm } from './pages.js';
import { PerOrigin } from './perOrigin.js';
import type { AttemptCounter } from './rateLimit.js';

export interface IdentityProviderOptions {
  config: Config;
  db: Database;
  outbox: Outbox;
  attempts: AttemptCounter;
}

/**
 * The built-in OpenID Connect identity provider (oidc-provider) under /oidc, with its hosted pages:
 * sign-in (the provider's login interaction), registration, e-mail confirmation and password reset,
 * one plugin per flow in idp/ (page templates in idp/pageTemplates.ts, mails in idp/mails.ts, the
 * provider itself in idp/provider.ts). Consent is granted without a page: the only client is this
 * server's own web app. Every page and endpoint answers at the origin of the request when it is
 * allowed (auth/allowedOrigin.ts) and refuses other hosts, so links and redirects never point at a
 * host a client made up.
 */
export async function identityProviderRoutes(app: FastifyInstance, options: IdentityProviderOptions): Promise<void> {
  const { config, db, outbox, attempts } = options;
  // Made on first use, not at start-up: the app starts (and /healthz reports) while the database is
  // down, and the keys are read from the database once it answers. One per origin (createProvider).
  const providers = new PerOrigin((origin) => createProvider(db, origin, config.auth.secretsKey).then((provider) => ({ provider, handle: provider.callback() })));
  const origins = new WeakMap<FastifyRequest, string>();
  /** Refuses a host that is not allowed before anything else runs; keeps the origin of one that is. */
  const allowedOrigin = async (request: FastifyRequest, reply: FastifyReply) => {
    const origin = originOrRefuse(request, reply, config);
    if (origin === undefined) return reply;
    origins.set(request, origin);
  };
  const originOf = (request: FastifyRequest): string => origins.get(request) ?? config.publicOrigin;
  const ready = (request: FastifyRequest) => providers.get(originOf(request));

  // The provider's own endpoints (discovery, auth, token, jwks, userinfo, end session): handed to Koa
  // untouched, the body unread so that oidc-provider parses it itself.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
    scope.addHook('onRequest', allowedOrigin);
    const forward = async (request: FastifyRequest, reply: FastifyReply) => {
      const { handle } = await ready(request);
      reply.hijack();
      const raw = request.raw as typeof request.raw & { originalUrl?: string };
      raw.originalUrl = raw.url;
      raw.url = (raw.url ?? '/').slice(BUILTIN_ISSUER_PATH.length) || '/';
      await handle(raw, reply.raw);
    };
    scope.all(`${BUILTIN_ISSUER_PATH}/*`, forward);
  });

  // The hosted pages read url-encoded forms; each flow is a plugin inside this scope (its hook and parser).
  await app.register(async (scope) => {
    scope.addHook('onRequest', allowedOrigin);
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 16 * 1024 }, (_request, body, done) => {
      done(null, parseForm(String(body)));
    });
    const context: FlowContext = {
      db,
      outbox,
      attempts,
      providerOf: async (request) => (await ready(request)).provider,
      originOf,
      secureOf: (request) => secureFor(originOf(request)),
    };
    await scope.register(loginFlow, context);
    await scope.register(registerFlow, context);
    await scope.register(verifyFlow, context);
    await scope.register(resetFlow, context);
  });
}
