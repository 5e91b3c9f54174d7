// Starts the real server (built `apps/server/dist/main.js`) on a free loopback port with a fresh
// SQLite database, and Debian's Chromium through playwright-core.
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildNavDataInto, NAVDATA_CACHE_ENV } from './navdataCache.js';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import { findOrCreateCustomer } from '../apps/server/src/auth/customers.js';
import { createSession, SESSION_COOKIE } from '../apps/server/src/auth/sessions.js';
import { openDatabase } from '../apps/server/src/db/connect.js';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));

export interface RunningServer {
  origin: string;
  /** The server's SQLite database file (undefined when the test runs it on PostgreSQL). */
  sqlitePath: string | undefined;
  output: () => string;
  stop: () => Promise<number | null>;
}

/** A port the kernel says is free on 127.0.0.1. */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** Starts the built server with a fresh database and waits until /healthz answers 200. */
export async function startServer(extraEnv: Record<string, string> = {}): Promise<RunningServer> {
  const main = join(repoRoot, 'apps/server/dist/main.js');
  if (!existsSync(main) || !existsSync(join(repoRoot, 'apps/web/dist/index.html'))) {
    throw new Error('The app is not built: run `npm run build` (npm test does) before the end-to-end tests.');
  }
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'clearway-e2e-'));
  const origin = `http://127.0.0.1:${port}`;
  const sqlitePath = extraEnv.DATABASE_URL ? undefined : (extraEnv.SQLITE_PATH ?? join(dataDir, 'clearway.db'));
  let log = '';
  const child: ChildProcess = spawn(process.execPath, [main], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_ORIGIN: origin,
      SQLITE_PATH: join(dataDir, 'clearway.db'),
      // An empty nav data folder unless the test passes its own: never the developer's var/navdata.
      NAVDATA_DIR: join(dataDir, 'navdata'),
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The server exited during start-up:\n${log}`);
    try {
      const reply = await fetch(`${origin}/healthz`);
      if (reply.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`The server did not answer /healthz within 60 s:\n${log}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    origin,
    sqlitePath,
    output: () => log,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      const code = await exited;
      rmSync(dataDir, { recursive: true, force: true });
      return code;
    },
  };
}

/** A signed-in customer of a running server: the cust_id and the session cookie's value. */
export interface SignedInUser {
  custId: string;
  token: string;
}

/**
 * Makes a customer and a session on the server's SQLite file the way sign-in does after the code
 * exchange (findOrCreateCustomer + createSession, apps/server/README.md "Sign-in"); the same e-mail
 * gives the same customer. The server has migrated the file by the time /healthz answers.
 */
export async function createSignedInUser(server: RunningServer, email = 'pilot@e2e.test'): Promise<SignedInUser> {
  if (server.sqlitePath === undefined) throw new Error('createSignedInUser needs the server on SQLite (no DATABASE_URL)');
  const db = openDatabase({ dialect: 'sqlite', path: server.sqlitePath });
  try {
    const customer = await findOrCreateCustomer(db, { email });
    return { custId: customer.custId, token: await createSession(db, customer.custId, 24 * 3600_000) };
  } finally {
    await db.close();
  }
}

/** Adds a user's session cookie (as the server sets it: path '/', httpOnly) to a browser context. */
export async function addSessionCookie(context: BrowserContext, user: SignedInUser): Promise<void> {
  await context.addCookies([{ name: SESSION_COOKIE, value: user.token, domain: '127.0.0.1', path: '/', httpOnly: true, sameSite: 'Lax' }]);
}

let contextCount = 0;

/**
 * A new browser context signed in as `email` (the app's start-up waits for a signed-in user, spec
 * part 1 §4): a session cookie, nothing else stored. By default each context is a customer of its
 * own, so the profile sync of one test never brings another test's data; pass the same `email` for
 * two devices of one customer. The other options go to browser.newContext (viewport 1280 x 800
 * unless given).
 */
export async function signedInContext(
  browser: Browser,
  server: RunningServer,
  { email = `pilot-${++contextCount}@e2e.test`, ...options }: BrowserContextOptions & { email?: string } = {},
): Promise<BrowserContext> {
  const user = await createSignedInUser(server, email);
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, ...options });
  await addSessionCookie(context, user);
  return context;
}

/** Debian's Chromium, headless, with the flags that work on this machine's closed network. */
export async function launchChromium(): Promise<Browser> {
  const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!existsSync(executablePath)) {
    throw new Error(`Chromium not found at ${executablePath}: install Debian's chromium (npm test does) or set CHROMIUM_PATH.`);
  }
  return chromium.launch({
    executablePath,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/**
 * Builds a US nav database from the shared FAA files (NASR national and excerpts, CIFP KHWD) into
 * `${navdataDir}/${channel}` with the real `navdata` command; returns the folder. Within one e2e run
 * the command runs once, in the global set-up (navdataCache.ts), before any file starts: its output is
 * copied to each file's own folder, so no two test files (which may run side by side) share one.
 */
export function buildTestNavData(navdataDir: string, channel = 'dev'): string {
  const out = join(navdataDir, channel);
  const cacheRoot = process.env[NAVDATA_CACHE_ENV];
  if (cacheRoot) {
    const cached = join(cacheRoot, 'us');
    if (existsSync(join(cached, 'us.cwnav'))) {
      cpSync(cached, out, { recursive: true });
      return out;
    }
  }
  buildNavDataInto(out);
  return out;
}

/** Waits until the app shell says its nav database has loaded (up to a minute: the worker opens it). */
export async function waitNavDbLoaded(page: Page): Promise<void> {
  await page.waitForSelector('[data-testid="app-shell"][data-navdb-state="loaded"]', { timeout: 60_000 });
}

/** A property of the app's 'prefs' IndexedDB database (where the search box stores the route), read in the page. */
export async function prefsProperty(page: Page, key: string): Promise<unknown> {
  return page.evaluate(
    (k) =>
      new Promise((resolve, reject) => {
        const open = indexedDB.open('prefs');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const get = open.result.transaction('properties').objectStore('properties').get(k);
          get.onsuccess = () => {
            resolve((get.result as { value?: unknown } | undefined)?.value);
            open.result.close();
          };
          get.onerror = () => reject(get.error);
        };
      }),
    key,
  );
}

/** The app opened by openSignedInApp, and `close` to end it all. */
export interface SignedInApp {
  server: RunningServer;
  browser: Browser;
  context: BrowserContext;
  page: Page;
  /** The built nav data folder (holding `us.cwnav`). */
  navdata: string;
  /** The page's uncaught errors, as they happen. */
  errors: string[];
  /** Closes the context and the browser, stops the server and removes the nav data. */
  close: () => Promise<void>;
}

/**
 * Builds the US test nav data (buildTestNavData) into a fresh folder named after `name`, starts the
 * server on it and Chromium, opens a page signed in as a customer of its own (signedInContext,
 * `options` go to it) at /app/map1 and waits until the nav database has loaded and the search box
 * shows. What started is ended again when a step fails.
 */
export async function openSignedInApp(name: string, options: BrowserContextOptions = {}): Promise<SignedInApp> {
  const navdataDir = mkdtempSync(join(tmpdir(), `clearway-e2e-${name}-`));
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  let context: BrowserContext | undefined;
  const close = async (): Promise<void> => {
    await context?.close();
    await browser?.close();
    await server?.stop();
    rmSync(navdataDir, { recursive: true, force: true });
  };
  try {
    const navdata = buildTestNavData(navdataDir, 'dev');
    server = await startServer({ NAVDATA_DIR: navdataDir });
    browser = await launchChromium();
    context = await signedInContext(browser, server, options);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${server.origin}/app/map1`);
    await waitNavDbLoaded(page);
    await page.getByRole('combobox').waitFor({ state: 'visible' });
    return { server, browser, context, page, navdata, errors, close };
  } catch (error) {
    await close();
    throw error;
  }
}
