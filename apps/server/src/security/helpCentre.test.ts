// Issue 26 point 10, as an attacker would try it: replaying a built-in help-centre token (it travels
// in a URL), using a widget or chat token as a sign-in, and reading the token from the log.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession, findOrCreateCustomer, SESSION_COOKIE } from '../auth/index.js';
import { ATTACK_TIMEOUT, HOOK_TIMEOUT, startTarget, type Target } from './signInKit.js';

describe('built-in help centre tokens on SQLite', { timeout: ATTACK_TIMEOUT }, () => {
  let target: Target;
  let cookie: string;
  let custId: string;
  beforeAll(async () => {
    target = await startTarget();
    const customer = await findOrCreateCustomer(target.db, { email: 'helped@example.com', fullName: 'Helped Pilot' });
    custId = customer.custId;
    cookie = `${SESSION_COOKIE}=${await createSession(target.db, custId, 3600_000)}`;
  }, HOOK_TIMEOUT);
  afterAll(async () => {
    await target.close();
  }, HOOK_TIMEOUT);

  async function helpToken(type: string): Promise<{ jwt: string; url: string | null }> {
    const reply = await target.app.inject({ method: 'POST', url: '/api/get_zendesk_jwt', headers: { cookie }, payload: { cust_id: custId, type } });
    expect(reply.statusCode).toBe(200);
    return reply.json();
  }

  it('GET /help?jwt= a second time with the same token: 401 (single use by jti)', async () => {
    const { url } = await helpToken('sso');
    const first = await fetch(new URL(url ?? '', target.origin));
    expect(first.status).toBe(200);
    expect(await first.text()).toContain('Signed in as Helped Pilot (helped@example.com).');
    const replay = await fetch(new URL(url ?? '', target.origin));
    expect(replay.status).toBe(401);
    expect(await replay.text()).toContain('expired or is not valid');
  });

  it.each(['widget', 'chat'])('GET /help?jwt= with a %s token: 401 (only an sso token signs in)', async (type) => {
    const { jwt, url } = await helpToken(type);
    expect(url).toBeNull();
    const page = await fetch(new URL(`/help?jwt=${encodeURIComponent(jwt)}`, target.origin));
    expect(page.status).toBe(401);
  });

  it('GET /help?jwt=...: the token is in no log line', async () => {
    const { jwt, url } = await helpToken('sso');
    const before = target.logLines.length;
    expect((await fetch(new URL(url ?? '', target.origin))).status).toBe(200);
    const lines = target.logLines.slice(before);
    expect(lines.some((line) => line.includes('/help'))).toBe(true);
    for (const line of target.logLines) expect(line).not.toContain(jwt);
  });
});
