// The map's weather layers (issue 16) against the real server reading the shared weather files
// (WEATHER_SOURCE=../shared/data/weather: the AWC METAR cache of 4,909 reports): switched on from the
// map toolbar, the METAR layer draws every station of the server's snapshot, and the map's own pixels
// show station symbols in the four flight category colours of spec part 2 §9 (VFR green, MVFR orange,
// IFR dark red, LIFR magenta; exact fill colours at the symbols' centres). Then the network is cut and
// the page reloaded: the switch is remembered, the layer is drawn again from the snapshot stored in the
// `wx` database, with its age on the switch. The drawing time of the layer is printed (bench:wx-map
// measures it against a baseline).
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestNavData, launchChromium, signedInContext, startServer, type RunningServer } from './harness.js';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const WEATHER_DIR = join(repoRoot, '..', 'shared', 'data', 'weather');
const screenshots = join(repoRoot, 'test-results', 'screenshots');
const VIEW_ONE = '[data-testid="map-view-1"]';
/** The lower 48 and around, where most of the file's stations are. */
const US_VIEW = '#4/38.5/-97';
/** Spec part 2 §9 by day: CSS green, orange, darkred, magenta (apps/web layers/weatherStyle.ts). */
const CATEGORY_RGB = { VFR: 0x008000, MVFR: 0xffa500, IFR: 0x8b0000, LIFR: 0xff00ff } as const;

let server: RunningServer;
let browser: Browser;
const navdataDir = mkdtempSync(join(tmpdir(), 'clearway-e2e-weather-map-'));

beforeAll(async () => {
  mkdirSync(screenshots, { recursive: true });
  buildTestNavData(navdataDir, 'dev');
  server = await startServer({ NAVDATA_DIR: navdataDir, WEATHER_SOURCE: WEATHER_DIR });
  browser = await launchChromium();
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  rmSync(navdataDir, { recursive: true, force: true });
});

/** The night tints (layers/weatherStyle.ts CATEGORY_COLOURS.night). */
const NIGHT_RGB = { VFR: 0x3fbf4a, MVFR: 0xffad33, IFR: 0xff4d4d, LIFR: 0xff5cff } as const;

/** How many pixels of each category colour the first view's canvas shows (a screenshot of it). */
async function categoryPixels(page: Page, palette: Record<keyof typeof CATEGORY_RGB, number> = CATEGORY_RGB): Promise<Record<keyof typeof CATEGORY_RGB, number>> {
  const image = await loadImage(await page.locator(`${VIEW_ONE} canvas`).first().screenshot());
  const canvas = createCanvas(image.width, image.height);
  const context = canvas.getContext('2d');
  context.drawImage(image, 0, 0);
  const data = context.getImageData(0, 0, image.width, image.height).data;
  const counts = { VFR: 0, MVFR: 0, IFR: 0, LIFR: 0 };
  const byColour = new Map<number, keyof typeof CATEGORY_RGB>(Object.entries(palette).map(([cat, rgb]) => [rgb, cat as keyof typeof CATEGORY_RGB]));
  for (let i = 0; i < data.length; i += 4) {
    const cat = byColour.get(((data[i] ?? 0) << 16) | ((data[i + 1] ?? 0) << 8) | (data[i + 2] ?? 0));
    if (cat) counts[cat] += 1;
  }
  return counts;
}

/** Waits until the METAR layer has drawn the snapshot of `cycle` (the layer's drawing-time hook is set after the idle with its source loaded). */
async function waitMetarDrawn(page: Page, cycle: number): Promise<number> {
  await page.waitForFunction(
    ([sel, c]) => document.querySelector(sel)?.getAttribute('data-map-wx-metar-drawn-cycle') === c,
    [VIEW_ONE, String(cycle)] as const,
    { timeout: 30_000 },
  );
  return Number(await page.getAttribute(VIEW_ONE, 'data-map-wx-metar-drawn-ms'));
}

describe('weather on the map', () => {
  it('draws METAR stations in the four flight category colours, and offline after a reload draws the stored snapshot with its age', async () => {
    // The server ingests the folder just after it starts.
    let reply = await fetch(`${server.origin}/wx/metar.json`);
    for (let tries = 0; reply.status === 404 && tries < 100; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      reply = await fetch(`${server.origin}/wx/metar.json`);
    }
    expect(reply.status).toBe(200);
    const snapshot = (await reply.json()) as { cycle: number; stations: { cat: string | null }[] };
    const inFile = new Set(snapshot.stations.map((s) => s.cat));
    expect([...inFile].filter(Boolean).sort()).toEqual(['IFR', 'LIFR', 'MVFR', 'VFR']);

    const context = await signedInContext(browser, server, { viewport: { width: 1180, height: 820 }, hasTouch: true, colorScheme: 'light' });
    const page = await context.newPage();
    try {
      await page.goto(`${server.origin}/app/map1${US_VIEW}`);
      const toggle = page.getByTestId('map-wx-metar');
      await toggle.waitFor({ state: 'visible', timeout: 30_000 });
      const box = await toggle.boundingBox();
      expect(Math.min(box?.width ?? 0, box?.height ?? 0)).toBeGreaterThanOrEqual(44);
      expect(await toggle.getAttribute('aria-pressed')).toBe('false');
      await toggle.click();
      const drawnMs = await waitMetarDrawn(page, snapshot.cycle);
      console.log(`[weather-map] METAR layer (${snapshot.stations.length} stations) drawn ${drawnMs} ms after the snapshot came into the page`);
      expect(await page.getAttribute(VIEW_ONE, 'data-map-wx-metar-features')).toBe(String(snapshot.stations.length));
      await page.waitForFunction((sel) => (document.querySelector(sel)?.getAttribute('data-map-layers') ?? '').split(' ').includes('wx-metar-stations'), VIEW_ONE);
      const online = await categoryPixels(page);
      console.log(`[weather-map] category pixels online: ${JSON.stringify(online)}`);
      for (const cat of Object.keys(CATEGORY_RGB) as (keyof typeof CATEGORY_RGB)[]) expect(online[cat], cat).toBeGreaterThan(0);
      await expect.poll(() => toggle.getAttribute('data-weather-status')).toBe('ready');
      expect(await toggle.getAttribute('data-weather-age')).toMatch(/^(just now|\d+ min old)$/);
      await page.screenshot({ path: join(screenshots, 'weather-map-tablet-day.png') });
      // The switch is in prefs before the reload; the service worker serves the app offline.
      await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 30_000 }).toBe(true);

      await context.setOffline(true);
      await page.reload();
      const again = page.getByTestId('map-wx-metar');
      await again.waitFor({ state: 'visible', timeout: 30_000 });
      expect(await again.getAttribute('aria-pressed')).toBe('true');
      await waitMetarDrawn(page, snapshot.cycle);
      expect(await page.getAttribute(VIEW_ONE, 'data-map-wx-metar-features')).toBe(String(snapshot.stations.length));
      await expect.poll(() => again.getAttribute('data-weather-status'), { timeout: 10_000 }).toBe('offline');
      expect(await again.getAttribute('data-weather-age')).toMatch(/^(just now|\d+ min old)$/);
      expect(await again.getAttribute('aria-label')).toMatch(/^METAR flight categories, (just now|\d+ min old)$/);
      const offline = await categoryPixels(page);
      for (const cat of Object.keys(CATEGORY_RGB) as (keyof typeof CATEGORY_RGB)[]) expect(offline[cat], cat).toBeGreaterThan(0);
      await page.screenshot({ path: join(screenshots, 'weather-map-offline-tablet-day.png') });
    } finally {
      await context.close();
    }
  });

  it('draws the night tints on a phone at night, with 44 px switches', async () => {
    const context = await signedInContext(browser, server, { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, colorScheme: 'dark' });
    const page = await context.newPage();
    try {
      // The eastern half of the US: the phone is narrow, and the LIFR stations are mostly in the south east.
      await page.goto(`${server.origin}/app/map1#4/36/-84`);
      await page.getByRole('button', { name: 'Continue without installing' }).click();
      const toggle = page.getByTestId('map-wx-metar');
      await toggle.waitFor({ state: 'visible', timeout: 30_000 });
      for (const id of ['map-wx-metar', 'map-wx-pirep', 'map-wx-airmet']) {
        const box = await page.getByTestId(id).boundingBox();
        expect(Math.min(box?.width ?? 0, box?.height ?? 0), id).toBeGreaterThanOrEqual(44);
        expect((box?.x ?? 0) + (box?.width ?? 0), id).toBeLessThanOrEqual(390);
      }
      await expect.poll(() => page.getAttribute(VIEW_ONE, 'data-map-theme')).toBe('night');
      await toggle.click();
      const cycle = Number(await page.getAttribute(VIEW_ONE, 'data-map-wx-metar-cycle').then(async (value) => value || (await (await fetch(`${server.origin}/wx/metar.json`)).json() as { cycle: number }).cycle));
      await waitMetarDrawn(page, cycle);
      const night = await categoryPixels(page, NIGHT_RGB);
      console.log(`[weather-map] night category pixels on a phone: ${JSON.stringify(night)}`);
      for (const cat of Object.keys(NIGHT_RGB) as (keyof typeof NIGHT_RGB)[]) expect(night[cat], cat).toBeGreaterThan(0);
      await page.screenshot({ path: join(screenshots, 'weather-map-phone-night.png') });
    } finally {
      await context.close();
    }
  });
});
