// Issue 26 point 17 (logout half): a link or an image on another page must not sign a pilot out;
// logout is a POST, and GET /auth/logout only offers the button.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession, findOrCreateCustomer, SESSION_COOKIE } from '../auth/index.js';
import { ATTACK_TIMEOUT, HOOK_TIMEOUT, startTarget, type Target } from './signInKit.js';

describe('logout on SQLite', { timeout: ATTACK_TIMEOUT }, () => {
  let target: Target;
  beforeAll(async () => {
    target = await startTarget();
  }, HOOK_TIMEOUT);
  afterAll(async () => {
    await target.close();
  }, HOOK_TIMEOUT);

  async function signedIn(email: string): Promise<string> {
    const customer = await findOrCreateCustomer(target.db, { email });
    return `${SESSION_COOKIE}=${await createSession(target.db, customer.custId, 3600_000)}`;
  }

  it('GET /auth/logout: 405 with Allow: POST and a sign-out form; the session stays', async () => {
    const cookie = await signedIn('stays@example.com');
    const response = await fetch(new URL('/auth/logout', target.origin), { headers: { cookie }, redirect: 'manual' });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('POST');
    expect(response.headers.getSetCookie()).toEqual([]);
    expect(await response.text()).toContain('<form method="post" action="/auth/logout"><button type="submit">Sign out</button></form>');
    expect((await fetch(new URL('/auth/me', target.origin), { headers: { cookie } })).status).toBe(200);
  });

  it('POST /auth/logout (the web app, and the page\'s form): 302 to /, the session ends', async () => {
    for (const body of [undefined, '']) {
      const cookie = await signedIn(`leaves${body === undefined ? 1 : 2}@example.com`);
      const headers: Record<string, string> = { cookie, origin: target.origin };
      if (body !== undefined) headers['content-type'] = 'application/x-www-form-urlencoded';
      const response = await fetch(new URL('/auth/logout', target.origin), { method: 'POST', headers, body, redirect: 'manual' });
      expect(response.status).toBe(302);
      expect(response.headers.get('location')).toBe('/');
      expect((await fetch(new URL('/auth/me', target.origin), { headers: { cookie } })).status).toBe(401);
    }
  });
});
