// Issue 26 point 5, as an attacker would try it: an external issuer's ID token that names a pilot's
// e-mail without saying it is confirmed, or with another subject than the one that made the account.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RP_TEXT, SESSION_COOKIE } from '../auth/index.js';
import { ATTACK_TIMEOUT, Browser, HOOK_TIMEOUT, startTarget, type Target } from './signInKit.js';
import { startStandInIssuer, type StandInIdentity, type StandInIssuer } from './standInIssuer.js';

describe('sign-in with an external issuer on SQLite', { timeout: ATTACK_TIMEOUT }, () => {
  let issuer: StandInIssuer;
  let target: Target;
  beforeAll(async () => {
    issuer = await startStandInIssuer();
    target = await startTarget({ OIDC_ISSUER_URL: issuer.url, OIDC_CLIENT_ID: issuer.clientId, OIDC_CLIENT_SECRET: issuer.clientSecret });
  }, HOOK_TIMEOUT);
  afterAll(async () => {
    await target.close();
    await issuer.close();
  }, HOOK_TIMEOUT);

  /** GET /auth/login and the issuer's authorization (signing in `identity`): the callback to open. */
  async function authorizeAs(identity: StandInIdentity): Promise<{ browser: Browser; callbackPath: string }> {
    issuer.next = identity;
    const browser = new Browser(target.origin);
    const login = await browser.request('/auth/login');
    expect(login.status).toBe(302);
    const authorize = await fetch(login.headers.get('location') ?? '', { redirect: 'manual' });
    const back = new URL(authorize.headers.get('location') ?? '');
    expect(back.origin).toBe(target.origin);
    return { browser, callbackPath: back.pathname + back.search };
  }

  /** The whole sign-in as `identity`, up to the answer of GET /auth/callback. */
  async function signInAs(identity: StandInIdentity): Promise<{ browser: Browser; callback: Response }> {
    const { browser, callbackPath } = await authorizeAs(identity);
    return { browser, callback: await browser.request(callbackPath) };
  }

  async function custIdOf(browser: Browser): Promise<string> {
    const me = await browser.request('/auth/me');
    expect(me.status).toBe(200);
    return ((await me.json()) as { cust_id: string }).cust_id;
  }

  it('GET /auth/callback with an ID token without email_verified, or with it false: 400, no session and no customer', async () => {
    for (const identity of [{ sub: 'u-1', email: 'unverified@example.com' }, { sub: 'u-1', email: 'unverified@example.com', email_verified: false }]) {
      const { browser, callback } = await signInAs(identity);
      expect(callback.status).toBe(400);
      expect(await callback.text()).toContain(RP_TEXT.noEmail);
      expect(browser.jar.get(SESSION_COOKIE)).toBeUndefined();
    }
    expect(await target.db.kysely.selectFrom('customers').select('cust_id').where('email', '=', 'unverified@example.com').execute()).toEqual([]);
  });

  it('GET /auth/callback with the pilot\'s e-mail and another sub: 403, no session; the pilot\'s own sub still signs in to the same customer', async () => {
    const pilot = await signInAs({ sub: 'pilot-sub', email: 'pilot@example.com', email_verified: true, name: 'Pat Pilot' });
    expect(pilot.callback.status).toBe(302);
    const custId = await custIdOf(pilot.browser);

    const intruder = await signInAs({ sub: 'intruder-sub', email: 'Pilot@Example.com', email_verified: true });
    expect(intruder.callback.status).toBe(403);
    expect(await intruder.callback.text()).toContain(RP_TEXT.otherIdentity);
    expect(intruder.browser.jar.get(SESSION_COOKIE)).toBeUndefined();
    expect((await intruder.browser.request('/auth/me')).status).toBe(401);
    expect(await target.db.kysely.selectFrom('auth_identities').select(['sub', 'cust_id']).where('cust_id', '=', custId).execute()).toEqual([{ sub: 'pilot-sub', cust_id: custId }]);

    const again = await signInAs({ sub: 'pilot-sub', email: 'pilot@example.com', email_verified: true });
    expect(again.callback.status).toBe(302);
    expect(await custIdOf(again.browser)).toBe(custId);
  });

  it('GET /auth/callback × 2 at once, two subs for one new e-mail: 302 for one, 403 for the other, one binding', async () => {
    const a = await authorizeAs({ sub: 'race-a', email: 'race@example.com', email_verified: true });
    const b = await authorizeAs({ sub: 'race-b', email: 'race@example.com', email_verified: true });
    const callbacks = await Promise.all([a.browser.request(a.callbackPath), b.browser.request(b.callbackPath)]);
    expect(callbacks.map((response) => response.status).sort()).toEqual([302, 403]);
    const bindings = await target.db.kysely
      .selectFrom('auth_identities')
      .innerJoin('customers', 'customers.cust_id', 'auth_identities.cust_id')
      .select('auth_identities.sub')
      .where('customers.email', '=', 'race@example.com')
      .execute();
    expect(bindings).toHaveLength(1);
  });
});
