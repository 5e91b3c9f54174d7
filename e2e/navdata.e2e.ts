// The nav database as a pilot meets it: built from FAA files with the real `navdata` command,
// served by the real server, downloaded by the app into IndexedDB and opened in the routing worker,
// then opened again from IndexedDB with no network.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestNavData, launchChromium, signedInContext, startServer, type RunningServer } from './harness.js';

let server: RunningServer;
let browser: Browser;
const navdataDir = mkdtempSync(join(tmpdir(), 'clearway-e2e-navdata-'));

beforeAll(async () => {
  buildTestNavData(navdataDir, 'dev');
  server = await startServer({ NAVDATA_DIR: navdataDir });
  browser = await launchChromium();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  rmSync(navdataDir, { recursive: true, force: true });
});

async function openNavStatus(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'menu' }).waitFor({ state: 'visible', timeout: 30_000 });
  await page.getByRole('button', { name: 'settings' }).click();
  await page.getByTestId('navdb-status').waitFor();
}

describe('nav database', () => {
  it('is listed by the server for the channel the app uses', async () => {
    const config = (await (await fetch(`${server.origin}/api/config`)).json()) as { dataChannel: string };
    expect(config.dataChannel).toBe('dev');
    const index = (await (await fetch(`${server.origin}/downloads/dev/navdata/index.json`)).json()) as {
      artifacts: { region: string; cycle: string; bytes: number; gzipBytes: number }[];
    };
    expect(index.artifacts).toEqual([expect.objectContaining({ region: 'us', cycle: '2509' })]);
    const artifact = index.artifacts[0];
    console.log(`[bench] us artifact (FAA files only): ${artifact?.bytes} bytes, ${artifact?.gzipBytes} gzipped`);
  });

  it('downloads, stores and opens the database, then opens it again offline from IndexedDB', async () => {
    const context = await signedInContext(browser, server, { viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    try {
      await page.goto(`${server.origin}/app/map1`);
      // 'Nav Database is Loading...' until the database is open; then the menu button.
      await openNavStatus(page);
      const status = page.getByTestId('navdb-status');
      await page.waitForSelector('[data-testid="navdb-status"][data-state="loaded"]', { timeout: 30_000 });
      expect(await status.getAttribute('data-cycle')).toBe('2509');
      expect(await page.getByTestId('navdb-counts').innerText()).toMatch(/^19\d{3} airports, 17\d\d navaids, 67\d{3} fixes/);
      const downloaded = await page.getByTestId('navdb-load-time').innerText();
      expect(downloaded).toMatch(/^Downloaded, opened in \d+ ms$/);
      console.log(`[bench] cold open in Chromium's routing worker after download: ${downloaded}`);

      // The shell is offline-ready once the service worker controls the page.
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 20_000 });
      await context.setOffline(true);
      await page.reload();
      await openNavStatus(page);
      await page.waitForSelector('[data-testid="navdb-status"][data-state="loaded"]', { timeout: 30_000 });
      const stored = await page.getByTestId('navdb-load-time').innerText();
      expect(stored).toMatch(/^Stored on this device, opened in \d+ ms$/);
      console.log(`[bench] open from IndexedDB, offline: ${stored}`);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
