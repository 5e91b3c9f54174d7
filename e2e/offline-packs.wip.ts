// WORK IN PROGRESS (issue 18, not run by `npm test`: the e2e config runs *.e2e.ts only). Two steps
// still fail: the pixel check samples points under the "not downloaded" note, and the 3D button's
// click times out. Rename to offline-packs.e2e.ts once both pass; run it by hand meanwhile with
// `npx vitest run --config e2e/vitest.config.ts --dir e2e offline-packs.wip.ts` after renaming.
// Region packs on the device drawn with no connection (issue 18, the map side): the server builds
// New York's packs from the shared chart tiles and terrain; the page stores them the way the
// downloads feature does (OPFS segment file + the 'packs' record); then the browser goes offline and
// the server stops. After a reload the map draws New York's VFR chart tiles from the pack (pixels
// compared with the source PNG), shows the red expired banner (the shared tiles are of July 2026),
// and the 3D button turns terrain on from the terrain pack. Prints the device tile read figures.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findChartRegion, type PackIndex } from '@clearway/protocol';
import { launchChromium, signedInContext, startServer, type RunningServer } from './harness.js';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const SHARED = join(repoRoot, '..', 'shared', 'data');
const CHARTS_DIR = join(SHARED, 'charts', 'vfr-raster-tiles');
const TERRAIN_DIR = join(SHARED, 'terrain');
const screenshots = join(repoRoot, 'test-results', 'screenshots');
const VIEW_ONE = '[data-testid="map-view-1"]';
const REGION = 'New_York';
/** The shared chart tiles' edition (../shared/README.md: July 2026), long expired: the banner shows. */
const CHARTS_CYCLE = '2026-07-09';
const TABLET = { viewport: { width: 1180, height: 820 }, hasTouch: true, isMobile: false, colorScheme: 'light' as const };

let server: RunningServer;
let browser: Browser;
const packsDir = mkdtempSync(join(tmpdir(), 'clearway-e2e-packs-'));

beforeAll(async () => {
  mkdirSync(screenshots, { recursive: true });
  // New York's packs only (about 10 s), with the server's own CLI.
  const built = spawnSync(process.execPath, [join(repoRoot, 'apps/server/dist/packs/cli.js'), 'build', '--region', REGION, '--charts', CHARTS_DIR, '--terrain', TERRAIN_DIR, '--cycle', CHARTS_CYCLE, '--out', packsDir, '--quiet'], { encoding: 'utf8' });
  if (built.status !== 0) throw new Error(`npm run charts -- build failed: ${built.stderr}${built.stdout}`);
  server = await startServer({ PACKS_DIR: packsDir, CHARTS_DIR, TERRAIN_DIR });
  browser = await launchChromium();
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  rmSync(packsDir, { recursive: true, force: true });
});

function tileXToLon(x: number, z: number): number {
  return (x / 2 ** z) * 360 - 180;
}
function tileYToLat(y: number, z: number): number {
  return (Math.atan(Math.sinh(Math.PI * (1 - (2 * y) / 2 ** z))) * 180) / Math.PI;
}

/** A zoom 7 chart tile of the shared data wholly inside the region (so it is in the region's pack). */
function chartTileInRegion(): { x: number; y: number; path: string } {
  const region = findChartRegion(REGION);
  if (!region) throw new Error(`no region ${REGION}`);
  const [west, south, east, north] = region.bounds;
  const candidates: { x: number; y: number; path: string; distance: number }[] = [];
  for (const xName of readdirSync(join(CHARTS_DIR, '7'))) {
    for (const yName of readdirSync(join(CHARTS_DIR, '7', xName))) {
      const x = Number(xName);
      const y = Number(yName.replace(/\.png$/, ''));
      if (tileXToLon(x, 7) < west || tileXToLon(x + 1, 7) > east || tileYToLat(y + 1, 7) < south || tileYToLat(y, 7) > north) continue;
      const distance = Math.hypot(tileXToLon(x + 0.5, 7) - (west + east) / 2, tileYToLat(y + 0.5, 7) - (south + north) / 2);
      candidates.push({ x, y, path: join(CHARTS_DIR, '7', xName, yName), distance });
    }
  }
  const best = candidates.sort((a, b) => a.distance - b.distance)[0];
  if (!best) throw new Error(`No zoom 7 chart tile of the shared data lies inside ${REGION}`);
  return best;
}

/** RGB of an image, averaged over the 15 x 15 pixels around (x, y) (a sub-pixel offset of the drawing does not count). */
function meanColour(data: Uint8ClampedArray, width: number, x: number, y: number): [number, number, number] {
  const sum = [0, 0, 0];
  for (let dy = -7; dy <= 7; dy++) {
    for (let dx = -7; dx <= 7; dx++) {
      const at = ((y + dy) * width + (x + dx)) * 4;
      for (let c = 0; c < 3; c++) sum[c]! += data[at + c] ?? 0;
    }
  }
  return [sum[0]! / 225, sum[1]! / 225, sum[2]! / 225].map(Math.round) as [number, number, number];
}

async function pixels(png: Buffer): Promise<{ width: number; height: number; data: Uint8ClampedArray }> {
  const image = await loadImage(png);
  const canvas = createCanvas(image.width, image.height);
  const context = canvas.getContext('2d');
  context.drawImage(image, 0, 0);
  return { width: image.width, height: image.height, data: context.getImageData(0, 0, image.width, image.height).data };
}

/** In the page: stores a pack as the downloads feature does (features/downloads/packStore.ts): OPFS segment, then its record. */
async function storePack(page: Page, entry: { region: string; kind: string; cycle: string; bytes: number; sha256: string; expires: string; url: string }): Promise<void> {
  await page.evaluate(async (pack) => {
    const bytes = await (await fetch(pack.url)).arrayBuffer();
    if (bytes.byteLength !== pack.bytes) throw new Error(`${pack.url}: ${bytes.byteLength} bytes, the index says ${pack.bytes}`);
    const digest = Array.from(new Uint8Array(await crypto.subtle.digest('SHA-256', bytes)), (b) => b.toString(16).padStart(2, '0')).join('');
    if (digest !== pack.sha256) throw new Error(`${pack.url}: SHA-256 ${digest}, the index says ${pack.sha256}`);
    const partId = `pack/${pack.cycle}/${pack.region}.${pack.kind}`;
    const root = await (await navigator.storage.getDirectory()).getDirectoryHandle('downloads', { create: true });
    const folder = await root.getDirectoryHandle(encodeURIComponent(partId), { create: true });
    const writable = await (await folder.getFileHandle('000000.seg', { create: true })).createWritable();
    await writable.write(bytes);
    await writable.close();
    // Dexie's 'packs' database, version 1 (IndexedDB version 10): packs keyed by `{region}.{kind}`, indexes region and cycle.
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('packs', 10);
      open.onupgradeneeded = () => {
        const store = open.result.createObjectStore('packs', { keyPath: 'key' });
        store.createIndex('region', 'region');
        store.createIndex('cycle', 'cycle');
      };
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    await new Promise<void>((resolve, reject) => {
      const tx = db.transaction('packs', 'readwrite');
      tx.objectStore('packs').put({ key: `${pack.region}.${pack.kind}`, region: pack.region, kind: pack.kind, cycle: pack.cycle, bytes: pack.bytes, sha256: pack.sha256, expires: pack.expires, partId, storage: 'opfs', storedAt: Date.now() });
      tx.oncomplete = () => resolve();
      tx.onerror = () => reject(tx.error);
    });
    db.close();
  }, entry);
}

/** The view's pack figures (statsOverlay.ts): device reads by kind, network asks, median/p95 ms. */
async function packFigures(page: Page): Promise<{ vfr: number; basemap: number; terrain: number; network: number; ms: string }> {
  return page.evaluate((sel) => {
    const element = document.querySelector(sel) as HTMLElement | null;
    const [vfr = 0, basemap = 0, terrain = 0] = (element?.dataset['mapPackReads'] ?? '0 0 0').split(' ').map(Number);
    return { vfr, basemap, terrain, network: Number(element?.dataset['mapPackNetwork'] ?? 0), ms: element?.dataset['mapPackReadMs'] ?? '' };
  }, VIEW_ONE);
}

async function showAt(page: Page, zoom: number, lat: number, lon: number): Promise<void> {
  await page.evaluate((hash) => {
    window.location.hash = hash;
  }, `#${zoom}/${lat}/${lon}`);
  await page.waitForSelector(`${VIEW_ONE}[data-map-zoom="${zoom.toFixed(2)}"]`, { timeout: 15_000 });
}

describe('region packs on the device, offline', () => {
  it('draws the downloaded region\'s chart from the pack with no connection, says it expired, and turns 3D terrain on', async () => {
    const tile = chartTileInRegion();
    const context = await signedInContext(browser, server, TABLET);
    try {
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      const consoleLines: string[] = [];
      page.on('console', (message) => consoleLines.push(`${message.type()}: ${message.text()}`));
      await page.goto(`${server.origin}/app/map1`);
      await page.getByTestId('loading-screen').waitFor({ state: 'detached', timeout: 20_000 });
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 20_000 });

      const index = (await (await fetch(`${server.origin}/packs/index.json`)).json()) as PackIndex;
      const region = index.regions.find((entry) => entry.code === REGION);
      expect(region?.packs.map((pack) => pack.kind).sort()).toEqual(['basemap', 'terrain', 'vfr']);
      for (const pack of region!.packs) await storePack(page, { region: REGION, ...pack });
      const expires = region!.packs[0]!.expires;

      // No network, no server, no HTTP cache: only the service worker's shell and the packs on the device.
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.clearBrowserCache');
      await context.setOffline(true);
      await server.stop();
      await page.reload();
      await page.getByTestId('loading-screen').waitFor({ state: 'detached', timeout: 20_000 });

      // The chart tile's centre at the centre of the view, one tile pixel per CSS pixel: MapLibre's
      // zooms are of 512 px tiles, so the 256 px chart tiles of zoom 7 are drawn at map zoom 6.
      const lat = tileYToLat(tile.y + 0.5, 7);
      const lon = tileXToLon(tile.x + 0.5, 7);
      await showAt(page, 6, lat, lon);
      await page.getByTestId('map-vfr').click();
      await page.waitForSelector(`${VIEW_ONE}[data-map-vfr="on"]`);
      try {
        await expect.poll(async () => (await packFigures(page)).vfr, { timeout: 15_000, interval: 250 }).toBeGreaterThan(0);
      } catch (error) {
        console.log(JSON.stringify(await page.evaluate((sel) => ({ ...(document.querySelector(sel) as HTMLElement).dataset }), VIEW_ONE)));
        console.log(consoleLines.filter((line) => line.includes('[packs]')).slice(-20).join('\n'));
        throw error;
      }
      await page.waitForSelector(`${VIEW_ONE}[data-map-state="idle"]`, { timeout: 15_000 });
      await page.waitForTimeout(600);

      // Pixels of the canvas against the source PNG, at 9 points of the tile.
      const canvas = await pixels(await page.locator(`${VIEW_ONE} canvas`).first().screenshot());
      const source = await pixels(await import('node:fs/promises').then((fs) => fs.readFile(tile.path)));
      const cx = Math.floor(canvas.width / 2);
      const cy = Math.floor(canvas.height / 2);
      const results = [];
      for (const dy of [-80, 0, 80]) {
        for (const dx of [-80, 0, 80]) {
          const drawn = meanColour(canvas.data, canvas.width, cx + dx, cy + dy);
          const expected = meanColour(source.data, source.width, 128 + dx, 128 + dy);
          const off = Math.max(...drawn.map((value, c) => Math.abs(value - expected[c]!)));
          results.push({ dx, dy, drawn, expected, off });
        }
      }
      console.log(`[packs] offline chart tile 7/${tile.x}/${tile.y}: canvas vs PNG ${results.map((r) => `(${r.dx},${r.dy}) ${r.drawn.join('/')} vs ${r.expected.join('/')}`).join('; ')}`);
      await page.screenshot({ path: join(screenshots, 'offline-packs-chart-tablet-day.png') });

      // The shared tiles' cycle has expired: the red banner names the region and the day.
      const banner = page.getByTestId('packs-expired-banner');
      await banner.waitFor({ state: 'visible', timeout: 10_000 });
      const text = (await banner.textContent()) ?? '';
      expect(text).toContain('New York');
      expect(text).toContain(`expired on ${expires}`);

      // 3D: terrain from the terrain pack on the device.
      await page.getByTestId('map-3d').click();
      await page.waitForSelector(`${VIEW_ONE}[data-map-terrain="on"]`, { timeout: 10_000 });
      await expect.poll(async () => (await packFigures(page)).terrain, { timeout: 15_000, interval: 250 }).toBeGreaterThan(0);
      await page.getByTestId('map-terrain-exaggeration').click();
      await page.waitForSelector(`${VIEW_ONE}[data-map-terrain-exaggeration="2"]`, { timeout: 5_000 });
      // More reads for the figures: nearer views of the region, each new tile read from the packs.
      for (const [zoom, dLat, dLon] of [[5, 0, 0], [6, 0.8, -1.5], [8, 1.2, -1.4], [9, 1.5, -1.2], [10, 1.6, -1]] as const) {
        await showAt(page, zoom, lat + dLat, lon + dLon);
        await page.waitForSelector(`${VIEW_ONE}[data-map-state="idle"]`, { timeout: 15_000 });
      }
      await showAt(page, 6, lat, lon);
      await page.waitForSelector(`${VIEW_ONE}[data-map-state="idle"]`, { timeout: 15_000 });
      await page.waitForTimeout(800);
      const figures = await packFigures(page);
      console.log(`[packs] device tile reads vfr ${figures.vfr}, basemap ${figures.basemap}, terrain ${figures.terrain}; network asks ${figures.network}; read median/p95 ${figures.ms} ms (target under 20 ms per tile read)`);
      expect(figures.vfr + figures.basemap + figures.terrain).toBeGreaterThan(20);

      for (const [size, scheme, name] of [[TABLET.viewport, 'light', 'tablet-day'], [TABLET.viewport, 'dark', 'tablet-night'], [{ width: 390, height: 844 }, 'dark', 'phone-night'], [{ width: 390, height: 844 }, 'light', 'phone-day']] as const) {
        await page.setViewportSize(size);
        await page.emulateMedia({ colorScheme: scheme });
        await page.waitForTimeout(300);
        await page.waitForSelector(`${VIEW_ONE}[data-map-state="idle"]`, { timeout: 15_000 });
        await page.waitForTimeout(500);
        await page.screenshot({ path: join(screenshots, `offline-packs-3d-${name}.png`) });
        const box = await page.getByTestId('map-3d').boundingBox();
        expect(Math.min(box?.width ?? 0, box?.height ?? 0)).toBeGreaterThanOrEqual(44);
      }
      expect(errors).toEqual([]);
      // Labels or borders of the basemap may cover a point; most show the chart's own colour.
      expect(results.filter((r) => r.off <= 20).length).toBeGreaterThanOrEqual(7);
    } finally {
      await context.close();
    }
  }, 90_000);
});

if (!existsSync(CHARTS_DIR)) throw new Error(`The shared chart tiles are missing: ${CHARTS_DIR}`);
