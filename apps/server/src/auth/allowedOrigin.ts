import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config/index.js';
import { escapeHtml, originOfRequest } from '../http/index.js';
import { errorBox, sendPage } from './pages.js';

/** The page a browser gets when it signs in at an address the server may not put into links. */
export const ORIGIN_TEXT = {
  title: 'Unknown address',
  unknownHost: (host: string) =>
    `This server does not sign in at ${host}: it only makes sign-in and e-mail links for localhost, loopback and private-network addresses and the names in ALLOWED_HOSTS.`,
  operatorHint: 'Whoever runs it can add this name to ALLOWED_HOSTS, or set PUBLIC_ORIGIN to the address everyone uses.',
} as const;

/**
 * The origin for this request's absolute addresses (http/requestOrigin.ts), or undefined after
 * answering 421 Misdirected Request with a page that says why: a Host header that is not allowed
 * never becomes a redirect or a mailed link.
 */
export function originOrRefuse(request: FastifyRequest, reply: FastifyReply, config: Config): string | undefined {
  const origin = originOfRequest(request, config);
  if (origin !== undefined) return origin;
  request.log.warn({ host: request.host }, 'sign-in refused: the request names a host that is not allowed (ALLOWED_HOSTS, PUBLIC_ORIGIN)');
  void sendPage(reply, 421, ORIGIN_TEXT.title, `${errorBox(ORIGIN_TEXT.unknownHost(request.host))}<p>${escapeHtml(ORIGIN_TEXT.operatorHint)}</p>`);
  return undefined;
}

/** Whether cookies set for this origin carry Secure (an https origin; browsers drop Secure cookies sent over http). */
export function secureFor(origin: string): boolean {
  return origin.startsWith('https:');
}
