// Test kit of the security suite's sign-in attacks (issue 26): the real app (buildApp) listening on
// 127.0.0.1 with a fresh database, and a browser that keeps cookies and follows no redirect by itself.
import { join } from 'node:path';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { expect } from 'vitest';
import { buildApp } from '../app.js';
import { outboxFor } from '../auth/index.js';
import { loadConfig } from '../config/index.js';
import { migrateToLatest, openDatabase, type Database } from '../db/index.js';
import { createServerLogger } from '../http/index.js';
import { CookieJar, csrfOf, formAction, freePort } from '../testing/browser.js';
import { createScratchSchema } from '../testing/postgres.js';
import { makeTempDir, removeTempDir } from '../testing/testApp.js';

/**
 * Time for one attack test and for starting or closing a target: each sign-in costs a scrypt hash
 * (tens of ms), and the 2-core machine may be shared with other test runs.
 */
export const ATTACK_TIMEOUT = 90_000;
export const HOOK_TIMEOUT = 60_000;

export { csrfOf, formAction, freePort };

/** The app under attack. */
export interface Target {
  app: FastifyInstance;
  db: Database;
  origin: string;
  /** Every JSON log line the app wrote (LOG_LEVEL info). */
  logLines: string[];
  close: () => Promise<void>;
}

/**
 * buildApp on a fresh SQLite file (or a scratch schema of `postgresUrl`), listening on 127.0.0.1,
 * logging at info into `logLines`. TRUST_PROXY=127.0.0.1 so that a test can speak for several
 * client addresses with X-Forwarded-For, as a load balancer in front of the server would.
 */
export async function startTarget(env: Record<string, string> = {}, postgresUrl?: string): Promise<Target> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const dir = await makeTempDir('clearway-security-');
  const scratch = postgresUrl === undefined ? undefined : await createScratchSchema(postgresUrl);
  const config = loadConfig({
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_ORIGIN: origin,
    LOG_LEVEL: 'info',
    // Not the embedded default: that one prints each confirmation link on the console.
    CLEARWAY_ENV: 'dev',
    TRUST_PROXY: '127.0.0.1',
    WEB_DIST: join(dir, 'web'),
    ...(scratch === undefined ? { SQLITE_PATH: join(dir, 'security.db') } : { DATABASE_URL: scratch.url }),
    ...env,
  });
  const db = openDatabase(config.database);
  await migrateToLatest(db);
  const logLines: string[] = [];
  const logger: FastifyBaseLogger = createServerLogger(config, { write: (line: string) => void logLines.push(line) });
  const app = await buildApp(config, { db, logger });
  await app.listen({ host: '127.0.0.1', port });
  return {
    app,
    db,
    origin,
    logLines,
    close: async () => {
      await app.close();
      await db.close();
      await scratch?.drop();
      await removeTempDir(dir);
    },
  };
}

/**
 * Opens the database pool's connections before a burst, as a server in steady state has them: on a
 * loaded 2-core machine, ten PostgreSQL connections opened at once inside a burst can miss the
 * pool's 5 s connection timeout, which would test the machine rather than the limit.
 */
export async function warmPool(target: Target): Promise<void> {
  if (target.db.dialect !== 'postgres') return;
  await Promise.all(Array.from({ length: 10 }, () => sql`select pg_sleep(0.05)`.execute(target.db.kysely)));
}

/** A browser talking to the target over real HTTP from one client address (X-Forwarded-For). */
export class Browser {
  readonly jar = new CookieJar();
  constructor(
    private readonly origin: string,
    private readonly clientAddress = '198.51.100.1',
  ) {}

  async request(path: string, init: { method?: string; form?: Record<string, string>; json?: unknown; headers?: Record<string, string> } = {}): Promise<Response> {
    const url = new URL(path, this.origin);
    const headers: Record<string, string> = { 'x-forwarded-for': this.clientAddress, ...init.headers };
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

  /** Follows redirects on this origin (at most 10); stops early where `stopAt` says. */
  async follow(response: Response, stopAt: (path: string) => boolean = () => false): Promise<{ response: Response; path: string }> {
    let current = response;
    let path = '';
    for (let hop = 0; hop < 10 && current.status >= 300 && current.status < 400; hop += 1) {
      const location = new URL(current.headers.get('location') ?? '', this.origin);
      path = location.pathname + location.search;
      if (location.origin !== this.origin || stopAt(location.pathname)) return { response: current, path: location.href };
      current = await this.request(path);
    }
    return { response: current, path };
  }
}

/** A password that passes the rules (12+ characters, not a common one). */
export const PASSWORD = 'correct horse battery';

/** Posts the registration form; returns the response. */
export async function register(browser: Browser, email: string, options: { name?: string; password?: string } = {}): Promise<Response> {
  const html = await (await browser.request('/oidc/register')).text();
  const password = options.password ?? PASSWORD;
  return browser.request(formAction(html), {
    form: { _csrf: csrfOf(html), full_name: options.name ?? 'Amelia Earhart', email, password, password_confirm: password },
  });
}

/** The link of the newest mail of `kind` to `email` in the outbox (path and query). */
export async function linkFromOutbox(db: Database, email: string, kind: string): Promise<string> {
  const mail = (await outboxFor(db, email)).find((m) => m.kind === kind);
  const link = /(http:\/\/\S+\/oidc\/\w+\?token=\S+)/.exec(mail?.text ?? '')?.[1];
  if (link === undefined) throw new Error(`no ${kind} link to ${email} in the outbox`);
  const url = new URL(link);
  return url.pathname + url.search;
}

/** Opens a mailed confirmation link and presses its button. */
export async function confirm(browser: Browser, link: string): Promise<Response> {
  const html = await (await browser.request(link)).text();
  const token = /name="token" value="([^"]+)"/.exec(html)?.[1] ?? '';
  return browser.request(formAction(html), { form: { _csrf: csrfOf(html), token } });
}

/** Registers and confirms an account. */
export async function registerConfirmed(target: Target, email: string, options: { name?: string; password?: string } = {}): Promise<void> {
  const browser = new Browser(target.origin);
  expect((await register(browser, email, options)).status).toBe(201);
  expect((await confirm(browser, await linkFromOutbox(target.db, email, 'verify'))).status).toBe(200);
}

/** /auth/login up to the provider's login form; returns the form page. */
export async function openLoginForm(browser: Browser): Promise<string> {
  const { response } = await browser.follow(await browser.request('/auth/login'));
  expect(response.status).toBe(200);
  return response.text();
}

/** Posts the login form once. */
export function postLogin(browser: Browser, html: string, email: string, password: string): Promise<Response> {
  return browser.request(formAction(html), { form: { _csrf: csrfOf(html), email, password } });
}

/** Signs in through the whole code flow; returns the path the app landed on. */
export async function signIn(browser: Browser, email: string, password = PASSWORD): Promise<string> {
  const posted = await postLogin(browser, await openLoginForm(browser), email, password);
  const { path } = await browser.follow(posted, (p) => p.startsWith('/app/'));
  return path;
}
