// Screenshots of the pages a pilot uses, at phone (390x844) and tablet (1180x820) sizes, day and
// night, with the real nav database, kept under test-results/screenshots/screens/ to be looked at.
// The checks here are what the pictures are taken for: the page shows the content named (the radial,
// the cruise line, the search box's notes, the hosted sign-in form) and nothing scrolls sideways.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestNavData, launchChromium, signedInContext, startServer, type RunningServer } from './harness.js';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const shots = join(repoRoot, 'test-results', 'screenshots', 'screens');
const navdataDir = mkdtempSync(join(tmpdir(), 'clearway-e2e-screens-'));
let server: RunningServer;
let browser: Browser;

const SIZES = [
  { name: 'phone', viewport: { width: 390, height: 844 } },
  { name: 'tablet', viewport: { width: 1180, height: 820 } },
] as const;
const THEMES = ['day', 'night'] as const;
/**
 * Each size once, the themes alternated (phone at night, tablet by day), unless SCREENS_ALL=1 asks
 * for all four: the checks here do not depend on the theme, the four pictures took 130 s of CI's
 * 40 minutes, and every page's night colours are checked in a11y.e2e.ts (axe, day and night).
 */
const CASES = SIZES.flatMap((size, i) => THEMES.filter((_, j) => process.env.SCREENS_ALL === '1' || j === (i + 1) % THEMES.length).map((theme) => ({ size, theme })));

beforeAll(async () => {
  mkdirSync(shots, { recursive: true });
  buildTestNavData(navdataDir, 'dev');
  server = await startServer({ NAVDATA_DIR: navdataDir });
  browser = await launchChromium();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  rmSync(navdataDir, { recursive: true, force: true });
});

async function appPage(size: (typeof SIZES)[number], theme: (typeof THEMES)[number]): Promise<{ context: BrowserContext; page: Page }> {
  const context = await signedInContext(browser, server, {
    viewport: size.viewport,
    hasTouch: true,
    isMobile: size.name === 'phone',
    colorScheme: theme === 'night' ? 'dark' : 'light',
  });
  const page = await context.newPage();
  await page.goto(`${server.origin}/app/map1`);
  // A phone is first offered the install screen; the pilot goes on without installing.
  if (size.name === 'phone') await page.getByRole('button', { name: 'Continue without installing' }).click();
  try {
    await page.waitForSelector('[data-testid="app-shell"][data-navdb-state="loaded"]', { state: 'attached', timeout: 60_000 });
  } catch (error) {
    await page.screenshot({ path: join(shots, `failed-load-${size.name}-${theme}.png`), fullPage: true });
    throw error;
  }
  if (theme === 'night') {
    await page.getByRole('button', { name: 'settings' }).click();
    const toggle = page.getByRole('switch', { name: 'Day/Night' });
    if (!(await toggle.isChecked())) await toggle.check();
    await page.keyboard.press('Escape');
    await toggle.waitFor({ state: 'hidden' });
  }
  return { context, page };
}

/** Widest element's right edge beyond the viewport (0 when nothing scrolls sideways). */
async function sidewaysOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

/** The route kept in the 'prefs' IndexedDB database (what a reload restores). */
async function storedRoute(page: Page): Promise<string | undefined> {
  return page.evaluate(
    () =>
      new Promise<string | undefined>((resolve, reject) => {
        const open = indexedDB.open('prefs');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          if (!open.result.objectStoreNames.contains('properties')) {
            open.result.close();
            resolve(undefined);
            return;
          }
          const get = open.result.transaction('properties').objectStore('properties').get('route');
          get.onsuccess = () => {
            resolve((get.result as { value?: { final_string?: string } } | undefined)?.value?.final_string);
            open.result.close();
          };
          get.onerror = () => reject(get.error);
        };
      }),
  );
}

/** Types a route, takes it, and waits until it is stored (so the next page load restores it). */
async function enterRoute(page: Page, text: string, stored: string): Promise<void> {
  const box = page.getByRole('combobox');
  // The pointer left over the list by an earlier click would highlight the row under it, and Enter
  // would take that row instead of the route.
  await page.mouse.move(1, 1);
  await box.fill(text);
  // The row for this text (the previous query's rows can still show for a moment: issue 27).
  await page.getByRole('option', { name: `Select Route: ${stored.split(' ')[0]}`, exact: false }).first().waitFor({ timeout: 15_000 });
  await box.press('Enter');
  await expect.poll(() => storedRoute(page), { timeout: 15_000 }).toBe(stored);
}

describe('screens at phone and tablet sizes, day and night', () => {
  for (const { size, theme } of CASES) {
    it(`route screen navlog, search notes and sign-in page: ${size.name} ${theme}`, async () => {
      const { context, page } = await appPage(size, theme);
      try {
        // The search box's notes: an unknown token and the reason under it.
        const box = page.getByRole('combobox');
        await box.fill('KHWD OAK QQQQQ KSFO');
        await page.getByText('Not recognized: QQQQQ').first().waitFor({ timeout: 15_000 });
        await page.screenshot({ path: join(shots, `search-notes-${size.name}-${theme}.png`) });

        // The navlog with a radial.
        await enterRoute(page, 'KHWD OAK OAK099 SUNOL', 'KHWD OAK OAK099 SUNOL');
        await page.goto(`${server.origin}/app/route`);
        await page.getByTestId('navlog-radial').first().waitFor({ timeout: 15_000 });
        expect(await page.getByTestId('navlog-radial').first().textContent()).toBe('R-099');
        await page.screenshot({ path: join(shots, `navlog-radial-${size.name}-${theme}.png`), fullPage: true });
        // Modify mode: the leg controls (44 px, removals last) and the Undo a removal offers.
        await page.getByRole('navigation', { name: 'Route screen' }).getByRole('button', { name: 'Modify', exact: true }).click();
        await page.screenshot({ path: join(shots, `route-modify-${size.name}-${theme}.png`), fullPage: true });
        await page.getByRole('navigation', { name: 'Route screen' }).getByRole('button', { name: 'NavLog', exact: true }).click();

        // An ICAO field 15 route: the cruise line and the warnings under the table.
        await page.goto(`${server.origin}/app/map1`);
        await enterRoute(
          page,
          'N0450F350 KSFO DCT SJC/M082F390 IFR 46N078W 4620N07805W/K0800S1130 VFR KLAX',
          'KSFO/N0450F350 SJC/M082F390 4600N07800W 4620N07805W/K0800S1130 KLAX',
        );
        await page.goto(`${server.origin}/app/route`);
        await page.getByText('FL390 TAS 470 kt').first().waitFor({ timeout: 15_000 });
        await page.screenshot({ path: join(shots, `navlog-field15-${size.name}-${theme}.png`), fullPage: true });
        // Printed, not asserted: the cockpit issue (27) owns a page that scrolls sideways on a phone.
        console.log(`[screens] route screen at ${size.name} ${theme}: ${await sidewaysOverflow(page)} px sideways overflow`);

        // The account page: details, signed-in devices, the data card, and the delete dialog.
        await page.goto(`${server.origin}/app/account`);
        await page.waitForSelector('[data-testid="app-shell"][data-navdb-state="loaded"]', { state: 'attached', timeout: 60_000 });
        await page.getByTestId('account-data-card').waitFor({ timeout: 15_000 });
        await page.screenshot({ path: join(shots, `account-${size.name}-${theme}.png`), fullPage: true });
        await page.getByTestId('account-data-card').getByRole('button', { name: 'Delete account' }).click();
        await page.getByRole('dialog').waitFor();
        await page.screenshot({ path: join(shots, `account-delete-${size.name}-${theme}.png`) });
        await page.keyboard.press('Escape');
        console.log(`[screens] account page at ${size.name} ${theme}: ${await sidewaysOverflow(page)} px sideways overflow`);
      } catch (error) {
        await page.screenshot({ path: join(shots, `failed-${size.name}-${theme}.png`), fullPage: true });
        throw error;
      } finally {
        await context.close();
      }
      // The hosted sign-in page in the same colour scheme.
      const plain = await browser.newContext({ viewport: size.viewport, colorScheme: theme === 'night' ? 'dark' : 'light' });
      try {
        const page = await plain.newPage();
        await page.goto(`${server.origin}/auth/login`);
        await page.locator('input[type="password"]').first().waitFor({ timeout: 15_000 });
        await page.screenshot({ path: join(shots, `sign-in-${size.name}-${theme}.png`), fullPage: true });
        expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
      } finally {
        await plain.close();
      }
    }, 180_000);
  }
});
