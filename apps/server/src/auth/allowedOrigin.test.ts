// Sign-in and mailed links at the address the browser used, through the real buildApp (inject, so a
// LAN address or a foreign Host header needs no network): issue 14 point 1.
import { afterEach, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { csrfOf, formAction } from '../testing/browser.js';
import { startTestApp, type TestApp } from '../testing/testApp.js';
import { ORIGIN_TEXT } from './allowedOrigin.js';
import { outboxFor } from './mailer.js';
import { createUser, markEmailVerified } from './users.js';

const PASSWORD = 'correct horse battery';
const LAN = '192.168.77.5:8080';

/** A browser that reaches the app by one Host header: cookies kept by name, redirects followed by hand. */
class HostBrowser {
  private readonly cookies = new Map<string, string>();
  /** Every Location the server answered, in order. */
  readonly locations: string[] = [];

  constructor(private readonly running: TestApp, readonly host: string) {}

  async request(path: string, form?: Record<string, string>): Promise<LightMyRequestResponse> {
    const headers: Record<string, string> = { host: this.host };
    if (this.cookies.size > 0) headers.cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    if (form !== undefined) headers['content-type'] = 'application/x-www-form-urlencoded';
    const reply = await this.running.app.inject({
      method: form === undefined ? 'GET' : 'POST',
      url: path,
      headers,
      ...(form === undefined ? {} : { payload: new URLSearchParams(form).toString() }),
    });
    const setCookies = reply.headers['set-cookie'];
    for (const line of setCookies === undefined ? [] : Array.isArray(setCookies) ? setCookies : [setCookies]) {
      const [pair = ''] = line.split(';');
      const [name = '', value = ''] = pair.split('=');
      if (/max-age=0/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    if (typeof reply.headers.location === 'string') this.locations.push(reply.headers.location);
    return reply;
  }

  /** Follows redirects, each of which must stay on this browser's own origin. */
  async follow(reply: LightMyRequestResponse): Promise<LightMyRequestResponse> {
    let current = reply;
    for (let hop = 0; hop < 10 && current.statusCode >= 300 && current.statusCode < 400; hop += 1) {
      const location = new URL(String(current.headers.location), `http://${this.host}`);
      expect(location.host).toBe(this.host);
      current = await this.request(location.pathname + location.search);
    }
    return current;
  }
}

/** Asks for a password reset of `email` as a browser at `host`; returns the reply. */
async function requestReset(running: TestApp, host: string, email: string): Promise<LightMyRequestResponse> {
  const browser = new HostBrowser(running, host);
  const form = await browser.request('/oidc/forgot');
  if (form.statusCode !== 200) return form;
  return browser.request('/oidc/forgot', { _csrf: csrfOf(form.body), email });
}

describe('sign-in at the address the browser used (PUBLIC_ORIGIN unset)', () => {
  let running: TestApp | undefined;
  afterEach(async () => {
    await running?.close();
    running = undefined;
  });

  it('signs in at a LAN address: the provider, its redirects and the callback all stay on that address', async () => {
    running = await startTestApp();
    const user = await createUser(running.db, { email: 'lan@example.com', password: PASSWORD, fullName: 'Lan Pilot' });
    if (user === undefined) throw new Error('user not created');
    await markEmailVerified(running.db, user.id);
    const browser = new HostBrowser(running, LAN);

    const login = await browser.request('/auth/login');
    expect(login.statusCode).toBe(302);
    const authorize = new URL(String(login.headers.location));
    expect(authorize.origin).toBe(`http://${LAN}`);
    expect(authorize.pathname).toBe('/oidc/auth');
    expect(authorize.searchParams.get('redirect_uri')).toBe(`http://${LAN}/auth/callback`);

    const page = await browser.follow(login);
    expect(page.statusCode).toBe(200);
    const posted = await browser.request(formAction(page.body), { _csrf: csrfOf(page.body), email: 'lan@example.com', password: PASSWORD });
    const landed = await browser.follow(posted);
    // The last redirect was the callback's, into the app.
    expect(browser.locations.at(-1)).toBe('/app/aircraft_profile_welcome');
    expect(landed.statusCode).not.toBe(400);
    const me = await browser.request('/auth/me');
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ email: 'lan@example.com' });
  });

  it('refuses to start a sign-in for a Host that is not allowed, with a page that says why', async () => {
    running = await startTestApp();
    const reply = await new HostBrowser(running, 'evil.example').request('/auth/login');
    expect(reply.statusCode).toBe(421);
    expect(reply.headers.location).toBeUndefined();
    expect(reply.body).toContain(ORIGIN_TEXT.unknownHost('evil.example'));
    expect((await new HostBrowser(running, 'evil.example').request('/oidc/.well-known/openid-configuration')).statusCode).toBe(421);
  });

  it('mails a reset link on the LAN address it was asked from, and none for a foreign Host', async () => {
    running = await startTestApp();
    await createUser(running.db, { email: 'reset@example.com', password: PASSWORD, fullName: 'Reset Pilot' });

    const foreign = await requestReset(running, 'evil.example', 'reset@example.com');
    expect(foreign.statusCode).toBe(421);
    expect(await outboxFor(running.db, 'reset@example.com')).toEqual([]);

    const lan = await requestReset(running, LAN, 'reset@example.com');
    expect(lan.statusCode).toBe(200);
    const mails = await outboxFor(running.db, 'reset@example.com');
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toMatch(new RegExp(`\\nhttp://${LAN.replace(/\./g, '\\.')}/oidc/reset\\?token=[\\w-]+\\n`));
    expect(mails[0]?.text).not.toContain('evil.example');
  });

  it('allows a name listed in ALLOWED_HOSTS', async () => {
    running = await startTestApp({ env: { ALLOWED_HOSTS: 'clearway.lan' } });
    await createUser(running.db, { email: 'named@example.com', password: PASSWORD, fullName: 'Named Pilot' });
    expect((await requestReset(running, 'clearway.lan:8080', 'named@example.com')).statusCode).toBe(200);
    expect((await outboxFor(running.db, 'named@example.com'))[0]?.text).toContain('\nhttp://clearway.lan:8080/oidc/reset?token=');
    const login = await new HostBrowser(running, 'clearway.lan:8080').request('/auth/login');
    expect(new URL(String(login.headers.location)).origin).toBe('http://clearway.lan:8080');
  });
});

describe('sign-in with PUBLIC_ORIGIN set', () => {
  let running: TestApp | undefined;
  afterEach(async () => {
    await running?.close();
    running = undefined;
  });

  it('puts every absolute address on PUBLIC_ORIGIN, whatever Host the request names', async () => {
    running = await startTestApp({ env: { PUBLIC_ORIGIN: 'http://clearway.example:8080' } });
    await createUser(running.db, { email: 'fixed@example.com', password: PASSWORD, fullName: 'Fixed Pilot' });
    expect((await requestReset(running, 'evil.example', 'fixed@example.com')).statusCode).toBe(200);
    const text = (await outboxFor(running.db, 'fixed@example.com'))[0]?.text ?? '';
    expect(text).toContain('\nhttp://clearway.example:8080/oidc/reset?token=');
    expect(text).not.toContain('evil.example');
    const login = await new HostBrowser(running, LAN).request('/auth/login');
    const authorize = new URL(String(login.headers.location));
    expect(authorize.origin).toBe('http://clearway.example:8080');
    expect(authorize.searchParams.get('redirect_uri')).toBe('http://clearway.example:8080/auth/callback');
  });
});
