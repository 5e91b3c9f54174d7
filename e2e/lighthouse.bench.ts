// Benchmark (npm run bench:lighthouse, after `npm run build`): issue 23's quality gate on the built
// app, printed, never asserted: "Lighthouse (or the same audits run headless) on the built app: PWA
// installable, performance score and the largest contentful paint on the map page".
//
// 1. Lighthouse 12 (installed on first use into var/tools/lighthouse by scripts/bench/lighthouse-install.mjs)
//    audits /app/map1 of the real server, signed in (the session cookie as an extra header), on a
//    first visit (storage cleared, as Lighthouse does), in its mobile preset (simulated slow 4G and
//    4x CPU slowdown) and its desktop preset, RUNS times each; printed: the performance,
//    accessibility, best-practices and SEO scores and the LCP, FCP, TBT, CLS and Speed Index.
//    Baseline in the same run, under the same presets: a one-heading HTML page served from loopback,
//    so the ratio says what the app costs over the cheapest page this browser can draw.
// 2. Installable: Lighthouse 12 dropped its PWA category, so the check is Chromium's own
//    (Page.getInstallabilityErrors over the DevTools protocol, the list behind the install prompt),
//    asked once the service worker controls the page; the manifest's parse errors from
//    Page.getAppManifest beside it.
import { createServer, type Server } from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { mkdtempSync, rmSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { SESSION_COOKIE } from '../apps/server/src/auth/sessions.js';
import { chromium } from 'playwright-core';
import { addSessionCookie, buildTestNavData, createSignedInUser, startServer, waitNavDbLoaded, type RunningServer } from './harness.js';

const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 3));
const toolDir = fileURLToPath(new URL('../var/tools/lighthouse/node_modules/', import.meta.url));

interface Audit { numericValue?: number; displayValue?: string }
interface Lhr {
  categories: Record<string, { score: number | null }>;
  audits: Record<string, Audit>;
  runtimeError?: { code: string; message: string };
  runWarnings: string[];
}
type LighthouseFn = (url: string, flags: Record<string, unknown>, config?: unknown) => Promise<{ lhr: Lhr } | undefined>;
interface LaunchedChrome { port: number; kill: () => Promise<void> | void }

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const METRICS = [
  ['largest-contentful-paint', 'LCP'],
  ['first-contentful-paint', 'FCP'],
  ['total-blocking-time', 'TBT'],
  ['speed-index', 'SI'],
] as const;

let server: RunningServer;
let baseline: Server;
let baselineOrigin: string;
const navdataDir = mkdtempSync(join(tmpdir(), 'clearway-bench-lighthouse-'));

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

beforeAll(async () => {
  buildTestNavData(navdataDir, 'dev');
  server = await startServer({ NAVDATA_DIR: navdataDir });
  baseline = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end('<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>Baseline</title></head><body><h1>Baseline page</h1></body></html>');
  });
  await new Promise<void>((resolve) => baseline.listen(0, '127.0.0.1', resolve));
  const address = baseline.address();
  baselineOrigin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});

afterAll(async () => {
  await server?.stop();
  await new Promise((resolve) => baseline?.close(resolve));
  rmSync(navdataDir, { recursive: true, force: true });
});

describe('Lighthouse and installability of the built app', () => {
  it('prints the scores and paints of /app/map1 against a one-heading page, mobile and desktop presets', async () => {
    const lighthouse = ((await import(pathToFileURL(join(toolDir, 'lighthouse/core/index.js')).href)) as { default: LighthouseFn }).default;
    const desktopConfig = ((await import(pathToFileURL(join(toolDir, 'lighthouse/core/config/desktop-config.js')).href)) as { default: unknown }).default;
    const launcher = (await import(pathToFileURL(join(toolDir, 'chrome-launcher/dist/index.js')).href)) as {
      launch: (options: { chromePath: string; chromeFlags: string[] }) => Promise<LaunchedChrome>;
    };
    const user = await createSignedInUser(server, 'lighthouse@bench.test');
    const chrome = await launcher.launch({
      chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    });
    try {
      for (const [preset, config] of [['mobile', undefined], ['desktop', desktopConfig]] as const) {
        for (const [label, url, headers] of [
          ['baseline page', `${baselineOrigin}/`, {}],
          ['/app/map1', `${server.origin}/app/map1`, { Cookie: `${SESSION_COOKIE}=${user.token}` }],
        ] as const) {
          const scores: Record<string, number[]> = {};
          const metrics: Record<string, number[]> = {};
          let cls = 0;
          for (let run = 0; run < RUNS; run += 1) {
            const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES], extraHeaders: headers }, config);
            if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
            const { lhr } = result;
            if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
            for (const warning of lhr.runWarnings) console.log(`  warning (${label}, ${preset}): ${warning}`);
            for (const category of CATEGORIES) (scores[category] ??= []).push(Math.round((lhr.categories[category]?.score ?? 0) * 100));
            for (const [id] of METRICS) (metrics[id] ??= []).push(lhr.audits[id]?.numericValue ?? Number.NaN);
            cls = Math.max(cls, lhr.audits['cumulative-layout-shift']?.numericValue ?? 0);
          }
          const scoreText = CATEGORIES.map((c) => `${c} ${median(scores[c]!)}`).join(', ');
          const metricText = METRICS.map(([id, short]) => `${short} ${Math.round(median(metrics[id]!))} ms`).join(', ');
          console.log(`[bench] lighthouse ${preset} ${label}: ${scoreText}; ${metricText}; CLS max ${cls.toFixed(3)} (median of ${RUNS})`);
          (globalThis as Record<string, unknown>)[`lcp:${preset}:${label}`] = median(metrics['largest-contentful-paint']!);
        }
        const app = (globalThis as Record<string, unknown>)[`lcp:${preset}:/app/map1`] as number;
        const base = (globalThis as Record<string, unknown>)[`lcp:${preset}:baseline page`] as number;
        console.log(`[bench] lighthouse ${preset}: map page LCP ${Math.round(app)} ms = ${(app / base).toFixed(2)}x the one-heading page's ${Math.round(base)} ms`);
      }
    } finally {
      await chrome.kill();
    }
    console.log(`[bench] load average ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  });

  it('prints what Chromium says stands between /app/map1 and installing it', async () => {
    // A profile on disk: Chromium never offers to install from an incognito context (a plain
    // browser.newContext is one), so its check would stop at 'in-incognito'.
    const profile = mkdtempSync(join(tmpdir(), 'clearway-bench-profile-'));
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      headless: true,
      viewport: { width: 1280, height: 800 },
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    });
    try {
      await addSessionCookie(context, await createSignedInUser(server, 'installable@bench.test'));
      const page = await context.newPage();
      await page.goto(`${server.origin}/app/map1`);
      await waitNavDbLoaded(page);
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 60_000 });
      const cdp = await context.newCDPSession(page);
      const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: { errorId: string }[] };
      const manifest = (await cdp.send('Page.getAppManifest')) as { url: string; errors: { message: string }[] };
      console.log(`[bench] installable: ${installabilityErrors.length === 0 ? 'yes' : `no (${installabilityErrors.map((e) => e.errorId).join(', ')})`}; manifest ${manifest.url} with ${manifest.errors.length} parse error(s)${manifest.errors.map((e) => `: ${e.message}`).join('')}`);
    } finally {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    }
  });
});
