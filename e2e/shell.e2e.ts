// The Clearway shell as a user meets it: the real built app served by the real server, driven in
// Debian's Chromium. Each test opens a fresh browser context (fresh IndexedDB, no service worker),
// signed in with a server session (start-up waits for a signed-in user, spec part 1 §4) unless it
// checks the signed-out redirect.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, signedInContext, startServer, type RunningServer } from './harness.js';

const ROUTES = [
  'map1', 'map2', 'welcome', 'aircraft_profile_welcome', 'pricing', 'account', 'helpcenter', 'airport',
  'clearsky', 'PlateView', 'SimPFD', 'sketch', 'show_afd', 'route', 'along_route', 'download',
  'wx_surface', 'wx_tops', 'wx_sigmet', 'wx_airmet', 'wx_flightrules', 'wx_winds_aloft', 'wx_pireps',
  'wx_radar_composite', 'wx_radar_regional_static', 'wx_radar_regional_looping', 'wx_freezing_levels',
  'wx_satellite_usa', 'gfa', 'afss_route_briefing', 'afss_area_briefing', 'afss_flight_plan',
];

/** Spec part 1 §2 "Menu entries", in order, with the sub-menus opened. */
const MENU_LABELS = [
  'Airports', 'Maps', 'ClearSky AI', 'Approach Plates', 'Flight Plan', 'Sim Center/PFD', 'Flight Service',
  'Route Briefing', 'Area Briefing', 'Flight Plans', 'Along the Route', 'Downloads', 'Sketch', 'Wx Imagery',
  'Surface Progs', 'Cloud Tops', 'SIGMETs', 'G-Airmet', 'Radar Composite',
];

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  // The server must shut down gracefully on SIGTERM (exit code 0).
  const code = await server?.stop();
  expect(code).toBe(0);
});

async function withPage<T>(fn: (page: Page, context: BrowserContext) => Promise<T>, options = {}, signedIn = true): Promise<T> {
  const viewport = { viewport: { width: 1280, height: 800 }, ...options };
  const context = signedIn ? await signedInContext(browser, server, viewport) : await browser.newContext(viewport);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  // A blocked load or inline script is only a console message: fail on it like an uncaught error.
  page.on('console', (message) => { if (message.text().includes('Content Security Policy')) errors.push(message.text()); });
  try {
    const result = await fn(page, context);
    expect(errors, 'uncaught errors in the page').toEqual([]);
    return result;
  } finally {
    await context.close();
  }
}

/** Marks the welcome complete the way the app stores it: Dexie `prefs`, table `properties`. */
async function setWelcomeComplete(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('prefs');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const tx = open.result.transaction('properties', 'readwrite');
          tx.objectStore('properties').put({ key: 'welcomeComplete', ts: Date.now(), value: true });
          tx.oncomplete = () => {
            open.result.close();
            resolve();
          };
          tx.onerror = () => reject(tx.error);
        };
      }),
  );
}

/** Waits for the shell to finish start-up: the menu button replaces 'Nav Database is Loading...'. */
async function waitForShell(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'menu' }).waitFor({ state: 'visible', timeout: 20_000 });
}

describe('routes and redirects', () => {
  it('serves every route of the spec table, and the fallback page for any other path', async () => {
    await withPage(async (page) => {
      for (const name of ROUTES) {
        await page.goto(`${server.origin}/app/${name}`);
        await page.getByTestId(`page-${name}`).waitFor({ state: 'attached', timeout: 15_000 });
        expect(new URL(page.url()).pathname).toBe(`/app/${name}`);
      }
      for (const path of ['/app/no_such_page', '/no/such/page']) {
        await page.goto(`${server.origin}${path}`);
        await page.getByTestId('page-fallback').waitFor();
      }
    });
  });

  it('sends a signed-out visitor of /, /index.html or /app/map1 to the hosted login (spec part 1 §6)', async () => {
    await withPage(
      async (page) => {
        for (const path of ['/', '/index.html', '/app/map1']) {
          await page.goto(`${server.origin}${path}`);
          await page.locator('#password').waitFor();
          expect(new URL(page.url()).pathname).toMatch(/^\/oidc\//);
          expect(await page.getByTestId('top-bar').count()).toBe(0);
        }
      },
      {},
      false,
    );
  });

  it('sends /, /index.html and /index_pt.html of a signed-in user to the profile welcome, then to map1 once the welcome is complete', async () => {
    await withPage(async (page) => {
      for (const path of ['/', '/index.html', '/index_pt.html']) {
        await page.goto(`${server.origin}${path}`);
        await page.waitForURL(`${server.origin}/app/aircraft_profile_welcome`);
        await page.getByTestId('page-aircraft_profile_welcome').waitFor();
      }
      await setWelcomeComplete(page);
      for (const path of ['/', '/index.html', '/index_pt.html']) {
        await page.goto(`${server.origin}${path}`);
        await page.waitForURL(`${server.origin}/app/map1`);
        await page.getByTestId('page-map1').waitFor({ state: 'attached' });
      }
    });
  });
});

describe('shell', () => {
  it('shows the top bar at 58 px, then the menu drawer with every entry in order', async () => {
    await withPage(async (page) => {
      await page.goto(`${server.origin}/app/map1`);
      await waitForShell(page);
      const bar = await page.getByTestId('top-bar').boundingBox();
      expect(bar?.height).toBe(58);

      await page.getByRole('button', { name: 'menu' }).click();
      const drawer = page.getByTestId('menu-drawer');
      await drawer.waitFor();
      await page.getByTestId('menu-group-flight_service').click();
      await page.getByTestId('menu-group-wx_imagery').click();
      await page.getByText('Radar Composite').waitFor();
      const labels = (await drawer.locator('[role="button"], a, button').allInnerTexts())
        .map((text) => text.trim())
        .filter((text) => MENU_LABELS.includes(text));
      expect(labels).toEqual(MENU_LABELS);
      expect(await page.getByTestId('app-version').innerText()).toMatch(/(?<!\d)\d+\.\d+\.\d+/);

      await page.getByText('Flight Plan', { exact: true }).click();
      await page.waitForURL(`${server.origin}/app/route`);
      await page.getByTestId('page-route').waitFor();

      // 1280 x 800 is wider than the sm breakpoint (1200): the page opened from the map sits beside it,
      // side by side in landscape (spec part 2 §2), and the map keeps panning in its half.
      await page.waitForSelector('[data-testid="app-main"][data-page-layout="beside-vertical"]');
      const canvas = page.locator('[data-testid="map-view-1"] canvas').first();
      const mapBox = await canvas.boundingBox();
      const pageBox = await page.getByTestId('page-area').boundingBox();
      expect(mapBox && pageBox).toBeTruthy();
      expect(mapBox!.x).toBeLessThan(2);
      expect(mapBox!.width).toBeGreaterThan(600);
      expect(pageBox!.x).toBeGreaterThanOrEqual(mapBox!.x + mapBox!.width - 1);
      expect(pageBox!.x + pageBox!.width).toBeGreaterThan(1278);
      expect(Math.abs(mapBox!.y - pageBox!.y)).toBeLessThan(2);
      expect(mapBox!.height).toBeGreaterThan(800 - 58 - 2);
      await expect.poll(() => canvas.isVisible()).toBe(true);
      const view = page.getByTestId('map-view-1');
      await page.waitForFunction(() => document.querySelector('[data-testid="map-view-1"]')?.hasAttribute('data-map-bounds'), undefined, { timeout: 60_000 });
      const before = await view.getAttribute('data-map-bounds');
      await page.mouse.move(200, 400);
      await page.mouse.down();
      for (let step = 1; step <= 10; step++) await page.mouse.move(200 + step * 20, 400);
      await page.mouse.up();
      await expect.poll(() => view.getAttribute('data-map-bounds'), { timeout: 10_000 }).not.toBe(before);

      // Restore Map leaves the split: the map alone over the whole width again.
      await page.getByTestId('restore-map').click();
      // The map (pane one keeps its camera in the address hash) has moved: /app/map1#zoom/lat/lon.
      await page.waitForURL((url) => url.pathname === '/app/map1');
      await page.waitForSelector('[data-testid="app-main"][data-page-layout="full"]');
      await expect.poll(async () => (await canvas.boundingBox())?.width ?? 0).toBeGreaterThan(1270);

      // A page beside the map lays itself out for its half (640 px), not for the 1280 px window: the
      // filing page's two columns (from MUI's md, 900 px) stack. Alone at 1280 px it has both.
      const columns = () => page.getByTestId('fs-columns').evaluate((grid) => getComputedStyle(grid).gridTemplateColumns.split(' ').length);
      await page.getByRole('button', { name: 'menu' }).click();
      const flightPlans = page.getByText('Flight Plans', { exact: true });
      if (!(await flightPlans.isVisible())) await page.getByTestId('menu-group-flight_service').click();
      await flightPlans.click();
      await page.waitForURL(`${server.origin}/app/afss_flight_plan`);
      await page.waitForSelector('[data-testid="app-main"][data-page-layout="beside-vertical"]');
      await expect.poll(columns, { timeout: 10_000 }).toBe(1);
      await page.goto(`${server.origin}/app/afss_flight_plan`);
      await page.waitForSelector('[data-testid="app-main"][data-page-layout="full"]');
      await expect.poll(columns, { timeout: 10_000 }).toBe(2);
    });
  });

  it('keeps the map panning while the menu or the settings drawer is open (issue 27 point 7)', async () => {
    await withPage(async (page) => {
      await page.goto(`${server.origin}/app/map1`);
      await waitForShell(page);
      const view = page.getByTestId('map-view-1');
      await page.waitForFunction(() => document.querySelector('[data-testid="map-view-1"]')?.hasAttribute('data-map-zoom'), undefined, { timeout: 60_000 });
      await page.getByTestId('loading-message').waitFor({ state: 'hidden', timeout: 60_000 });
      /** Drags the map 200 px sideways at a point the drawer does not cover; the bounds it settles at. */
      const dragAt = async (x: number): Promise<string | null> => {
        const before = await view.getAttribute('data-map-bounds');
        await page.mouse.move(x, 450);
        await page.mouse.down();
        for (let step = 1; step <= 10; step++) await page.mouse.move(x + step * 20, 450);
        await page.mouse.up();
        await expect.poll(() => view.getAttribute('data-map-bounds'), { timeout: 10_000 }).not.toBe(before);
        return view.getAttribute('data-map-bounds');
      };
      for (const drawer of [
        { button: 'menu', testId: 'menu-drawer', close: 'Close menu', x: 700 },
        { button: 'settings', testId: 'settings-drawer', close: 'Close settings', x: 300 },
      ]) {
        await page.getByRole('button', { name: drawer.button }).click();
        await page.getByTestId(drawer.testId).waitFor();
        await dragAt(drawer.x);
        // The drag panned the map and left the drawer open; its close button closes it.
        expect(await page.getByTestId(drawer.testId).isVisible()).toBe(true);
        await page.getByRole('button', { name: drawer.close }).click();
        await page.getByTestId(drawer.testId).waitFor({ state: 'hidden' });
      }
    });
  });

  it('keeps the shell working when the code of the map or of the settings drawer cannot be loaded', async () => {
    // Both chunks refused (a chunk missing from an old deployment, a network blip that outlasts the
    // one retry); the service worker is blocked so it cannot serve them from its cache.
    await withPage(async (page) => {
      let refused = 0;
      const chunks = /\/assets\/(MapView|SettingsDrawer)-[^/]*\.js$/;
      await page.route(chunks, (route) => {
        refused += 1;
        return route.abort();
      });
      await page.goto(`${server.origin}/app/map1`);
      const mapFailure = page.getByTestId('map-failure');
      await mapFailure.waitFor({ timeout: 30_000 });
      expect(await mapFailure.innerText()).toMatch(/^Error loading component: \S/);
      await waitForShell(page);
      // The map-only controls are not offered over a map that is not there.
      expect(await page.getByTestId('map-3d').count()).toBe(0);
      await page.getByRole('button', { name: 'settings' }).click();
      const drawerFailure = page.getByTestId('drawer-failure');
      await drawerFailure.waitFor({ timeout: 10_000 });
      expect(await drawerFailure.innerText()).toMatch(/^Error loading component: \S/);
      // Each load was tried again once before giving up.
      expect(refused).toBeGreaterThanOrEqual(4);
      await page.getByRole('button', { name: 'Close settings' }).click();
      await drawerFailure.waitFor({ state: 'detached' });
      // The network back: Try again loads the map without reloading the app.
      await page.unroute(chunks);
      await page.getByRole('button', { name: 'Try again' }).click();
      await page.locator('[data-testid="map-pane-1"] canvas.maplibregl-canvas').waitFor({ timeout: 30_000 });
      expect(await mapFailure.count()).toBe(0);
      await page.getByTestId('map-3d').waitFor();
      // The rest of the app is there: the menu opens and leads to a page.
      await page.getByRole('button', { name: 'menu' }).click();
      await page.getByTestId('menu-drawer').waitFor();
      await page.getByText('Flight Plan', { exact: true }).click();
      await page.getByTestId('page-route').waitFor();
      expect(await page.getByTestId('render-failure').count()).toBe(0);
    }, { serviceWorkers: 'block' });
  });

  it('keeps unit and theme choices from the settings drawer across a reload', async () => {
    await withPage(async (page) => {
      await page.goto(`${server.origin}/app/map1`);
      await waitForShell(page);
      const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
      const dayBackground = await background();

      await page.getByRole('button', { name: 'settings' }).click();
      await page.getByTestId('settings-drawer').waitFor();
      expect(await page.getByTestId('units-sample').innerText()).toContain('nm');
      await page.getByRole('radio', { name: 'km' }).check();
      await page.getByRole('radio', { name: '°C' }).check();
      await page.getByRole('switch', { name: 'Day/Night' }).check();
      await page.getByLabel('Resume Navigation after map panning').selectOption('60');
      expect(await page.getByTestId('implied-units').innerText()).toBe('Speed in kmh, altitude in m');
      const sample = await page.getByTestId('units-sample').innerText();
      expect(sample).toContain('km');
      expect(sample).toContain('°C');
      expect(await background()).not.toBe(dayBackground);

      await page.reload();
      await waitForShell(page);
      await page.getByRole('button', { name: 'settings' }).click();
      await page.getByTestId('settings-drawer').waitFor();
      expect(await page.getByRole('radio', { name: 'km' }).isChecked()).toBe(true);
      expect(await page.getByRole('radio', { name: '°C' }).isChecked()).toBe(true);
      expect(await page.getByRole('switch', { name: 'Day/Night' }).isChecked()).toBe(true);
      expect(await page.getByLabel('Resume Navigation after map panning').inputValue()).toBe('60');
      expect(await page.getByTestId('units-sample').innerText()).toBe(sample);
      expect(await background()).not.toBe(dayBackground);
    });
  });

  it('shows the install page on a phone that has not installed the app', async () => {
    await withPage(
      async (page) => {
        await page.goto(`${server.origin}/app/map1`);
        await page.getByTestId('install-page').waitFor();
        await page.getByTestId('install-ios-steps').waitFor();
        await page.getByRole('button', { name: 'Continue without installing' }).click();
        await page.getByTestId('page-map1').waitFor({ state: 'attached' });
        const bar = await page.getByTestId('top-bar').boundingBox();
        expect(bar?.height).toBe(116);
      },
      {
        viewport: { width: 390, height: 844 },
        isMobile: true,
        hasTouch: true,
        userAgent:
          'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
      },
    );
  });
});

describe('offline', () => {
  it('loads the shell with no network after a first visit', async () => {
    await withPage(async (page, context) => {
      await page.goto(`${server.origin}/app/map1`);
      await waitForShell(page);
      // The service worker is installed and controls the page once 'Getting Offline Ready...' is over.
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 20_000 });

      await context.setOffline(true);
      await page.reload();
      await page.getByTestId('page-map1').waitFor({ state: 'attached' });
      await waitForShell(page);
      await page.goto(`${server.origin}/app/route`);
      await page.getByTestId('page-route').waitFor();
      // Offline without a completed welcome, the root goes to the map, not the profile welcome.
      await page.goto(`${server.origin}/`);
      await page.waitForURL(`${server.origin}/app/map1`);
    });
  });
});

describe('night from the device (issue 27 point 8)', () => {
  it("starts at night on a device in dark mode, follows the device until the pilot switches, then keeps the pilot's choice", async () => {
    await withPage(
      async (page) => {
        const look = () =>
          page.evaluate(() => ({ background: getComputedStyle(document.body).backgroundColor, scheme: getComputedStyle(document.documentElement).colorScheme }));
        const dayNight = page.getByRole('switch', { name: 'Day/Night' });
        await page.goto(`${server.origin}/app/map1`);
        await waitForShell(page);
        // The night theme's background (app/theme.ts nightTheme background.default #0a1726).
        expect(await look()).toEqual({ background: 'rgb(10, 23, 38)', scheme: 'dark' });
        await page.getByRole('button', { name: 'settings' }).click();
        await page.getByTestId('settings-drawer').waitFor();
        expect(await dayNight.isChecked()).toBe(true);

        // Live: the device goes light, then dark again.
        await page.emulateMedia({ colorScheme: 'light' });
        await expect.poll(look).toEqual({ background: 'rgb(255, 255, 255)', scheme: 'light' });
        await page.emulateMedia({ colorScheme: 'dark' });
        await expect.poll(look).toEqual({ background: 'rgb(10, 23, 38)', scheme: 'dark' });

        // The pilot chooses Day on the dark device: it stays day, also after a reload.
        await dayNight.uncheck();
        await expect.poll(look).toEqual({ background: 'rgb(255, 255, 255)', scheme: 'light' });
        await page.emulateMedia({ colorScheme: 'light' });
        await page.emulateMedia({ colorScheme: 'dark' });
        expect(await look()).toEqual({ background: 'rgb(255, 255, 255)', scheme: 'light' });
        // Stored as the pilot's choice (prefs `dark_mode`) before the reload.
        const storedDarkMode = () =>
          page.evaluate(
            () =>
              new Promise<unknown>((resolve, reject) => {
                const open = indexedDB.open('prefs');
                open.onerror = () => reject(open.error);
                open.onsuccess = () => {
                  const get = open.result.transaction('properties').objectStore('properties').get('dark_mode');
                  get.onsuccess = () => {
                    open.result.close();
                    resolve((get.result as { value?: unknown } | undefined)?.value);
                  };
                  get.onerror = () => reject(get.error);
                };
              }),
          );
        await expect.poll(storedDarkMode).toBe(false);
        await page.reload();
        await waitForShell(page);
        expect(await look()).toEqual({ background: 'rgb(255, 255, 255)', scheme: 'light' });
      },
      { colorScheme: 'dark' },
    );
  });
});
