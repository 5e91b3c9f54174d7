// Profile sync across two devices (issue 7, Tests): two browser contexts are two devices of one
// customer, signed in with a real server session; a favourite airport starred on one appears on the
// other within 5 s (spec part 1 §7: sync on save, the realtime socket tells the other device).
//
// The customer and session are made as sign-in makes them after the code exchange
// (findOrCreateCustomer + createSession on the server's SQLite file, the documented helper of
// apps/server/README.md "Sign-in"); the session cookie goes into both contexts. The app learns that
// it is signed in from prefs `login_profile` (trial.cust_id), written into each device's IndexedDB.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findOrCreateCustomer } from '../apps/server/src/auth/customers.js';
import { createSession } from '../apps/server/src/auth/sessions.js';
import { openDatabase } from '../apps/server/src/db/connect.js';
import { migrateToLatest } from '../apps/server/src/db/migrate.js';
import { createScratchSchema, POSTGRES_SKIP_REASON, TEST_DATABASE_URL, type ScratchSchema } from '../apps/server/src/testing/postgres.js';
import { REDIS_SKIP_REASON, startTestRedis, type TestRedis } from '../apps/server/src/testing/redis.js';
import { requireService } from '../apps/server/src/testing/skips.js';
import { addSessionCookie, buildTestNavData, launchChromium, startServer, type RunningServer } from './harness.js';

let server: RunningServer;
let browser: Browser;

/** A signed-in customer: the cust_id and the session cookie's value. */
interface SignedIn {
  custId: string;
  token: string;
}
let signedIn: SignedIn;

/** Makes the customer and a session as sign-in does after the code exchange. */
async function signIn(db: ReturnType<typeof openDatabase>, email: string): Promise<SignedIn> {
  await migrateToLatest(db);
  const customer = await findOrCreateCustomer(db, { email });
  return { custId: customer.custId, token: await createSession(db, customer.custId, 3600_000) };
}
const workDir = mkdtempSync(join(tmpdir(), 'clearway-e2e-sync-'));
const navdataDir = join(workDir, 'navdata');

beforeAll(async () => {
  buildTestNavData(navdataDir, 'dev');
  const sqlitePath = join(workDir, 'clearway.db');
  const db = openDatabase({ dialect: 'sqlite', path: sqlitePath });
  try {
    signedIn = await signIn(db, 'pilot@sync.test');
  } finally {
    await db.close();
  }
  server = await startServer({ NAVDATA_DIR: navdataDir, SQLITE_PATH: sqlitePath });
  browser = await launchChromium();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  rmSync(workDir, { recursive: true, force: true });
});

/** Writes the signed-in login profile into the device's prefs database (IndexedDB 'prefs'). */
async function storeLoginProfile(page: Page, id: string): Promise<void> {
  await page.evaluate(
    (profile) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('prefs');
        open.onerror = () => reject(new Error(String(open.error)));
        open.onsuccess = () => {
          const db = open.result;
          const tx = db.transaction('properties', 'readwrite');
          tx.objectStore('properties').put({ key: 'login_profile', ts: Date.now(), value: profile });
          tx.oncomplete = () => {
            db.close();
            resolve();
          };
          tx.onerror = () => reject(new Error(String(tx.error)));
        };
      }),
    { code: 5, trial: { cust_id: id, email_id: 'pilot@sync.test' } },
  );
}

/** Reads one fav_airports row from the device's prefs database. */
async function favouriteRow(page: Page, code: string): Promise<{ deleted: string; gid?: string } | null> {
  const rows = await page.evaluate(
    () =>
      new Promise<string>((resolve, reject) => {
        const open = indexedDB.open('prefs');
        open.onerror = () => reject(new Error(String(open.error)));
        open.onsuccess = () => {
          const db = open.result;
          const all = db.transaction('fav_airports').objectStore('fav_airports').getAll();
          all.onsuccess = () => {
            db.close();
            resolve(JSON.stringify(all.result));
          };
          all.onerror = () => reject(new Error(String(all.error)));
        };
      }),
  );
  const list = JSON.parse(rows) as { code: string; deleted: string; gid?: string }[];
  return list.find((row) => row.code === code) ?? null;
}

/** A signed-in device: the session cookie, the app booted once, the login profile stored, reloaded. */
async function openDevice(origin: string, user: SignedIn, path: string): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  // Start-up waits for a signed-in user (spec part 1 §4): the first boot stores the login itself.
  await addSessionCookie(context, user);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(`${origin}${path}`);
  await page.getByTestId('app-shell').waitFor({ timeout: 30_000 });
  await storeLoginProfile(page, user.custId);
  const socket = page.waitForEvent('websocket', { predicate: (ws) => ws.url().includes('/ws/profile'), timeout: 30_000 });
  await page.reload();
  await page.getByTestId('app-shell').waitFor({ timeout: 30_000 });
  await socket;
  return { context, page, errors };
}

/** Device one on originOne stars KHWD; device two on originTwo must get it within 5 s. */
async function favouriteReachesOtherDevice(originOne: string, originTwo: string, user: SignedIn): Promise<void> {
  const one = await openDevice(originOne, user, '/app/airport?id=KHWD');
  const two = await openDevice(originTwo, user, '/app/airport?id=KHWD');
  try {
    await one.page.getByTestId('airport-name').waitFor({ timeout: 45_000 });
    await two.page.getByTestId('airport-name').waitFor({ timeout: 45_000 });
    expect(await favouriteRow(two.page, 'HWD')).toBeNull();

    await one.page.getByRole('button', { name: 'Add to favorites' }).click();
    await one.page.getByRole('button', { name: 'Remove from favorites' }).waitFor();
    const starredAt = Date.now();
    // The second device is told over its socket and syncs fav_airports (spec: within seconds).
    // The airport page stores the FAA id (HWD).
    let row = await favouriteRow(two.page, 'HWD');
    while (row?.deleted !== 'F') {
      if (Date.now() - starredAt > 5000) throw new Error('the favourite did not reach device two within 5 s');
      await new Promise((resolve) => setTimeout(resolve, 100));
      row = await favouriteRow(two.page, 'HWD');
    }
    console.info(`favourite arrived on device two after ${Date.now() - starredAt} ms`);
    expect(row.gid).toBeTruthy();
    expect(row.gid).toBe((await favouriteRow(one.page, 'HWD'))?.gid);

    // And the second device's menu lists it.
    await two.page.getByRole('button', { name: 'Favorite airports', exact: true }).click();
    const menu = two.page.getByRole('menu', { name: 'Favorite airports' });
    await menu.getByText('Loading...').waitFor({ state: 'detached' });
    expect(await menu.innerText()).toMatch(/K?HWD/);
    expect(one.errors).toEqual([]);
    expect(two.errors).toEqual([]);
  } finally {
    await one.context.close();
    await two.context.close();
  }
}

describe('profile sync between two devices', () => {
  it('a favourite starred on one device appears on the other within 5 s', async () => {
    await favouriteReachesOtherDevice(server.origin, server.origin, signedIn);
  });

  // Two server processes on PostgreSQL (TEST_DATABASE_URL) sharing realtime through Redis
  // (TEST_REDIS_URL, or a redis-server started for the test); device two talks to server two.
  // Without either it fails, unless ALLOW_SKIP names the missing one (testing/skips.ts).
  it('works with the second device on a second server process (PostgreSQL + Redis)', { tags: ['postgres', 'redis'], timeout: 180_000 }, async (context) => {
    requireService(context, 'postgres', TEST_DATABASE_URL !== undefined, POSTGRES_SKIP_REASON);
    let scratch: ScratchSchema | undefined;
    let redis: TestRedis | undefined;
    const servers: RunningServer[] = [];
    try {
      redis = await startTestRedis();
      if (!redis) return requireService(context, 'redis', false, REDIS_SKIP_REASON);
      scratch = await createScratchSchema(TEST_DATABASE_URL ?? '');
      const db = openDatabase({ dialect: 'postgres', url: scratch.url });
      let user: SignedIn;
      try {
        user = await signIn(db, 'pilot@two-servers.test');
      } finally {
        await db.close();
      }
      const env = { NAVDATA_DIR: navdataDir, DATABASE_URL: scratch.url, REDIS_URL: redis.url };
      servers.push(await startServer(env));
      servers.push(await startServer(env));
      const [first, second] = servers;
      if (!first || !second) throw new Error('servers did not start');
      await favouriteReachesOtherDevice(first.origin, second.origin, user);
    } finally {
      for (const running of servers) await running.stop();
      await redis?.stop();
      await scratch?.drop();
    }
  });
});
