// Along the Route (issue 17) in Chromium against the real server reading ../shared/data/weather
// (WEATHER_SOURCE) and a nav database of the real FAA NASR excerpts (15 airports, in Alabama among
// others). The page's clock is 22:30Z on 27 January 2025, five minutes after the shared METAR cache.
// The route KBFZ KOZR runs 179 nm south from Albertville to Cairns AAF; worked with the corridor's
// geometry (packages/navdb corridor.ts, checked by hand in its tests) from the excerpts' positions:
//   KANB Anniston     41.0 nm along, 13.7 nm left (east of a southbound track)
//   KALX Alexander C. 80.0 nm along,  2.3 nm left
//   0AL2 and HEY are heliports (not listed); AL39 (a heliport too) is 37 nm right, 51AL 55 nm off.
// KBFZ has no METAR or TAF in the shared set; KANB's METAR is MVFR (BKN012), KALX's and KOZR's IFR.
// The list in route order with its offsets, the corridor picker, a tap that opens the airport page,
// then the page offline after a reload (the service worker's app, the stored route and weather).
// Screenshots at phone and tablet widths, day and night, under test-results/screenshots/along-route/.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, signedInContext, startServer, waitNavDbLoaded, type RunningServer } from './harness.js';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const weatherDir = join(repoRoot, '..', 'shared', 'data', 'weather');
const shots = join(repoRoot, 'test-results', 'screenshots', 'along-route');
const navdataDir = mkdtempSync(join(tmpdir(), 'clearway-e2e-along-route-'));

const PAGE_TIME = new Date('2025-01-27T22:30:00Z');
const ROUTE = 'KBFZ KOZR';

/** The FAA NASR excerpts with the real `navdata` command: quick to build and to open. */
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
  server = await startServer({ NAVDATA_DIR: navdataDir, WEATHER_SOURCE: weatherDir });
  browser = await launchChromium();
  context = await signedInContext(browser, server, { viewport: { width: 1180, height: 820 }, hasTouch: true });
  await context.clock.install({ time: PAGE_TIME });
  page = await context.newPage();
  page.on('pageerror', (error) => errors.push(error.message));
  // The server ingests the folder just after it starts: wait for the types the page reads.
  for (const type of ['metar', 'taf']) {
    let reply = await fetch(`${server.origin}/wx/${type}.json`);
    for (let tries = 0; reply.status === 404 && tries < 100; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      reply = await fetch(`${server.origin}/wx/${type}.json`);
    }
    if (reply.status !== 200) throw new Error(`/wx/${type}.json answered ${reply.status}`);
  }
  await page.goto(`${server.origin}/app/map1`);
  await waitNavDbLoaded(page);
  await page.getByRole('combobox').waitFor({ state: 'visible' });
}, 120_000);

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
  rmSync(navdataDir, { recursive: true, force: true });
  console.log(`[along-route] whole file: ${Date.now() - started} ms`);
});

interface RowShown {
  ident: string | null;
  role: string | null;
  offsetNm: number;
  alongNm: number;
  offset: string;
  category: string | null;
  position: string;
  noWeather: boolean;
  taf: string | null;
  height: number;
}

async function rowsShown(): Promise<RowShown[]> {
  return page.getByTestId('along-row').evaluateAll((rows) =>
    rows.map((row) => ({
      ident: row.getAttribute('data-ident'),
      role: row.getAttribute('data-role'),
      offsetNm: Number(row.getAttribute('data-offset-nm')),
      alongNm: Number(row.getAttribute('data-along-nm')),
      offset: row.querySelector('[data-testid="along-offset"]')?.textContent ?? '',
      category: row.querySelector('[data-testid="along-category"]')?.getAttribute('data-category') ?? null,
      position: row.querySelector('[data-testid="along-position"]')?.textContent ?? '',
      noWeather: row.querySelector('[data-testid="along-no-weather"]') !== null,
      taf: row.querySelector('[data-testid="along-taf"]')?.getAttribute('data-kind') ?? null,
      height: row.getBoundingClientRect().height,
    })),
  );
}

/** The list for the route at 25 nm, as worked out in the header. */
async function expectList(): Promise<void> {
  await expect.poll(async () => (await rowsShown()).map((r) => r.ident), { timeout: 20_000 }).toEqual(['KBFZ', 'KANB', 'KALX', 'KOZR']);
  // The navlog's ETAs have arrived (the route is analysed in the worker after it is set).
  await expect.poll(async () => (await rowsShown()).every((r) => /ETA 2[23]:\d\dZ/.test(r.position)), { timeout: 20_000 }).toBe(true);
  const rows = await rowsShown();
  expect(rows.map((r) => r.role)).toEqual(['departure', 'en_route', 'en_route', 'destination']);
  const [bfz, anb, alx, ozr] = rows;
  expect(anb!.offsetNm).toBeCloseTo(-13.68, 1);
  expect(anb!.alongNm).toBeCloseTo(40.96, 1);
  expect(anb!.offset).toBe('14 nm L');
  expect(alx!.offsetNm).toBeCloseTo(-2.34, 1);
  expect(alx!.alongNm).toBeCloseTo(80.02, 1);
  expect(alx!.offset).toBe('2.3 nm L');
  expect(ozr!.alongNm).toBeCloseTo(178.97, 1);
  expect(bfz!.offset).toBe('on route');
  // Weather: none for KBFZ, which says so; the METAR categories in the spec colours with their names; no TAF for these fields.
  expect(bfz!.noWeather).toBe(true);
  expect(rows.slice(1).map((r) => r.category)).toEqual(['MVFR', 'IFR', 'IFR']);
  expect(rows.slice(1).map((r) => r.taf)).toEqual(['none', 'none', 'none']);
  for (const r of rows) expect(r.height, `${r.ident} row is a 44 px target`).toBeGreaterThanOrEqual(44);
}

/** The page's background colour (the theme's: light by day, dark at night). */
const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);

async function shoot(name: string, width: number, height: number, night: boolean): Promise<void> {
  await page.setViewportSize({ width, height });
  await page.getByTestId('along-route-list').waitFor();
  // The page is drawn in the theme: white by day, the night theme's dark background at night.
  if (night) expect(await background(), `${name}: night background`).not.toBe('rgb(255, 255, 255)');
  else expect(await background(), `${name}: day background`).toBe('rgb(255, 255, 255)');
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), `${name}: sideways overflow`).toBeLessThanOrEqual(0);
  await page.screenshot({ path: join(shots, `${name}.png`) });
}

describe('Along the Route', () => {
  it('lists the airports along the route in route order with their offsets, ETAs and weather', async () => {
    const box = page.getByRole('combobox');
    await box.fill(ROUTE);
    await page.getByRole('option', { name: /^Select Route:/ }).first().waitFor({ timeout: 15_000 });
    await box.press('Enter');
    await page.getByRole('button', { name: 'menu' }).click();
    await page.getByText('Along the Route', { exact: true }).click();
    await page.getByTestId('page-along_route').waitFor({ timeout: 15_000 });
    const t = Date.now();
    await expectList();
    console.log(`[along-route] list with ETAs on screen ${Date.now() - t} ms after the page opened`);
    expect(await page.getByTestId('along-route-weather-age').textContent()).toMatch(/^METARs .+ · TAFs .+$/);
    expect(await page.getByTestId('along-no-weather').textContent()).toBe('No weather reported for this airport');

    // The corridor picker: at 10 nm Anniston (13.7 nm off) drops out; the buttons are 44 px targets.
    const ten = page.getByTestId('corridor-10');
    const b = await ten.boundingBox();
    expect(Math.min(b?.width ?? 0, b?.height ?? 0)).toBeGreaterThanOrEqual(44);
    await ten.click();
    await expect.poll(async () => (await rowsShown()).map((r) => r.ident), { timeout: 10_000 }).toEqual(['KBFZ', 'KALX', 'KOZR']);
    await page.getByTestId('corridor-25').click();
    await expectList();
    expect(errors).toEqual([]);
  });

  it('looks right at phone and tablet widths, day and night', async () => {
    await shoot('tablet-day', 1180, 820, false);
    await shoot('phone-day', 390, 844, false);
    await page.getByRole('button', { name: 'settings' }).click();
    const toggle = page.getByRole('switch', { name: 'Day/Night' });
    if (!(await toggle.isChecked())) await toggle.check();
    await page.keyboard.press('Escape');
    await toggle.waitFor({ state: 'hidden' });
    await shoot('phone-night', 390, 844, true);
    await shoot('tablet-night', 1180, 820, true);
  });

  it('a tap on an airport opens its airport page', async () => {
    await page.locator('[data-testid="along-row"][data-ident="KANB"]').tap();
    const airport = page.getByTestId('page-airport');
    await airport.waitFor({ timeout: 15_000 });
    expect(new URL(page.url()).searchParams.get('id')).toBe('KANB');
    await expect.poll(() => airport.textContent(), { timeout: 15_000 }).toContain('ANNISTON RGNL');
    await page.goBack();
    await page.getByTestId('page-along_route').waitFor({ timeout: 15_000 });
  });

  it('works offline after one visit: the app, the route, the nav database and the weather from the device', async () => {
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 30_000 }).toBe(true);
    await context.setOffline(true);
    try {
      await page.reload();
      await waitNavDbLoaded(page);
      await page.getByTestId('page-along_route').waitFor({ timeout: 30_000 });
      await expectList();
      await page.screenshot({ path: join(shots, 'offline-tablet-night.png') });
    } finally {
      await context.setOffline(false);
    }
    expect(errors).toEqual([]);
  });
});
