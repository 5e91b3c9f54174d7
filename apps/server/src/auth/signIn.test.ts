import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig } from '../config/index.js';
import { openDatabase, migrateToLatest, type Database } from '../db/index.js';
import { CookieJar, csrfOf, formAction, freePort } from '../testing/browser.js';
import { POSTGRES_SKIP_REASON, TEST_DATABASE_URL, createScratchSchema } from '../testing/postgres.js';
import { requireService } from '../testing/skips.js';
import { makeTempDir, removeTempDir } from '../testing/testApp.js';
import { hashToken } from './cookies.js';
import { installErrorHandler } from '../http/index.js';
import { IDP_TEXT } from './idp/text.js';
import type { LicenceCodeLookup } from './licence.js';
import { authRoutes } from './routes.js';
import { createSessionResolver, SESSION_COOKIE, SIGNED_OUT_ERROR } from './sessions.js';
import { outboxFor } from './mailer.js';
import { RP_TEXT } from './relyingParty.js';

/** A browser talking to the server over real HTTP, following no redirects by itself. */
class Browser {
  readonly jar = new CookieJar();
  constructor(private readonly origin: string) {}

  async request(path: string, init: { method?: string; form?: Record<string, string>; json?: unknown } = {}): Promise<Response> {
    const url = new URL(path, this.origin);
    const headers: Record<string, string> = {};
    const cookie = this.jar.header(url);
    if (cookie !== '') headers.cookie = cookie;
    let body: string | undefined;
    if (init.form !== undefined) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(init.form).toString();
    } else if (init.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(init.json);
    }
    const response = await fetch(url, { method: init.method ?? (body === undefined ? 'GET' : 'POST'), headers, body, redirect: 'manual' });
    this.jar.store(response);
    return response;
  }

  /** Follows redirects on this origin (at most 10) and returns the last response and the path it stopped at. */
  async follow(response: Response, stopAt: (path: string) => boolean = () => false): Promise<{ response: Response; path: string }> {
    let current = response;
    let path = '';
    for (let hop = 0; hop < 10 && current.status >= 300 && current.status < 400; hop += 1) {
      const location = new URL(current.headers.get('location') ?? '', this.origin);
      expect(location.origin).toBe(this.origin);
      path = location.pathname + location.search;
      if (stopAt(location.pathname)) return { response: current, path };
      current = await this.request(path);
    }
    return { response: current, path };
  }
}

interface Server {
  app: FastifyInstance;
  db: Database;
  origin: string;
  close: () => Promise<void>;
}

const PASSWORD = 'correct horse battery';

function signInSuite(start: () => Promise<Server>): void {
  let server: Server;
  beforeAll(async () => {
    server = await start();
  });
  afterAll(async () => {
    await server.close();
  });

  async function register(browser: Browser, email: string): Promise<void> {
    const form = await browser.request('/oidc/register');
    expect(form.status).toBe(200);
    const html = await form.text();
    const created = await browser.request(formAction(html), {
      form: { _csrf: csrfOf(html), full_name: 'Amelia Earhart', email, password: PASSWORD, password_confirm: PASSWORD },
    });
    expect(created.status).toBe(201);
    expect(await created.text()).toContain('Check your e-mail');
  }

  async function verifyFromOutbox(browser: Browser, email: string): Promise<void> {
    const mails = await outboxFor(server.db, email);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ kind: 'verify', subject: 'Confirm your e-mail address for Clearway', sent: false });
    const link = /(http:\/\/\S+\/oidc\/verify\?token=\S+)/.exec(mails[0]?.text ?? '')?.[1];
    expect(link).toBeDefined();
    const confirm = await browser.request(new URL(link ?? '').pathname + new URL(link ?? '').search);
    expect(confirm.status).toBe(200);
    const html = await confirm.text();
    const token = /name="token" value="([^"]+)"/.exec(html)?.[1] ?? '';
    const done = await browser.request(formAction(html), { form: { _csrf: csrfOf(html), token } });
    expect(done.status).toBe(200);
    expect(await done.text()).toContain(IDP_TEXT.verified);
  }

  /** /auth/login up to the provider's login form; returns the form page. */
  async function openLoginForm(browser: Browser): Promise<string> {
    const start = await browser.request('/auth/login');
    expect(start.status).toBe(302);
    const authorize = new URL(start.headers.get('location') ?? '');
    expect(authorize.pathname).toBe('/oidc/auth');
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('state')).toBeTruthy();
    expect(authorize.searchParams.get('nonce')).toBeTruthy();
    const { response } = await browser.follow(start);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('<h1>Sign in</h1>');
    return html;
  }

  async function signIn(browser: Browser, email: string): Promise<string> {
    const html = await openLoginForm(browser);
    const posted = await browser.request(formAction(html), { form: { _csrf: csrfOf(html), email, password: PASSWORD } });
    const { response, path } = await browser.follow(posted, (p) => p.startsWith('/app/'));
    expect(response.status).toBe(302);
    return path;
  }

  it('registers, confirms the e-mail from the outbox, signs in through the code flow and reads /auth/me', async () => {
    const browser = new Browser(server.origin);
    await register(browser, 'Amelia@Example.com');
    await verifyFromOutbox(browser, 'amelia@example.com');
    const landed = await signIn(browser, 'amelia@example.com');
    // No purchase yet: the licence code is not 2 (spec part 1 §2).
    expect(landed).toBe('/app/aircraft_profile_welcome');
    const cookie = browser.jar.get(SESSION_COOKIE);
    expect(cookie).toMatch(/^[\w-]{43}$/);
    // The database keeps the hash of the session id, never the id.
    const stored = await server.db.kysely.selectFrom('auth_sessions').selectAll().execute();
    expect(stored.map((row) => row.id_hash)).toEqual([hashToken(cookie ?? '')]);

    const me = await browser.request('/auth/me');
    expect(me.status).toBe(200);
    const account = (await me.json()) as { cust_id: string; email: string; full_name: string };
    expect(account).toEqual({ cust_id: expect.stringMatching(/^cust_[0-9a-f]{24}$/), email: 'amelia@example.com', full_name: 'Amelia Earhart' });
  });

  it('sets the session cookie httpOnly and SameSite=Lax, without Secure on http', async () => {
    const browser = new Browser(server.origin);
    await register(browser, 'cookie@example.com');
    await verifyFromOutbox(browser, 'cookie@example.com');
    const html = await openLoginForm(browser);
    let response = await browser.request(formAction(html), { form: { _csrf: csrfOf(html), email: 'cookie@example.com', password: PASSWORD } });
    let setCookie: string | undefined;
    for (let hop = 0; hop < 10 && response.status >= 300 && response.status < 400 && setCookie === undefined; hop += 1) {
      response = await browser.request(response.headers.get('location') ?? '');
      setCookie = response.headers.getSetCookie().find((line) => line.startsWith(`${SESSION_COOKIE}=`));
    }
    expect(setCookie).toMatch(/; HttpOnly; SameSite=Lax$/);
    expect(setCookie).not.toContain('Secure');
  });

  it('shows the error for a wrong password and for an unconfirmed address', async () => {
    const browser = new Browser(server.origin);
    await register(browser, 'wrong@example.com');
    const html = await openLoginForm(browser);
    const unverified = await browser.request(formAction(html), { form: { _csrf: csrfOf(html), email: 'wrong@example.com', password: PASSWORD } });
    expect(unverified.status).toBe(403);
    expect(await unverified.text()).toContain(IDP_TEXT.verifyFirst('wrong@example.com'));
    // The refusal sent a fresh confirmation link beside the one from registration.
    expect((await outboxFor(server.db, 'wrong@example.com')).map((mail) => mail.kind)).toEqual(['verify', 'verify']);

    const wrong = await browser.request(formAction(html), { form: { _csrf: csrfOf(html), email: 'wrong@example.com', password: 'not the password' } });
    expect(wrong.status).toBe(401);
    const page = await wrong.text();
    expect(page).toContain(IDP_TEXT.wrongPassword);
    expect(page).toContain('value="wrong@example.com"');
    expect(browser.jar.get(SESSION_COOKIE)).toBeUndefined();

    const forged = await browser.request(formAction(html), { form: { _csrf: 'x'.repeat(43), email: 'wrong@example.com', password: PASSWORD } });
    expect(forged.status).toBe(403);
    expect(await forged.text()).toContain(IDP_TEXT.expiredForm);
  });

  it('limits failed sign-ins per address and e-mail', async () => {
    const browser = new Browser(server.origin);
    const html = await openLoginForm(browser);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 6; attempt += 1) {
      const response = await browser.request(formAction(html), { form: { _csrf: csrfOf(html), email: 'nobody@example.com', password: 'guess number one' } });
      statuses.push(response.status);
      if (attempt === 5) expect(await response.text()).toContain(IDP_TEXT.tooManyAttempts);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
  });

  it('answers 401 for a forged or an expired session and after logout', async () => {
    const browser = new Browser(server.origin);
    await register(browser, 'session@example.com');
    await verifyFromOutbox(browser, 'session@example.com');
    await signIn(browser, 'session@example.com');
    const real = browser.jar.get(SESSION_COOKIE) ?? '';
    expect((await browser.request('/auth/me')).status).toBe(200);

    const forger = new Browser(server.origin);
    forger.jar.set(SESSION_COOKIE, `${real.slice(0, -2)}AA`);
    const forged = await forger.request('/auth/me');
    expect(forged.status).toBe(401);
    expect(await forged.json()).toEqual({ error: SIGNED_OUT_ERROR });

    await server.db.kysely.updateTable('auth_sessions').set({ expires_at: Date.now() - 1000 }).where('id_hash', '=', hashToken(real)).execute();
    expect((await browser.request('/auth/me')).status).toBe(401);
    await server.db.kysely.updateTable('auth_sessions').set({ expires_at: Date.now() + 3600_000 }).where('id_hash', '=', hashToken(real)).execute();
    expect((await browser.request('/auth/me')).status).toBe(200);

    const logout = await browser.request('/auth/logout', { method: 'POST' });
    expect(logout.status).toBe(302);
    expect(logout.headers.get('location')).toBe('/');
    expect(browser.jar.get(SESSION_COOKIE)).toBeUndefined();
    expect((await browser.request('/auth/me')).status).toBe(401);
    // The old cookie is dead on the server too, not only in the browser.
    const replay = new Browser(server.origin);
    replay.jar.set(SESSION_COOKIE, real);
    expect((await replay.request('/auth/me')).status).toBe(401);
  });

  it('refuses a callback without its login, with a forged code or state, and a replayed one', async () => {
    const stranger = new Browser(server.origin);
    const orphan = await stranger.request('/auth/callback?code=abc&state=def');
    expect(orphan.status).toBe(400);
    expect(await orphan.text()).toContain(RP_TEXT.loginExpired);

    const browser = new Browser(server.origin);
    const start = await browser.request('/auth/login');
    const state = new URL(start.headers.get('location') ?? '').searchParams.get('state') ?? '';
    const forged = await browser.request(`/auth/callback?code=forged-code&state=${encodeURIComponent(state)}&iss=${encodeURIComponent(`${server.origin}/oidc`)}`);
    expect(forged.status).toBe(400);
    expect(await forged.text()).toContain(RP_TEXT.tokenRejected);
    // The pending login was used up by that attempt.
    const replay = await browser.request(`/auth/callback?code=forged-code&state=${encodeURIComponent(state)}`);
    expect(replay.status).toBe(400);
    expect(await replay.text()).toContain(RP_TEXT.loginExpired);

    await browser.request('/auth/login');
    const wrongState = await browser.request('/auth/callback?code=forged-code&state=not-the-state');
    expect(wrongState.status).toBe(400);
    expect(await wrongState.text()).toContain(RP_TEXT.tokenRejected);
    expect(browser.jar.get(SESSION_COOKIE)).toBeUndefined();
  });

  it('find_or_create takes the e-mail from the session, never from the body', async () => {
    const browser = new Browser(server.origin);
    await register(browser, 'owner@example.com');
    await verifyFromOutbox(browser, 'owner@example.com');
    await signIn(browser, 'owner@example.com');
    const me = (await (await browser.request('/auth/me')).json()) as { cust_id: string };
    const response = await browser.request('/auth/find_or_create', { json: { email: 'intruder@example.com', phone: null, profile: {} } });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ cust_id: me.cust_id, email: 'owner@example.com', full_name: 'Amelia Earhart' });
    const intruder = await server.db.kysely.selectFrom('customers').selectAll().where('email', '=', 'intruder@example.com').execute();
    expect(intruder).toEqual([]);
    const anonymous = await new Browser(server.origin).request('/auth/find_or_create', { json: { email: 'owner@example.com' } });
    expect(anonymous.status).toBe(401);
  });

  it('resets a forgotten password through the outbox', async () => {
    const browser = new Browser(server.origin);
    await register(browser, 'forgot@example.com');
    await verifyFromOutbox(browser, 'forgot@example.com');
    // Signed in on another device before the reset.
    const other = new Browser(server.origin);
    await signIn(other, 'forgot@example.com');
    expect((await other.request('/auth/me')).status).toBe(200);
    const form = await (await browser.request('/oidc/forgot')).text();
    const sent = await browser.request(formAction(form), { form: { _csrf: csrfOf(form), email: 'forgot@example.com' } });
    expect(sent.status).toBe(200);
    const mail = (await outboxFor(server.db, 'forgot@example.com')).find((m) => m.kind === 'reset');
    const link = new URL(/(http:\/\/\S+\/oidc\/reset\?token=\S+)/.exec(mail?.text ?? '')?.[1] ?? 'http://x/none');
    const resetPage = await (await browser.request(link.pathname + link.search)).text();
    const token = /name="token" value="([^"]+)"/.exec(resetPage)?.[1] ?? '';
    const mismatch = await browser.request(formAction(resetPage), { form: { _csrf: csrfOf(resetPage), token, password: 'a new password 1', password_confirm: 'another one 22' } });
    expect(await mismatch.text()).toContain(IDP_TEXT.passwordMismatch);
    const changed = await browser.request(formAction(resetPage), { form: { _csrf: csrfOf(resetPage), token, password: 'a new password 1', password_confirm: 'a new password 1' } });
    expect(await changed.text()).toContain(IDP_TEXT.passwordChanged);
    // The reset ended that session on the server, and the provider asks for the password again.
    expect((await other.request('/auth/me')).status).toBe(401);
    const sessions = await server.db.kysely.selectFrom('auth_sessions').innerJoin('customers', 'customers.cust_id', 'auth_sessions.cust_id').select('auth_sessions.id_hash').where('customers.email', '=', 'forgot@example.com').execute();
    expect(sessions).toEqual([]);
    const providerSessions = await server.db.kysely.selectFrom('oidc_payloads').select('payload').where('model', '=', 'Session').execute();
    const account = await server.db.kysely.selectFrom('auth_users').select('id').where('email', '=', 'forgot@example.com').executeTakeFirstOrThrow();
    expect(providerSessions.filter((row) => (JSON.parse(row.payload) as { accountId?: string }).accountId === account.id)).toEqual([]);
    await openLoginForm(other);
    const again = await browser.request(formAction(resetPage), { form: { _csrf: csrfOf(resetPage), token, password: 'third password 3', password_confirm: 'third password 3' } });
    expect(await again.text()).toContain(IDP_TEXT.linkUsed);

    const html = await openLoginForm(browser);
    const old = await browser.request(formAction(html), { form: { _csrf: csrfOf(html), email: 'forgot@example.com', password: PASSWORD } });
    expect(old.status).toBe(401);
    const posted = await browser.request(formAction(html), { form: { _csrf: csrfOf(html), email: 'forgot@example.com', password: 'a new password 1' } });
    const { path } = await browser.follow(posted, (p) => p.startsWith('/app/'));
    expect(path).toBe('/app/aircraft_profile_welcome');
  });
}

/**
 * The real app on a fresh database, listening on 127.0.0.1; with `licenceCode`, only the sign-in
 * routes with that licence lookup (as billing will plug in).
 */
async function startServer(env: Record<string, string>, dispose: () => Promise<void>, licenceCode?: LicenceCodeLookup): Promise<Server> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const config = loadConfig({ HOST: '127.0.0.1', PORT: String(port), PUBLIC_ORIGIN: origin, LOG_LEVEL: 'silent', ...env });
  const db = openDatabase(config.database);
  await migrateToLatest(db);
  let app: FastifyInstance;
  if (licenceCode === undefined) {
    app = await buildApp(config, { db });
  } else {
    app = Fastify();
    installErrorHandler(app);
    await app.register(authRoutes, { config, db, resolver: createSessionResolver(db), licenceCode });
  }
  await app.listen({ host: '127.0.0.1', port });
  return {
    app,
    db,
    origin,
    close: async () => {
      await app.close();
      await db.close();
      await dispose();
    },
  };
}

describe('sign-in on SQLite', () => {
  signInSuite(async () => {
    const dir = await makeTempDir();
    return startServer({ SQLITE_PATH: join(dir, 'auth.db') }, () => removeTempDir(dir));
  });
});

describe('sign-in of a licensed customer', () => {
  let server: Server;
  beforeAll(async () => {
    const dir = await makeTempDir();
    // The lookup billing will replace: this one says every customer holds a licence (code 2).
    server = await startServer({ SQLITE_PATH: join(dir, 'auth.db') }, () => removeTempDir(dir), async () => 2);
  });
  afterAll(async () => {
    await server.close();
  });

  it('lands on /app/map1 after login (spec part 1 §2)', async () => {
    const browser = new Browser(server.origin);
    const form = await (await browser.request('/oidc/register')).text();
    const created = await browser.request(formAction(form), {
      form: { _csrf: csrfOf(form), full_name: 'Licensed Pilot', email: 'licensed@example.com', password: PASSWORD, password_confirm: PASSWORD },
    });
    expect(created.status).toBe(201);
    const mail = (await outboxFor(server.db, 'licensed@example.com'))[0];
    const link = new URL(/(http:\/\/\S+\/oidc\/verify\?token=\S+)/.exec(mail?.text ?? '')?.[1] ?? 'http://x/none');
    const confirm = await (await browser.request(link.pathname + link.search)).text();
    const token = /name="token" value="([^"]+)"/.exec(confirm)?.[1] ?? '';
    expect((await browser.request(formAction(confirm), { form: { _csrf: csrfOf(confirm), token } })).status).toBe(200);
    const { response } = await browser.follow(await browser.request('/auth/login'));
    const login = await response.text();
    const posted = await browser.request(formAction(login), { form: { _csrf: csrfOf(login), email: 'licensed@example.com', password: PASSWORD } });
    const { path } = await browser.follow(posted, (p) => p.startsWith('/app/'));
    expect(path).toBe('/app/map1');
    expect((await browser.request('/auth/me')).status).toBe(200);
  });
});

describe('sign-in on PostgreSQL', { tags: ['postgres'] }, () => {
  it('has a server to test against', (context) => requireService(context, 'postgres', TEST_DATABASE_URL !== undefined, POSTGRES_SKIP_REASON));

  describe.skipIf(TEST_DATABASE_URL === undefined)('on TEST_DATABASE_URL', () => {
    signInSuite(async () => {
      const scratch = await createScratchSchema(TEST_DATABASE_URL ?? '');
      return startServer({ DATABASE_URL: scratch.url }, scratch.drop);
    });
  });
});
