// Benchmark (npm run bench:downloads, after `npm run build`): the background downloader and the packs
// on the device (issue 18 targets), in Debian's Chromium against the built server on loopback. It
// prints figures and ratios against baselines measured in the same run; it never fails on time.
//
// A 50 MB New York VFR pack is generated in a temporary PACKS_DIR: the shared chart tiles of New York
// (zooms 5 to 7, real PNGs the map draws) padded with distinct noise PNGs at zooms 9 and up (they do
// not compress, as chart tiles barely do) until the archive passes 50 MB.
// 1. Download on the Downloads page, full speed: MB/s from the tap to DOWNLOADED (stored in OPFS and
//    SHA-256 checked); baseline: the same pack fetched by the page and read to its end, kept nowhere.
//    The heap growth of the page and of the downloader worker (CDP Runtime.getHeapUsage, sampled every
//    100 ms, peak over the start), and the progress messages the page received per second.
// 2. Pause and resume, the network throttled so the pack is mid-way: each tap to its confirmed state
//    (the page's own clock, MutationObserver on the row's state), against the 500 ms target.
// 3. Chart tiles read from the pack on the device by the map (the map's read figures, median/p95)
//    against the same tiles fetched from the server by the page (median/p95).
import { readFile } from 'node:fs/promises';
import { mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { findChartRegion, type PackIndex } from '@clearway/protocol';
import { chartInventory, chartTilesFor } from '../../apps/server/src/packs/build.js';
import { Compression, PmtilesWriter, TileType, tileId } from '../../apps/server/src/packs/pmtiles.js';
import { encodeRgbPng } from '../../apps/server/src/packs/png.js';
import { tilesInBounds, type TileAddress } from '../../apps/server/src/packs/tileMath.js';
import { launchChromium, signedInContext, startServer, type RunningServer } from '../../e2e/harness.js';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const CHARTS_DIR = join(repoRoot, '..', 'shared', 'data', 'charts', 'vfr-raster-tiles');
const REGION = 'New_York';
const CYCLE = '2026-07-09';
const TARGET_BYTES = 50 * 1024 * 1024;
const VIEW_ONE = '[data-testid="map-view-1"]';

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let cdp: CDPSession;
let packBytes = 0;
let chartTiles: TileAddress[] = [];
const work = mkdtempSync(join(tmpdir(), 'clearway-bench-downloads-'));

/** The 50 MB pack: New York's chart tiles, then noise tiles in tile id order until the size is reached. */
async function generatePack(path: string): Promise<{ tiles: number; bytes: number }> {
  const region = findChartRegion(REGION)!;
  chartTiles = chartTilesFor(await chartInventory(CHARTS_DIR), region.bounds);
  const writer = new PmtilesWriter(path, { tileType: TileType.png, tileCompression: Compression.none, bounds: region.bounds, metadata: { name: `${REGION} VFR (benchmark)`, format: 'png' } });
  let bytes = 0;
  for (const tile of chartTiles) {
    const png = await readFile(join(CHARTS_DIR, String(tile.z), String(tile.x), `${tile.y}.png`));
    await writer.add(tile.z, tile.x, tile.y, png);
    bytes += png.length;
  }
  const padding = tilesInBounds(region.bounds, 9, 12).sort((a, b) => tileId(a.z, a.x, a.y) - tileId(b.z, b.x, b.y));
  const noise = new Uint8Array(256 * 256 * 3);
  for (const tile of padding) {
    if (bytes >= TARGET_BYTES) break;
    for (let i = 0; i < noise.length; i += 4) new DataView(noise.buffer).setUint32(i, (Math.random() * 2 ** 32) >>> 0);
    const png = encodeRgbPng(256, 256, noise);
    await writer.add(tile.z, tile.x, tile.y, png);
    bytes += png.length;
  }
  const summary = await writer.finish();
  return { tiles: summary.tiles, bytes: summary.bytes };
}

beforeAll(async () => {
  console.log(`load average ${loadavg().map((l) => l.toFixed(1)).join(' ')} (two shared cores: absolute times move with the load)`);
  const packsDir = join(work, 'packs');
  mkdirSync(join(packsDir, CYCLE), { recursive: true });
  const generated = await generatePack(join(packsDir, CYCLE, `${REGION}.vfr.pmtiles`));
  packBytes = statSync(join(packsDir, CYCLE, `${REGION}.vfr.pmtiles`)).size;
  console.log(`pack ${REGION}.vfr: ${generated.tiles} tiles, ${(packBytes / 1e6).toFixed(1)} MB (${chartTiles.length} chart tiles)`);
  server = await startServer({ PACKS_DIR: packsDir, CHARTS_DIR });
  browser = await launchChromium();
  context = await signedInContext(browser, server, { viewport: { width: 1180, height: 820 }, hasTouch: true });
  // Counts the downloader's progress messages as the page receives them (time of each).
  await context.addInitScript(() => {
    const times: number[] = [];
    (window as unknown as { __progressTimes: number[] }).__progressTimes = times;
    const Original = window.Worker;
    window.Worker = class extends Original {
      constructor(url: string | URL, options?: WorkerOptions) {
        super(url, options);
        this.addEventListener('message', (event: MessageEvent) => {
          if ((event.data as { type?: string } | null)?.type === 'progress') times.push(performance.now());
        });
      }
    };
  });
  page = await context.newPage();
  cdp = await context.newCDPSession(page);
  await page.goto(`${server.origin}/app/download`);
  await row().waitFor({ timeout: 30_000 });
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  rmSync(work, { recursive: true, force: true });
});

const row = () => page.getByTestId(`region-${REGION}`);

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? NaN;
}
const mb = (bytes: number) => bytes / 1024 / 1024;

/**
 * Heap samplers: the page's (Runtime.getHeapUsage) and the downloader worker's (the same call sent
 * to the worker target through the page's session; Target.setAutoAttach without flatten).
 */
async function heapSampler(): Promise<{ stop: () => Promise<{ pageStart: number; pagePeak: number; workerStart: number | null; workerPeak: number | null }> }> {
  const workers: string[] = [];
  const pending = new Map<number, (used: number) => void>();
  let nextId = 1;
  cdp.on('Target.attachedToTarget', (event: { sessionId: string; targetInfo: { type: string; url: string } }) => {
    if (event.targetInfo.type === 'worker' && event.targetInfo.url.includes('downloader')) workers.push(event.sessionId);
  });
  cdp.on('Target.receivedMessageFromTarget', (event: { message: string }) => {
    const reply = JSON.parse(event.message) as { id?: number; result?: { usedSize?: number } };
    if (reply.id !== undefined && pending.has(reply.id)) {
      pending.get(reply.id)?.(reply.result?.usedSize ?? NaN);
      pending.delete(reply.id);
    }
  });
  await cdp.send('Target.setAutoAttach', { autoAttach: true, waitForDebuggerOnStart: false, flatten: false });
  const workerHeap = async (): Promise<number | null> => {
    const sessionId = workers.at(-1);
    if (!sessionId) return null;
    const id = nextId++;
    const answer = new Promise<number>((resolve) => pending.set(id, resolve));
    await cdp.send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id, method: 'Runtime.getHeapUsage' }) }).catch(() => undefined);
    return Promise.race([answer, new Promise<null>((resolve) => setTimeout(() => resolve(null), 500))]);
  };
  await cdp.send('HeapProfiler.enable');
  await cdp.send('HeapProfiler.collectGarbage');
  const pageStart = (await cdp.send('Runtime.getHeapUsage')).usedSize;
  const workerStart = await workerHeap();
  let pagePeak = pageStart;
  let workerPeak = workerStart;
  let first = workerStart;
  let running = true;
  const loop = (async () => {
    while (running) {
      pagePeak = Math.max(pagePeak, (await cdp.send('Runtime.getHeapUsage')).usedSize);
      const w = await workerHeap();
      if (w !== null) {
        if (first === null) first = w;
        workerPeak = Math.max(workerPeak ?? 0, w);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  return {
    stop: async () => {
      running = false;
      await loop;
      return { pageStart, pagePeak, workerStart: first, workerPeak };
    },
  };
}

/** Taps a button of the row and times, in the page, until the row's state is one of `states`. */
async function tapUntil(name: string, states: string[]): Promise<number> {
  return page.evaluate(
    ({ code, label, wanted }) =>
      new Promise<number>((resolve, reject) => {
        const element = document.querySelector(`[data-testid="region-${code}"]`);
        const button = Array.from(element?.querySelectorAll('button') ?? []).find((b) => b.textContent?.trim() === label || b.getAttribute('aria-label') === label);
        if (!element || !button) return reject(new Error(`no ${label} button on the ${code} row (state ${element?.getAttribute('data-state')})`));
        const started = performance.now();
        const observer = new MutationObserver(() => {
          if (wanted.includes(element.getAttribute('data-state') ?? '')) {
            observer.disconnect();
            resolve(performance.now() - started);
          }
        });
        observer.observe(element, { attributes: true, attributeFilter: ['data-state'] });
        button.click();
        setTimeout(() => reject(new Error(`${label}: the state stayed ${element.getAttribute('data-state')} for 20 s`)), 20_000);
      }),
    { code: REGION, label: name, wanted: states },
  );
}

/** Waits until the first map view's data-* attribute `key` (dataset name) is `value`, read with page.evaluate. */
async function viewReaches(key: string, value: string, timeout: number): Promise<void> {
  const until = Date.now() + timeout;
  for (;;) {
    const now = await page.evaluate(({ sel, name }) => (document.querySelector(sel) as HTMLElement | null)?.dataset[name] ?? null, { sel: VIEW_ONE, name: key });
    if (now === value) return;
    if (Date.now() > until) throw new Error(`the map view's ${key} stayed ${now} (wanted ${value}) for ${timeout} ms`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

async function waitState(state: string, timeout = 120_000): Promise<void> {
  await page.locator(`[data-testid="region-${REGION}"][data-state="${state}"]`).waitFor({ timeout });
}

describe('downloads benchmark', () => {
  it('download speed, heap and progress rate of a 50 MB pack', async () => {
    const index = (await (await fetch(`${server.origin}/packs/index.json`)).json()) as PackIndex;
    const pack = index.regions.find((r) => r.code === REGION)?.packs[0];
    if (!pack || pack.bytes !== packBytes) throw new Error(`the index has no ${REGION} pack of ${packBytes} bytes: ${JSON.stringify(pack)}`);
    // Baseline: the page fetches the pack and reads it to its end, keeping nothing (best of 2).
    const baselines: number[] = [];
    for (let i = 0; i < 2; i++) {
      baselines.push(
        await page.evaluate(async (url) => {
          const started = performance.now();
          const reader = (await fetch(url, { cache: 'no-store' })).body!.getReader();
          for (;;) if ((await reader.read()).done) break;
          return performance.now() - started;
        }, `${server.origin}${pack.url}`),
      );
    }
    const baselineMs = Math.min(...baselines);
    const heap = await heapSampler();
    await page.evaluate(() => ((window as unknown as { __progressTimes: number[] }).__progressTimes.length = 0));
    const tapToDone = await page.evaluate(async () => performance.now());
    await row().getByRole('button', { name: 'Download' }).click();
    await waitState('DOWNLOADED');
    const doneAt = await page.evaluate(async () => performance.now());
    const downloadMs = doneAt - tapToDone;
    const memory = await heap.stop();
    const progress = await page.evaluate(() => (window as unknown as { __progressTimes: number[] }).__progressTimes.slice());
    const gaps = progress.slice(1).map((t, i) => t - progress[i]!);
    const speed = mb(packBytes) / (downloadMs / 1000);
    const baselineSpeed = mb(packBytes) / (baselineMs / 1000);
    console.log(`download ${mb(packBytes).toFixed(1)} MiB: ${(downloadMs / 1000).toFixed(2)} s, ${speed.toFixed(1)} MB/s (target 30); fetch only, kept nowhere: ${baselineSpeed.toFixed(1)} MB/s; ratio ${(speed / baselineSpeed).toFixed(2)}`);
    console.log(
      `heap growth: page ${mb(memory.pagePeak - memory.pageStart).toFixed(1)} MB (${mb(memory.pageStart).toFixed(1)} -> peak ${mb(memory.pagePeak).toFixed(1)}); ` +
        `downloader worker ${memory.workerPeak === null || memory.workerStart === null ? 'n/a' : `${mb(memory.workerPeak - memory.workerStart).toFixed(1)} MB (${mb(memory.workerStart).toFixed(1)} -> peak ${mb(memory.workerPeak).toFixed(1)})`} (target under 20 MB)`,
    );
    console.log(`progress: ${progress.length} messages in ${(downloadMs / 1000).toFixed(2)} s = ${(progress.length / (downloadMs / 1000)).toFixed(1)}/s (target 2/s); largest gap ${gaps.length ? Math.max(...gaps).toFixed(0) : 'n/a'} ms`);
  });

  it('pause and resume confirmation times', async () => {
    await tapUntil('Delete', ['DELETED']);
    // About 8 MB/s: the 50 MB pack takes several seconds, time for five pauses.
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: 8_000_000, uploadThroughput: -1 });
    await row().getByRole('button', { name: 'Download' }).click();
    await waitState('IN_PROGRESS', 20_000);
    const pauses: number[] = [];
    const resumes: number[] = [];
    for (let i = 0; i < 5; i++) {
      await page.waitForTimeout(400);
      pauses.push(await tapUntil('Pause', ['PAUSED']));
      resumes.push(await tapUntil('Resume', ['RESUME_CONFIRMED', 'IN_PROGRESS', 'DOWNLOADED']));
    }
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    await waitState('DOWNLOADED');
    const line = (name: string, values: number[]) =>
      `${name} confirmed: median ${percentile(values, 0.5).toFixed(0)} ms, max ${Math.max(...values).toFixed(0)} ms over ${values.length} (target 500 ms; ratio median/target ${(percentile(values, 0.5) / 500).toFixed(2)})`;
    console.log(line('pause', pauses));
    console.log(line('resume', resumes));
  });

  it('chart tiles read from the pack on the device, against the network', async () => {
    const region = findChartRegion(REGION)!;
    const [west, south, east, north] = region.bounds;
    await page.goto(`${server.origin}/app/map1#6/${(south + north) / 2}/${(west + east) / 2}`);
    await page.getByTestId('loading-screen').waitFor({ state: 'detached', timeout: 30_000 });
    await page.getByTestId('map-vfr').click();
    await page.waitForSelector(`${VIEW_ONE}[data-map-vfr="on"]`);
    for (const [zoom, dLat, dLon] of [[4, 0, 0], [5, 1, 1], [5, -1, -1], [6, 1, -1.5], [6, -1, 1.5], [6, 0.5, 0.5], [6, -0.5, -1]] as const) {
      await page.evaluate((hash) => (window.location.hash = hash), `#${zoom}/${(south + north) / 2 + dLat}/${(west + east) / 2 + dLon}`);
      // Read in the page (Playwright's selector waits poll on animation frames, which a busy
      // software-WebGL page starves).
      await viewReaches('mapZoom', zoom.toFixed(2), 30_000);
      await viewReaches('mapState', 'idle', 60_000);
    }
    await page.waitForTimeout(500);
    const view = await page.evaluate((sel) => ({ ...(document.querySelector(sel) as HTMLElement).dataset }), VIEW_ONE);
    const [vfrReads = 0] = (view['mapPackReads'] ?? '0').split(' ').map(Number);
    const [deviceMedian = NaN, deviceP95 = NaN] = (view['mapPackReadMs'] ?? '').split('/').map(Number);
    // Baseline: the same chart tiles fetched from the server by the page, one at a time, no cache.
    const network = await page.evaluate(async (urls) => {
      const times: number[] = [];
      for (const url of urls) {
        const started = performance.now();
        await (await fetch(url, { cache: 'no-store' })).arrayBuffer();
        times.push(performance.now() - started);
      }
      return times;
    }, chartTiles.map((t) => `${server.origin}/tiles/vfr/${t.z}/${t.x}/${t.y}.png`));
    const netMedian = percentile(network, 0.5);
    console.log(
      `tile reads from the device (all kinds): median ${deviceMedian.toFixed(2)} ms, p95 ${deviceP95.toFixed(2)} ms (${vfrReads} vfr tiles read; target under 20 ms); ` +
        `network: median ${netMedian.toFixed(2)} ms, p95 ${percentile(network, 0.95).toFixed(2)} ms over ${network.length} tiles; ratio device/network median ${(deviceMedian / netMedian).toFixed(2)}`,
    );
  });
});
