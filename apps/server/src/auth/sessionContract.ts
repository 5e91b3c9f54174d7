import type { FastifyRequest } from 'fastify';

/**
 * What every authorised route needs from sign-in: the customer behind a request, read from the
 * session cookie (sessions live in the database, never in process memory). Routes take a
 * SessionResolver as a plugin option so they are tested with the real session store.
 */
export interface SessionUser {
  /** The customer id (the spec's cust_id). */
  custId: string;
  /** Verified e-mail from the ID token. */
  email: string;
  sessionId: string;
}

export interface SessionResolver {
  /** The signed-in customer of a request, or null (no, expired or forged session). */
  resolve(request: FastifyRequest): Promise<SessionUser | null>;
}
