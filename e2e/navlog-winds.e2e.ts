// Forecast winds in the navlog (issue 16): the real server ingests ../shared/data/weather
// (WEATHER_SOURCE), the app hands the `fbo` snapshot's FB bulletins to the real routing worker, and a
// route planned with its ETD inside the FBUS31 bulletin's FOR USE window (0200-0900Z on 31 January
// 2026; the page's clock is set to 03:30Z that day) shows forecast winds in the navlog. One leg's
// wind-triangle figures are checked against values worked by hand from the bulletin (below). The
// navlog is photographed at phone and tablet widths, day and night, under
// test-results/screenshots/navlog-winds/.
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
const shots = join(repoRoot, 'test-results', 'screenshots', 'navlog-winds');
const navdataDir = mkdtempSync(join(tmpdir(), 'clearway-e2e-navlog-winds-'));

/**
 * A small US nav database from the real FAA NASR excerpts (15 airports, KLAX among them) with the real
 * `navdata` command: the route needs only KLAX, and the app opens it in a moment (the national files
 * of buildTestNavData take 15 s to build and as long again to load).
 */
function buildExcerptNavData(dir: string): void {
  const result = spawnSync(
    process.execPath,
    [join(repoRoot, 'packages/navimport/dist/cli.js'), 'build', '--from', join(repoRoot, '..', 'shared', 'data', 'navdata', 'faa-nasr', 'excerpts-2025'), '--out', join(dir, 'dev'), '--region', 'us', '--quiet'],
    { cwd: repoRoot, encoding: 'utf8' },
  );
  if (result.status !== 0) throw new Error(`navdata build failed:\n${result.stdout}\n${result.stderr}`);
}

/** The page's clock: 03:30Z on 31 January 2026, inside FBUS31 KWNO 310158's FOR USE 0200-0900Z. */
const PAGE_TIME = new Date('2026-01-31T03:30:00Z');

/**
 * P1 and P2 lie half a degree of latitude south and north of the FB station FAT (36.7766 N,
 * 119.7188 W, packages/weather fbStations.ts) on its meridian. The engine samples each leg's wind at
 * the leg's midpoint; for P1-P2 that is the station itself, so the winds source uses FAT alone (it
 * blends the 3 nearest stations elsewhere, but not within 0.01 nm of one). The route's `.12000`
 * makes 12,000 ft, a level the bulletin reports, the cruise altitude: no interpolation between levels.
 * KLAX-P1 (about 150 nm) holds the whole climb and P2-KLAX (about 210 nm) the whole descent, so the
 * P1-P2 leg is all cruise at the profile's 140 kt true airspeed.
 */
const ROUTE = 'KLAX 36.2766/-119.7188 37.2766/-119.7188 KLAX.12000';
const P2 = '37.2766/-119.7188';

/**
 * Worked by hand from the bulletin (../shared/data/weather/winds-aloft/FBUS31_KWNO_310158_2026-01-31_FD1US1.txt):
 *   FT  3000    6000    9000   12000   18000 ...
 *   FAT 9900 9900+13 2605+09 2716+03 2819-13 ...
 * At 12,000 ft, "2716+03": wind from 270° true at 16 kt, temperature +3 °C (37.4 °F, the app's
 * default unit).
 * True course: P1 to P2 runs due north along the meridian, 000° (shown 360°).
 * The wind is 270° − 000° = 90° left of the course: all crosswind, no head or tail component.
 *   WCA = asin(16 × sin(270°) / 140) = asin(−0.114286) = −6.56° (into the wind, left) → '-7°'
 *   TH  = 360° − 6.56° = 353.44° → '353°'
 *   GS  = 140 × cos(6.56°) − 16 × cos(270°) = 140 × 0.993448 − 0 = 139.08 kt → '139 kt'
 *   Distance: 1° of latitude at 36.78° N = 111,132.95 − 559.82 × cos(73.55°) + 1.18 × cos(147.1°) m
 *             = 110,973.5 m = 59.92 nm
 *   Time = 59.92 nm / 139.08 kt = 0.4308 h = 25.85 min → '0:26'
 */
const HAND_WORKED = { tc: '360°', wind: '270°/16 kt', temp: '37.4 °F', wca: '-7°', th: '353°', gs: '139 kt', time: '0:26' };

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let errors: string[] = [];

beforeAll(async () => {
  const t0 = Date.now();
  mkdirSync(shots, { recursive: true });
  buildExcerptNavData(navdataDir);
  const built = Date.now();
  server = await startServer({ NAVDATA_DIR: navdataDir, WEATHER_SOURCE: weatherDir });
  browser = await launchChromium();
  const started = Date.now();
  context = await signedInContext(browser, server, { viewport: { width: 1180, height: 820 } });
  await context.clock.install({ time: PAGE_TIME });
  page = await context.newPage();
  errors = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(`${server.origin}/app/map1`);
  await waitNavDbLoaded(page);
  await page.getByRole('combobox').waitFor({ state: 'visible' });
  console.log(`[navlog-winds] nav data built in ${built - t0} ms, server and Chromium up in ${started - built} ms, app with its nav database in ${Date.now() - started} ms`);
}, 120_000);

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
  rmSync(navdataDir, { recursive: true, force: true });
});

/** The wind-triangle figures shown under the leg that ends at `end`. */
async function triangleOf(end: string): Promise<Record<string, string> | null> {
  return page.evaluate((code) => {
    const rows = Array.from(document.querySelectorAll('tr[data-testid="navlog-row"]'));
    const row = rows.find((r) => r.querySelector('[data-testid="navlog-wpt"]')?.textContent?.startsWith(code));
    const next = row?.nextElementSibling;
    if (!next || next.getAttribute('data-testid') !== 'navlog-wind') return null;
    const out: Record<string, string> = {};
    for (const key of ['tc', 'wind', 'temp', 'wca', 'th', 'gs', 'time']) out[key] = next.querySelector(`[data-testid="navlog-wind-${key}"]`)?.textContent ?? '';
    return out;
  }, end);
}

const windsNote = () => page.getByTestId('winds-note').textContent({ timeout: 1000 }).catch(() => null);

async function shoot(name: string, width: number, height: number): Promise<void> {
  await page.setViewportSize({ width, height });
  await page.getByTestId('navlog').waitFor();
  // Nothing scrolls sideways at this width.
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), `${name} sideways overflow`).toBeLessThanOrEqual(0);
  await page.screenshot({ path: join(shots, `${name}.png`) });
}

describe('forecast winds in the navlog', () => {
  it('plans a route in the FB forecast: the navlog shows the winds and one leg matches the hand-worked triangle', async () => {
    const box = page.getByRole('combobox');
    await box.fill(ROUTE);
    await page.getByRole('option', { name: /^Select Route:/ }).first().waitFor({ timeout: 15_000 });
    await box.press('Enter');
    // To the route screen through the menu (no reload: the nav database stays open).
    await page.getByRole('button', { name: 'menu' }).click();
    await page.getByText('Flight Plan', { exact: true }).click();
    await page.getByRole('navigation', { name: 'Route screen' }).waitFor();

    const shown = Date.now();
    // The route names the forecast it used and its FOR USE window.
    await expect.poll(windsNote, { timeout: 20_000 }).toBe('Winds aloft: FBUS31 KWNO 310158, for use 0200–0900Z');
    console.log(`[navlog-winds] route screen to forecast winds in the navlog: ${Date.now() - shown} ms`);
    expect(await page.getByTestId('winds-note').getAttribute('data-winds-status')).toBe('forecast');
    // Every leg was flown in a forecast wind.
    const rows = page.getByTestId('navlog-row');
    expect(await rows.count()).toBe(3);
    expect(await page.locator('[data-testid="navlog-row"][data-wind="forecast"]').count()).toBe(3);
    expect(await triangleOf(P2)).toEqual(HAND_WORKED);
    // The GS column of that leg is the same ground speed.
    const gs = await page.locator('tr[data-testid="navlog-row"]', { hasText: P2 }).getByTestId('navlog-gs').textContent();
    expect(gs).toBe('139');
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
    await shoot('tablet-night', 1180, 820);
  });

  it('outside the forecast window the route says it was planned in calm air at ISA', async () => {
    // 12 h after the page's 03:30Z: 15:30Z, after the bulletin's 0900Z.
    await page.getByTestId('summary-strip').getByRole('combobox').click();
    await page.getByRole('option', { name: '720 min', exact: true }).click();
    await expect
      .poll(windsNote, { timeout: 20_000 })
      .toBe('No winds-aloft forecast for this flight: planned in calm air at ISA temperatures');
    expect(await page.getByTestId('navlog-wind').count()).toBe(0);
    expect(await page.locator('[data-testid="navlog-row"][data-wind="forecast"]').count()).toBe(0);
  });
});
