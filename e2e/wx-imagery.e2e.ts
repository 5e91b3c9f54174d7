// The weather imagery pages against the real server fetching from a loopback image source (real
// PNGs on 127.0.0.1, WX_IMAGERY_SOURCES): every imagery page shows its picture with the issue time
// the index gives, the regional radar loop plays (its frame changes), a view without a source says
// it is not configured, a source that fails keeps its last image with its age, and after one visit
// the pages show their pictures offline (from the `wx` database). Prints the first-picture figures
// (from the device against from the server); screenshots at phone and tablet sizes, day and night.
// One server and one browser for the file.
import { mkdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAGERY_PAGES, type ImageryIndex, type ImageryPageName } from '../packages/protocol/src/weatherImagery.js';
import { makePng } from '../apps/server/src/weather/imagery/testPng.js';
import { launchChromium, signedInContext, startServer, type RunningServer } from './harness.js';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const screenshots = join(repoRoot, 'test-results', 'screenshots', 'wx-imagery');
const TABLET = { width: 1180, height: 820 };
const PHONE = { width: 390, height: 844 };
const started = Date.now();
const step = (what: string) => process.env.WX_IMAGERY_STEPS && console.log(`[wx-imagery] ${((Date.now() - started) / 1000).toFixed(1)} s ${what}`);

/** The first view each page opens on, and its picture's colours. */
const PAGE_VIEWS: Record<ImageryPageName, { key: string; colour: number }> = {
  wx_surface: { key: 'surface/analysis', colour: 0x2a5d9f },
  wx_tops: { key: 'tops/conus', colour: 0x7a3fa0 },
  wx_radar_composite: { key: 'radar-composite/conus', colour: 0x1f7a3a },
  wx_radar_regional_static: { key: 'radar-regional/ne', colour: 0x103010 },
  wx_radar_regional_looping: { key: 'radar-regional/ne', colour: 0x103010 },
  wx_freezing_levels: { key: 'freezing/f00', colour: 0x9f5d2a },
  wx_satellite_usa: { key: 'satellite/ir', colour: 0x333344 },
  gfa: { key: 'gfa/clouds-03', colour: 0x5d8f9f },
};
// The stills' issue time: the whole hour two to three hours before the run (a fixed date would age
// past the page's 'min'/'h' wording as the calendar moves on).
const HOUR_MS = 3_600_000;
const ISSUED_MS = Math.floor((Date.now() - 2 * HOUR_MS) / HOUR_MS) * HOUR_MS;
const ISSUED = new Date(ISSUED_MS).toUTCString();
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** The page's wording of ISSUED, e.g. '25 Nov 12:00Z' (features/weather utcDayTime). */
const ISSUED_TEXT = (() => {
  const d = new Date(ISSUED_MS);
  return `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${String(d.getUTCHours()).padStart(2, '0')}:00Z`;
})();
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The loopback publisher: still pictures with Last-Modified, a radar whose picture moves at each request, tops that fail after their first answer. */
let source: Server;
let sourceOrigin = '';
let radarRequests = 0;
let topsRequests = 0;
function startSource(): Promise<void> {
  const stills = new Map<string, Buffer>();
  for (const { key, colour } of Object.values(PAGE_VIEWS)) if (key !== 'radar-regional/ne') stills.set(`/${key}.png`, makePng(480, 300, colour, 0xffffff, 200, 40));
  stills.set('/surface/prog-12.png', makePng(480, 300, 0x4f6d8f, 0xffd000, 40, 40));
  source = createServer((request, response) => {
    const path = request.url ?? '';
    if (path === '/radar-regional/ne.png') {
      const n = radarRequests++;
      return void response.writeHead(200, { 'content-type': 'image/png' }).end(makePng(480, 300, 0x103010, 0x40ff40, (n * 48) % 440, 40));
    }
    if (path === '/tops/conus.png' && topsRequests++ > 0) return void response.writeHead(503, { 'content-type': 'text/plain' }).end('down');
    const still = stills.get(path);
    if (still === undefined) return void response.writeHead(404).end();
    response.writeHead(200, { 'content-type': 'image/png', 'last-modified': ISSUED }).end(still);
  });
  return new Promise((resolve) =>
    source.listen(0, '127.0.0.1', () => {
      sourceOrigin = `http://127.0.0.1:${(source.address() as AddressInfo).port}`;
      resolve();
    }),
  );
}

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
/** Page mount -> first picture on each page's first visit (the image from the server): the baseline. */
const fromServer: number[] = [];

async function index(): Promise<ImageryIndex> {
  const reply = await fetch(`${server.origin}/wx/img/index.json`);
  return (await reply.json()) as ImageryIndex;
}

function viewOf(ix: ImageryIndex, key: string) {
  const [product, view] = key.split('/');
  return ix.products.find((p) => p.id === product)!.views.find((v) => v.id === view)!;
}

/** An in-app navigation (the router follows popstate), so the app is not booted again. */
async function go(path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

/** Waits for the page's picture to be decoded; answers its frame id and issue time. */
async function picture(name: ImageryPageName): Promise<{ frameId: string; issuedAt: number }> {
  await page.waitForSelector(`[data-testid="page-${name}"] [data-testid="wximagery-image"]`, { timeout: 15_000 });
  await page.waitForFunction(() => {
    const img = document.querySelector<HTMLImageElement>('[data-testid="wximagery-image"]');
    return img !== null && img.complete && img.naturalWidth > 0;
  }, undefined, { timeout: 15_000 });
  const img = page.getByTestId('wximagery-image');
  return { frameId: (await img.getAttribute('data-frame-id'))!, issuedAt: Number(await img.getAttribute('data-issued-at')) };
}

beforeAll(async () => {
  mkdirSync(screenshots, { recursive: true });
  await startSource();
  step('source');
  const every = { everySeconds: 1 };
  const sources: Record<string, unknown> = {
    'radar-regional/ne': { url: `${sourceOrigin}/radar-regional/ne.png`, everySeconds: 1, frames: 6 },
    'surface/prog-12': { url: `${sourceOrigin}/surface/prog-12.png`, ...every },
  };
  for (const { key } of Object.values(PAGE_VIEWS)) if (!(key in sources)) sources[key] = { url: `${sourceOrigin}/${key}.png`, ...every };
  // One after the other: on a busy machine a server starting beside Chromium may miss the harness's 20 s.
  server = await startServer({ WX_IMAGERY_SOURCES: JSON.stringify(sources) });
  step('server');
  browser = await launchChromium();
  step('browser');
  // Every configured view fetched, the loop with at least 3 frames (the source is polled every second).
  const deadline = Date.now() + 20_000;
  for (;;) {
    const ix = await index();
    const fetched = Object.values(PAGE_VIEWS).every(({ key }) => viewOf(ix, key).frames.length > 0);
    if (fetched && viewOf(ix, 'radar-regional/ne').frames.length >= 3 && viewOf(ix, 'tops/conus').status === 'failing') break;
    if (Date.now() > deadline) throw new Error(`The server did not fetch the loopback images within 20 s: ${JSON.stringify(ix).slice(0, 2000)}\n${server.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  step('fetched');
  context = await signedInContext(browser, server, { viewport: TABLET, hasTouch: true, colorScheme: 'light' });
  page = await context.newPage();
}, 60_000);

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
  await new Promise((resolve) => source?.close(resolve));
  console.log(`[wx-imagery] file took ${((Date.now() - started) / 1000).toFixed(1)} s`);
});

describe('weather imagery pages', () => {
  it('every imagery page shows its picture with the issue time of the server index; the loop plays; not configured and failing say so', async () => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${server.origin}/app/wx_surface`);
    const ix = await index();
    step('first page');
    for (const name of Object.keys(IMAGERY_PAGES) as ImageryPageName[]) {
      step(name);
      if (name !== 'wx_surface') await go(`/app/${name}`);
      const shown = await picture(name);
      if (name !== 'wx_radar_regional_looping') {
        await expect.poll(() => page.getByTestId(`page-${name}`).getAttribute('data-first-picture-ms')).not.toBeNull();
        fromServer.push(Number(await page.getByTestId(`page-${name}`).getAttribute('data-first-picture-ms')));
      }
      const frames = viewOf(ix, PAGE_VIEWS[name].key).frames;
      // The radar's index moves on every second: the frame shown is one the server kept.
      const latest = await index().then((now) => viewOf(now, PAGE_VIEWS[name].key).frames);
      const frame = [...frames, ...latest].find((f) => f.id === shown.frameId);
      expect(frame, `${name} shows a frame the index lists`).toBeDefined();
      expect(shown.issuedAt).toBe(frame!.issuedAt);
      if (name !== 'wx_radar_regional_static' && name !== 'wx_radar_regional_looping') {
        expect(frame!.issuedAt).toBe(Date.parse(ISSUED));
        await expect.poll(() => page.getByTestId('wximagery-issued').innerText()).toMatch(new RegExp(`^Issued ${escapeRegExp(ISSUED_TEXT)} · \\d+ h old`));
      }
      if (name === 'wx_surface') {
        await page.screenshot({ path: join(screenshots, 'surface-tablet-day.png') });
        // Another forecast hour from the picker, and one without a source: said plainly with the product's name.
        await page.getByTestId('wximagery-view-prog-12').click();
        await expect.poll(() => page.getByTestId('wximagery-image').getAttribute('data-frame-id')).toBe(viewOf(ix, 'surface/prog-12').frames[0]!.id);
        await page.getByTestId('wximagery-view-prog-24').click();
        await expect.poll(() => page.getByTestId('wximagery-not-configured').innerText()).toBe(
          'Surface analysis and progs, 24 h is not configured on this server: it has no source address for this product, so there is no picture to show.',
        );
        expect(await page.getByTestId('wximagery-image').count()).toBe(0);
        await page.screenshot({ path: join(screenshots, 'surface-not-configured-tablet-day.png') });
      }
      if (name === 'wx_tops') {
        // The tops source failed after its first answer: the last image stays with its age and the reason.
        const text = await page.getByTestId('wximagery-failing').innerText();
        expect(text).toMatch(new RegExp(`^Cloud tops could not be updated \\(the source answered HTTP 503\\)\\. Showing the last image, issued ${escapeRegExp(ISSUED_TEXT)} \\(\\d+ h old\\)\\.$`));
      }
      if (name === 'wx_radar_regional_looping') {
        // The loop: its frames preloaded, then the shown frame changes by itself.
        await expect.poll(() => page.getByTestId('wximagery-loop-position').innerText(), { timeout: 10_000 }).not.toContain('loading');
        const seen = new Set<string>();
        const deadline = Date.now() + 6_000;
        while (seen.size < 3 && Date.now() < deadline) {
          seen.add((await page.getByTestId('wximagery-image').getAttribute('data-frame-id'))!);
          await page.waitForTimeout(150);
        }
        expect(seen.size).toBeGreaterThanOrEqual(3);
        // Pause holds the frame; a step moves it by one.
        await page.getByTestId('wximagery-loop-play').click();
        const held = await page.getByTestId('wximagery-loop-position').innerText();
        await page.waitForTimeout(1_200);
        expect(await page.getByTestId('wximagery-loop-position').innerText()).toBe(held);
        const n = Number(/Frame (\d+) of/.exec(held)![1]);
        const count = Number(/of (\d+)/.exec(held)![1]);
        await page.getByTestId('wximagery-loop-next').click();
        expect(await page.getByTestId('wximagery-loop-position').innerText()).toBe(`Frame ${(n % count) + 1} of ${count}`);
        await page.screenshot({ path: join(screenshots, 'radar-loop-tablet-day.png') });
      }
    }
    step('phone');
    // Phone, day and night (the pilot's Day/Night switch).
    await page.setViewportSize(PHONE);
    await go('/app/gfa');
    await picture('gfa');
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await page.screenshot({ path: join(screenshots, 'gfa-phone-day.png') });
    await page.getByRole('button', { name: 'settings' }).click();
    await page.getByLabel('Day/Night').check();
    await page.keyboard.press('Escape');
    await go('/app/wx_radar_regional_looping');
    await picture('wx_radar_regional_looping');
    await page.screenshot({ path: join(screenshots, 'radar-loop-phone-night.png') });
    await page.setViewportSize(TABLET);
    await go('/app/wx_tops');
    await picture('wx_tops');
    await page.screenshot({ path: join(screenshots, 'tops-failing-tablet-night.png') });
    // Touch: the pickers and loop buttons are 44 px at least.
    await go('/app/gfa');
    await picture('gfa');
    const small = await page.evaluate(() =>
      Array.from(document.querySelectorAll<HTMLElement>('[data-testid^="page-"] button')).filter((b) => b.getBoundingClientRect().height < 44 || b.getBoundingClientRect().width < 44).map((b) => b.innerText),
    );
    expect(small).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('after one visit the pictures are there offline (from the wx database); first-picture figures printed', async () => {
    // The service worker controls the page (the app shell offline).
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
    step('controlled');
    const firstPicture = async (name: ImageryPageName) => {
      await picture(name);
      const root = page.getByTestId(`page-${name}`);
      await expect.poll(() => root.getAttribute('data-first-picture-ms')).not.toBeNull();
      return { mount: Number(await root.getAttribute('data-first-picture-ms')), sinceNavigation: Number(await root.getAttribute('data-first-picture-at')), from: await root.getAttribute('data-index-from') };
    };
    await context.setOffline(true);
    try {
      // A fresh start of the app offline: the shell from the service worker, index and pictures from the wx database.
      const fromDevice: number[] = [];
      const sinceNavigation: number[] = [];
      for (const name of ['wx_radar_regional_looping'] as const) {
        step(`offline reload ${name}`);
        await page.goto(`${server.origin}/app/${name}`);
        const figure = await firstPicture(name);
        expect(figure.from).toBe('device');
        fromDevice.push(figure.mount);
        sinceNavigation.push(figure.sinceNavigation);
        await expect.poll(() => page.getByTestId('wximagery-offline').isVisible()).toBe(true);
        // The loop still plays from the stored frames: its frame changes.
        const first = await page.getByTestId('wximagery-image').getAttribute('data-frame-id');
        await expect.poll(() => page.getByTestId('wximagery-image').getAttribute('data-frame-id'), { timeout: 5_000 }).not.toBe(first);
        await page.screenshot({ path: join(screenshots, 'radar-loop-offline-tablet-night.png') });
      }
      // Every other page, offline in the same app session: the index from memory, each picture from the wx database.
      const navigated: number[] = [];
      for (const name of Object.keys(IMAGERY_PAGES) as ImageryPageName[]) {
        if (name === 'wx_radar_regional_looping') continue;
        await go(`/app/${name}`);
        const figure = await firstPicture(name);
        if (name !== 'wx_radar_regional_static') navigated.push(figure.mount);
        expect(Number(await page.getByTestId('wximagery-issued').getAttribute('data-issued-at'))).toBeGreaterThan(0);
      }
      step('offline done');
      const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
      console.log(
        `[wx-imagery] first picture, page mount -> picture decoded: offline page opened in the app (image from the wx database, ${navigated.length} pages) median ${median(navigated).toFixed(0)} ms, max ${Math.max(...navigated).toFixed(0)} ms; ` +
          `offline app start (index and image from the wx database) ${fromDevice.map((ms) => ms.toFixed(0)).join(', ')} ms; ` +
          `from the server (first visit online, image downloaded, ${fromServer.length} pages) median ${median(fromServer).toFixed(0)} ms; ratio device/server ${(median(navigated) / median(fromServer)).toFixed(2)}; ` +
          `navigation start -> picture offline (whole app start included) ${sinceNavigation.map((ms) => ms.toFixed(0)).join(', ')} ms (target: 500 ms from the local cache)`,
      );
    } finally {
      await context.setOffline(false);
    }
  });
});
