import type { FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import type { Database } from '../../db/index.js';
import type { Outbox } from '../mailer.js';
import { csrfField, csrfToken, sendPage } from '../pages.js';
import type { AttemptCounter } from '../rateLimit.js';
import type { HostedPage } from './pageTemplates.js';

/** What every flow plugin of the hosted pages (login, register, verify, reset) is given. */
export interface FlowContext {
  db: Database;
  outbox: Outbox;
  attempts: AttemptCounter;
  /** The provider of the request's origin (made on first use, one per origin). */
  providerOf: (request: FastifyRequest) => Promise<Provider>;
  /** The allowed origin the request came to (checked by the scope's onRequest hook). */
  originOf: (request: FastifyRequest) => string;
  /** True when that origin is https (Secure cookies). */
  secureOf: (request: FastifyRequest) => boolean;
}

/** The hidden CSRF field of a form page (its cookie set on the reply when new). */
export function csrfOf(context: FlowContext, request: FastifyRequest, reply: FastifyReply): string {
  return csrfField(csrfToken(request, reply, context.secureOf(request)));
}

/** Sends a hosted page with its status. */
export function send(reply: FastifyReply, status: number, page: HostedPage): FastifyReply {
  return sendPage(reply, status, page.title, page.body);
}

/** The url-encoded fields of a posted form (the scope's parser made the object). */
export function formOf(request: FastifyRequest): Record<string, string> {
  return request.body !== null && typeof request.body === 'object' ? (request.body as Record<string, string>) : {};
}
