// The airport page with the real FAA nav database: details of KHWD, its runways and diagram, then the
// favourite star and the Favorite / Recent airports menus, kept in IndexedDB across a reload.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestNavData, launchChromium, signedInContext, startServer, type RunningServer } from './harness.js';

let server: RunningServer;
let browser: Browser;
const navdataDir = mkdtempSync(join(tmpdir(), 'clearway-e2e-airport-'));

beforeAll(async () => {
  buildTestNavData(navdataDir, 'dev');
  server = await startServer({ NAVDATA_DIR: navdataDir });
  browser = await launchChromium();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  rmSync(navdataDir, { recursive: true, force: true });
});

async function openMenu(page: Page, name: string): Promise<string> {
  await page.getByRole('button', { name, exact: true }).click();
  const menu = page.getByRole('menu', { name });
  await menu.waitFor();
  await menu.getByText('Loading...').waitFor({ state: 'detached' });
  const text = await menu.innerText();
  await page.keyboard.press('Escape');
  await menu.waitFor({ state: 'detached' });
  return text;
}

describe('airport page', () => {
  it('shows KHWD, stars it, and lists it in Favorite and Recent airports after a reload', async () => {
    const context = await signedInContext(browser, server, { viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    try {
      await page.goto(`${server.origin}/app/airport?id=KHWD`);
      await page.getByTestId('page-airport').waitFor({ timeout: 30_000 });
      const name = page.getByTestId('airport-name');
      await name.waitFor({ timeout: 45_000 });
      expect(await name.innerText()).toContain('HAYWARD EXEC');
      expect(await page.getByTestId('airport-ids').innerText()).toMatch(/FAA: HWD.*ICAO: KHWD/);
      expect(await page.getByTestId('airport-position').innerText()).toMatch(/37°39'\d\d\.\d"N 122°07'\d\d\.\d"W/);
      const r1 = await page.getByTestId('runway-10L/28R').innerText();
      const r2 = await page.getByTestId('runway-10R/28L').innerText();
      expect(r1).toMatch(/\d,\d{3} ft/);
      expect(r2).toMatch(/\d,\d{3} ft/);
      expect(await page.locator('[data-testid="runway-diagram"] line').count()).toBeGreaterThanOrEqual(2);
      expect(await page.getByText(/wind/i).count()).toBe(0);

      expect(await openMenu(page, 'Favorite airports')).toContain('star icon');
      await page.getByRole('button', { name: 'Add to favorites' }).click();
      await page.getByRole('button', { name: 'Remove from favorites' }).waitFor();

      await page.reload();
      await page.getByTestId('airport-name').waitFor({ timeout: 45_000 });
      await page.getByRole('button', { name: 'Remove from favorites' }).waitFor();
      expect(await openMenu(page, 'Favorite airports')).toMatch(/K?HWD/);
      expect(await openMenu(page, 'Recent airports')).toMatch(/K?HWD/);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
