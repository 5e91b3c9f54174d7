// Issue 23: the app's logger, error reporting and analytics in the real built app and Chromium,
// against the real server (CLEARWAY_ENV=qa: remote logging on) and its SQLite file.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { openDatabase } from '../apps/server/src/db/connect.js';
import { launchChromium, prefsProperty, signedInContext, startServer, type RunningServer } from './harness.js';

async function rows<T>(server: RunningServer, read: (db: ReturnType<typeof openDatabase>) => Promise<T>): Promise<T> {
  const db = openDatabase({ dialect: 'sqlite', path: server.sqlitePath ?? '' });
  try {
    return await read(db);
  } finally {
    await db.close();
  }
}

const logMessages = (server: RunningServer) =>
  rows(server, async (db) => (await db.kysely.selectFrom('client_logs').select(['message', 'uuid', 'env']).orderBy('received_at').execute()));

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 20_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > end) return value;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

describe('client telemetry in the browser (issue 23)', () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    server = await startServer({ CLEARWAY_ENV: 'qa' });
    browser = await launchChromium();
    context = await signedInContext(browser, server);
    page = await context.newPage();
    await page.goto(`${server.origin}/app/map1`);
    await until(() => prefsProperty(page, 'uuid'), (uuid) => typeof uuid === 'string');
  }, 60_000);
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.stop();
  });

  it('a thrown error reaches the log table; the same error thrown 5 times in a minute is stored 3 times', async () => {
    for (let i = 0; i < 5; i += 1) await page.evaluate(() => setTimeout(() => { throw new Error('e2e thrown'); }));
    await until(() => logMessages(server), (list) => list.filter((row) => row.message === 'Uncaught Error: e2e thrown').length >= 3);
    await page.waitForTimeout(1500);
    const thrown = (await logMessages(server)).filter((row) => row.message === 'Uncaught Error: e2e thrown');
    expect(thrown).toHaveLength(3);
    expect(thrown[0]?.uuid).toBe(await prefsProperty(page, 'uuid'));
    expect(thrown[0]?.env).toBe('qa');
  }, 60_000);

  it('an entry made offline waits in IndexedDB through a reload and is sent when back online', async () => {
    // Offline, the reload is answered by the service worker.
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 30_000 }).toBe(true);
    await context.setOffline(true);
    await page.evaluate(() => setTimeout(() => { throw new Error('while offline'); }));
    await page.waitForTimeout(1000);
    const queued = await page.evaluate(() => new Promise<number>((resolve, reject) => {
      const open = indexedDB.open('telemetry');
      open.onsuccess = () => {
        const count = open.result.transaction('logs').objectStore('logs').count();
        count.onsuccess = () => resolve(count.result);
        count.onerror = () => reject(count.error);
      };
      open.onerror = () => reject(open.error);
    }));
    expect(queued).toBeGreaterThanOrEqual(1);
    await page.reload();
    await page.waitForTimeout(2000);
    expect((await logMessages(server)).some((row) => row.message === 'Uncaught Error: while offline')).toBe(false);
    await context.setOffline(false);
    const after = await until(() => logMessages(server), (list) => list.some((row) => row.message === 'Uncaught Error: while offline'), 45_000);
    expect(after.filter((row) => row.message === 'Uncaught Error: while offline')).toHaveLength(1);
  }, 90_000);

  it('page views reach analytics_events when the tab becomes visible', async () => {
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    const events = await until(
      () => rows(server, (db) => db.kysely.selectFrom('analytics_events').select(['name', 'props']).execute()),
      (list) => list.some((row) => row.name === 'page_view'),
    );
    expect(events.map((row) => row.name)).toContain('app_open');
    expect(events.find((row) => row.name === 'page_view')?.props).toBe('{"path":"/app/map1"}');
  }, 60_000);
});
