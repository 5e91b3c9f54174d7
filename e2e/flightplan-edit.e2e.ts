// The flight plan's edit mode as a pilot uses it (spec part 2 §4 "Route page", "Route edits",
// "Procedure pickers", §5 "Waypoint search"): the real built app and server on the shared FAA data, in
// Debian's Chromium. The route is typed in the search box, then edited leg by leg on /app/route.
// The shared CIFP excerpt holds only KHWD's procedures: STARs PXN6 and SHARR1, approaches L28L, R28L
// and VDM-A, and no departure procedure, so the route is the local round trip KHWD SUNOL KHWD.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestNavData, launchChromium, signedInContext, startServer, type RunningServer } from './harness.js';

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
const navdataDir = mkdtempSync(join(tmpdir(), 'clearway-e2e-fpedit-'));
const errors: string[] = [];

beforeAll(async () => {
  buildTestNavData(navdataDir, 'dev');
  server = await startServer({ NAVDATA_DIR: navdataDir });
  browser = await launchChromium();
  context = await signedInContext(browser, server, { viewport: { width: 1280, height: 1000 } });
  page = await context.newPage();
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(`${server.origin}/app/map1`);
  await page.waitForSelector('[data-testid="app-shell"][data-navdb-state="loaded"]', { timeout: 60_000 });
  await page.getByRole('combobox').waitFor({ state: 'visible' });
}, 180_000);

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
  rmSync(navdataDir, { recursive: true, force: true });
});

/** A property of the 'prefs' IndexedDB database. */
async function property(key: string): Promise<unknown> {
  return page.evaluate(
    (k) =>
      new Promise((resolve, reject) => {
        const open = indexedDB.open('prefs');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const get = open.result.transaction('properties').objectStore('properties').get(k);
          get.onsuccess = () => {
            resolve((get.result as { value?: unknown } | undefined)?.value);
            open.result.close();
          };
          get.onerror = () => reject(get.error);
        };
      }),
    key,
  );
}

interface StoredWaypoint {
  code: string;
  type: string;
  directTo: boolean;
  has_approach: boolean;
  appch: { procedure: string; transitions: string[] } | null;
}

const storedRoute = async () => (await property('route')) as { final_string: string; waypoints: StoredWaypoint[] } | undefined;

/** The WPT column of the navlog, one code per row (the altitude caption left out). */
async function navlogCodes(): Promise<string[]> {
  return page.locator('[data-testid="navlog-wpt"] > span:first-child').allInnerTexts();
}

/** Waits until the navlog shows these rows. */
async function expectRows(codes: string[]): Promise<void> {
  await expect.poll(navlogCodes, { timeout: 10_000 }).toEqual(codes);
}

const button = (name: string) => page.getByRole('button', { name, exact: true });

/** Picks an option of a picker select by value once the option is there. */
async function choose(label: string, value: string): Promise<void> {
  const select = page.getByRole('combobox', { name: label, exact: true });
  await select.locator(`option[value="${value}"]`).waitFor({ state: 'attached', timeout: 10_000 });
  await select.selectOption(value);
}

async function optionLabels(label: string): Promise<string[]> {
  return page.getByRole('combobox', { name: label, exact: true }).locator('option').allInnerTexts();
}

describe('flight plan edit mode', () => {
  it('builds KHWD SUNOL KHWD in the search box and opens it in edit mode', async () => {
    await page.getByRole('combobox').fill('khwd sunol khwd');
    await page.getByRole('option', { name: /^Select Route: KHWD SUNOL KHWD/ }).waitFor({ timeout: 10_000 });
    await page.getByRole('combobox').press('Enter');
    await expect.poll(async () => (await storedRoute())?.final_string, { timeout: 5000 }).toBe('KHWD SUNOL KHWD');

    await page.goto(`${server.origin}/app/route`);
    await page.waitForSelector('[data-testid="page-route"][data-final-string="KHWD SUNOL KHWD"]', { timeout: 30_000 });
    await expectRows(['SUNOL', 'KHWD']);
    await button('Modify').click();
    await page.waitForSelector('[data-testid="page-route"][data-mode="edit"]');
    // DP on the origin leg only, Star and Approach on the destination leg only.
    const first = page.getByTestId('leg-edit-0');
    const last = page.getByTestId('leg-edit-1');
    expect(await first.getByRole('button', { name: 'DP', exact: true }).count()).toBe(1);
    expect(await first.getByRole('button', { name: 'Star', exact: true }).count()).toBe(0);
    expect(await last.getByRole('button', { name: 'Star', exact: true }).count()).toBe(1);
    expect(await last.getByRole('button', { name: 'Approach', exact: true }).count()).toBe(1);
    expect(await last.getByRole('button', { name: 'DP', exact: true }).count()).toBe(0);
  });

  it('inserts a waypoint after SUNOL through the waypoint search, moves it up and removes it', async () => {
    await button('Insert after SUNOL').click();
    const box = page.getByRole('textbox', { name: 'Waypoint', exact: true });
    await box.fill('o');
    expect(await box.inputValue()).toBe('O');
    await box.fill('zzq');
    await page.getByText('ZZQ not found', { exact: true }).waitFor({ timeout: 10_000 });
    expect(await button('Add').count()).toBe(0);
    await box.fill('oak');
    const hint = page.getByText(/^Found! OAK /);
    await hint.waitFor({ timeout: 10_000 });
    const hintText = await hint.innerText();
    console.log(`[flightplan-edit] hint: ${hintText}`);
    expect(hintText).toMatch(/^Found! OAK .*, \d+(\.\d)? nm \d{3}° from SUNOL$/);
    await button('Add').click();
    await expectRows(['SUNOL', 'OAK', 'KHWD']);
    await expect.poll(async () => (await storedRoute())?.final_string).toBe('KHWD SUNOL OAK KHWD');

    await button('Move up OAK').click();
    await expectRows(['OAK', 'SUNOL', 'KHWD']);
    await expect.poll(async () => (await storedRoute())?.final_string).toBe('KHWD OAK SUNOL KHWD');

    await button('Remove OAK').click();
    await expectRows(['SUNOL', 'KHWD']);
    await expect.poll(async () => (await storedRoute())?.final_string).toBe('KHWD SUNOL KHWD');
  });

  it("sets a VNAV altitude at SUNOL ('Invalid Number' first) and clears it", async () => {
    await button('VNAV SUNOL').click();
    const box = page.getByRole('textbox', { name: 'VNAV altitude', exact: true });
    await box.fill('-');
    await page.getByText('Invalid Number', { exact: true }).waitFor();
    expect(await button('Set').count()).toBe(0);
    await box.fill('4500');
    await button('Set').click();
    await expect.poll(async () => page.getByTestId('navlog-alt').allInnerTexts(), { timeout: 10_000 }).toEqual(['VNAV 4500 ft']);
    await button('Clear VNAV SUNOL').click();
    await button('Clear VNAV').click();
    await expect.poll(async () => page.getByTestId('navlog-alt').count(), { timeout: 10_000 }).toBe(0);
    expect(await button('Clear VNAV SUNOL').count()).toBe(0);
  });

  it('Direct To marks the waypoint locally; toggling again restores the stored route', async () => {
    await button('Direct To SUNOL').click();
    await expectRows(['*SUNOL', 'KHWD']);
    expect((await storedRoute())?.waypoints.some((w) => w.directTo)).toBe(false);
    await button('Direct To SUNOL').click();
    await expectRows(['SUNOL', 'KHWD']);
  });

  it('offers the KHWD departure picker, which lists no DP: the shared CIFP has no KHWD SID', async () => {
    await button('DP').click();
    await page.getByText('No DP at KHWD', { exact: true }).waitFor({ timeout: 10_000 });
    expect(await optionLabels('DP')).toEqual(['None']);
    await button('Cancel').click();
    expect(await page.getByTestId('edit-panel').count()).toBe(0);
  });

  it('adds the SHARR ONE arrival through the cascade: MRLET chosen, the single runway level auto-selected', async () => {
    await button('Star').click();
    expect(await optionLabels('STAR')).toEqual(expect.arrayContaining(['SHARR ONE', 'PXN SIX']));
    await choose('STAR', 'SHARR1');
    await choose('Transition', 'MRLET');
    expect(await optionLabels('Transition')).toEqual(['Choose...', 'MRLET', 'RPARK', 'RUSME']);
    await button('Select STAR').waitFor({ timeout: 10_000 });
    expect(await page.getByRole('combobox', { name: 'Runway', exact: true }).inputValue()).toBe('NOTRANSITION');
    const fixes = await page.getByTestId('final-fixes').innerText();
    console.log(`[flightplan-edit] SHARR1 MRLET final fixes: ${fixes}`);
    expect(fixes.startsWith('MRLET ')).toBe(true);
    expect(fixes).toContain('SHARR');
    await button('Select STAR').click();
    await expectRows(['SUNOL', 'MRLET.SHARR1', 'KHWD']);
    expect((await storedRoute())?.final_string).toBe('KHWD SUNOL MRLET.SHARR1 KHWD');
    expect(await button('Star').count()).toBe(0);
    expect(await button('Remove STAR').count()).toBe(1);
  });

  it('adds the RNAV (GPS) RWY 28L approach from SUNOL', async () => {
    await button('Approach').click();
    expect(await optionLabels('Approach')).toEqual(expect.arrayContaining(['RNAV (GPS) RWY 28L', 'LOC RWY 28L', 'VOR/DME-A']));
    await choose('Approach', 'R28L');
    await choose('Transition', 'SUNOL');
    expect(await optionLabels('Transition')).toEqual(expect.arrayContaining(['Vectors To Final', 'SJC', 'SUNOL', 'VINCO']));
    await button('Select Approach').waitFor({ timeout: 10_000 });
    const fixes = await page.getByTestId('final-fixes').innerText();
    console.log(`[flightplan-edit] R28L SUNOL waypoints: ${fixes}`);
    expect(fixes.startsWith('SUNOL ')).toBe(true);
    expect(fixes).toContain('JOBUS');
    await button('Select Approach').click();
    await expect.poll(async () => button('Remove approach').count(), { timeout: 10_000 }).toBe(1);
    expect(await button('Approach').count()).toBe(0);
    const stored = await storedRoute();
    const destination = stored?.waypoints.at(-1);
    expect(destination?.has_approach).toBe(true);
    expect(destination?.appch).toMatchObject({ procedure: 'R28L', transitions: ['SUNOL'] });
    expect(errors).toEqual([]);
  });
});
