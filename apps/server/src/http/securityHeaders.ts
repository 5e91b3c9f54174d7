import type { FastifyInstance } from 'fastify';

/** Where Stripe.js and its card frames live (https://docs.stripe.com/security/guide#content-security-policy). */
const STRIPE_SCRIPT = 'https://js.stripe.com';
const STRIPE_FRAMES = 'https://js.stripe.com https://hooks.stripe.com';
const STRIPE_CONNECT = 'https://api.stripe.com';

/**
 * The Content-Security-Policy of every reply that does not set its own (the hosted sign-in pages
 * send a stricter one). Fits the built PWA: scripts only from this origin (Vite emits no inline
 * script), inline styles for MUI/emotion and the boot splash, MapLibre's blob: workers and
 * data:/blob: images, the realtime sockets (ws:/wss:), and never framed. With Stripe configured,
 * Stripe.js, its card frames and its API are allowed too.
 */
export function contentSecurityPolicy(options: { stripe: boolean } = { stripe: false }): string {
  const stripe = options.stripe;
  return [
    "default-src 'self'",
    `script-src 'self'${stripe ? ` ${STRIPE_SCRIPT}` : ''}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src 'self' ws: wss:${stripe ? ` ${STRIPE_CONNECT}` : ''}`,
    "worker-src 'self' blob:",
    ...(stripe ? [`frame-src ${STRIPE_FRAMES}`] : []),
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** The policy without Stripe (the built-in test payment provider). */
export const CONTENT_SECURITY_POLICY = contentSecurityPolicy();

/** HSTS for an https public origin: one year, subdomains included. */
export const STRICT_TRANSPORT_SECURITY = 'max-age=31536000; includeSubDomains';

/** The security headers of one reply, by lower-case name. */
export function securityHeaders(options: { https: boolean; stripe: boolean }): Record<string, string> {
  return {
    'content-security-policy': contentSecurityPolicy({ stripe: options.stripe }),
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-frame-options': 'DENY',
    'cross-origin-opener-policy': 'same-origin',
    ...(options.https ? { 'strict-transport-security': STRICT_TRANSPORT_SECURITY } : {}),
  };
}

/**
 * Adds the security headers to every reply of the app: 404s, errors and the built-in identity
 * provider's replies too (oidc-provider answers on the raw response, past Fastify's reply hooks),
 * so they are set on the raw response as each request arrives. A header a route sets itself (a
 * hosted page's own stricter CSP) replaces the default when the reply is written. HSTS only when
 * the public origin is https: browsers ignore it over http, and a laptop on http://localhost must
 * not be pinned to https.
 */
export function installSecurityHeaders(app: FastifyInstance, options: { publicOrigin: string; stripe: boolean }): void {
  const headers = Object.entries(securityHeaders({ https: new URL(options.publicOrigin).protocol === 'https:', stripe: options.stripe }));
  app.addHook('onRequest', async (_request, reply) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
  });
}
