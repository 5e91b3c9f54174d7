// Downloads page (issue 18) in Chromium against the real server with region packs built from the
// shared data (New York: vfr, basemap and terrain packs; the charts CLI into a fresh PACKS_DIR). The
// network is throttled through the DevTools protocol so the background downloader (a dedicated
// worker) is caught mid-pack: progress, pause and resume (the held bytes resumed with Range), delete
// frees the space; then the connection is cut mid-pack (the browser set offline): the row shows the
// error and keeps nothing, and a retry completes. A US state's packs (Rhode Island, packed by the
// server on demand) show their size before the download. Screenshots at phone and tablet widths, day and
// night, under test-results/screenshots/downloads/.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, signedInContext, startServer, type RunningServer } from './harness.js';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const shots = join(repoRoot, 'test-results', 'screenshots', 'downloads');
const packsDir = mkdtempSync(join(tmpdir(), 'clearway-e2e-packs-'));
const REGION = 'New_York';

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let cdp: CDPSession;
const errors: string[] = [];
let started = 0;

/** Throttles the page's network (and its dedicated worker's) to `bytesPerSecond`; null: full speed. */
async function throttle(bytesPerSecond: number | null): Promise<void> {
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: bytesPerSecond ?? -1,
    uploadThroughput: -1,
  });
}

const row = () => page.getByTestId(`region-${REGION}`);
const stateOf = () => row().getAttribute('data-state');
const pctOf = async () => Number(/ (\d{1,3})%/.exec((await page.getByTestId(`state-${REGION}`).textContent()) ?? '')?.[1] ?? NaN);
const storageText = () => page.getByTestId('storage').textContent();

beforeAll(async () => {
  started = Date.now();
  mkdirSync(shots, { recursive: true });
  const buildStarted = Date.now();
  const build = spawnSync(process.execPath, [join(repoRoot, 'apps/server/dist/packs/cli.js'), 'build', '--region', REGION, '--out', packsDir, '--quiet'], { cwd: repoRoot, encoding: 'utf8' });
  if (build.status !== 0) throw new Error(`charts build failed:\n${build.stdout}\n${build.stderr}`);
  console.log(`[downloads] charts build of ${REGION} took ${Date.now() - buildStarted} ms`);
  server = await startServer({ PACKS_DIR: packsDir });
  browser = await launchChromium();
  context = await signedInContext(browser, server, { viewport: { width: 1180, height: 820 }, hasTouch: true });
  page = await context.newPage();
  page.on('pageerror', (error) => errors.push(error.message));
  cdp = await context.newCDPSession(page);
  await page.goto(`${server.origin}/app/download`);
  await row().waitFor({ timeout: 20_000 });
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  console.log(`[downloads] e2e file took ${((Date.now() - started) / 1000).toFixed(1)} s`);
});

describe('Downloads page', () => {
  it('lists the regions of the index: New York with its size, regions without packs not available, the Alaska group', async () => {
    const text = (await row().textContent()) ?? '';
    const match = /New York[\d.]+ MB · cycle (\d{4}-\d{2}-\d{2}) · (expires|expired) (\d{4}-\d{2}-\d{2})/.exec(text);
    expect(match, text).not.toBeNull();
    // The shared tiles' cycle: expired once its expiry day has come, then shown in red.
    const expired = Date.parse(`${match?.[3]}T00:00:00Z`) <= Date.now();
    expect(match?.[2]).toBe(expired ? 'expired' : 'expires');
    const colour = await page.getByTestId(`expires-${REGION}`).evaluate((el) => getComputedStyle(el).color);
    if (expired) expect(colour).toMatch(/^rgb\((19[0-9]|2\d\d), \d{1,2}, \d{1,2}\)$/);
    expect(await page.getByTestId('region-Seattle').textContent()).toContain('Not available');
    expect(await page.getByTestId('group-alaska').textContent()).toContain('Anchorage');
    await page.getByLabel('Search regions').fill('york');
    expect(await page.getByTestId('region-Seattle').count()).toBe(0);
    await page.getByLabel('Search regions').fill('');
    expect(await page.getByTestId('download-types').textContent()).toContain('Airport database');
  });

  it('downloads with progress, pauses and resumes where it stopped, then delete frees the space', async () => {
    // About 2.5 MB at 400 kB/s: several seconds, time to see progress and pause.
    await throttle(400_000);
    await row().getByRole('button', { name: 'Download' }).click();
    await expect.poll(async () => (await stateOf()) === 'IN_PROGRESS' && (await pctOf()) > 0, { timeout: 15_000 }).toBe(true);
    expect(await page.getByTestId(`state-${REGION}`).textContent()).toMatch(/Downloading \d+% · .*left/);
    await page.screenshot({ path: join(shots, 'progress-tablet-day.png') });
    const pauseAsked = Date.now();
    await row().getByRole('button', { name: 'Pause' }).click();
    await page.locator(`[data-testid="region-${REGION}"][data-state="PAUSED"]`).waitFor({ timeout: 10_000 });
    console.log(`[downloads] pause confirmed within ${Date.now() - pauseAsked} ms of the tap`);
    const pausedAt = await pctOf();
    expect(pausedAt).toBeGreaterThan(0);
    await throttle(null);
    const resumeAsked = Date.now();
    await row().getByRole('button', { name: 'Resume' }).click();
    await page.locator(`[data-testid="region-${REGION}"]:is([data-state="RESUME_CONFIRMED"], [data-state="IN_PROGRESS"], [data-state="DOWNLOADED"])`).waitFor({ timeout: 10_000 });
    console.log(`[downloads] resume confirmed within ${Date.now() - resumeAsked} ms of the tap`);
    await expect.poll(stateOf, { timeout: 20_000 }).toBe('DOWNLOADED');
    expect(await storageText()).toMatch(/Packs on this device: 1 region, [\d.]+ MB/);
    // The packs are on the device, verified, as the map reads them.
    const stored = await page.evaluate(async () => {
      const request = indexedDB.open('packs');
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      const rows = await new Promise<{ region: string; kind: string; bytes: number }[]>((resolve) => {
        const get = db.transaction('packs').objectStore('packs').getAll();
        get.onsuccess = () => resolve(get.result as { region: string; kind: string; bytes: number }[]);
      });
      db.close();
      return rows.map((r) => `${r.region}.${r.kind}`).sort();
    });
    expect(stored).toEqual(['New_York.basemap', 'New_York.terrain', 'New_York.vfr']);
    const usedBefore = await page.evaluate(async () => (await navigator.storage.estimate()).usage ?? 0);
    await row().getByRole('button', { name: 'Delete' }).click();
    await expect.poll(stateOf, { timeout: 10_000 }).toBe('DELETED');
    expect(await storageText()).toMatch(/Packs on this device: 0 regions, 0\.0 MB/);
    const usedAfter = await page.evaluate(async () => (await navigator.storage.estimate()).usage ?? 0);
    console.log(`[downloads] browser storage ${usedBefore} -> ${usedAfter} bytes after delete`);
    expect(usedAfter).toBeLessThan(usedBefore);
  });

  it('a connection cut mid-pack sets the error on the row and keeps nothing; a retry completes', async () => {
    await throttle(400_000);
    await row().getByRole('button', { name: 'Download' }).click();
    await expect.poll(async () => (await stateOf()) === 'IN_PROGRESS' && (await pctOf()) > 0, { timeout: 15_000 }).toBe(true);
    // The connection is cut under the worker's request (DevTools offline emulation fails it mid-body).
    await cdp.send('Network.emulateNetworkConditions', { offline: true, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    await expect.poll(stateOf, { timeout: 15_000 }).toBe('ERROR');
    expect(await page.getByTestId(`error-${REGION}`).textContent()).toMatch(/New_York|packs/);
    expect(await storageText()).toMatch(/0 regions, 0\.0 MB/);
    await throttle(null);
    await row().getByRole('button', { name: 'Retry' }).click();
    await expect.poll(stateOf, { timeout: 20_000 }).toBe('DOWNLOADED');
    expect(errors).toEqual([]);
  });

  it("sizes a US state's packs before the download (the server packs them on demand), then downloads and deletes them", async () => {
    await page.getByTestId('area-panel').waitFor();
    await page.getByRole('combobox', { name: 'US state' }).click();
    await page.getByRole('option', { name: 'Rhode Island' }).click();
    const asked = Date.now();
    await page.getByRole('button', { name: 'Size state' }).click();
    const area = page.getByTestId('region-state-RI');
    await area.waitFor({ timeout: 60_000 });
    console.log(`[downloads] Rhode Island packed and sized in ${Date.now() - asked} ms`);
    // The size shows before anything is downloaded (nothing of it is on the device yet).
    expect((await area.textContent()) ?? '').toMatch(/Rhode Island[\d.]+ MB · cycle \d{4}-\d{2}-\d{2}/);
    expect(await area.getAttribute('data-state')).toBe('NONE');
    await area.getByRole('button', { name: 'Download' }).click();
    await expect.poll(() => area.getAttribute('data-state'), { timeout: 30_000 }).toBe('DOWNLOADED');
    const stored = await page.evaluate(async () => {
      const request = indexedDB.open('packs');
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      const rows = await new Promise<{ region: string; kind: string }[]>((resolve) => {
        const get = db.transaction('packs').objectStore('packs').getAll();
        get.onsuccess = () => resolve(get.result as { region: string; kind: string }[]);
      });
      db.close();
      return rows.map((r) => `${r.region}.${r.kind}`).filter((name) => name.startsWith('state-')).sort();
    });
    expect(stored).toContain('state-RI.vfr');
    expect(stored).toContain('state-RI.basemap');
    await area.getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => area.getAttribute('data-state'), { timeout: 10_000 }).toBe('DELETED');
  });

  it('looks right at phone and tablet widths, day and night', async () => {
    const shoot = async (name: string, width: number, height: number) => {
      await page.setViewportSize({ width, height });
      await row().waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), `${name}: sideways overflow`).toBeLessThanOrEqual(0);
      for (const button of await row().getByRole('button').all()) {
        const box = await button.boundingBox();
        expect(Math.min(box?.width ?? 0, box?.height ?? 0), `${name}: 44 px buttons`).toBeGreaterThanOrEqual(44);
      }
      await page.screenshot({ path: join(shots, `${name}.png`) });
      // The top of the page: storage bar, quota, approach strategy, airport database and weather.
      await page.evaluate(() => {
        for (const el of Array.from(document.querySelectorAll('*'))) if (el.scrollTop > 0) el.scrollTop = 0;
        window.scrollTo(0, 0);
      });
      await page.screenshot({ path: join(shots, `${name}-top.png`) });
      // The state and route corridor panel: its controls are 44 px too.
      const panel = page.getByTestId('area-panel');
      await panel.scrollIntoViewIfNeeded();
      for (const control of [...(await panel.getByRole('button').all()), ...(await panel.getByRole('combobox').all())]) {
        const box = await control.boundingBox();
        expect(Math.min(box?.width ?? 0, box?.height ?? 0), `${name}: 44 px area controls`).toBeGreaterThanOrEqual(44);
      }
      await page.screenshot({ path: join(shots, `${name}-areas.png`) });
      await row().scrollIntoViewIfNeeded();
    };
    await shoot('tablet-day', 1180, 820);
    await shoot('phone-day', 390, 844);
    await page.getByRole('button', { name: 'settings' }).click();
    const toggle = page.getByRole('switch', { name: 'Day/Night' });
    if (!(await toggle.isChecked())) await toggle.check();
    await page.keyboard.press('Escape');
    await toggle.waitFor({ state: 'hidden' });
    await shoot('phone-night', 390, 844);
    await shoot('tablet-night', 1180, 820);
  });

  it('offline, the page lists what is on the device and deletes it', async () => {
    await context.setOffline(true);
    try {
      await page.reload();
      await row().waitFor({ timeout: 20_000 });
      expect(await page.getByTestId('region-Seattle').count()).toBe(0);
      expect(await stateOf()).toBe('DOWNLOADED');
      await row().getByRole('button', { name: 'Delete' }).click();
      await expect.poll(stateOf, { timeout: 10_000 }).toBe('DELETED');
      expect(await storageText()).toMatch(/0 regions, 0\.0 MB/);
    } finally {
      await context.setOffline(false);
    }
  });
});
