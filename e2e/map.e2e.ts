// The moving map in Chromium: the server's vector basemap and chart tiles, the airports layer from
// the nav database in the routing worker, day and night screenshots, and the split layout kept in
// prefs across a reload.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestNavData, launchChromium, signedInContext, startServer, type RunningServer } from './harness.js';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const CHARTS_DIR = join(repoRoot, '..', 'shared', 'data', 'charts', 'vfr-raster-tiles');
const screenshots = join(repoRoot, 'test-results', 'screenshots');

let server: RunningServer;
let browser: Browser;
const navdataDir = mkdtempSync(join(tmpdir(), 'clearway-e2e-map-'));

beforeAll(async () => {
  mkdirSync(screenshots, { recursive: true });
  buildTestNavData(navdataDir, 'dev');
  server = await startServer({ NAVDATA_DIR: navdataDir, CHARTS_DIR });
  browser = await launchChromium();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  rmSync(navdataDir, { recursive: true, force: true });
});

const VIEW_ONE = '[data-testid="map-view-1"]';

/**
 * Distinct colours in a 64 x 64 sample of the map canvas, from a screenshot of it (the map keeps no
 * drawing buffer for readback, as in production), decoded with @napi-rs/canvas.
 */
async function canvasColours(page: Page, selector: string): Promise<number> {
  return (await canvasColourSet(page, selector)).size;
}

/** The distinct colours of canvasColours, as 0xRRGGBB. */
async function canvasColourSet(page: Page, selector: string): Promise<Set<number>> {
  const png = await page.locator(`${selector} canvas`).first().screenshot();
  const image = await loadImage(png);
  const sample = createCanvas(64, 64);
  const context = sample.getContext('2d');
  context.drawImage(image, 0, 0, 64, 64);
  const data = context.getImageData(0, 0, 64, 64).data;
  const colours = new Set<number>();
  for (let i = 0; i < data.length; i += 4) colours.add(((data[i] ?? 0) << 16) | ((data[i + 1] ?? 0) << 8) | (data[i + 2] ?? 0));
  return colours;
}

/** Moves view one through its address hash and waits until it is idle at that zoom with airports drawn. */
async function showAt(page: Page, zoom: number, lat: number, lon: number): Promise<void> {
  // A camera still flying to a route just entered writes its own position into the address when it
  // lands, over the one set here: set it again until the view is at that zoom (bounded).
  const atZoom = `${VIEW_ONE}[data-map-zoom="${zoom.toFixed(2)}"]`;
  for (let attempt = 1; ; attempt++) {
    await page.evaluate((hash) => {
      window.location.hash = hash;
    }, `#${zoom}/${lat}/${lon}`);
    try {
      await page.waitForSelector(atZoom, { timeout: 7_000 });
      break;
    } catch (error) {
      if (attempt >= 3) throw error;
      await page.evaluate(() => {
        window.location.hash = '';
      });
    }
  }
  await page.waitForFunction((sel) => Number(document.querySelector(sel)?.getAttribute('data-map-airports') ?? 0) > 0, VIEW_ONE, { timeout: 20_000 });
  // Let the tiles of the new view and the refilled airports finish drawing.
  await page.waitForTimeout(800);
}

/** KHWD, the Oakland VOR and KSFO (AIP positions, rounded): the waypoints of 'KHWD OAK KSFO'. */
const BAY_ROUTE = [{ lat: 37.6589, lon: -122.1217 }, { lat: 37.7259, lon: -122.2236 }, { lat: 37.619, lon: -122.3749 }];

/**
 * In the page: where the points are in a map view, from its bounds after its last move
 * (`data-map-bounds`, west,south,east,north) and its size, by Web Mercator (north up). The result
 * once every point is inside and the route spans at least half the shorter side, else null (polled).
 */
function routeInView({ sel, points }: { sel: string; points: { lat: number; lon: number }[] }) {
  const element = document.querySelector(sel);
  const bounds = element?.getAttribute('data-map-bounds');
  if (!element || !bounds) return null;
  const [west = 0, south = 0, east = 0, north = 0] = bounds.split(',').map(Number);
  const width = element.clientWidth;
  const height = element.clientHeight;
  const mx = (lon: number) => (lon + 180) / 360;
  const my = (lat: number) => (1 - Math.asinh(Math.tan((lat * Math.PI) / 180)) / Math.PI) / 2;
  const px = points.map((p) => ({ x: ((mx(p.lon) - mx(west)) / (mx(east) - mx(west))) * width, y: ((my(p.lat) - my(north)) / (my(south) - my(north))) * height }));
  const xs = px.map((p) => p.x);
  const ys = px.map((p) => p.y);
  const inside = px.every((p) => p.x >= 0 && p.x <= width && p.y >= 0 && p.y <= height);
  const spanPx = Math.max(Math.max(...xs) - Math.min(...xs), Math.max(...ys) - Math.min(...ys));
  return inside && spanPx >= Math.min(width, height) / 2 ? { inside, spanPx, width, height } : null;
}

describe('moving map', () => {
  it('serves the basemap and VFR tiles', async () => {
    const basemap = await fetch(`${server.origin}/tiles/basemap/4/3/6.pbf`);
    expect(basemap.status).toBe(200);
    expect(basemap.headers.get('content-type')).toBe('application/x-protobuf');
    const vfr = await fetch(`${server.origin}/tiles/vfr/5/5/12.png`);
    expect(vfr.status).toBe(200);
    expect(vfr.headers.get('content-type')).toBe('image/png');
  });

  it('renders the map with the airports layer, idle quickly, in day and night styles', async () => {
    const context = await signedInContext(browser, server, { viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    // A blocked load or inline script is only a console message: fail on it like an uncaught error.
    page.on('console', (message) => { if (message.text().includes('Content Security Policy')) errors.push(message.text()); });
    try {
      const started = Date.now();
      await page.goto(`${server.origin}/app/map1`);
      await page.waitForSelector(`${VIEW_ONE}[data-map-state="idle"]`, { timeout: 30_000 });
      const wall = Date.now() - started;
      const idleMs = Number(await page.getAttribute(VIEW_ONE, 'data-map-idle-ms'));
      const createdMs = await page.getAttribute(VIEW_ONE, 'data-map-created-ms');
      const loadMs = await page.getAttribute(VIEW_ONE, 'data-map-load-ms');
      console.log(`[bench] /app/map1 navigation to first map idle: ${idleMs} ms (page clock; map created at ${createdMs} ms, style loaded at ${loadMs} ms), ${wall} ms (test clock, incl. goto)`);
      // Target 3 s (issue 5): a figure for the note, never a timed assertion.
      expect(idleMs).toBeGreaterThan(0);

      expect(await canvasColours(page, VIEW_ONE)).toBeGreaterThan(2);
      const layers = (await page.getAttribute(VIEW_ONE, 'data-map-layers')) ?? '';
      expect(layers.split(' ')).toEqual(expect.arrayContaining(['land', 'countries', 'states', 'airports', 'navaids', 'fixes', 'vfr', 'airport-labels', 'airways-low']));

      // The server's airport overview is drawn in the first picture, before the nav database is open.
      await page.waitForSelector(`${VIEW_ONE}[data-map-airports-idle-ms]`, { timeout: 30_000 });
      const airportsIdleMs = Number(await page.getAttribute(VIEW_ONE, 'data-map-airports-idle-ms'));
      const drawn = Number(await page.getAttribute(VIEW_ONE, 'data-map-airports-drawn'));
      console.log(`[bench] /app/map1 navigation to map idle with the US airports drawn: ${airportsIdleMs} ms (${drawn} airports in view; page clock)`);
      expect(drawn).toBeGreaterThan(1000);

      // Then the nav database loads and its layers replace the overview: the view's airports come from it.
      await page.getByRole('button', { name: 'menu' }).waitFor({ state: 'visible', timeout: 30_000 });
      await page.waitForFunction((sel) => Number(document.querySelector(sel)?.getAttribute('data-map-airports') ?? 0) > 100, VIEW_ONE, { timeout: 30_000 });
      const airports = Number(await page.getAttribute(VIEW_ONE, 'data-map-airports'));
      const airportsMs = await page.getAttribute(VIEW_ONE, 'data-map-airports-ms');
      console.log(`[bench] the nav database's airports for the view: ${airports}, handed to the map at ${airportsMs} ms (page clock)`);
      // They were drawn before the database had any: the first picture with airports showed the
      // overview's (recorded by the map at that idle event, not inferred from two timestamps).
      expect(await page.getAttribute(VIEW_ONE, 'data-map-airports-idle-from')).toBe('overview');

      const zooms = [
        { name: 'us', zoom: 4, lat: 39.5, lon: -98.5 },
        { name: 'bay-area', zoom: 7, lat: 37.7, lon: -122.2 },
        { name: 'hayward', zoom: 10, lat: 37.659, lon: -122.122 },
      ];
      for (const theme of ['day', 'night'] as const) {
        if (theme === 'night') {
          await page.getByRole('button', { name: 'settings' }).click();
          await page.getByLabel('Day/Night').check();
          await page.keyboard.press('Escape');
          await page.waitForSelector(`${VIEW_ONE}[data-map-theme="night"]`);
        }
        for (const view of zooms) {
          await showAt(page, view.zoom, view.lat, view.lon);
          expect(await canvasColours(page, VIEW_ONE)).toBeGreaterThan(2);
          await page.screenshot({ path: join(screenshots, `map-${theme}-z${view.zoom}-${view.name}.png`) });
        }
      }

      // The VFR sectional layer switches on over the vector map.
      await page.getByTestId('map-vfr').click();
      await page.waitForSelector(`${VIEW_ONE}[data-map-vfr="on"]`);
      await showAt(page, 6, 37.7, -122.2);
      await page.screenshot({ path: join(screenshots, 'map-night-z6-vfr.png') });
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 120_000);

  it('draws typed routes, airways with labels, and opens a tapped airport', async () => {
    const context = await signedInContext(browser, server, { viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const errors: string[] = [];
    const glyphs: { url: string; status: number }[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    // A blocked load or inline script is only a console message: fail on it like an uncaught error.
    page.on('console', (message) => { if (message.text().includes('Content Security Policy')) errors.push(message.text()); });
    page.on('response', (response) => {
      if (response.url().includes('/fonts/')) glyphs.push({ url: response.url(), status: response.status() });
    });
    try {
      await page.goto(`${server.origin}/app/map1`);
      await page.waitForSelector('[data-testid="app-shell"][data-navdb-state="loaded"]', { timeout: 60_000 });
      await page.waitForSelector(`${VIEW_ONE}[data-map-state="idle"]`, { timeout: 30_000 });
      const layers = ((await page.getAttribute(VIEW_ONE, 'data-map-layers')) ?? '').split(' ');
      expect(layers).toEqual(expect.arrayContaining([
        'airways-low', 'airways-high', 'runways', 'final-fixes-line', 'final-fixes-points',
        'airway-labels', 'fix-labels', 'navaid-labels', 'airport-labels',
      ]));

      // A route typed in the search box is drawn, then an airway route of the US data (A16: the
      // NASR excerpt's airways are A16, B9 and one without positions).
      const enterRoute = async (text: string, final: string, points: string) => {
        const box = page.getByRole('combobox');
        await box.fill(text);
        await page.getByRole('option', { name: new RegExp(`^Select Route: ${final} Distance:`) }).waitFor({ timeout: 10_000 });
        const pressed = Date.now();
        await box.press('Enter');
        // The map's route: the waypoints (an airway expanded into its points), in order.
        await page.waitForSelector(`${VIEW_ONE}[data-map-route="${points}"]`, { timeout: 10_000 });
        return pressed;
      };
      const pressed = await enterRoute('KHWD OAK KSFO', 'KHWD OAK KSFO', 'KHWD OAK KSFO');
      expect(await page.getAttribute(VIEW_ONE, 'data-map-route-points')).toBe('3');
      // The camera shows the route it was given (issue 27 point 5): from the map's bounds after the
      // move, every waypoint is inside the view and the route spans at least half its shorter side
      // (the opening view over Kansas holds the Bay Area too, but as a dot).
      const shown = await (await page.waitForFunction(routeInView, { sel: VIEW_ONE, points: BAY_ROUTE }, { timeout: 15_000 })).jsonValue();
      if (!shown) throw new Error('The map never showed the route KHWD OAK KSFO whole');
      console.log(`[bench] route KHWD OAK KSFO in view ${Date.now() - pressed} ms after Enter (test clock, target 2 s): spans ${Math.round(shown.spanPx)} px of a ${shown.width} x ${shown.height} map`);
      expect(shown.inside).toBe(true);
      expect(shown.spanPx).toBeGreaterThanOrEqual(Math.min(shown.width, shown.height) / 2);
      expect(await page.getAttribute(VIEW_ONE, 'data-map-route-shown')).toBe('KHWD OAK KSFO');
      await page.getByRole('button', { name: 'clear search' }).click();
      await enterRoute('KBLI WC A16 AP', 'KBLI WC A16 AP', 'KBLI WC AP');
      expect(await page.getAttribute(VIEW_ONE, 'data-map-route-points')).toBe('3');

      // The vertical profile under the map (issue 24): PROF opens it with A16's MEA (NASR AWY_SEG_ALT
      // 3,000 ft); the maps' box, the toolbar and the chips end above it; closed again, remembered.
      const profileButton = page.getByRole('button', { name: 'PROF: vertical profile under the map' });
      await profileButton.click();
      const panel = page.getByTestId('map-profile-panel');
      await panel.getByTestId('vertical-profile').waitFor({ timeout: 10_000 });
      await panel.getByTestId('profile-mea-label').waitFor({ timeout: 10_000 });
      expect(await panel.getByTestId('profile-mea-label').innerText()).toBe('A16 MEA 3,000 ft');
      const panelTop = (await panel.boundingBox())!.y;
      const host = (await page.getByTestId('map-host').boundingBox())!;
      const toggle = (await profileButton.boundingBox())!;
      expect(host.y + host.height).toBeLessThanOrEqual(panelTop + 1);
      expect(toggle.y + toggle.height).toBeLessThanOrEqual(panelTop);
      expect(Math.min(toggle.width, toggle.height)).toBeGreaterThanOrEqual(44);
      const chips = await page.getByTestId('inflight-chips').boundingBox();
      if (chips) expect(chips.y + chips.height).toBeLessThanOrEqual(panelTop);
      // The 3D button, lifted above the panel, stays off the toolbar.
      const toolbar = (await profileButton.locator('xpath=..').boundingBox())!;
      const threeD = (await page.getByTestId('map-terrain-control').boundingBox())!;
      expect(threeD.x + threeD.width <= toolbar.x || threeD.y >= toolbar.y + toolbar.height).toBe(true);
      expect(threeD.y + threeD.height).toBeLessThanOrEqual(panelTop);
      // On a phone the panel is lower and still under the toolbar.
      await page.setViewportSize({ width: 390, height: 844 });
      await page.waitForFunction(() => (document.querySelector('[data-testid="map-profile-panel"]') as HTMLElement | null)?.offsetHeight === 156);
      const phonePanelTop = (await panel.boundingBox())!.y;
      expect((await profileButton.boundingBox())!.y + 44).toBeLessThanOrEqual(phonePanelTop);
      // The test's nav data has expired: the red banner's text takes two lines on a phone, and the
      // panel ends above it (its measured height, not one line's).
      const phoneBanner = (await page.getByTestId('navdb-expiry-banner').boundingBox())!;
      expect(phoneBanner.height).toBeGreaterThan(50);
      await expect.poll(async () => {
        const box = (await panel.boundingBox())!;
        return box.y + box.height <= phoneBanner.y;
      }, { timeout: 5_000 }).toBe(true);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await page.screenshot({ path: join(screenshots, 'map-phone-profile-panel-a16.png') });
      await page.setViewportSize({ width: 1280, height: 800 });
      expect(await page.evaluate(() => window.localStorage.getItem('clearway.mapProfile'))).toBe('on');
      await page.screenshot({ path: join(screenshots, 'map-day-profile-panel-a16.png') });
      await profileButton.click();
      await panel.waitFor({ state: 'detached', timeout: 5_000 });
      expect(await page.evaluate(() => window.localStorage.getItem('clearway.mapProfile'))).toBe('off');

      // The airway itself, with its name, around Active Pass.
      await showAt(page, 9, 48.94, -123.02);
      await page.waitForFunction((sel) => Number(document.querySelector(sel)?.getAttribute('data-map-airways') ?? 0) > 0, VIEW_ONE, { timeout: 20_000 });
      await page.screenshot({ path: join(screenshots, 'map-day-z9-airway-a16.png') });

      // Close in at Hayward: runways are drawn, and a tap on the airport shows its details.
      await showAt(page, 12, 37.659, -122.122);
      await page.waitForFunction((sel) => Number(document.querySelector(sel)?.getAttribute('data-map-runways') ?? 0) > 0, VIEW_ONE, { timeout: 20_000 });
      await page.screenshot({ path: join(screenshots, 'map-day-z12-hayward-runways.png') });
      const canvas = await page.locator(`${VIEW_ONE} canvas`).boundingBox();
      expect(canvas).not.toBeNull();
      await page.mouse.click(canvas!.x + canvas!.width / 2, canvas!.y + canvas!.height / 2);
      const details = page.locator('[data-testid="map-feature-details-1"][data-feature-kind="airport"]');
      await details.waitFor({ timeout: 10_000 });
      expect(await details.getAttribute('data-feature-id')).toBe('HWD');
      expect(await details.innerText()).toContain('HAYWARD');
      await page.screenshot({ path: join(screenshots, 'map-day-z12-hayward-details.png') });
      await page.getByTestId('map-open-airport').click();
      await page.waitForURL('**/app/airport', { timeout: 10_000 });
      // The page is read before leaving it, as a pilot would: under load the lazily loaded page and
      // its first render can still be moving the top bar when the next tap comes.
      await page.getByTestId('airport-name').waitFor({ timeout: 30_000 });
      expect(await page.getByTestId('airport-name').innerText()).toContain('HAYWARD EXEC');

      // Restore Map comes back to the first map; performance mode keeps only the airport and navaid
      // labels (placed without collision work).
      await page.getByRole('button', { name: 'Restore Map' }).click();
      // By path: the map beside the airport page may have written its camera into the address, so the
      // map comes back as /app/map1#zoom/lat/lon, which the glob '**/app/map1' does not match.
      await page.waitForURL((url) => url.pathname === '/app/map1', { timeout: 10_000 });
      await page.getByRole('button', { name: 'settings' }).click();
      await page.getByLabel('Performance Mode').check();
      await page.keyboard.press('Escape');
      await page.waitForFunction((sel) => {
        const shown = (document.querySelector(sel)?.getAttribute('data-map-layers') ?? '').split(' ');
        return shown.includes('airport-labels') && !shown.includes('fix-labels') && !shown.includes('airway-labels');
      }, VIEW_ONE, { timeout: 10_000 });

      // Labels were drawn from the server's glyphs.
      expect(glyphs.length).toBeGreaterThan(0);
      expect(glyphs.filter((g) => g.status !== 200)).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 120_000);

  it('keeps the split layout and swapped views across a reload', async () => {
    const context = await signedInContext(browser, server, { viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    try {
      await page.goto(`${server.origin}/app/map1`);
      await page.getByRole('button', { name: 'menu' }).waitFor({ state: 'visible', timeout: 30_000 });
      await page.getByTestId('map-split-vertical').click();
      await page.waitForSelector('[data-testid="map-host"][data-map-layout="vertical"]');
      await page.getByTestId('map-swap').click();
      await page.waitForSelector('[data-testid="map-host"][data-map-views="2,1"]');
      await page.getByTestId('map-sync').click();
      await page.waitForSelector('[data-testid="map-host"][data-map-sync="on"]');
      await page.waitForSelector('[data-testid="map-view-2"][data-map-state="idle"]', { timeout: 20_000 });
      // Prefs are written to IndexedDB as the store changes; give the write a moment.
      await page.waitForTimeout(500);

      await page.reload();
      await page.waitForSelector('[data-testid="map-host"][data-map-layout="vertical"][data-map-views="2,1"][data-map-sync="on"]', { timeout: 30_000 });
      await page.waitForSelector('[data-testid="map-view-1"][data-map-state="idle"]', { timeout: 20_000 });
      await page.waitForSelector('[data-testid="map-view-2"][data-map-state="idle"]', { timeout: 20_000 });
      await page.screenshot({ path: join(screenshots, 'map-split-vertical-swapped.png') });

      // Expanding a view clears the split, and that is kept too.
      await page.getByRole('button', { name: 'menu' }).waitFor({ state: 'visible', timeout: 30_000 });
      await page.getByTestId('map-expand').click();
      await page.waitForSelector('[data-testid="map-host"][data-map-layout="single"]');
    } finally {
      await context.close();
    }
  }, 120_000);

  it('opens the map seen once without a network: basemap, glyphs and airport overview from the service worker', async () => {
    const context = await signedInContext(browser, server, { viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    try {
      await page.goto(`${server.origin}/app/map1`);
      await page.waitForSelector(`${VIEW_ONE}[data-map-airports-idle-ms]`, { timeout: 30_000 });
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
      // The first view was loaded before the worker controlled the page: it is asked for again through it.
      const cacheCounts = () => page.evaluate(async () => {
        const counts: Record<string, number> = {};
        for (const name of ['clearway-basemap-2', 'clearway-glyphs', 'clearway-map-overview']) counts[name] = (await (await caches.open(name)).keys()).length;
        return counts;
      });
      await expect.poll(async () => Object.values(await cacheCounts()).every((count) => count > 0), { timeout: 30_000 }).toBe(true);
      console.log(`[offline] runtime caches after the first visit: ${JSON.stringify(await cacheCounts())}`);
      const overview = await page.evaluate(async () => (await (await caches.open('clearway-map-overview')).keys()).map((request) => new URL(request.url).pathname));
      expect(overview).toContain('/downloads/dev/navdata/us.airports.geojson');

      // Without the browser's HTTP cache and without a network, only the service worker can answer.
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.clearBrowserCache');
      await context.setOffline(true);
      await page.reload();
      await page.waitForSelector(`${VIEW_ONE}[data-map-airports-idle-ms]`, { timeout: 30_000 });
      await page.waitForSelector(`${VIEW_ONE}[data-map-airports-drawn]`, { timeout: 10_000 });
      const drawn = Number(await page.getAttribute(VIEW_ONE, 'data-map-airports-drawn'));
      expect(drawn).toBeGreaterThan(1000);
      await page.getByTestId('loading-screen').waitFor({ state: 'detached', timeout: 30_000 });
      await page.screenshot({ path: join(screenshots, 'map-offline-day-z3.6.png') });
      // The day style's land colour (mapStyle PALETTES.day.land): the basemap tiles came from the cache.
      expect(await canvasColourSet(page, VIEW_ONE)).toContain(0xf4f0e6);
    } finally {
      await context.close();
    }
  }, 120_000);
});
