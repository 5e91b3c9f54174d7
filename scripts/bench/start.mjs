// Benchmark: the app's start on a slow phone (issue 27 point 10). The built app served by the real
// server with the US nav database, Debian's Chromium through playwright-core, a cold profile each
// run. Slow runs: CPU 4x slower (CDP Emulation.setCPUThrottlingRate) and a 1.6 Mbps down / 750 kbps
// up / 150 ms link (CDP Network.emulateNetworkConditions, on the page and on the service worker,
// whose requests the page's emulation does not cover). Desktop runs: no emulation.
//
// Measured from the navigation (performance.now() in the page, so the figures are the page's own):
//   shell   the top bar painted (the frame after it is in the document);
//   map     the map canvas drawn (the first view's first idle) and not hidden by the loading screen;
//   search  an airport search answered: 'KSFO' typed into the search box as soon as it can be used
//           and a suggestion row for that airport shown (typed again when an answer came without it).
// Prints every run, the medians of RUNS runs per setting, the targets and the slow / desktop ratio.
// Never fails on time. Run after `npm run build`:
//   npm run bench:start [-- --runs 3] [-- --navdata DIR]   (DIR holds dev/us.cwnav; built when absent)
// Functions passed to page.evaluate and addInitScript run in the page.
/* global window, document, location, requestAnimationFrame, MutationObserver */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { repoRoot } from '../lib/ensure.mjs';

const { values: args } = parseArgs({
  options: { runs: { type: 'string', default: '3' }, navdata: { type: 'string' }, query: { type: 'string', default: 'KSFO' } },
});
const RUNS = Math.max(1, Number(args.runs) || 3);
/** The airport typed, and the id its suggestion row shows (an ICAO 'K' id is the FAA id without it). */
const QUERY = args.query.toUpperCase();
const ROW_ID = /^K[A-Z]{3}$/.test(QUERY) ? QUERY.slice(1) : QUERY;
const TARGETS = { shell: 4000, map: 12_000, search: 15_000 };
const RUN_LIMIT_MS = 180_000;

/** 1.6 Mbps down, 750 kbps up, 150 ms latency; bytes per second as CDP takes them. */
const SLOW_NETWORK = { offline: false, latency: 150, downloadThroughput: 1_600_000 / 8, uploadThroughput: 750_000 / 8 };
const SLOW_CPU_RATE = 4;

const serverMain = join(repoRoot, 'apps/server/dist/main.js');
if (!existsSync(serverMain) || !existsSync(join(repoRoot, 'apps/web/dist/index.html'))) {
  console.error('The app is not built: run `npm run build` first.');
  process.exit(1);
}
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromiumPath)) {
  console.error(`Chromium not found at ${chromiumPath}: apt-get install -y chromium, or set CHROMIUM_PATH.`);
  process.exit(1);
}
const { findOrCreateCustomer } = await import(join(repoRoot, 'apps/server/dist/auth/customers.js'));
const { createSession, SESSION_COOKIE } = await import(join(repoRoot, 'apps/server/dist/auth/sessions.js'));
const { openDatabase } = await import(join(repoRoot, 'apps/server/dist/db/connect.js'));

const cleanups = [];
async function cleanUp() {
  while (cleanups.length) await cleanups.pop()().catch(() => undefined);
}

function buildNavData() {
  const dir = mkdtempSync(join(tmpdir(), 'clearway-bench-start-'));
  cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
  const shared = join(repoRoot, '..', 'shared', 'data', 'navdata');
  if (!existsSync(shared)) throw new Error(`Shared nav data not found at ${shared} (../shared beside the repository).`);
  console.log('building the US nav database from ../shared/data/navdata ...');
  const result = spawnSync(
    process.execPath,
    [
      join(repoRoot, 'packages/navimport/dist/cli.js'), 'build',
      '--from', join(shared, 'faa-nasr/national'), '--from', join(shared, 'faa-nasr/excerpts-2025'), '--from', join(shared, 'faa-cifp'),
      '--out', join(dir, 'dev'), '--region', 'us', '--quiet',
    ],
    { cwd: repoRoot, encoding: 'utf8' },
  );
  if (result.status !== 0) throw new Error(`navdata build failed:\n${result.stdout}\n${result.stderr}`);
  return dir;
}

async function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/** The built server on a free port with a fresh SQLite database, as `npm start` runs it. */
async function startServer(navdataDir) {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'clearway-bench-start-db-'));
  const origin = `http://127.0.0.1:${port}`;
  const sqlitePath = join(dataDir, 'clearway.db');
  let log = '';
  const child = spawn(process.execPath, [serverMain], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_ORIGIN: origin,
      SQLITE_PATH: sqlitePath,
      NAVDATA_DIR: navdataDir,
      CHARTS_DIR: join(repoRoot, '..', 'shared', 'data', 'charts', 'vfr-raster-tiles'),
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (chunk) => (log += chunk));
  child.stderr.on('data', (chunk) => (log += chunk));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  cleanups.push(async () => {
    if (child.exitCode === null) child.kill('SIGTERM');
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  });
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The server exited during start-up:\n${log}`);
    const ok = await fetch(`${origin}/healthz`).then((r) => r.ok, () => false);
    if (ok) break;
    if (Date.now() > deadline) throw new Error(`The server did not answer /healthz within 20 s:\n${log}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { origin, sqlitePath };
}

/** A session for a new customer, made on the server's database the way sign-in makes it. */
async function sessionToken(sqlitePath, email) {
  const db = openDatabase({ dialect: 'sqlite', path: sqlitePath });
  try {
    const customer = await findOrCreateCustomer(db, { email });
    return await createSession(db, customer.custId, 24 * 3600_000);
  } finally {
    await db.close();
  }
}

/**
 * In the page, from its first script on: the time the top bar is painted, and the time the map is
 * drawn with no loading screen over it, into window.__benchStart (ms since navigation); the time the
 * airport's suggestion row shows.
 */
function recordInPage(rowId) {
  // A phone that chose 'Continue without installing' before (app/install): the start itself, not the install page.
  localStorage.setItem('clearway.installSkipped', '1');
  const marks = { shell: null, map: null, search: null, mapIdle: null };
  window.__benchStart = marks;
  const check = () => {
    if (marks.shell === null && document.querySelector('[data-testid="top-bar"]')) {
      marks.shell = -1;
      requestAnimationFrame(() => {
        marks.shell = performance.now();
      });
    }
    const view = document.querySelector('[data-map-view][data-map-idle-ms]');
    if (marks.map === null && view && !document.querySelector('[data-testid="loading-screen"]')) {
      marks.map = performance.now();
      marks.mapIdle = Number(view.getAttribute('data-map-idle-ms'));
    }
    if (marks.search === null) {
      for (const row of document.querySelectorAll('[data-testid="search-option"][data-type="Airport"]')) {
        if ((row.textContent ?? '').split(/[\s/]+/).includes(rowId)) marks.search = performance.now();
      }
    }
  };
  new MutationObserver(check).observe(document, { subtree: true, childList: true, attributes: true });
}

/** Network emulation on a service worker target, through the browser session (the page's does not reach it). */
async function throttleServiceWorkers(browser) {
  const session = await browser.newBrowserCDPSession();
  let id = 0;
  session.on('Target.targetCreated', async ({ targetInfo }) => {
    if (targetInfo.type !== 'service_worker') return;
    try {
      const { sessionId } = await session.send('Target.attachToTarget', { targetId: targetInfo.targetId, flatten: false });
      const send = (method, params) => session.send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id: ++id, method, params }) });
      await send('Network.enable', {});
      await send('Network.emulateNetworkConditions', SLOW_NETWORK);
    } catch (error) {
      console.warn(`  (could not throttle the service worker: ${error.message})`);
    }
  });
  await session.send('Target.setDiscoverTargets', { discover: true });
  return () => session.detach().catch(() => undefined);
}

const setting = (slow) => (slow ? 'slow' : 'desktop');

/** One cold start: a fresh browser (a fresh profile), the page opened at /app/map1, the three times. */
async function oneRun(server, slow, n) {
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  const stopSw = slow ? await throttleServiceWorkers(browser) : () => undefined;
  try {
    const context = await browser.newContext({ viewport: { width: 412, height: 915 }, hasTouch: true, isMobile: false });
    const token = await sessionToken(server.sqlitePath, `bench-${slow ? 'slow' : 'desktop'}-${n}-${Date.now()}@bench.test`);
    await context.addCookies([{ name: SESSION_COOKIE, value: token, domain: '127.0.0.1', path: '/', httpOnly: true, sameSite: 'Lax' }]);
    await context.addInitScript(recordInPage, ROW_ID);
    const page = await context.newPage();
    if (slow) {
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: SLOW_CPU_RATE });
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', SLOW_NETWORK);
    }
    const deadline = Date.now() + RUN_LIMIT_MS;
    await page.goto(`${server.origin}/app/map1`, { waitUntil: 'commit' });
    const input = page.getByTestId('search-input');
    // The box can be used once it is out of an inert page and no loading screen covers it.
    await page.waitForFunction(
      () => {
        const box = document.querySelector('[data-testid="search-input"]');
        return Boolean(box && !box.closest('[inert]') && !document.querySelector('[data-testid="loading-screen"]'));
      },
      undefined,
      { timeout: RUN_LIMIT_MS, polling: 200 },
    );
    let typed = 0;
    while (Date.now() < deadline) {
      await input.fill('');
      await input.fill(QUERY);
      typed++;
      const answered = await page
        .waitForFunction(() => window.__benchStart.search !== null, undefined, { timeout: 5000, polling: 200 })
        .then(() => true, () => false);
      if (answered) break;
    }
    const marks = await page.waitForFunction(() => (window.__benchStart.map !== null && window.__benchStart.shell > 0 ? window.__benchStart : null), undefined, {
      timeout: Math.max(1000, deadline - Date.now()),
      polling: 200,
    });
    const navdb = await page.getAttribute('[data-testid="app-shell"]', 'data-navdb-state').catch(() => null);
    // The search box's own figure: from the debounce end to the rows in the DOM.
    const suggestMs = await page.getAttribute('[data-testid="search-listbox"]', 'data-suggest-ms').catch(() => null);
    const source = await page.getAttribute('[data-testid="search-listbox"]', 'data-source').catch(() => null);
    const result = { ...(await marks.jsonValue()), typed, navdb, suggestMs, source };
    await context.close();
    return result;
  } catch (error) {
    const state = await Promise.all(browser.contexts().flatMap((c) => c.pages()).map((p) => p.evaluate(() => ({
      url: location.href,
      loading: document.querySelector('[data-testid="loading-message"]')?.textContent ?? null,
      navdb: document.querySelector('[data-testid="app-shell"]')?.getAttribute('data-navdb-state') ?? null,
      title: document.querySelector('[data-testid="top-bar-title"]')?.textContent ?? null,
      marks: window.__benchStart,
    })).catch((e) => String(e))));
    throw new Error(`${setting(slow)} run ${n} did not finish: ${error.message}\npage state: ${JSON.stringify(state)}`);
  } finally {
    await stopSw();
    await browser.close();
  }
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
/** Seconds; a time never reached (the search unanswered within the run's limit) counts as infinite. */
const s = (ms) => (ms === null || !Number.isFinite(ms) ? 'never' : `${(ms / 1000).toFixed(1)} s`);
const reached = (ms) => (ms === null ? Infinity : ms);

try {
  const navdataDir = args.navdata ?? buildNavData();
  if (!existsSync(join(navdataDir, 'dev'))) throw new Error(`No dev channel in ${navdataDir} (expected ${join(navdataDir, 'dev', 'us.cwnav')}).`);
  const server = await startServer(navdataDir);
  const results = { desktop: [], slow: [] };
  for (const setting of ['desktop', 'slow']) {
    for (let n = 1; n <= RUNS; n++) {
      const r = await oneRun(server, setting === 'slow', n);
      results[setting].push(r);
      console.log(
        `${setting.padEnd(7)} run ${n}: shell ${s(r.shell)}, map visible ${s(r.map)} (map drawn ${s(r.mapIdle)}), ${QUERY} answered ${s(r.search)} (typed ${r.typed}x, rows from ${r.source ?? '?'} ${r.suggestMs ?? '?'} ms after the debounce; nav database ${r.navdb ?? '?'} at the end)`,
      );
    }
  }
  console.log(`\nmedians of ${RUNS} cold starts, ${QUERY} typed into the search box; slow = 4x CPU, 1.6 Mbps / 750 kbps / 150 ms`);
  console.log('                 desktop      slow   target   ratio');
  for (const key of ['shell', 'map', 'search']) {
    const desktop = median(results.desktop.map((r) => reached(r[key])));
    const slowMs = median(results.slow.map((r) => reached(r[key])));
    const label = { shell: 'shell visible', map: 'map visible', search: 'airport search' }[key];
    console.log(`${label.padEnd(15)} ${s(desktop).padStart(9)} ${s(slowMs).padStart(9)} ${('<= ' + s(TARGETS[key])).padStart(8)} ${(slowMs / desktop).toFixed(1).padStart(6)}x${slowMs <= TARGETS[key] ? '' : '  (over target)'}`);
  }
} finally {
  await cleanUp();
}
