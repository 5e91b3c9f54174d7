// Issue 26 point 1, as an attacker would try it: guessing a pilot's password through the built-in
// provider's login form. Every attempt is recorded before it is counted, per address and e-mail and
// per account across addresses, and the 429 is the same whatever the password was.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDP_TEXT } from '../auth/index.js';
import { POSTGRES_SKIP_REASON, TEST_DATABASE_URL } from '../testing/postgres.js';
import { requireService } from '../testing/skips.js';
import { ATTACK_TIMEOUT, Browser, HOOK_TIMEOUT, openLoginForm, PASSWORD, postLogin, registerConfirmed, startTarget, warmPool, type Target } from './signInKit.js';

/** Requests of a burst whose password check ran (401 wrong, 303 on to the provider): the rest are 429. */
function ran(statuses: number[]): number {
  return statuses.filter((status) => status === 401 || status === 303).length;
}

function signInAttacks(database: string, start: () => Promise<Target>): void {
  describe(`sign-in limits on ${database}`, { timeout: ATTACK_TIMEOUT }, () => {
    let target: Target;
    beforeAll(async () => {
      target = await start();
    }, HOOK_TIMEOUT);
    afterAll(async () => {
      await target.close();
    }, HOOK_TIMEOUT);

    it('POST /oidc/interaction/{uid}/login × 40 at once (39 wrong, then the right password): at most 5 run, the rest 429 with Retry-After', async () => {
      await registerConfirmed(target, 'burst@example.com');
      const attacker = new Browser(target.origin, '203.0.113.40');
      const form = await openLoginForm(attacker);
      await warmPool(target);
      const guesses = Array.from({ length: 40 }, (_, index) => (index === 39 ? PASSWORD : `wrong guess number ${index}`));
      const responses = await Promise.all(guesses.map((guess) => postLogin(attacker, form, 'burst@example.com', guess)));
      const statuses = responses.map((response) => response.status);
      expect(ran(statuses)).toBeLessThanOrEqual(5);
      expect(statuses.filter((status) => status === 429)).toHaveLength(40 - ran(statuses));
      for (const response of responses.filter((r) => r.status === 429)) {
        expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
        const page = await response.text();
        expect(page).toContain(IDP_TEXT.tooManyAttempts);
        expect(page).not.toContain(IDP_TEXT.wrongPassword);
      }
    });

    it('POST /oidc/interaction/{uid}/login from 4 addresses × 3 wrong guesses, then the right password from a 5th address: 429 (10 per account across addresses)', async () => {
      await registerConfirmed(target, 'spread@example.com');
      const statuses: number[] = [];
      for (let address = 1; address <= 4; address += 1) {
        const attacker = new Browser(target.origin, `203.0.113.${address}`);
        const form = await openLoginForm(attacker);
        for (let guess = 0; guess < 3; guess += 1) statuses.push((await postLogin(attacker, form, 'spread@example.com', `guess ${address}-${guess} wrong`)).status);
      }
      // Never more than 5 per address, so only the account's own limit stops the 11th.
      expect(statuses).toEqual([401, 401, 401, 401, 401, 401, 401, 401, 401, 401, 429, 429]);
      const fifth = new Browser(target.origin, '203.0.113.5');
      const form = await openLoginForm(fifth);
      const wrong = await postLogin(fifth, form, 'spread@example.com', 'one more wrong guess');
      const right = await postLogin(fifth, form, 'spread@example.com', PASSWORD);
      expect([wrong.status, right.status]).toEqual([429, 429]);
      expect(right.headers.get('retry-after')).toMatch(/^\d+$/);
      // The 429 says nothing about the password: the right one gets the very page a wrong one got.
      expect(await right.text()).toBe(await wrong.text());
    });

    it('POST /oidc/interaction/{uid}/login × 6 wrong from one address: the 6th is 429 even with the right password, and the pilot from another address still signs in', async () => {
      await registerConfirmed(target, 'owner@example.com');
      const attacker = new Browser(target.origin, '203.0.113.60');
      const form = await openLoginForm(attacker);
      const statuses: number[] = [];
      for (let guess = 0; guess < 5; guess += 1) statuses.push((await postLogin(attacker, form, 'owner@example.com', `wrong guess ${guess}!`)).status);
      statuses.push((await postLogin(attacker, form, 'owner@example.com', PASSWORD)).status);
      expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
      const pilot = new Browser(target.origin, '198.51.100.7');
      const posted = await postLogin(pilot, await openLoginForm(pilot), 'owner@example.com', PASSWORD);
      expect(posted.status).toBe(303);
    });
  });
}

signInAttacks('SQLite', () => startTarget());

describe('sign-in limits on PostgreSQL', { tags: ['postgres'] }, () => {
  it('has a server to test against', (context) => requireService(context, 'postgres', TEST_DATABASE_URL !== undefined, POSTGRES_SKIP_REASON));
  describe.skipIf(TEST_DATABASE_URL === undefined)('on TEST_DATABASE_URL', () => {
    signInAttacks('PostgreSQL', () => startTarget({}, TEST_DATABASE_URL));
  });
});
