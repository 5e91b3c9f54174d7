import type { FastifyInstance, FastifyRequest } from 'fastify';
import { originOfRequest, originOnHost, type OriginPolicy } from './requestOrigin.js';

/** Methods that change nothing; every other method is checked. */
const SAFE_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The 403 body of a refused cross-site request. */
export const CROSS_SITE_ERROR = 'Cross-site request refused';

/** Why a state-changing request is refused, or null when it may go on. */
export function crossSiteRefusal(request: Pick<FastifyRequest, 'method' | 'headers' | 'host' | 'protocol'>, policy: OriginPolicy): string | null {
  if (SAFE_METHODS.has(request.method)) return null;
  const origin = request.headers.origin;
  const fetchSite = request.headers['sec-fetch-site'];
  // The origin this server puts into its own links (PUBLIC_ORIGIN, or the request's own allowed
  // origin: http/requestOrigin.ts, the rule sign-in uses) is always this site.
  if (typeof origin === 'string' && origin === originOfRequest(request, policy)) return null;
  if (typeof fetchSite === 'string') {
    // Sent by every current browser: same-origin, or none for a request the user started (a bookmark).
    if (fetchSite === 'same-origin' || fetchSite === 'none') return null;
    return `Sec-Fetch-Site is ${fetchSite}`;
  }
  // No Origin and no Sec-Fetch-Site: not a browser's cross-site request (curl, server-to-server, an
  // old browser's same-origin form).
  if (origin === undefined) return null;
  if (typeof origin === 'string' && originOnHost(origin, request.host)) return null;
  return `Origin ${String(origin)} is not this site`;
}

/**
 * Refuses state-changing requests (POST, PUT, PATCH, DELETE, ...) that a browser sent from another
 * site, with 403 before the body is read: a foreign `Origin` (including `null`) or `Sec-Fetch-Site`
 * same-site or cross-site, unless the Origin is this server's own (crossSiteRefusal). SameSite=Lax
 * cookies alone would let a sibling subdomain or an old browser through. `exemptPaths` are left
 * alone: the Stripe webhook, which no browser sends and whose body is signed.
 */
export function installCrossSiteGuard(app: FastifyInstance, policy: OriginPolicy, exemptPaths: readonly string[]): void {
  const exempt = new Set(exemptPaths);
  app.addHook('onRequest', async (request, reply) => {
    if (SAFE_METHODS.has(request.method)) return;
    const path = request.url.split('?')[0] ?? '/';
    // The router ignores one trailing slash (app.ts); so does the exemption.
    if (exempt.has(path) || (path.endsWith('/') && exempt.has(path.slice(0, -1)))) return;
    const refusal = crossSiteRefusal(request, policy);
    if (refusal === null) return;
    request.log.warn({ origin: request.headers.origin, fetchSite: request.headers['sec-fetch-site'], method: request.method, path }, `cross-site request refused: ${refusal}`);
    return reply.code(403).send({ error: `${CROSS_SITE_ERROR}: ${refusal}` });
  });
}
