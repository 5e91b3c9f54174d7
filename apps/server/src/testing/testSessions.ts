import type { FastifyRequest } from 'fastify';
import type { SessionResolver, SessionUser } from '../auth/index.js';

/**
 * THE AUTH EDGE for the sync and realtime tests: a SessionResolver over an in-memory map of session
 * ids, read from a `clearway_test_session` cookie. It stands in for the real resolver (database
 * sessions from OIDC sign-in, apps/server/src/auth, built separately) and is for tests and the
 * sync benchmark only; production code never uses it.
 */
export const TEST_SESSION_COOKIE = 'clearway_test_session';

export class TestSessions implements SessionResolver {
  private readonly sessions = new Map<string, SessionUser>();

  /** Signs a customer in; returns the Cookie header value that carries the session. */
  signIn(sessionId: string, custId: string, email = `${custId}@example.test`): string {
    this.sessions.set(sessionId, { custId, email, sessionId });
    return `${TEST_SESSION_COOKIE}=${sessionId}`;
  }

  signOut(sessionId: string): void {
    this.sessions.delete(sessionId);
  }

  resolve(request: FastifyRequest): Promise<SessionUser | null> {
    const header = request.headers.cookie ?? '';
    for (const part of header.split(';')) {
      const [name, ...rest] = part.trim().split('=');
      if (name === TEST_SESSION_COOKIE) return Promise.resolve(this.sessions.get(rest.join('=')) ?? null);
    }
    return Promise.resolve(null);
  }
}
