import { afterEach, describe, expect, it } from 'vitest';
import { FakeClock } from '../testing/fakeClock.js';
import { startTestApp, type TestApp } from '../testing/testApp.js';
import { findOrCreateCustomer } from './customers.js';
import { ATTEMPT_RETENTION_MS, AUTH_EXPIRY_PURGE_PERIOD_MS } from './expiredRecords.js';

/** 2026-03-10T00:00:00Z, on an hour boundary: the jobs' periods start here. */
const NOW = Date.UTC(2026, 2, 10);
const HOUR_MS = 3600_000;

describe('expired records purge (hourly jobs instead of sweeps on a random share of writes)', () => {
  let running: TestApp | undefined;
  afterEach(async () => {
    await running?.close();
    running = undefined;
  });

  it('deletes expired sessions, identity provider records, day-old attempts and used help tokens once the hour comes, and keeps the rest', async () => {
    expect(AUTH_EXPIRY_PURGE_PERIOD_MS).toBe(HOUR_MS);
    const clock = new FakeClock(NOW);
    running = await startTestApp({ jobs: { clock, startDelayMs: 60_000 } });
    const { db } = running;
    const firstLook = NOW + 60_000;
    const customer = await findOrCreateCustomer(db, { email: 'purge@example.com' });
    await db.kysely.insertInto('auth_sessions').values([
      { id_hash: 'expired', cust_id: customer.custId, created_at: NOW - 10 * HOUR_MS, expires_at: firstLook - 1 },
      { id_hash: 'live', cust_id: customer.custId, created_at: NOW, expires_at: firstLook + HOUR_MS },
    ]).execute();
    const payload = (id: string, expiresAt: number | null) => ({
      model: 'Session', id, payload: '{}', grant_id: null, user_code: null, uid: null, expires_at: expiresAt, consumed_at: null,
    });
    await db.kysely.insertInto('oidc_payloads').values([payload('old', firstLook - 1), payload('current', firstLook + 1), payload('forever', null)]).execute();
    await db.kysely.insertInto('auth_attempts').values([
      { id: 'a-day-and-1-ms', attempt_key: 'k', at: firstLook - ATTEMPT_RETENTION_MS - 1 },
      { id: 'an-hour', attempt_key: 'k', at: firstLook - HOUR_MS },
    ]).execute();
    await db.kysely.insertInto('help_token_uses').values([
      { jti: 'spent', expires_at: firstLook - 1 },
      { jti: 'valid', expires_at: firstLook + 300_000 },
    ]).execute();
    const ids = async () => ({
      sessions: (await db.kysely.selectFrom('auth_sessions').select('id_hash').orderBy('id_hash').execute()).map((r) => r.id_hash),
      oidc: (await db.kysely.selectFrom('oidc_payloads').select('id').orderBy('id').execute()).map((r) => r.id),
      attempts: (await db.kysely.selectFrom('auth_attempts').select('id').orderBy('id').execute()).map((r) => r.id),
      help: (await db.kysely.selectFrom('help_token_uses').select('jti').orderBy('jti').execute()).map((r) => r.jti),
    });
    const before = await ids();
    expect(before.sessions).toEqual(['expired', 'live']);

    // Nothing goes before the runner's first look, a minute after start.
    await clock.advance(59_999);
    expect(await ids()).toEqual(before);
    await clock.advance(1);
    expect(await ids()).toEqual({ sessions: ['live'], oidc: ['current', 'forever'], attempts: ['an-hour'], help: ['valid'] });

    // What expires later goes at the next hour's run, not before.
    await clock.advance(HOUR_MS - 60_000 - 1);
    expect((await ids()).oidc).toEqual(['current', 'forever']);
    await clock.advance(1);
    expect(await ids()).toEqual({ sessions: ['live'], oidc: ['forever'], attempts: ['an-hour'], help: [] });
  });
});
