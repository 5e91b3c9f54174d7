// The airport page's weather against the real server reading the shared weather files
// (WEATHER_SOURCE=../shared/data/weather) and the real FAA nav database: KSFO shows its raw and
// decoded METAR, its flight category in the spec's green, the METAR's age in the stale style (the
// file is from January 2025), and the wind components on every runway end, worked by hand below;
// day and night screenshots at phone (390x844) and tablet (1180x820) sizes.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestNavData, launchChromium, signedInContext, startServer, type RunningServer } from './harness.js';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const WEATHER_DIR = join(repoRoot, '..', 'shared', 'data', 'weather');
const screenshots = join(repoRoot, 'test-results', 'screenshots', 'airport-weather');
const TABLET = { width: 1180, height: 820 };
const PHONE = { width: 390, height: 844 };

let server: RunningServer;
let browser: Browser;
const navdataDir = mkdtempSync(join(tmpdir(), 'clearway-e2e-airport-weather-'));

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

async function endRow(page: Page, endId: string) {
  const row = page.getByTestId(`runway-wind-${endId}`);
  return {
    heading: await row.getByTestId('heading').innerText(),
    along: await row.getByTestId('along').innerText(),
    across: await row.getByTestId('across').innerText(),
    favoured: await row.getAttribute('data-favoured'),
  };
}

/** The panel at the top of the page's scroll box, then a screenshot of the view. */
async function shoot(page: Page, name: string): Promise<void> {
  await page.getByTestId('airport-weather').evaluate((el) => el.scrollIntoView({ block: 'start' }));
  await page.screenshot({ path: join(screenshots, `${name}.png`) });
}

/** Nothing wider than the screen: the page does not scroll sideways, the panel's table fits it. */
async function fitsWidth(page: Page): Promise<void> {
  const widths = await page.evaluate(() => {
    const panel = document.querySelector('[data-testid="airport-weather"]')!;
    return { doc: document.documentElement.scrollWidth, view: window.innerWidth, panel: panel.scrollWidth, panelBox: panel.clientWidth };
  });
  expect(widths.doc).toBeLessThanOrEqual(widths.view);
  expect(widths.panel).toBeLessThanOrEqual(widths.panelBox);
}

describe('airport page weather', () => {
  it('KSFO: raw and decoded METAR, VFR, stale age, runway components; day and night at tablet and phone sizes', async () => {
    const context = await signedInContext(browser, server, { viewport: TABLET, hasTouch: true, colorScheme: 'light' });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    try {
      await page.goto(`${server.origin}/app/airport?id=KSFO`);
      await page.getByTestId('airport-name').waitFor({ timeout: 45_000 });
      const raw = page.getByTestId('metar-raw');
      await raw.waitFor({ timeout: 30_000 });

      // The file's KSFO line, as sent.
      expect(await raw.innerText()).toBe('KSFO 272156Z 09003KT 10SM CLR 14/02 A3014 RMK AO2 SLP207 T01390022');
      expect(await page.getByTestId('metar-station').innerText()).toBe('KSFO');
      expect(await page.getByTestId('metar-decoded-wind').innerText()).toMatch(/^Wind\s*090° true at 3 kt$/);
      expect(await page.getByTestId('metar-decoded-visibility').innerText()).toMatch(/^Visibility\s*10 SM$/);
      expect(await page.getByTestId('metar-decoded-sky').innerText()).toMatch(/^Sky\s*Clear below 12,000 ft$/);
      // T01390022: 13.9 °C and 2.2 °C; A3014: 30.14 inHg = 1020.7 hPa.
      expect(await page.getByTestId('metar-decoded-temperature').innerText()).toMatch(/^Temperature\s*13\.9 °C, dew point 2\.2 °C$/);
      expect(await page.getByTestId('metar-decoded-altimeter').innerText()).toMatch(/^Altimeter\s*30\.14 inHg \(1020\.7 hPa\)$/);

      // 10 SM and no cloud: VFR (the AWC file says VFR too), in green (spec part 2 §9).
      const badge = page.getByTestId('metar-category');
      expect(await badge.innerText()).toBe('VFR');
      expect(await badge.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(0, 128, 0)');

      // Observed 27 Jan 2025 21:56Z: whole days old by the browser's clock, past the hourly interval.
      const age = page.getByTestId('metar-age');
      const days = Math.floor((Date.now() - Date.UTC(2025, 0, 27, 21, 56)) / 86_400_000);
      const shownDays = Number(/^(\d+) d old · stale$/.exec(await age.innerText())?.[1]);
      expect(shownDays === days || shownDays === days + 1).toBe(true);
      expect(await age.getAttribute('data-stale')).toBe('true');

      // The FAA national files have no runway-end records for SFO: headings from the runway numbers
      // (magnetic) plus SFO's variation in APT_BASE, 14°E: 01 → 024, 10 → 114, 19 → 204, 28 → 294 true.
      expect(await page.getByTestId('runway-01L/19R').innerText()).toContain('01L: ≈024°T, 19R: ≈204°T');
      expect(await page.getByTestId('runway-10L/28R').innerText()).toContain('10L: ≈114°T, 28R: ≈294°T');
      // Wind 090° true at 3 kt:
      //   10L/10R: 090 − 114 = −24°: head 3 cos 24° = 2.74 → 3 kt; cross 3 sin −24° = −1.22 → 1 kt from the left.
      //   01L/01R: 090 − 024 = 66°: head 3 cos 66° = 1.22 → 1 kt; cross 3 sin 66° = 2.74 → 3 kt from the right.
      //   19L/19R: 090 − 204 = −114°: head 3 cos 114° = −1.22 → 1 kt tail; cross 3 sin −114° = −2.74 → 3 kt from the left.
      //   28L/28R: 090 − 294 ≡ 156°: head 3 cos 156° = −2.74 → 3 kt tail; cross 3 sin 156° = 1.22 → 1 kt from the right.
      // The greatest headwind, 3 kt, is on 10L and 10R: both favoured.
      for (const end of ['10L', '10R']) expect(await endRow(page, end)).toEqual({ heading: '≈114°T', along: '3 kt head', across: '1 kt from left', favoured: 'true' });
      for (const end of ['01L', '01R']) expect(await endRow(page, end)).toEqual({ heading: '≈024°T', along: '1 kt head', across: '3 kt from right', favoured: 'false' });
      for (const end of ['19L', '19R']) expect(await endRow(page, end)).toEqual({ heading: '≈204°T', along: '1 kt tail', across: '3 kt from left', favoured: 'false' });
      for (const end of ['28L', '28R']) expect(await endRow(page, end)).toEqual({ heading: '≈294°T', along: '3 kt tail', across: '1 kt from right', favoured: 'false' });
      expect(await page.getByTestId('runway-favoured').count()).toBe(2);
      // No TAF in the shared products is within 50 nm of San Francisco.
      expect(await page.getByTestId('taf-none').innerText()).toMatch(/^No TAF for K?SFO or a station within 50 nm\.$/);

      await fitsWidth(page);
      await shoot(page, 'tablet-day');
      await page.setViewportSize(PHONE);
      await fitsWidth(page);
      await shoot(page, 'phone-day');

      // Night: the pilot's Day/Night switch in the settings.
      await page.getByRole('button', { name: 'settings' }).click();
      await page.getByLabel('Day/Night').check();
      await page.keyboard.press('Escape');
      const panelBackground = () => page.getByTestId('airport-weather').evaluate((el) => getComputedStyle(el).backgroundColor);
      await expect.poll(panelBackground, { timeout: 5_000 }).toBe('rgb(15, 34, 54)');
      await fitsWidth(page);
      await shoot(page, 'phone-night');
      await page.setViewportSize(TABLET);
      await shoot(page, 'tablet-night');
      expect(await badge.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(0, 128, 0)');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
