// Issue 7 through the whole app: buildApp on SQLite with the real database sessions, the account,
// billing, sync and realtime routes as main.ts serves them, and the security headers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession, findOrCreateCustomer, IDP_TEXT, outboxFor, SESSION_COOKIE } from './auth/index.js';
import { csrfOf, formAction, freePort } from './testing/browser.js';
import { openProfileSocket } from './testing/syncApp.js';
import { startTestApp, type TestApp } from './testing/testApp.js';

/** A browser over real HTTP: keeps cookies (by name; paths are not needed here), follows no redirect by itself. */
class Browser {
  private readonly cookies = new Map<string, string>();
  constructor(private readonly origin: string) {}

  cookie(name: string): string | undefined {
    return this.cookies.get(name);
  }

  async request(path: string, init: { form?: Record<string, string>; json?: unknown } = {}): Promise<Response> {
    const headers: Record<string, string> = {};
    if (this.cookies.size > 0) headers.cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    let body: string | undefined;
    if (init.form !== undefined) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(init.form).toString();
    } else if (init.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(init.json);
    }
    const response = await fetch(new URL(path, this.origin), { method: body === undefined ? 'GET' : 'POST', headers, body, redirect: 'manual' });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const index = pair.indexOf('=');
      const name = pair.slice(0, index).trim();
      if (/max-age=0/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, pair.slice(index + 1));
    }
    return response;
  }

  /** Follows same-origin redirects until one leads to a path `stopAt` accepts (returned) or a non-redirect. */
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

const PASSWORD = 'correct horse battery';

describe('issue 7 routes in the app', () => {
  let running: TestApp;
  let origin: string;

  beforeAll(async () => {
    const port = await freePort();
    origin = `http://127.0.0.1:${port}`;
    running = await startTestApp({ webDist: true, env: { PORT: String(port), PUBLIC_ORIGIN: origin } });
    await running.app.listen({ host: '127.0.0.1', port });
  });
  afterAll(async () => {
    await running.close();
  });

  /** A customer signed in the way the relying party does it: find_or_create, then a database session. */
  async function signedIn(email: string): Promise<{ custId: string; cookie: string }> {
    const customer = await findOrCreateCustomer(running.db, { email, fullName: '' });
    const token = await createSession(running.db, customer.custId, 3600_000);
    return { custId: customer.custId, cookie: `${SESSION_COOKIE}=${token}` };
  }

  async function post(path: string, cookie: string | undefined, body: unknown) {
    return running.app.inject({ method: 'POST', url: path, headers: cookie === undefined ? {} : { cookie }, payload: body as object });
  }

  it('answers the account, trial and subscription calls for the signed-in customer', async () => {
    const { custId, cookie } = await signedIn('pilot@example.com');

    const account = await post('/api/account', cookie, { cust_id: custId });
    expect(account.statusCode).toBe(200);
    expect(account.json()).toMatchObject({ code: 0, trial: { email_id: 'pilot@example.com', cust_id: custId, purchase: null, profile: { name: 'pilot@example.com' } }, test_mode: true });

    const trial = await post('/api/start_trial', cookie, { cust_id: custId });
    expect(trial.statusCode).toBe(200);
    expect(trial.json()).toMatchObject({ code: 1, trial: { cust_id: custId } });

    const declinedKey = await post('/api/get_key', cookie, { cust_id: custId, type: 'stripe', email: 'pilot@example.com', subscription_type: 'standard_monthly' });
    expect(declinedKey.statusCode).toBe(200);
    const declined = await post('/api/checkout_subscription', cookie, {
      type: 'stripe', sku: 'standard_monthly', cust_id: custId, email_id: 'pilot@example.com', subscription_id: declinedKey.json().subscription_id, nonce: '4000000000000002',
    });
    expect(declined.json()).toMatchObject({ result: 'failed', error: { message: 'Your card was declined.' }, test_mode: true });

    const key = await post('/api/get_key', cookie, { cust_id: custId, type: 'stripe', email: 'pilot@example.com', subscription_type: 'standard_monthly' });
    expect(key.statusCode).toBe(200);
    expect(key.json()).toMatchObject({ subscription_type: 'standard_monthly', test_mode: true, amount_cents: 1495, currency: 'usd' });
    const paid = await post('/api/checkout_subscription', cookie, {
      type: 'stripe', sku: 'standard_monthly', cust_id: custId, email_id: 'pilot@example.com', subscription_id: key.json().subscription_id, nonce: '4242424242424242',
    });
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toMatchObject({ result: 'success', test_mode: true, purchase: { sku: 'standard_monthly', renewing: true, api: 'test' } });

    const licensed = await post('/api/account', cookie, { cust_id: custId });
    expect(licensed.json()).toMatchObject({ code: 2, trial: { purchase: { sku: 'standard_monthly', api: 'test' } } });
  });

  it('refuses another customer’s cust_id with 403 and a call without a session with 401', async () => {
    const mine = await signedIn('mine@example.com');
    const theirs = await signedIn('theirs@example.com');
    for (const path of ['/api/account', '/api/start_trial']) {
      expect((await post(path, mine.cookie, { cust_id: theirs.custId })).statusCode).toBe(403);
      expect((await post(path, undefined, { cust_id: mine.custId })).statusCode).toBe(401);
      expect((await post(path, `${SESSION_COOKIE}=forged-${'x'.repeat(36)}`, { cust_id: mine.custId })).statusCode).toBe(401);
    }
    const sync = { uuid: 'phone', since: 0, key: 'fav_airports', sync_objects: [] };
    expect((await post('/api/sync_profile', mine.cookie, { cust_id: theirs.custId, ...sync })).statusCode).toBe(403);
    expect((await post('/api/sync_profile', undefined, { cust_id: mine.custId, ...sync })).statusCode).toBe(401);
    await expect(openProfileSocket(origin, { cust_id: theirs.custId, uuid: 'tablet' }, mine.cookie)).rejects.toThrow(/403/);
    await expect(openProfileSocket(origin, { cust_id: mine.custId, uuid: 'tablet' }, undefined)).rejects.toThrow(/401/);
  });

  it('syncs a favourite and tells the customer’s other device on /ws/profile', async () => {
    const { custId, cookie } = await signedIn('sync@example.com');
    const tablet = await openProfileSocket(origin, { cust_id: custId, uuid: 'tablet' }, cookie);
    try {
      const ts = Date.now();
      const reply = await post('/api/sync_profile', cookie, { cust_id: custId, uuid: 'phone', since: 0, key: 'fav_airports', sync_objects: [{ code: 'KSQL', ts, deleted: 'F' }] });
      expect(reply.statusCode).toBe(200);
      expect(reply.json()).toEqual([expect.objectContaining({ action: 'add_gid', table: 'fav_airports', code: 'KSQL', ts, deleted: 'F', gid: expect.any(String) })]);
      expect(await tablet.next(5000)).toEqual({ type: 'fav_airports' });

      const onTablet = await post('/api/sync_profile', cookie, { cust_id: custId, uuid: 'tablet', since: 0, key: 'fav_airports', sync_objects: [] });
      expect(onTablet.json()).toEqual([expect.objectContaining({ code: 'KSQL', deleted: 'F' })]);
      const devices = await running.app.inject({ method: 'GET', url: '/api/devices', headers: { cookie } });
      expect(devices.json<{ devices: Array<{ uuid: string }> }>().devices.map((device) => device.uuid).sort()).toEqual(['phone', 'tablet']);
    } finally {
      await tablet.close();
    }
  });

  it('sends the security headers on the app shell, the API and a 404', async () => {
    for (const url of ['/', '/app/map1', '/api/config', '/api/nothing-here']) {
      const reply = await running.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      const csp = String(reply.headers['content-security-policy']);
      expect(csp, url).toContain("default-src 'self'");
      expect(csp, url).toContain("worker-src 'self' blob:");
      expect(csp, url).toContain("img-src 'self' data: blob:");
      expect(csp, url).toContain("style-src 'self' 'unsafe-inline'");
      // Sockets only to the host of PUBLIC_ORIGIN, never ws:/wss: to any host.
      expect(csp, url).toContain(`connect-src 'self' ws://${new URL(origin).host} wss://${new URL(origin).host};`);
      expect(csp, url).toContain("frame-ancestors 'none'");
      expect(csp, url).not.toContain('unsafe-eval');
      expect(reply.headers['x-content-type-options'], url).toBe('nosniff');
      expect(reply.headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin');
      // http://127.0.0.1 is not https: no HSTS.
      expect(reply.headers['strict-transport-security'], url).toBeUndefined();
    }
  });

  it('sends security headers on the identity provider\'s own replies too', async () => {
    const discovery = await fetch(`${origin}/oidc/.well-known/openid-configuration`);
    expect(discovery.status).toBe(200);
    expect(discovery.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(discovery.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('signs in through the hosted pages under the CSP and lands on /app/map1 once the licence code is 2', async () => {
    const email = 'hosted@example.com';
    const browser = new Browser(origin);
    const form = await browser.request('/oidc/register');
    expect(form.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    const formHtml = await form.text();
    expect(formHtml).not.toContain('<script');
    const created = await browser.request(formAction(formHtml), { form: { _csrf: csrfOf(formHtml), full_name: 'Hosted Pilot', email, password: PASSWORD, password_confirm: PASSWORD } });
    expect(created.status).toBe(201);
    const link = new URL(/(http:\/\/\S+\/oidc\/verify\?token=\S+)/.exec((await outboxFor(running.db, email))[0]?.text ?? '')?.[1] ?? '');
    const confirm = await browser.request(link.pathname + link.search);
    const confirmHtml = await confirm.text();
    const token = /name="token" value="([^"]+)"/.exec(confirmHtml)?.[1] ?? '';
    expect(await (await browser.request(formAction(confirmHtml), { form: { _csrf: csrfOf(confirmHtml), token } })).text()).toContain(IDP_TEXT.verified);

    const signIn = async (): Promise<string> => {
      const start = await browser.request('/auth/login');
      expect(start.status).toBe(302);
      expect(start.headers.get('content-security-policy')).toContain("default-src 'self'");
      const { response } = await browser.follow(start);
      expect(response.status).toBe(200);
      // The hosted page keeps its own stricter policy (no script at all), not the app's default.
      expect(response.headers.get('content-security-policy')).toBe("default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'");
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      const html = await response.text();
      expect(html).toContain('<h1>Sign in</h1>');
      expect(html).not.toContain('<script');
      const posted = await browser.request(formAction(html), { form: { _csrf: csrfOf(html), email, password: PASSWORD } });
      return (await browser.follow(posted, (path) => path.startsWith('/app/'))).path;
    };

    expect(await signIn()).toBe('/app/aircraft_profile_welcome');
    const cookie = `${SESSION_COOKIE}=${browser.cookie(SESSION_COOKIE) ?? ''}`;
    const me = (await (await browser.request('/auth/me')).json()) as { cust_id: string };
    const key = await post('/api/get_key', cookie, { cust_id: me.cust_id, type: 'stripe', email, subscription_type: 'standard_annual' });
    const paid = await post('/api/checkout_subscription', cookie, { type: 'stripe', sku: 'standard_annual', cust_id: me.cust_id, email_id: email, subscription_id: key.json().subscription_id, nonce: '4242424242424242' });
    expect(paid.json()).toMatchObject({ result: 'success' });
    // Licence code 2 now: the next sign-in goes to the map (spec part 1 §2).
    expect(await signIn()).toBe('/app/map1');
  });
});

describe('security headers over https', () => {
  it('adds HSTS when PUBLIC_ORIGIN is https', async () => {
    const running = await startTestApp({ webDist: true, env: { PUBLIC_ORIGIN: 'https://clearway.example' } });
    try {
      const reply = await running.app.inject({ method: 'GET', url: '/healthz' });
      expect(reply.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      expect(reply.headers['content-security-policy']).toContain("default-src 'self'");
      expect(reply.headers['content-security-policy']).not.toContain('stripe.com');
    } finally {
      await running.close();
    }
  });

  it('allows Stripe.js, its frames and its API when Stripe is configured', async () => {
    const running = await startTestApp({ webDist: true, env: { STRIPE_SECRET_KEY: 'sk_test_csp', STRIPE_PRODUCT_ID: 'prod_csp' } });
    try {
      const csp = String((await running.app.inject({ method: 'GET', url: '/' })).headers['content-security-policy']);
      expect(csp).toContain("script-src 'self' https://js.stripe.com");
      expect(csp).toContain('frame-src https://js.stripe.com https://hooks.stripe.com');
      expect(csp).toContain("connect-src 'self' ws://localhost wss://localhost https://api.stripe.com");
    } finally {
      await running.close();
    }
  });

  it('allows the Zendesk widget of the configured subdomain when Zendesk is configured', async () => {
    const running = await startTestApp({ webDist: true, env: { ZENDESK_SHARED_SECRET: 'zendesk-shared-secret', ZENDESK_SUBDOMAIN: 'clearway' } });
    try {
      const csp = String((await running.app.inject({ method: 'GET', url: '/' })).headers['content-security-policy']);
      expect(csp).toContain("script-src 'self' https://static.zdassets.com");
      expect(csp).toContain('wss://clearway.zendesk.com');
      expect(csp).not.toContain('stripe.com');
    } finally {
      await running.close();
    }
  });
});
