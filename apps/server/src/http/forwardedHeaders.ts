import type { FastifyInstance } from 'fastify';
import type { OriginPolicy } from './requestOrigin.js';

/**
 * X-Forwarded-Host and X-Forwarded-Proto as the rest of the app may read them. Fastify trusts them
 * only from a TRUST_PROXY peer (request.host, request.protocol), but the built-in identity provider
 * (Koa inside oidc-provider, `proxy` on for an https origin) reads the raw headers from any client,
 * so a made-up X-Forwarded-Host would rewrite its discovery document and redirects. This hook
 * replaces both raw headers as each request arrives:
 * - PUBLIC_ORIGIN set: its host and scheme, whatever the client sent (every absolute address uses it);
 * - otherwise Fastify's reading: the forwarded values from a trusted proxy (its last hop, once), and
 *   the Host header and the socket's scheme from anyone else (TRUST_PROXY unset: always).
 * X-Forwarded-For from a peer that is not a trusted proxy is dropped too.
 */
export function installForwardedHeaders(app: FastifyInstance, policy: Pick<OriginPolicy, 'publicOrigin' | 'publicOriginFixed'>, trustProxy: boolean | readonly string[]): void {
  const fixed = policy.publicOriginFixed ? new URL(policy.publicOrigin) : null;
  const trusting = trustProxy !== false && !(Array.isArray(trustProxy) && trustProxy.length === 0);
  app.addHook('onRequest', async (request) => {
    const headers = request.raw.headers;
    // Fastify's getters read the raw headers: take its view before replacing them.
    const host = fixed === null ? request.host : fixed.host;
    const protocol = fixed === null ? request.protocol : fixed.protocol.replace(/:$/, '');
    // request.ip differs from the peer only when a trusted proxy's X-Forwarded-For was used.
    const fromTrustedProxy = trusting && request.ip !== request.socket.remoteAddress;
    if (!fromTrustedProxy) delete headers['x-forwarded-for'];
    headers['x-forwarded-host'] = host;
    headers['x-forwarded-proto'] = protocol;
  });
}
