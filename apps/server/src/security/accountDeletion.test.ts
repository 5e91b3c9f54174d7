// Issue 26 point 7: account export and deletion through the real app (buildApp, real HTTP, the
// built-in sign-in's database sessions), with Stripe answered by the fake Stripe of the billing tests.
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_EXPORT_LIMIT, stripeCanceller } from '../account/index.js';
import { buildApp } from '../app.js';
import { createSession, findOrCreateCustomer, SESSION_COOKIE } from '../auth/index.js';
import { freshSqlite } from '../testing/billingTestKit.js';
import { loadConfig } from '../config/index.js';
import { migrateToLatest, openDatabase, type Database } from '../db/index.js';
import { SESSION_ENDED_CLOSE } from '../realtime/index.js';
import { fakeStripe, type RecordedStripeRequest, type StripeReply } from '../testing/fakeStripe.js';
import { createScratchSchema, POSTGRES_SKIP_REASON, TEST_DATABASE_URL } from '../testing/postgres.js';
import { requireService } from '../testing/skips.js';
import { makeTempDir, removeTempDir } from '../testing/testApp.js';
import { ATTACK_TIMEOUT, Browser, freePort, HOOK_TIMEOUT, openLoginForm, PASSWORD, postLogin, registerConfirmed, signIn } from './signInKit.js';

/** The replies the fake Stripe gives, in order; tests push theirs. */
const stripeReplies: StripeReply[] = [];
interface DeletionTarget {
  app: FastifyInstance;
  db: Database;
  origin: string;
  stripeRequests: RecordedStripeRequest[];
  close: () => Promise<void>;
}

async function startDeletionTarget(postgresUrl?: string): Promise<DeletionTarget> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const dir = await makeTempDir('clearway-account-');
  const scratch = postgresUrl === undefined ? undefined : await createScratchSchema(postgresUrl);
  const config = loadConfig({
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_ORIGIN: origin,
    LOG_LEVEL: 'silent',
    // qa: the client log sink is on, so the pilot has client_logs rows too.
    CLEARWAY_ENV: 'qa',
    TRUST_PROXY: '127.0.0.1',
    WEB_DIST: join(dir, 'web'),
    ...(scratch === undefined ? { SQLITE_PATH: join(dir, 'account.db') } : { DATABASE_URL: scratch.url }),
  });
  const db = openDatabase(config.database);
  await migrateToLatest(db);
  const { stripe, requests } = fakeStripe(stripeReplies);
  const app = await buildApp(config, { db, account: { canceller: stripeCanceller(stripe) }, realtime: { pingIntervalMs: 100 } });
  await app.listen({ host: '127.0.0.1', port });
  return {
    app,
    db,
    origin,
    stripeRequests: requests,
    close: async () => {
      await app.close();
      await db.close();
      await scratch?.drop();
      await removeTempDir(dir);
    },
  };
}

/** A signed-in pilot of the built-in provider with data in every table that can hold theirs. */
interface Pilot {
  email: string;
  browser: Browser;
  custId: string;
  userId: string;
}

async function pilotWithData(target: DeletionTarget, email: string, address: string, subscriptionId: string): Promise<Pilot> {
  await registerConfirmed({ ...target, logLines: [] }, email);
  const browser = new Browser(target.origin, address);
  // One wrong password first, so auth_attempts holds the account's attempts.
  expect((await postLogin(browser, await openLoginForm(browser), email, 'not the right password at all')).status).toBe(401);
  expect(await signIn(browser, email)).toContain('/app/');
  const me = (await (await browser.request('/auth/me')).json()) as { cust_id: string };
  const custId = me.cust_id;
  const user = await target.db.kysely.selectFrom('auth_users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
  // Synced records (two devices), a client log entry, the login profile (billing_customers).
  for (const uuid of [`${custId}-phone`, `${custId}-tablet`]) {
    const sync = await browser.request('/api/sync_profile', {
      json: { cust_id: custId, uuid, since: 0, key: 'fav_airports', sync_objects: [{ code: `K${uuid.slice(-5)}` /* Kphone, Kablet */, ts: 1_700_000_000_000, deleted: 'F', note: email }] },
    });
    expect(sync.status).toBe(200);
  }
  const removed = await browser.request('/api/sync_profile', {
    json: { cust_id: custId, uuid: `${custId}-phone`, since: 0, key: 'fav_airports', sync_objects: [{ code: 'KGONE', ts: 1_700_000_000_000, deleted: 'T' }] },
  });
  expect(removed.status).toBe(200);
  const day = new Date().toISOString().slice(0, 10);
  const log = await browser.request(`/elk/pwa_logs_${day}/_doc/`, {
    json: { timestamp: Date.now(), '@timestamp': new Date().toISOString(), level: 'info', message: 'hello', uuid: `${custId}-phone`, env: 'qa', cust_id: custId, version: '1.0.0', os: 'test' },
  });
  expect(log.status, await log.clone().text()).toBeLessThan(300);
  const analytics = await browser.request('/api/analytics', { json: { uuid: `${custId}-phone`, version: '1.0.0', env: 'qa', events: [{ name: 'page_view', ts: Date.now(), props: { path: '/app/map1' } }] } });
  expect(analytics.status, await analytics.clone().text()).toBe(200);
  expect((await browser.request('/api/account', { json: { cust_id: custId } })).status).toBe(200);
  // A flight plan filed with the built-in test provider (flightservice/).
  const form = {
    aircraftId: 'N12345', flightRules: 'V', flightType: 'G', aircraftType: 'C172', wake: 'L', equipment: 'SG', surveillance: 'C', departure: 'KHWD',
    departureTime: '1530', speed: 'N0110', level: 'A045', route: 'DCT', destination: 'KLVK', eet: '0024', endurance: '0500', personsOnBoard: '2', colour: 'WHITE', pilot: 'A PILOT',
  };
  const filed = await browser.request('/fs/plans/fp-1/file', { json: { form } });
  expect(filed.status, await filed.clone().text()).toBe(200);
  // A Stripe purchase as get_key and checkout leave it (the purchase flow has its own tests).
  const now = Date.now();
  await target.db.kysely
    .insertInto('billing_subscriptions')
    .values({ subscription_id: subscriptionId, cust_id: custId, provider: 'stripe', sku: 'standard_monthly', status: 'active', created_at: now, updated_at: now })
    .execute();
  await target.db.kysely
    .updateTable('billing_customers')
    .set({ api: 'stripe', subscription_id: subscriptionId, sku: 'standard_monthly', purchase_expires_at: now + 30 * 86_400_000, renewing: 1, provider_customer_id: `cus_${address}` })
    .where('cust_id', '=', custId)
    .execute();
  return { email, browser, custId, userId: user.id };
}

/** Tables that hold no customer's data (nothing to delete), with why. */
const NO_CUSTOMER_DATA = new Set([
  'auth_pending_logins', // state, nonce, PKCE verifier of a sign-in not yet tied to anyone; purged when expired
  'auth_secrets', // the provider's keys
  'billing_events', // Stripe event ids and types
  'help_token_uses', // token ids and expiry
  'job_leases',
  'weather_snapshots', // public weather products, no one's data
  'weather_image_frames', // public weather imagery, no one's data
  'weather_image_sources', // state of each imagery source (last fetch, failure), no one's data
  'plate_cycles', // imported FAA d-TPP cycles, no one's data
  'plate_charts', // public approach plate index, no one's data
  'notams', // public NOTAMs, no one's data
  'tfrs', // public TFRs, no one's data
  'notam_sources', // state of each NOTAM/TFR source, no one's data
  'kysely_migration',
  'kysely_migration_lock',
]);

/** Per table, a query counting the rows of a pilot (by cust_id, e-mail, user id or a key naming them). */
function rowsOf(db: Database, pilot: Pilot): Record<string, () => Promise<number>> {
  const k = db.kysely;
  const count = async (query: { execute(): Promise<unknown[]> }) => (await query.execute()).length;
  const byCust = (table: 'client_logs' | 'analytics_events' | 'sync_records' | 'sync_devices' | 'sync_usage' | 'auth_sessions' | 'billing_subscriptions' | 'flight_service_plans') => () =>
    count(k.selectFrom(table).select('cust_id').where('cust_id', '=', pilot.custId));
  return {
    client_logs: byCust('client_logs'),
    analytics_events: byCust('analytics_events'),
    sync_records: byCust('sync_records'),
    sync_devices: byCust('sync_devices'),
    sync_usage: byCust('sync_usage'),
    auth_sessions: byCust('auth_sessions'),
    billing_subscriptions: byCust('billing_subscriptions'),
    flight_service_plans: byCust('flight_service_plans'),
    customers: () => count(k.selectFrom('customers').select('cust_id').where((eb) => eb.or([eb('cust_id', '=', pilot.custId), eb('email', '=', pilot.email)]))),
    billing_customers: () =>
      count(k.selectFrom('billing_customers').select('cust_id').where((eb) => eb.or([eb('cust_id', '=', pilot.custId), eb('email', '=', pilot.email)]))),
    auth_identities: () => count(k.selectFrom('auth_identities').select('sub').where((eb) => eb.or([eb('cust_id', '=', pilot.custId), eb('sub', '=', pilot.userId)]))),
    auth_users: () => count(k.selectFrom('auth_users').select('id').where((eb) => eb.or([eb('id', '=', pilot.userId), eb('email', '=', pilot.email)]))),
    auth_email_tokens: () => count(k.selectFrom('auth_email_tokens').select('user_id').where('user_id', '=', pilot.userId)),
    auth_outbox: () => count(k.selectFrom('auth_outbox').select('id').where('to_address', '=', pilot.email)),
    oidc_payloads: () => count(k.selectFrom('oidc_payloads').select('id').where('payload', 'like', `%${pilot.userId}%`)),
    auth_attempts: () =>
      count(
        k
          .selectFrom('auth_attempts')
          .select('id')
          .where((eb) => eb.or([eb('attempt_key', 'like', `%${pilot.email}%`), eb('attempt_key', 'like', `%${pilot.custId}%`), eb('attempt_key', 'like', `%${pilot.userId}%`)])),
      ),
  };
}

async function tableNames(db: Database): Promise<string[]> {
  if (db.dialect === 'sqlite') {
    const rows = await sql<{ name: string }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(db.kysely);
    return rows.rows.map((row) => row.name);
  }
  const rows = await sql<{ name: string }>`select table_name as name from information_schema.tables where table_schema = current_schema()`.execute(db.kysely);
  return rows.rows.map((row) => row.name);
}

async function countsOf(db: Database, pilot: Pilot): Promise<Record<string, number>> {
  const queries = rowsOf(db, pilot);
  const counts: Record<string, number> = {};
  for (const [table, query] of Object.entries(queries)) counts[table] = await query();
  return counts;
}

function accountDeletion(database: string, start: () => Promise<DeletionTarget>): void {
  describe(`account export and deletion on ${database}`, { timeout: ATTACK_TIMEOUT }, () => {
    let target: DeletionTarget;
    let amelia: Pilot;
    let bessie: Pilot;
    beforeAll(async () => {
      target = await start();
      amelia = await pilotWithData(target, 'amelia@example.com', '198.51.100.7', 'sub_amelia');
      bessie = await pilotWithData(target, 'bessie@example.com', '198.51.100.8', 'sub_bessie');
    }, HOOK_TIMEOUT * 2);
    afterAll(async () => {
      await target.close();
    }, HOOK_TIMEOUT);

    it('every table of the schema is either searched for the customer\'s rows or holds no customer data', async () => {
      const searched = Object.keys(rowsOf(target.db, amelia));
      const unlisted = (await tableNames(target.db)).filter((name) => !searched.includes(name) && !NO_CUSTOMER_DATA.has(name));
      expect(unlisted).toEqual([]);
    });

    it('GET /api/account/export without a session -> 401', async () => {
      const response = await fetch(`${target.origin}/api/account/export`);
      expect(response.status).toBe(401);
    });

    it('GET /api/account/export with a session -> 200, a JSON attachment of the pilot\'s synced records only', async () => {
      const response = await amelia.browser.request('/api/account/export');
      expect(response.status).toBe(200);
      expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="clearway-export-\d{4}-\d{2}-\d{2}\.json"$/);
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
      const body = (await response.json()) as { account: { cust_id: string; email: string }; devices: unknown[]; records: Record<string, { key: string; fields: { note?: string } }[]> };
      expect(body.account).toMatchObject({ cust_id: amelia.custId, email: amelia.email });
      expect(body.devices).toHaveLength(2);
      const favourites = body.records.fav_airports ?? [];
      // Two live records; the removed one (a tombstone) is left out; nothing of the other pilot.
      expect(favourites.map((record) => record.key).sort()).toEqual(['Kablet', 'Kphone']);
      expect(favourites.every((record) => record.fields.note === amelia.email)).toBe(true);
      expect(JSON.stringify(body)).not.toContain(bessie.email);
      expect(JSON.stringify(body)).not.toContain('KGONE');
    });

    it('GET /api/account/export once more than the per-account limit in an hour -> 429 with Retry-After; another pilot still 200', async () => {
      // Each export reads every synced record and builds them as JSON (up to the sync quota): a script repeating it is refused.
      for (let i = 0; i < ACCOUNT_EXPORT_LIMIT.max; i++) expect((await bessie.browser.request('/api/account/export')).status).toBe(200);
      const refused = await bessie.browser.request('/api/account/export');
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(((await refused.json()) as { error: string }).error).toMatch(/^Too many exports of this account: try again in \d+ s$/);
      // Counted per account: amelia (one export so far) is not held back by bessie's.
      expect((await amelia.browser.request('/api/account/export')).status).toBe(200);
    });

    it('POST /api/account/delete with a wrong password -> 403, Stripe not called, nothing deleted', async () => {
      const before = await countsOf(target.db, amelia);
      const response = await amelia.browser.request('/api/account/delete', { json: { cust_id: amelia.custId, password: 'a wrong password indeed' } });
      expect(response.status).toBe(403);
      expect(((await response.json()) as { code: string }).code).toBe('reauth_failed');
      expect(target.stripeRequests).toHaveLength(0);
      const after = await countsOf(target.db, amelia);
      // The refused try is itself counted (auth_attempts); every other table is as it was.
      expect({ ...after, auth_attempts: 0 }).toEqual({ ...before, auth_attempts: 0 });
    });

    it('POST /api/account/delete for another customer\'s cust_id -> 403, nothing deleted', async () => {
      const response = await amelia.browser.request('/api/account/delete', { json: { cust_id: bessie.custId, password: PASSWORD } });
      expect(response.status).toBe(403);
      expect((await countsOf(target.db, bessie)).customers).toBe(1);
    });

    it('POST /api/account/delete when Stripe refuses the cancellation -> 502, nothing deleted', async () => {
      const before = await countsOf(target.db, amelia);
      stripeReplies.push(() => ({ status: 500, body: { error: { type: 'api_error', message: 'Stripe is down' } } }));
      const response = await amelia.browser.request('/api/account/delete', { json: { cust_id: amelia.custId, password: PASSWORD } });
      expect(response.status).toBe(502);
      expect(target.stripeRequests.map((request) => `${request.method} ${request.path}`)).toEqual(['DELETE /v1/subscriptions/sub_amelia']);
      expect({ ...(await countsOf(target.db, amelia)), auth_attempts: 0 }).toEqual({ ...before, auth_attempts: 0 });
      target.stripeRequests.length = 0;
    });

    it('POST /api/account/delete with the password -> 200: Stripe subscription cancelled first, no row of the customer left in any table, sessions and sockets ended, the other pilot untouched', async () => {
      const before = await countsOf(target.db, amelia);
      // Not vacuous: the pilot has rows in every table searched.
      for (const [table, rows] of Object.entries(before)) expect(rows, table).toBeGreaterThan(0);
      const bessieBefore = await countsOf(target.db, bessie);
      const wsUrl = `${target.origin.replace(/^http/, 'ws')}/ws/profile?cust_id=${amelia.custId}&uuid=${amelia.custId}-phone`;
      const socket = new WebSocket(wsUrl, { headers: { cookie: amelia.browser.jar.header(new URL('/ws/profile', target.origin)), origin: target.origin } });
      const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));
      await new Promise((resolve, reject) => {
        socket.once('open', resolve);
        socket.once('error', reject);
      });
      stripeReplies.push((request) => ({ body: { id: request.path.split('/').pop(), object: 'subscription', status: 'canceled' } }));

      const response = await amelia.browser.request('/api/account/delete', { json: { cust_id: amelia.custId, password: PASSWORD } });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ deleted: true, cancelled_subscriptions: 1 });
      expect(target.stripeRequests.map((request) => `${request.method} ${request.path}`)).toEqual(['DELETE /v1/subscriptions/sub_amelia']);
      const after = await countsOf(target.db, amelia);
      expect(after).toEqual(Object.fromEntries(Object.keys(before).map((table) => [table, 0])));
      expect(await countsOf(target.db, bessie)).toEqual(bessieBefore);
      expect(await closed).toBe(SESSION_ENDED_CLOSE);
      // The session is gone: the cookie the browser still holds signs nothing in.
      expect((await amelia.browser.request('/auth/me')).status).toBe(401);
      const again = await fetch(`${target.origin}/api/account/export`, { headers: { cookie: `cw_session=${amelia.browser.jar.get('cw_session') ?? ''}` } });
      expect(again.status).toBe(401);
    });

    it('POST /auth/login form with the deleted account\'s e-mail and old password after deletion -> 401 (no such account)', async () => {
      const browser = new Browser(target.origin, '198.51.100.9');
      const page = await postLogin(browser, await openLoginForm(browser), amelia.email, PASSWORD);
      expect(page.status).toBe(401);
      expect(page.headers.get('location')).toBeNull();
    });
  });
}

accountDeletion('SQLite', () => startDeletionTarget());

describe('account deletion with an external issuer (re-authentication: a sign-in at most 5 minutes old)', () => {
  let app: FastifyInstance;
  let db: Database;
  let dispose: () => Promise<void>;
  beforeAll(async () => {
    const fresh = await freshSqlite();
    db = fresh.db;
    dispose = fresh.dispose;
    // Discovery is read at the first sign-in only, so an issuer nobody answers at is fine here.
    const config = loadConfig({ HOST: '127.0.0.1', LOG_LEVEL: 'silent', OIDC_ISSUER_URL: 'http://127.0.0.1:9/issuer', OIDC_CLIENT_ID: 'clearway', OIDC_CLIENT_SECRET: 'secret-secret' });
    app = await buildApp(config, { db });
  }, HOOK_TIMEOUT);
  afterAll(async () => {
    await app.close();
    await dispose();
  });

  async function signedInAgo(email: string, ageMs: number): Promise<{ custId: string; cookie: string }> {
    const customer = await findOrCreateCustomer(db, { email, fullName: 'Jacqueline Cochran' });
    const token = await createSession(db, customer.custId, 3600_000, Date.now() - ageMs);
    return { custId: customer.custId, cookie: `${SESSION_COOKIE}=${token}` };
  }

  it('POST /api/account/delete with a session signed in 6 minutes ago -> 403 reauth_required, nothing deleted', async () => {
    const pilot = await signedInAgo('jackie@example.com', 6 * 60_000);
    const response = await app.inject({ method: 'POST', url: '/api/account/delete', headers: { cookie: pilot.cookie }, payload: { cust_id: pilot.custId } });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'reauth_required' });
    expect(await db.kysely.selectFrom('customers').select('cust_id').where('cust_id', '=', pilot.custId).execute()).toHaveLength(1);
  });

  it('POST /api/account/delete with a session signed in 1 minute ago (no password asked) -> 200, the customer gone', async () => {
    const pilot = await signedInAgo('pancho@example.com', 60_000);
    const response = await app.inject({ method: 'POST', url: '/api/account/delete', headers: { cookie: pilot.cookie }, payload: { cust_id: pilot.custId } });
    expect(response.statusCode).toBe(200);
    expect(await db.kysely.selectFrom('customers').select('cust_id').where('cust_id', '=', pilot.custId).execute()).toHaveLength(0);
    expect(await db.kysely.selectFrom('auth_sessions').select('id_hash').where('cust_id', '=', pilot.custId).execute()).toHaveLength(0);
  });
});

describe('account deletion on PostgreSQL', { tags: ['postgres'] }, () => {
  it('has a server to test against', (context) => requireService(context, 'postgres', TEST_DATABASE_URL !== undefined, POSTGRES_SKIP_REASON));
  describe.skipIf(TEST_DATABASE_URL === undefined)('on TEST_DATABASE_URL', () => {
    accountDeletion('PostgreSQL', () => startDeletionTarget(TEST_DATABASE_URL));
  });
});
