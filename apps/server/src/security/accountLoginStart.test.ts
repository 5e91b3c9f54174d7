// Audit finding beside issue 26: GET /auth/login stored a pending login on every call with no limit
// and purged expired ones inside 5% of the requests. Now 30 starts a minute per client address, and
// the purge is a periodic job of the jobs runner.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_START_LIMIT, PENDING_LOGIN_PURGE_PERIOD_MS, RP_TEXT } from '../auth/index.js';
import { FakeClock } from '../testing/fakeClock.js';
import { startTestApp, type TestApp } from '../testing/testApp.js';
import { ATTACK_TIMEOUT, Browser, HOOK_TIMEOUT, startTarget, type Target } from './signInKit.js';

async function pendingLogins(target: { db: Target['db'] }): Promise<number> {
  return (await target.db.kysely.selectFrom('auth_pending_logins').select('id_hash').execute()).length;
}

describe('sign-in starts per address on SQLite', { timeout: ATTACK_TIMEOUT }, () => {
  let target: Target;
  beforeAll(async () => {
    target = await startTarget();
  }, HOOK_TIMEOUT);
  afterAll(async () => {
    await target.close();
  }, HOOK_TIMEOUT);

  it('GET /auth/login × 31 within a minute from one address: 30 answered 302, the 31st 429 with Retry-After and no pending login stored; another address still 302', async () => {
    expect(LOGIN_START_LIMIT).toEqual({ max: 30, windowMs: 60_000 });
    const attacker = new Browser(target.origin, '203.0.113.50');
    const statuses: number[] = [];
    for (let i = 0; i < 30; i += 1) statuses.push((await attacker.request('/auth/login')).status);
    expect(statuses).toEqual(Array.from({ length: 30 }, () => 302));
    const stored = await pendingLogins(target);
    expect(stored).toBe(30);

    const refused = await attacker.request('/auth/login');
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(await refused.text()).toContain(RP_TEXT.tooManyLogins);
    expect(await pendingLogins(target)).toBe(stored);

    const other = await new Browser(target.origin, '203.0.113.51').request('/auth/login');
    expect(other.status).toBe(302);
    expect(await pendingLogins(target)).toBe(stored + 1);
  });

  it('GET /auth/login × 20 at once from a new address: all 302 (under the limit, counted atomically)', async () => {
    const browser = new Browser(target.origin, '203.0.113.60');
    const responses = await Promise.all(Array.from({ length: 20 }, () => browser.request('/auth/login')));
    expect(responses.map((response) => response.status)).toEqual(Array.from({ length: 20 }, () => 302));
  });

  it('GET /auth/login × 40 at once from one address: at most 30 answered 302, the rest 429', async () => {
    const browser = new Browser(target.origin, '203.0.113.70');
    const responses = await Promise.all(Array.from({ length: 40 }, () => browser.request('/auth/login')));
    const admitted = responses.filter((response) => response.status === 302).length;
    expect(admitted).toBeLessThanOrEqual(30);
    expect(responses.filter((response) => response.status === 429)).toHaveLength(40 - admitted);
  });
});

describe('expired pending logins: purged by a job of the jobs runner', () => {
  let running: TestApp | undefined;
  afterEach(async () => {
    await running?.close();
    running = undefined;
  });

  it('the app\'s job runner deletes expired pending logins every 10 minutes and keeps the live ones; GET /auth/login no longer purges', async () => {
    expect(PENDING_LOGIN_PURGE_PERIOD_MS).toBe(10 * 60_000);
    const now = Date.UTC(2026, 2, 10);
    const clock = new FakeClock(now);
    running = await startTestApp({ jobs: { clock, startDelayMs: 60_000 } });
    const firstLook = now + 60_000;
    const login = (id: string, expiresAt: number) => ({ id_hash: id, state: 's', nonce: 'n', code_verifier: 'v', expires_at: expiresAt });
    await running.db.kysely
      .insertInto('auth_pending_logins')
      .values([login('expired-long-ago', firstLook - 86_400_000), login('expired-just', firstLook - 1), login('live', firstLook + 5 * 60_000)])
      .execute();
    const ids = async () => (await running!.db.kysely.selectFrom('auth_pending_logins').select('id_hash').orderBy('id_hash').execute()).map((row) => row.id_hash);

    await clock.advance(59_999);
    expect(await ids()).toEqual(['expired-just', 'expired-long-ago', 'live']);
    await clock.advance(1);
    expect(await ids()).toEqual(['live']);
    // The live one expires 5 minutes later; the next run, at the next 10-minute period, takes it.
    await running.db.kysely.insertInto('auth_pending_logins').values(login('expires-soon', firstLook + 60_000)).execute();
    await clock.advance(PENDING_LOGIN_PURGE_PERIOD_MS);
    expect(await ids()).toEqual([]);
  });
});
