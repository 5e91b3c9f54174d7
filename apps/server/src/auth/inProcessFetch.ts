import type { FastifyInstance } from 'fastify';
import type { CustomFetch } from 'openid-client';

/**
 * A fetch for openid-client that answers requests to this server's own built-in provider in process
 * (Fastify's inject) instead of over the network: discovery, the token exchange and the signing
 * keys. The request keeps its Host (the origin the provider instance belongs to) and, for an https
 * origin, says so with X-Forwarded-Proto as a TLS-terminating proxy would.
 */
export function inProcessFetch(app: FastifyInstance): CustomFetch {
  return async (url, options) => {
    const target = new URL(url);
    const headers: Record<string, string> = { ...options.headers, host: target.host };
    if (target.protocol === 'https:') headers['x-forwarded-proto'] = 'https';
    const body = options.body;
    if (body instanceof URLSearchParams && !Object.keys(headers).some((name) => name.toLowerCase() === 'content-type')) {
      headers['content-type'] = 'application/x-www-form-urlencoded;charset=UTF-8';
    }
    const payload = body === null || body === undefined ? undefined : Buffer.from(await new Response(body).arrayBuffer());
    const reply = await app.inject({
      method: options.method as 'GET' | 'POST',
      url: target.pathname + target.search,
      headers,
      ...(payload === undefined ? {} : { payload }),
    });
    const replyHeaders = new Headers();
    for (const [name, value] of Object.entries(reply.headers)) {
      if (value === undefined) continue;
      for (const one of Array.isArray(value) ? value : [String(value)]) replyHeaders.append(name, one);
    }
    const empty = reply.statusCode === 204 || reply.statusCode === 304;
    return new Response(empty ? null : reply.rawPayload, { status: reply.statusCode, headers: replyHeaders });
  };
}
