import type { FastifyInstance } from 'fastify';
import { DEFAULT_ENDPOINT_PATHS, ENDPOINT_KEYS, isSameOriginEndpoint, type EndpointMap } from '@clearway/protocol';
import { originOfRequest, type OriginPolicy } from './requestOrigin.js';

/** Where Stripe.js and its card frames live (https://docs.stripe.com/security/guide#content-security-policy). */
const STRIPE = {
  script: ['https://js.stripe.com'],
  frame: ['https://js.stripe.com', 'https://hooks.stripe.com'],
  connect: ['https://api.stripe.com'],
};

/** The third parties the web app may load, from the configuration. */
export interface ThirdParties {
  /** Stripe is configured (STRIPE_SECRET_KEY): Stripe.js, its card frames and its API. */
  stripe: boolean;
  /** Zendesk is configured (ZENDESK_SHARED_SECRET), with its subdomain when ZENDESK_SUBDOMAIN is set. */
  zendesk: { subdomain: string | null } | null;
}

export const NO_THIRD_PARTIES: ThirdParties = { stripe: false, zendesk: null };

/**
 * The origins of the Zendesk Web Widget, from Zendesk's "Content Security Policy (CSP) support"
 * pages (developer.zendesk.com/documentation/zendesk-web-widget-sdks/sdks/web/csp for the messaging
 * widget, .../classic-web-widget-sdks/web-widget/integrating-with-google/csp for the classic widget
 * and its chat): they list one `default-src` set that a page with its own script-src/connect-src
 * must add to those directives too, and an `img-src` set. The messaging widget talks to the
 * account's subdomain, the ekr (embeddable) hosts and Sunshine Conversations (smooch.io); the
 * classic widget's chat (get_zendesk_jwt type `chat`) to Zopim. Without ZENDESK_SUBDOMAIN the
 * subdomain is not known, so any `*.zendesk.com` is allowed. Left out: Twilio (voice calls in the
 * widget, not used here).
 */
function zendeskOrigins(subdomain: string | null) {
  const host = subdomain === null ? '*.zendesk.com' : `${subdomain}.zendesk.com`;
  const https = [
    'https://static.zdassets.com',
    'https://ekr.zdassets.com',
    'https://ekr.zendesk.com',
    `https://${host}`,
    'https://api.smooch.io',
    'https://media.smooch.io',
    'https://*.zopim.com',
    'https://zendesk-eu.my.sentry.io',
  ];
  return {
    /** default-src of Zendesk's list: scripts, frames, fonts and media. */
    assets: https,
    /** The same plus the widget's sockets. */
    connect: [...https, `wss://${host}`, 'wss://api.smooch.io', 'wss://*.zopim.com'],
    img: ['https://static.zdassets.com', 'https://accounts.zendesk.com', `https://${host}`, 'https://media.smooch.io', 'https://*.zdusercontent.com', 'https://v2assets.zopim.io'],
  };
}

/**
 * The origins of the endpoints ENDPOINT_* moved to another server, which the app fetches from and
 * opens sockets to (connect-src); the tile server's also serves images (img-src). The main site is
 * only linked to, so it needs no source. Endpoints on the page's own origin need none either, except
 * sockets: with `ownOrigin` (the origin the page was served from), a socket endpoint left on it adds
 * `ws://` and `wss://` of that host, for browsers whose 'self' does not cover sockets.
 */
export function endpointSources(endpoints: EndpointMap | undefined, ownOrigin?: string): { connect: string[]; img: string[] } {
  const connect: string[] = [];
  const img: string[] = [];
  if (endpoints === undefined) return { connect, img };
  for (const key of ENDPOINT_KEYS) {
    const value = endpoints[key];
    if (key === 'mainSite') continue;
    if (isSameOriginEndpoint(value)) {
      if (DEFAULT_ENDPOINT_PATHS[key].socket && ownOrigin !== undefined) {
        const host = new URL(ownOrigin).host;
        connect.push(`ws://${host}`, `wss://${host}`);
      }
      continue;
    }
    const origin = new URL(value).origin;
    connect.push(origin);
    if (key === 'tileServer') img.push(origin);
  }
  return { connect, img };
}

/** `name` followed by the sources, without repeats. */
function directive(name: string, sources: string[]): string {
  return [name, ...new Set(sources)].join(' ');
}

/**
 * The Content-Security-Policy of every reply that does not set its own (the hosted sign-in pages
 * send a stricter one). Fits the built PWA: scripts only from this origin (Vite emits no inline
 * script), inline styles for MUI/emotion and the boot splash, MapLibre's blob: workers and
 * data:/blob: images, the realtime sockets (only to this origin and to the socket endpoints moved
 * elsewhere: endpointSources, never `ws:`/`wss:` to any host), and never framed. With Stripe configured,
 * Stripe.js, its card frames and its API are allowed too; with Zendesk configured, the Zendesk
 * widget's origins (zendeskOrigins). Without either, only this origin (plus data:/blob: above) and
 * the origins of endpoints configured on other servers (endpointSources).
 */
export function contentSecurityPolicy(thirdParties: ThirdParties = NO_THIRD_PARTIES, endpoints?: EndpointMap, ownOrigin?: string): string {
  const stripe = thirdParties.stripe;
  const moved = endpointSources(endpoints, ownOrigin);
  const zendesk = thirdParties.zendesk === null ? null : zendeskOrigins(thirdParties.zendesk.subdomain);
  const frames = [...(stripe ? STRIPE.frame : []), ...(zendesk?.assets ?? [])];
  return [
    // Every directive the third parties need is listed below, so the fallback stays this origin only.
    "default-src 'self'",
    directive('script-src', ["'self'", ...(stripe ? STRIPE.script : []), ...(zendesk?.assets ?? [])]),
    "style-src 'self' 'unsafe-inline'",
    directive('img-src', ["'self'", 'data:', 'blob:', ...moved.img, ...(zendesk?.img ?? [])]),
    directive('font-src', ["'self'", 'data:', ...(zendesk?.assets ?? [])]),
    directive('connect-src', ["'self'", ...moved.connect, ...(stripe ? STRIPE.connect : []), ...(zendesk?.connect ?? [])]),
    ...(zendesk ? [directive('media-src', ["'self'", ...zendesk.assets])] : []),
    "worker-src 'self' blob:",
    ...(frames.length > 0 ? [directive('frame-src', frames)] : []),
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** The policy without third parties (the built-in test payment provider and help centre). */
export const CONTENT_SECURITY_POLICY = contentSecurityPolicy();

/** HSTS for an https public origin: one year, subdomains included. */
export const STRICT_TRANSPORT_SECURITY = 'max-age=31536000; includeSubDomains';

/** The security headers of one reply, by lower-case name. `ownOrigin`: the origin the page was served from (its sockets). */
export function securityHeaders(options: { https: boolean; endpoints?: EndpointMap; ownOrigin?: string } & ThirdParties): Record<string, string> {
  return {
    'content-security-policy': contentSecurityPolicy({ stripe: options.stripe, zendesk: options.zendesk }, options.endpoints, options.ownOrigin),
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-frame-options': 'DENY',
    'cross-origin-opener-policy': 'same-origin',
    ...(options.https ? { 'strict-transport-security': STRICT_TRANSPORT_SECURITY } : {}),
  };
}

/** How many per-origin header sets installSecurityHeaders keeps (one per address the app is opened at). */
const MAX_CACHED_ORIGINS = 64;

/**
 * Adds the security headers to every reply of the app: 404s, errors and the built-in identity
 * provider's replies too (oidc-provider answers on the raw response, past Fastify's reply hooks),
 * so they are set on the raw response as each request arrives. A header a route sets itself (a
 * hosted page's own stricter CSP) replaces the default when the reply is written. HSTS only when
 * the public origin is https: browsers ignore it over http, and a laptop on http://localhost must
 * not be pinned to https. The sockets connect-src allows are those of the page's origin: PUBLIC_ORIGIN
 * when set, else the request's own origin when its host is allowed (http/requestOrigin.ts), else
 * none besides 'self'.
 */
export function installSecurityHeaders(app: FastifyInstance, options: OriginPolicy & { endpoints?: EndpointMap } & ThirdParties): void {
  const https = new URL(options.publicOrigin).protocol === 'https:';
  const headersFor = (ownOrigin: string | undefined) => Object.entries(securityHeaders({
    https,
    stripe: options.stripe,
    zendesk: options.zendesk,
    ...(options.endpoints === undefined ? {} : { endpoints: options.endpoints }),
    ...(ownOrigin === undefined ? {} : { ownOrigin }),
  }));
  const fixed = options.publicOriginFixed ? headersFor(options.publicOrigin) : null;
  const unknown = headersFor(undefined);
  const byOrigin = new Map<string, Array<[string, string]>>();
  app.addHook('onRequest', async (request, reply) => {
    let headers = fixed;
    if (headers === null) {
      const origin = originOfRequest(request, options);
      headers = origin === undefined ? unknown : (byOrigin.get(origin) ?? headersFor(origin));
      if (origin !== undefined && !byOrigin.has(origin) && byOrigin.size < MAX_CACHED_ORIGINS) byOrigin.set(origin, headers);
    }
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
  });
}
