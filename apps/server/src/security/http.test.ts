// Issue 26 points 17 and 18 as attacks on the real app (buildApp, SQLite, database sessions).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession, findOrCreateCustomer, SESSION_COOKIE } from '../auth/index.js';
import type { Database } from '../db/index.js';
import { startTestApp, type TestApp } from '../testing/testApp.js';

async function signedIn(db: Database, email: string): Promise<{ custId: string; cookie: string }> {
  const customer = await findOrCreateCustomer(db, { email, fullName: '' });
  return { custId: customer.custId, cookie: `${SESSION_COOKIE}=${await createSession(db, customer.custId, 3600_000)}` };
}

async function trialStarted(db: Database, custId: string): Promise<boolean> {
  const row = await db.kysely.selectFrom('billing_customers').select('trial_started_at').where('cust_id', '=', custId).executeTakeFirst();
  return row?.trial_started_at !== undefined && row.trial_started_at !== null;
}

describe('point 17: state-changing requests from another site', () => {
  let running: TestApp;
  const site = 'https://clearway.example';
  beforeAll(async () => {
    running = await startTestApp({ env: { PUBLIC_ORIGIN: site } });
  });
  afterAll(async () => {
    await running.close();
  });

  const startTrial = (cookie: string, custId: string, headers: Record<string, string>) =>
    running.app.inject({ method: 'POST', url: '/api/start_trial', headers: { cookie, 'content-type': 'application/json', host: 'clearway.example', ...headers }, payload: { cust_id: custId } });

  it.each([
    ['Origin: https://evil.example', { origin: 'https://evil.example' }],
    ['Origin: null', { origin: 'null' }],
    ['Sec-Fetch-Site: cross-site', { 'sec-fetch-site': 'cross-site' }],
    ['Sec-Fetch-Site: same-site from a sibling subdomain', { 'sec-fetch-site': 'same-site', origin: 'https://evil.clearway.example' }],
  ])('POST /api/start_trial with %s -> 403, the trial not started', async (_name, headers) => {
    const { custId, cookie } = await signedIn(running.db, `victim-${Math.random()}@example.com`);
    const reply = await startTrial(cookie, custId, headers);
    expect(reply.statusCode).toBe(403);
    expect(reply.json<{ error: string }>().error).toMatch(/^Cross-site request refused: /);
    expect(await trialStarted(running.db, custId)).toBe(false);
  });

  it.each([
    ['Origin: https://clearway.example (PUBLIC_ORIGIN)', { origin: site, 'sec-fetch-site': 'same-origin' }],
    ['Sec-Fetch-Site: same-origin', { 'sec-fetch-site': 'same-origin' }],
    ['no Origin and no Sec-Fetch-Site (curl, server to server)', {}],
  ])('POST /api/start_trial with %s -> 200 (the site itself)', async (_name, headers) => {
    const { custId, cookie } = await signedIn(running.db, `pilot-${Math.random()}@example.com`);
    const reply = await startTrial(cookie, custId, headers);
    expect(reply.statusCode).toBe(200);
    expect(await trialStarted(running.db, custId)).toBe(true);
  });

  it('POST /oidc/register (a hosted form, valid CSRF token and cookie) with Origin: https://evil.example -> 403, no account made', async () => {
    const form = await running.app.inject({ method: 'GET', url: '/oidc/register', headers: { host: 'clearway.example' } });
    const html = form.body;
    const action = (/action="([^"]+)"/.exec(html)?.[1] ?? '').replace(/&amp;/g, '&');
    const csrf = /name="_csrf" value="([^"]+)"/.exec(html)?.[1] ?? '';
    const setCookie = form.headers['set-cookie'];
    const cookie = (Array.isArray(setCookie) ? setCookie : [String(setCookie ?? '')]).map((line) => line.split(';')[0]).join('; ');
    const password = 'a long enough passphrase 9';
    const attempt = (origin: string, email: string) => running.app.inject({
      method: 'POST',
      url: action,
      headers: { host: 'clearway.example', origin, cookie, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ _csrf: csrf, full_name: 'Pilot', email, password, password_confirm: password }).toString(),
    });
    const refused = await attempt('https://evil.example', 'forged@example.com');
    expect(refused.statusCode).toBe(403);
    const users = await running.db.kysely.selectFrom('auth_users').select('email').execute();
    expect(users.map((user) => user.email)).not.toContain('forged@example.com');
    // The same form from the site itself goes through (the guard is what refused the other).
    expect((await attempt(site, 'own@example.com')).statusCode).toBe(201);
  });

  it('POST /api/stripe/webhook with Sec-Fetch-Site: cross-site is not refused by the guard (signed, no browser sends it): 503 while unconfigured', async () => {
    const reply = await running.app.inject({ method: 'POST', url: '/api/stripe/webhook', headers: { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example', 'content-type': 'application/json' }, payload: '{}' });
    expect(reply.statusCode).toBe(503);
  });

  it('GET /api/config with Sec-Fetch-Site: cross-site -> 200 (reads change nothing)', async () => {
    const reply = await running.app.inject({ method: 'GET', url: '/api/config', headers: { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' } });
    expect(reply.statusCode).toBe(200);
  });
});

describe('point 17 without PUBLIC_ORIGIN: the page\'s own address is this site', () => {
  let running: TestApp;
  beforeAll(async () => {
    running = await startTestApp();
  });
  afterAll(async () => {
    await running.close();
  });

  it('POST /api/start_trial from http://192.168.1.20:8080 to that host -> 200; from https://evil.example -> 403', async () => {
    const own = await signedIn(running.db, 'lan@example.com');
    const ok = await running.app.inject({ method: 'POST', url: '/api/start_trial', headers: { cookie: own.cookie, host: '192.168.1.20:8080', origin: 'http://192.168.1.20:8080', 'content-type': 'application/json' }, payload: { cust_id: own.custId } });
    expect(ok.statusCode).toBe(200);
    const other = await signedIn(running.db, 'lan2@example.com');
    const refused = await running.app.inject({ method: 'POST', url: '/api/start_trial', headers: { cookie: other.cookie, host: '192.168.1.20:8080', origin: 'https://evil.example', 'content-type': 'application/json' }, payload: { cust_id: other.custId } });
    expect(refused.statusCode).toBe(403);
    expect(await trialStarted(running.db, other.custId)).toBe(false);
  });
});

/** The sources of one CSP directive. */
function sourcesOf(policy: string, name: string): string[] {
  const directive = policy.split('; ').find((part) => part.startsWith(`${name} `)) ?? '';
  return directive.split(' ').slice(1);
}

describe('point 18: CSP connect-src lists the socket origins, not ws:/wss: to any host', () => {
  it('GET / with PUBLIC_ORIGIN https and the weather socket moved -> connect-src names wss://clearway.example and wss://wx.example.com only', async () => {
    const running = await startTestApp({ webDist: true, env: { PUBLIC_ORIGIN: 'https://clearway.example', ENDPOINT_WEATHER_SOCKET: 'wss://wx.example.com/socket' } });
    try {
      const reply = await running.app.inject({ method: 'GET', url: '/', headers: { host: 'clearway.example' } });
      const connect = sourcesOf(String(reply.headers['content-security-policy']), 'connect-src');
      expect(connect).not.toContain('ws:');
      expect(connect).not.toContain('wss:');
      expect(connect).toEqual(["'self'", 'ws://clearway.example', 'wss://clearway.example', 'wss://wx.example.com']);
    } finally {
      await running.close();
    }
  });

  it('GET / at a host that is not allowed (Host: evil.example, no PUBLIC_ORIGIN) -> connect-src is \'self\' only', async () => {
    const running = await startTestApp({ webDist: true });
    try {
      const reply = await running.app.inject({ method: 'GET', url: '/', headers: { host: 'evil.example' } });
      expect(sourcesOf(String(reply.headers['content-security-policy']), 'connect-src')).toEqual(["'self'"]);
    } finally {
      await running.close();
    }
  });
});
