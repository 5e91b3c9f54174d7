// The app reached by an address other than localhost (issue 14 point 1): a tablet in the cockpit opens
// a laptop or an in-aircraft box by its IP address. The server runs as `npm start` leaves it (no
// PUBLIC_ORIGIN, every interface), the app is opened at 127.0.0.1 and at this machine's
// non-loopback address, signs in through the hosted pages, loads the nav database, draws the
// airports and plans a route, with no CSP violation and no request to any other address. A reset
// request with a foreign Host header mails no link to that host.
import { request as httpRequest } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { networkInterfaces, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxFor } from '../apps/server/src/auth/mailer.js';
import { createUser, markEmailVerified } from '../apps/server/src/auth/users.js';
import { openDatabase } from '../apps/server/src/db/connect.js';
import { buildTestNavData, launchChromium, prefsProperty, startServer, waitNavDbLoaded, type RunningServer } from './harness.js';

const PASSWORD = 'a long test password 14';
const ROUTE_TEXT = 'khwd oak ksfo';

let server: RunningServer;
let browser: Browser;
let port: number;
const navdataDir = mkdtempSync(join(tmpdir(), 'clearway-e2e-origin-'));

/** This machine's first non-loopback IPv4 address, as a tablet on the same network would use it. */
function machineAddress(): string {
  const found = Object.values(networkInterfaces()).flatMap((entries) => entries ?? []).find((entry) => entry.family === 'IPv4' && !entry.internal);
  if (found === undefined) throw new Error(`this machine has no non-loopback IPv4 address: ${JSON.stringify(networkInterfaces())}`);
  return found.address;
}

/** Runs a statement on the server's SQLite file. */
async function withDatabase<T>(use: (db: ReturnType<typeof openDatabase>) => Promise<T>): Promise<T> {
  if (server.sqlitePath === undefined) throw new Error('the server runs on SQLite here');
  const db = openDatabase({ dialect: 'sqlite', path: server.sqlitePath });
  try {
    return await use(db);
  } finally {
    await db.close();
  }
}

/** A customer who has registered and confirmed the address: signs in with PASSWORD. */
async function registeredUser(email: string): Promise<void> {
  await withDatabase(async (db) => {
    const user = await createUser(db, { email, password: PASSWORD, fullName: 'Origin Pilot' });
    if (user === undefined) throw new Error(`${email} exists already`);
    await markEmailVerified(db, user.id);
  });
}

/** One HTTP request to the server on 127.0.0.1 with a Host header of our choosing (fetch may not set Host). */
function rawRequest(path: string, options: { host: string; method?: string; headers?: Record<string, string>; body?: string }): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest({ host: '127.0.0.1', port, path, method: options.method ?? 'GET', headers: { ...options.headers, host: options.host } }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
    });
    request.on('error', reject);
    request.end(options.body);
  });
}

beforeAll(async () => {
  buildTestNavData(navdataDir, 'dev');
  // As `npm start` runs it: no PUBLIC_ORIGIN (empty counts as unset), listening on every interface.
  server = await startServer({ NAVDATA_DIR: navdataDir, HOST: '0.0.0.0', PUBLIC_ORIGIN: '' });
  port = Number(new URL(server.origin).port);
  browser = await launchChromium();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  rmSync(navdataDir, { recursive: true, force: true });
});

/** What went wrong on a page: CSP violations (event and console), page errors, requests to other origins. */
interface Watch {
  violations: string[];
  errors: string[];
  foreignRequests: string[];
}

/** Starts watching a context before its first page opens; `page` adds that page's console and errors. */
async function watch(context: BrowserContext, origin: string): Promise<Watch & { page: (page: Page) => void }> {
  const seen: Watch = { violations: [], errors: [], foreignRequests: [] };
  await context.exposeBinding('reportCspViolation', (_source, text: string) => {
    seen.violations.push(text);
  });
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      (window as unknown as { reportCspViolation: (text: string) => void }).reportCspViolation(`${event.violatedDirective} blocked ${event.blockedURI} at ${event.sourceFile}:${event.lineNumber}:${event.columnNumber}`);
    });
  });
  // The service worker's requests too (context-wide); data: and blob: stay in the page.
  context.on('request', (request) => {
    const url = new URL(request.url());
    if (/^(http|ws)s?:$/.test(url.protocol) && url.origin.replace(/^ws/, 'http') !== origin) seen.foreignRequests.push(request.url());
  });
  return {
    ...seen,
    page: (page) => {
      page.on('console', (message) => {
        if (message.text().includes('Content Security Policy')) seen.violations.push(message.text());
      });
      page.on('pageerror', (error) => seen.errors.push(error.message));
    },
  };
}

/** Opens the app signed out at `origin`, signs in on the hosted page, then uses map, nav database and route. */
async function useTheAppAt(origin: string, email: string): Promise<void> {
  await registeredUser(email);
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const seen = await watch(context, origin);
  const page = await context.newPage();
  seen.page(page);
  try {
    // Signed out, the app sends the visitor to the hosted login, on this same address.
    await page.goto(`${origin}/app/map1`);
    await page.waitForSelector('#password', { timeout: 30_000 });
    expect(new URL(page.url()).origin).toBe(origin);
    expect(new URL(page.url()).pathname).toMatch(/^\/oidc\//);
    await page.fill('#email', email);
    await page.fill('#password', PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${origin}/app/aircraft_profile_welcome`, { timeout: 30_000 });
    const me = await page.evaluate(async () => (await fetch('/auth/me')).json() as Promise<{ email: string }>);
    expect(me.email).toBe(email);

    // The nav database and the airports on the map.
    await page.goto(`${origin}/app/map1`);
    await waitNavDbLoaded(page);
    await page.waitForFunction(() => Number(document.querySelector('[data-testid="map-view-1"]')?.getAttribute('data-map-airports') ?? 0) > 100, undefined, { timeout: 30_000 });

    // A route typed in the search box, with its navlog on the route screen.
    const box = page.getByRole('combobox');
    await box.fill(ROUTE_TEXT);
    await page.getByRole('option', { name: /^Select Route:/ }).first().waitFor({ timeout: 15_000 });
    await box.press('Enter');
    await expect.poll(async () => ((await prefsProperty(page, 'route')) as { final_string?: string } | undefined)?.final_string, { timeout: 10_000 }).toBe(ROUTE_TEXT.toUpperCase());
    await page.goto(`${origin}/app/route`);
    await waitNavDbLoaded(page);
    await expect.poll(async () => page.getByTestId('page-route').getAttribute('data-final-string'), { timeout: 15_000 }).toBe(ROUTE_TEXT.toUpperCase());
    await expect.poll(async () => page.locator('[data-testid="navlog-row"]').count(), { timeout: 15_000 }).toBeGreaterThan(1);

    expect(seen.violations).toEqual([]);
    expect(seen.foreignRequests).toEqual([]);
    expect(seen.errors).toEqual([]);
  } finally {
    await context.close();
  }
}

describe('the app at another address than localhost', () => {
  it('at 127.0.0.1: signs in, loads the nav database, draws the airports and plans a route, all on that address', async () => {
    await useTheAppAt(`http://127.0.0.1:${port}`, 'loopback@e2e.test');
  }, 180_000);

  it("at this machine's network address: the same, as a tablet on the network would", async () => {
    await useTheAppAt(`http://${machineAddress()}:${port}`, 'tablet@e2e.test');
  }, 180_000);

  it('mails a reset link on the address it was asked at, and none for a foreign Host header', async () => {
    const email = 'reset@e2e.test';
    await registeredUser(email);
    const lan = `${machineAddress()}:${port}`;
    // The form's CSRF cookie and field, from the page at an allowed address.
    const form = await rawRequest('/oidc/forgot', { host: lan });
    expect(form.status).toBe(200);
    const csrf = /name="_csrf" value="([^"]+)"/.exec(form.body)?.[1] ?? '';
    const cookie = [form.headers['set-cookie'] ?? []].flat().map((line) => line.split(';')[0]).join('; ');
    const post = (host: string) =>
      rawRequest('/oidc/forgot', {
        host,
        method: 'POST',
        headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ _csrf: csrf, email }).toString(),
      });

    const foreign = await post('evil.example');
    expect(foreign.status).toBe(421);
    expect(await withDatabase((db) => outboxFor(db, email))).toEqual([]);

    expect((await post(lan)).status).toBe(200);
    const mails = await withDatabase((db) => outboxFor(db, email));
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain(`\nhttp://${lan}/oidc/reset?token=`);
    expect(mails[0]?.text).not.toContain('evil.example');
  });
});
