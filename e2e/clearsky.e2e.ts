// ClearSky (issue 17) in Chromium against the real server reading ../shared/data/weather
// (WEATHER_SOURCE) and a nav database of the real FAA NASR excerpts. The shared METAR cache is from
// 22:25Z on 27 January 2025, so the page's clock is set to 22:30Z that day: the default departure
// (now, rounded up to 5 minutes) is 22:30Z and the METARs are current for the ETAs. The route
// KANB - two points - KATL departs Anniston (MVFR at 21:53Z) for Atlanta (LIFR at 22:22Z): the first
// leg is amber and the last red, with their reasons written out; the FB bulletin (31 January 2026)
// does not cover the flight, which every leg says. Then the same page offline after a reload (the
// service worker's app, the stored route and weather snapshots). Screenshots at phone and tablet
// widths, day and night, under test-results/screenshots/clearsky/.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, signedInContext, startServer, waitNavDbLoaded, type RunningServer } from './harness.js';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const weatherDir = join(repoRoot, '..', 'shared', 'data', 'weather');
const shots = join(repoRoot, 'test-results', 'screenshots', 'clearsky');
const navdataDir = mkdtempSync(join(tmpdir(), 'clearway-e2e-clearsky-'));

/**
 * The page's clock starts at 22:25Z on 27 January 2025, the shared METAR cache's time, and runs on:
 * the default departure (now, rounded up to the next 5 minutes) is 22:30Z while the test runs.
 */
const PAGE_TIME = new Date('2025-01-27T22:25:00Z');
const ROUTE = 'KANB 33.65/-85.3 33.64/-84.8 KATL';
const LABELS = { green: 'Green', amber: 'Amber', red: 'Red' } as const;

/** The FAA NASR excerpts (KANB and KATL among their 15 airports) with the real `navdata` command: quick to build and to open. */
function buildExcerptNavData(dir: string): void {
  const result = spawnSync(
    process.execPath,
    [join(repoRoot, 'packages/navimport/dist/cli.js'), 'build', '--from', join(repoRoot, '..', 'shared', 'data', 'navdata', 'faa-nasr', 'excerpts-2025'), '--out', join(dir, 'dev'), '--region', 'us', '--quiet'],
    { cwd: repoRoot, encoding: 'utf8' },
  );
  if (result.status !== 0) throw new Error(`navdata build failed:\n${result.stdout}\n${result.stderr}`);
}

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
const errors: string[] = [];
let started = 0;

beforeAll(async () => {
  started = Date.now();
  mkdirSync(shots, { recursive: true });
  buildExcerptNavData(navdataDir);
  const built = Date.now();
  server = await startServer({ NAVDATA_DIR: navdataDir, WEATHER_SOURCE: weatherDir });
  browser = await launchChromium();
  console.log(`[clearsky] load average ${loadavg().map((l) => l.toFixed(1)).join(' ')}`);
  console.log(`[clearsky] nav data built in ${built - started} ms, server and Chromium up in ${Date.now() - built} ms`);
  context = await signedInContext(browser, server, { viewport: { width: 1180, height: 820 }, hasTouch: true });
  await context.clock.install({ time: PAGE_TIME });
  page = await context.newPage();
  page.on('pageerror', (error) => errors.push(error.message));
  const up = Date.now();
  // The server ingests the folder just after it starts: wait for every type ClearSky reads.
  for (const type of ['metar', 'taf', 'pirep', 'airmet', 'fbo']) {
    let reply = await fetch(`${server.origin}/wx/${type}.json`);
    for (let tries = 0; reply.status === 404 && tries < 100; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      reply = await fetch(`${server.origin}/wx/${type}.json`);
    }
    if (reply.status !== 200) throw new Error(`/wx/${type}.json answered ${reply.status}`);
  }
  const ingested = Date.now();
  await page.goto(`${server.origin}/app/map1`);
  await waitNavDbLoaded(page);
  console.log(`[clearsky] weather ingested in ${ingested - up} ms; app open with its nav database in ${Date.now() - ingested} ms`);
  await page.getByRole('combobox').waitFor({ state: 'visible' });
  console.log(`[clearsky] weather ingested and the app open with its nav database at ${Date.now() - started} ms`);
}, 120_000);

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
  rmSync(navdataDir, { recursive: true, force: true });
  console.log(`[clearsky] whole file: ${Date.now() - started} ms`);
});

interface LegShown {
  level: string | null;
  label: string;
  name: string;
  reasons: string[];
}

async function legsShown(): Promise<LegShown[]> {
  return page.getByTestId('clearsky-leg').evaluateAll((cards) =>
    cards.map((card) => ({
      level: card.getAttribute('data-level'),
      label: card.querySelector('[data-testid="clearsky-leg-level"]')?.textContent ?? '',
      name: card.querySelector('[data-testid="clearsky-leg-name"]')?.textContent ?? '',
      reasons: Array.from(card.querySelectorAll('[data-testid="clearsky-reason"]')).map((r) => r.textContent ?? ''),
    })),
  );
}

async function runAndWait(): Promise<number> {
  const run = page.getByTestId('clearsky-run');
  const box = await run.boundingBox();
  expect(Math.min(box?.width ?? 0, box?.height ?? 0), 'Run is a 44 px target').toBeGreaterThanOrEqual(44);
  const t = Date.now();
  await run.click();
  await page.locator('[data-testid="page-clearsky"][data-state="completed"], [data-testid="page-clearsky"][data-state="error"]').waitFor({ timeout: 20_000 });
  const ms = Date.now() - t;
  const error = await page.getByTestId('clearsky-error').textContent({ timeout: 100 }).catch(() => null);
  expect(error, 'ClearSky ended in its error state').toBeNull();
  return ms;
}

/** The per-leg findings the shared weather gives this route at 22:30Z. */
async function expectLegColours(): Promise<void> {
  const legs = await legsShown();
  expect(legs).toHaveLength(3);
  expect(legs[0]!.name).toMatch(/^1\. KANB → /);
  expect(legs[2]!.name).toMatch(/^3\. .+ → KATL$/);
  for (const leg of legs) {
    // The colour has its word beside it, and the word is the colour's.
    expect(leg.level).toMatch(/^(green|amber|red)$/);
    expect(leg.label).toBe(LABELS[leg.level as keyof typeof LABELS]);
    // No forecast covers the flight (FBUS31 is for 31 January 2026): never taken as calm, never green.
    expect(leg.reasons.some((r) => r.startsWith('Amber: No winds-aloft forecast for this leg at 27 Jan'))).toBe(true);
  }
  const [first, , last] = legs;
  expect(first!.level).toBe('amber');
  expect(first!.reasons).toContain('Amber: Departure KANB: MVFR at 22:30Z (METAR 21:53Z).');
  expect(last!.level).toBe('red');
  expect(last!.reasons[0]).toMatch(/^Red: Destination KATL: LIFR at 2\d:\d\dZ \(METAR 22:22Z\)\.$/);
  expect(await page.getByTestId('clearsky-verdict').getAttribute('data-level')).toBe('red');
  expect(await page.getByTestId('clearsky-route-level').textContent()).toBe('Red');
}

async function shoot(name: string, width: number, height: number): Promise<void> {
  await page.setViewportSize({ width, height });
  await page.getByTestId('clearsky-result').waitFor({ timeout: 5_000 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), `${name}: sideways overflow`).toBeLessThanOrEqual(0);
  await page.screenshot({ path: join(shots, `${name}.png`), fullPage: false });
}

describe('ClearSky', () => {
  it('runs on the current route and shows each leg in its traffic-light colour with the reasons', async () => {
    const box = page.getByRole('combobox');
    await box.fill(ROUTE);
    await page.getByRole('option', { name: /^Select Route:/ }).first().waitFor({ timeout: 15_000 });
    await box.press('Enter');
    await page.getByRole('button', { name: 'menu' }).click();
    await page.getByText('ClearSky AI', { exact: true }).click();
    const root = page.getByTestId('page-clearsky');
    await root.waitFor({ timeout: 15_000 });
    expect(await root.getAttribute('data-state')).toBe('not_run');
    // The route as the engine writes it (the points in its own form).
    await expect.poll(() => page.getByTestId('clearsky-route').textContent()).toMatch(/^Route: KANB .+ KATL$/);
    // Default departure: now (the page's clock), rounded up to 5 minutes.
    expect(await root.getByText('27 Jan 22:30Z', { exact: true }).count()).toBe(1);
    // The weather ages are listed (the snapshots are the server's, the reports from January 2025).
    await expect.poll(() => page.getByTestId('clearsky-age-metar').textContent(), { timeout: 10_000 }).toMatch(/newest report \d+ [A-Z][a-z]{2}( \d{4})? \d\d:\d\dZ/);
    console.log(`[clearsky] weather ages: ${(await page.getByTestId('clearsky-ages').innerText()).replace(/\n/g, ' | ')}`);
    const ms = await runAndWait();
    console.log(`[clearsky] Run to per-leg colours on screen: ${ms} ms; worker: ${await page.getByTestId('clearsky-verdict').textContent()}`);
    await expectLegColours();
    expect(errors).toEqual([]);
  });

  it('looks right at phone and tablet widths, day and night', async () => {
    await shoot('tablet-day', 1180, 820);
    await shoot('phone-day', 390, 844);
    await page.getByRole('button', { name: 'settings' }).click();
    const toggle = page.getByRole('switch', { name: 'Day/Night' });
    if (!(await toggle.isChecked())) await toggle.check();
    await page.keyboard.press('Escape');
    await toggle.waitFor({ state: 'hidden' });
    await shoot('phone-night', 390, 844);
    await page.getByTestId('clearsky-leg').last().scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(shots, 'phone-night-last-leg.png') });
    await shoot('tablet-night', 1180, 820);
  });

  it('works offline after one visit: the app, the route and the weather from the device', async () => {
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 30_000 }).toBe(true);
    await context.setOffline(true);
    try {
      const reloaded = Date.now();
      await page.reload();
      // No wait for the nav database: planning a parsed route and judging it need only the worker.
      const root = page.getByTestId('page-clearsky');
      await root.waitFor({ timeout: 30_000 });
      await expect.poll(() => page.getByTestId('clearsky-route').textContent(), { timeout: 15_000 }).toMatch(/^Route: KANB .+ KATL$/);
      await expect.poll(() => page.getByTestId('clearsky-age-metar').textContent(), { timeout: 15_000 }).toMatch(/newest report \d+ [A-Z][a-z]{2}( \d{4})? \d\d:\d\dZ/);
      await runAndWait();
      await expectLegColours();
      console.log(`[clearsky] offline: reload to per-leg colours ${Date.now() - reloaded} ms`);
      await page.screenshot({ path: join(shots, 'offline-tablet-night.png') });
    } finally {
      await context.setOffline(false);
    }
  });
});
