// Offline and data state, visible (issue 27 point 9), in Chromium with touch at tablet and phone
// sizes: the top bar's Offline badge within 2 s of losing the network (the time is printed), gone
// again online; map tiles never seen online drawn as "no data" with a "not downloaded" note instead
// of as sea; the expired nav database's banner on the map, the route screen and the airport page.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestNavData, launchChromium, signedInContext, startServer, waitNavDbLoaded, type RunningServer } from './harness.js';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const CHARTS_DIR = join(repoRoot, '..', 'shared', 'data', 'charts', 'vfr-raster-tiles');
const screenshots = join(repoRoot, 'test-results', 'screenshots');
const VIEW_ONE = '[data-testid="map-view-1"]';
const TABLET = { viewport: { width: 1180, height: 820 }, hasTouch: true, isMobile: false, colorScheme: 'light' as const };
// The phone at night (the device in dark mode).
const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, colorScheme: 'dark' as const };

let server: RunningServer;
let browser: Browser;
const navdataDir = mkdtempSync(join(tmpdir(), 'clearway-e2e-offline-'));

beforeAll(async () => {
  mkdirSync(screenshots, { recursive: true });
  buildTestNavData(navdataDir, 'dev');
  server = await startServer({ NAVDATA_DIR: navdataDir, CHARTS_DIR });
  browser = await launchChromium();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  rmSync(navdataDir, { recursive: true, force: true });
});

/** The published artifact's validity, read from the server's index (not from the app). */
async function publishedCycle(): Promise<{ cycle: string; effective: string; expires: string }> {
  const index = (await (await fetch(`${server.origin}/downloads/dev/navdata/index.json`)).json()) as { artifacts: { cycle: string; effective: string; expires: string }[] };
  const artifact = index.artifacts[0];
  if (!artifact) throw new Error('The test server publishes no nav data artifact');
  return artifact;
}

/** Opens the map, waits for the nav database and for the service worker to control the page. */
async function openMap(page: Page): Promise<void> {
  await page.goto(`${server.origin}/app/map1`);
  // A phone is first offered the install screen; the pilot goes on without installing.
  if ((page.viewportSize()?.width ?? 0) < 600) await page.getByRole('button', { name: 'Continue without installing' }).click();
  await waitNavDbLoaded(page);
  await page.getByTestId('loading-screen').waitFor({ state: 'detached', timeout: 30_000 });
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
}

/** Distinct colours (0xRRGGBB) of a 64 x 64 sample of a map view's canvas, from a screenshot of it. */
async function canvasColourSet(page: Page, selector: string): Promise<Set<number>> {
  // The canvas alone: an element screenshot also shows what lies over it (the map toolbar, its
  // tooltips, the notes), whose greys are not the map's.
  const image = await loadImage(await page.locator(`${selector} canvas`).first().screenshot({ style: '.MuiPaper-root, .MuiTooltip-popper, [data-testid="tile-gap-note"] { visibility: hidden !important; }' }));
  const sample = createCanvas(64, 64);
  const context = sample.getContext('2d');
  context.drawImage(image, 0, 0, 64, 64);
  const data = context.getImageData(0, 0, 64, 64).data;
  const colours = new Set<number>();
  for (let i = 0; i < data.length; i += 4) colours.add(((data[i] ?? 0) << 16) | ((data[i + 1] ?? 0) << 8) | (data[i + 2] ?? 0));
  return colours;
}

/** Whether the element is wholly inside the viewport (Playwright's "visible" allows off-screen). */
async function onScreen(page: Page, locator: ReturnType<Page['getByTestId']>): Promise<boolean> {
  const box = await locator.boundingBox();
  const size = page.viewportSize();
  return Boolean(box && size && box.x >= 0 && box.y >= 0 && box.x + box.width <= size.width && box.y + box.height <= size.height && box.height > 0);
}

async function withContext(options: BrowserContextOptions, run: (page: Page, context: BrowserContext) => Promise<void>): Promise<void> {
  const context = await signedInContext(browser, server, options);
  const page = await context.newPage();
  try {
    await run(page, context);
  } finally {
    await context.close();
  }
}

describe('offline badge', () => {
  for (const [name, options] of [['tablet-day', TABLET], ['phone-night', PHONE]] as const) {
    it(`shows Offline in the top bar soon after the network goes, and hides it when it is back (${name})`, async () => {
      await withContext(options, async (page, context) => {
        await openMap(page);
        const badge = page.getByTestId('offline-badge');
        expect(await badge.count()).toBe(0);

        const lostAt = Date.now();
        await context.setOffline(true);
        await badge.waitFor({ state: 'visible', timeout: 10_000 });
        const shownMs = Date.now() - lostAt;
        console.log(`[offline-badge] ${name}: shown ${shownMs} ms after the network was cut`);
        expect(await badge.textContent()).toBe('Offline');
        expect(await onScreen(page, badge)).toBe(true);
        const box = await badge.boundingBox();
        const bar = await page.getByTestId('top-bar').boundingBox();
        // In the top bar, whole.
        expect(box && bar && box.y >= bar.y && box.y + box.height <= bar.y + bar.height && box.x + box.width <= bar.x + bar.width).toBe(true);
        await page.screenshot({ path: join(screenshots, `offline-badge-${name}.png`) });

        const backAt = Date.now();
        await context.setOffline(false);
        await badge.waitFor({ state: 'detached', timeout: 15_000 });
        console.log(`[offline-badge] ${name}: gone ${Date.now() - backAt} ms after the network came back`);
      });
    }, 180_000);
  }
});

describe('nav database expiry', () => {
  it('says the nav database in use has expired on the map, the route screen and the airport page', async () => {
    const published = await publishedCycle();
    // The test data's cycle is long expired (its expiry is in the past of any run of this test).
    expect(Date.parse(`${published.expires}T00:00:00Z`)).toBeLessThan(Date.now());
    const expected = `Nav data expired ${published.expires}: do not use for navigation`;
    await withContext(PHONE, async (page) => {
      await openMap(page);
      const banner = page.getByTestId('navdb-expiry-banner');
      await banner.waitFor({ state: 'visible', timeout: 10_000 });
      expect(await banner.textContent()).toBe(expected);
      expect(await banner.getAttribute('data-cycle')).toBe(published.cycle);
      expect(await onScreen(page, banner)).toBe(true);
      await page.screenshot({ path: join(screenshots, 'navdb-expired-map-phone-night.png') });
      for (const [path, pageId] of [['/app/route', 'page-route'], ['/app/airport?id=KHWD', 'page-airport']] as const) {
        // In the app, as its own links go (a reload would offer the phone's install screen again).
        await page.evaluate((to) => {
          window.history.pushState({}, '', to);
          window.dispatchEvent(new PopStateEvent('popstate'));
        }, path);
        await page.getByTestId(pageId).waitFor({ timeout: 30_000 });
        await page.getByTestId(pageId).getByTestId('navdb-expiry-banner').waitFor({ state: 'visible', timeout: 10_000 });
        expect(await page.getByTestId(pageId).getByTestId('navdb-expiry-banner').textContent()).toBe(expected);
        expect(await onScreen(page, page.getByTestId(pageId).getByTestId('navdb-expiry-banner'))).toBe(true);
        await page.screenshot({ path: join(screenshots, `navdb-expired-${pageId}-phone-night.png`) });
      }
    });
  }, 180_000);
});

describe('map tiles not on the device', () => {
  it('draws an area never seen online as no data with a note, not as sea; charts too; and fills it in once online', async () => {
    await withContext(TABLET, async (page, context) => {
      await openMap(page);
      await page.waitForSelector(`${VIEW_ONE}[data-map-state="idle"]`, { timeout: 30_000 });
      const note = page.getByTestId('tile-gap-note');
      expect(await note.count()).toBe(0);

      // Without the HTTP cache and without a network only the service worker answers, and it has only the first view.
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.clearBrowserCache');
      await context.setOffline(true);
      // Southern Germany at zoom 6: never seen, and no coarser tile of it was drawn either.
      await page.evaluate(() => {
        window.location.hash = '#6/48.5/9';
      });
      await note.waitFor({ state: 'visible', timeout: 20_000 });
      expect(await note.textContent()).toBe('Map not downloaded for this area');
      expect(await onScreen(page, note)).toBe(true);
      await page.waitForSelector(`${VIEW_ONE}[data-map-zoom="6.00"]`, { timeout: 20_000 });
      await page.screenshot({ path: join(screenshots, 'offline-not-downloaded-tablet-day.png') });
      const colours = await canvasColourSet(page, VIEW_ONE);
      // The no-data grey (layers/tileCoverage.ts NO_DATA_COLOURS.day), and no sea (palette.ts PALETTES.day.water).
      expect(colours.has(0xc6c6c6)).toBe(true);
      expect(colours.has(0xb7d6ea)).toBe(false);

      // The VFR chart over the Bay Area, never fetched: the note names the chart.
      await page.evaluate(() => {
        window.location.hash = '#7/37.7/-122.2';
      });
      await page.waitForSelector(`${VIEW_ONE}[data-map-zoom="7.00"]`, { timeout: 20_000 });
      await page.getByTestId('map-vfr').click();
      await page.waitForFunction(() => /chart not downloaded/i.test(document.querySelector('[data-testid="tile-gap-note"]')?.textContent ?? ''), undefined, {
        timeout: 20_000,
      });
      console.log(`[tiles] offline over the Bay Area with VFR on: "${await note.textContent()}"`);
      await page.screenshot({ path: join(screenshots, 'offline-chart-not-downloaded-tablet-day.png') });

      // Chart off again: only the basemap is missing.
      await page.getByTestId('map-vfr').click();
      await page.waitForFunction(() => document.querySelector('[data-testid="tile-gap-note"]')?.textContent === 'Map not downloaded for this area', undefined, { timeout: 10_000 });

      // Back online: the missing tiles are fetched again, land and sea fill the view and the note goes.
      await context.setOffline(false);
      await note.waitFor({ state: 'detached', timeout: 30_000 });
      await expect.poll(async () => (await canvasColourSet(page, VIEW_ONE)).has(0xc6c6c6), { timeout: 30_000, interval: 1_000 }).toBe(false);
      const online = await canvasColourSet(page, VIEW_ONE);
      expect(online.has(0xb7d6ea) && online.has(0xf4f0e6)).toBe(true);
      await page.screenshot({ path: join(screenshots, 'offline-back-online-tablet-day.png') });
    });
  }, 180_000);
});
