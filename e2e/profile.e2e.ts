// The aircraft profile as a pilot meets it (spec part 2 §2 "Profile page buttons", §3, §4 "Saving", §5;
// part 1 §2 redirects): the real built app served by the real server, in Debian's Chromium. Each test
// opens a fresh browser context, so a fresh IndexedDB: a first visit.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, signedInContext, startServer, type RunningServer } from './harness.js';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  const code = await server?.stop();
  expect(code).toBe(0);
});

async function withPage<T>(fn: (page: Page, context: BrowserContext) => Promise<T>): Promise<T> {
  const context = await signedInContext(browser, server, { viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  try {
    const result = await fn(page, context);
    expect(errors, 'uncaught errors in the page').toEqual([]);
    return result;
  } finally {
    await context.close();
  }
}

/** One row of the app's Dexie database `prefs` (table `properties` by key, `models` by tail). */
async function readPrefsRow(page: Page, table: 'properties' | 'models', key: string): Promise<unknown> {
  return page.evaluate(
    ({ table, key }) =>
      new Promise<unknown>((resolve, reject) => {
        const open = indexedDB.open('prefs');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const request = open.result.transaction(table, 'readonly').objectStore(table).get(key);
          request.onsuccess = () => {
            open.result.close();
            resolve(request.result as unknown);
          };
          request.onerror = () => reject(request.error);
        };
      }),
    { table, key },
  );
}

/**
 * Exactly /app/map1 with this query: the address the welcome returns to is the one the user opened,
 * without a camera hash the map would have written (the early map is made on map pages only, and the
 * map views are outside the page's scroll layer, so a scroll bar does not resize them).
 */
function mapOne(query = ''): (url: URL) => boolean {
  return (url) => url.origin === server.origin && url.pathname === '/app/map1' && url.search === query && url.hash === '';
}

/** The welcome page's field with this name (ids are profile-welcome-{field}). */
const input = (page: Page, field: string) => page.locator(`#profile-welcome-${field}`);
/** The message under a field (MUI's helper text id), empty when there is none. */
async function messageOf(page: Page, field: string): Promise<string> {
  const helper = page.locator(`#profile-welcome-${field}-helper-text`);
  return (await helper.count()) === 0 ? '' : ((await helper.textContent()) ?? '');
}

async function openWelcomeFromStart(page: Page, path = '/'): Promise<void> {
  await page.goto(`${server.origin}${path}`);
  // The start redirect keeps the query (e.g. utm parameters).
  await input(page, 'tail').waitFor({ state: 'visible', timeout: 20_000 });
  expect(new URL(page.url()).pathname).toBe('/app/aircraft_profile_welcome');
}

const BOUNDS: [field: string, min: number, max: number][] = [
  ['airspeed', 30, 800],
  ['altitude', 100, 60000],
  ['gph', 1, 100],
  ['climb_speed', 10, 1000],
  ['climb_rate', 100, 10000],
  ['climb_fuel', 1, 100],
  ['descent_speed', 10, 1000],
  ['descent_rate', 100, 10000],
  ['descent_fuel', 1, 100],
];

describe('aircraft profile', () => {
  it('shows every validation message under its field, and Continue only while there is none', async () => {
    await withPage(async (page) => {
      await openWelcomeFromStart(page);
      const continueButton = page.getByRole('button', { name: 'Continue' });
      expect(await continueButton.isVisible()).toBe(true);
      for (const [field, min, max] of BOUNDS) {
        for (const [text, message] of [
          ['abc', 'Invalid Number'],
          [String(min - 1), 'Too low'],
          [String(max + 1), 'Too high'],
        ] as const) {
          await input(page, field).fill(text);
          await expect.poll(() => messageOf(page, field), { timeout: 5_000 }).toBe(message);
          expect(await input(page, field).getAttribute('aria-invalid')).toBe('true');
          expect(await continueButton.count()).toBe(0);
          expect(await page.getByRole('button', { name: 'Skip' }).isVisible()).toBe(true);
        }
        for (const text of [String(min), String(max)]) {
          await input(page, field).fill(text);
          await expect.poll(() => messageOf(page, field), { timeout: 5_000 }).toBe('');
        }
      }
      await input(page, 'starting_fuel').fill('full');
      await expect.poll(() => messageOf(page, 'starting_fuel'), { timeout: 5_000 }).toBe('Invalid Number');
      await input(page, 'starting_fuel').fill('250');
      await expect.poll(() => messageOf(page, 'starting_fuel'), { timeout: 5_000 }).toBe('');
      await input(page, 'tail').fill('N1');
      await expect.poll(() => messageOf(page, 'tail'), { timeout: 5_000 }).toBe('Required');
      expect(await continueButton.count()).toBe(0);
      await input(page, 'tail').fill('n1x');
      await expect.poll(() => messageOf(page, 'tail'), { timeout: 5_000 }).toBe('');
      expect(await input(page, 'tail').inputValue()).toBe('N1X');
      await continueButton.waitFor({ state: 'visible', timeout: 5_000 });
    });
  });

  it('welcome flow from a fresh browser: / → profile welcome → Continue → the initial address, kept after a reload', async () => {
    await withPage(async (page) => {
      await openWelcomeFromStart(page, '/index.html?utm_source=e2e');
      expect(await page.getByRole('button', { name: 'Skip' }).isVisible()).toBe(true);
      await input(page, 'tail').fill('n739cw');
      await input(page, 'airspeed').fill('118');
      await page.locator('#profile-welcome-primary_color').selectOption({ label: 'Red' });
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.waitForURL(mapOne('?utm_source=e2e'));

      await expect.poll(() => readPrefsRow(page, 'properties', 'welcomeComplete'), { timeout: 5_000 }).toMatchObject({ value: true });
      expect(await readPrefsRow(page, 'models', 'N739CW')).toMatchObject({ tail: 'N739CW', airspeed: 118, primary_color: 'R', deleted: 'F' });
      expect(await readPrefsRow(page, 'properties', 'profile')).toMatchObject({ value: { tail: 'N739CW', airspeed: 118 } });

      await page.reload();
      await page.getByTestId('page-map1').waitFor({ state: 'attached', timeout: 20_000 });
      expect(new URL(page.url()).pathname).toBe('/app/map1');
      // The start address now goes straight to the map.
      await page.goto(`${server.origin}/`);
      await page.waitForURL(mapOne());

      // The profile page now offers Done only, with the saved values.
      await page.goto(`${server.origin}/app/aircraft_profile_welcome`);
      await input(page, 'tail').waitFor({ state: 'visible', timeout: 20_000 });
      expect(await input(page, 'tail').inputValue()).toBe('N739CW');
      expect(await input(page, 'airspeed').inputValue()).toBe('118');
      expect(await page.getByRole('button', { name: 'Done' }).isVisible()).toBe(true);
      expect(await page.getByRole('button', { name: 'Skip' }).count()).toBe(0);

      // Entering a known tail loads its values; the settings drawer embeds the same editor.
      await input(page, 'tail').fill('N12345');
      await input(page, 'tail').fill('N739CW');
      await input(page, 'airspeed').fill('99');
      await input(page, 'tail').fill('N739C');
      await input(page, 'tail').fill('N739CW');
      await expect.poll(() => input(page, 'airspeed').inputValue(), { timeout: 5_000 }).toBe('118');
      await page.getByRole('button', { name: 'settings' }).click();
      const drawerTail = page.locator('#profile-settings-tail');
      await drawerTail.waitFor({ state: 'visible', timeout: 10_000 });
      expect(await drawerTail.inputValue()).toBe('N739CW');
      expect(await page.getByTestId('settings-profile').getByRole('button', { name: 'Done' }).isVisible()).toBe(true);
    });
  });

  it('Skip with an empty tail stores N12345 and completes the welcome', async () => {
    await withPage(async (page) => {
      await openWelcomeFromStart(page);
      await input(page, 'tail').fill('');
      await expect.poll(() => messageOf(page, 'tail'), { timeout: 5_000 }).toBe('Required');
      await page.getByRole('button', { name: 'Skip' }).click();
      await page.waitForURL(mapOne());
      await expect.poll(() => readPrefsRow(page, 'properties', 'welcomeComplete'), { timeout: 5_000 }).toMatchObject({ value: true });
      expect(await readPrefsRow(page, 'models', 'N12345')).toMatchObject({ tail: 'N12345', deleted: 'F', airspeed: 140, altitude: 6000 });
      await page.reload();
      await page.getByTestId('page-map1').waitFor({ state: 'attached', timeout: 20_000 });
      await page.goto(`${server.origin}/index.html`);
      await page.waitForURL(mapOne());
    });
  });
});
