// The simulator link as a pilot meets it (issue 20): a fake X-Plane on loopback UDP (RREF answers,
// DREF/CMND recorded) → the real server's X-Plane link → /ws/sim → the Sim PFD in Debian's Chromium,
// and the map's ownship from the simulator (the first position source while connected and simulating).
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeXPlane } from '../apps/server/src/devices/xplane/fakeXPlane.js';
import { launchChromium, signedInContext, startServer, type RunningServer } from './harness.js';

const screenshots = join(dirname(fileURLToPath(import.meta.url)), '..', 'test-results', 'screenshots', 'sim');
let server: RunningServer;
let browser: Browser;
let sim: FakeXPlane;

const FLYING = {
  'sim/flightmodel/position/latitude': 37.5,
  'sim/flightmodel/position/longitude': -122.25,
  'sim/flightmodel/position/elevation': 1524, // m: 5000 ft
  'sim/flightmodel/position/theta': 3,
  'sim/flightmodel/position/phi': -10,
  'sim/flightmodel/position/indicated_airspeed': 105,
  'sim/flightmodel/position/mag_psi': 270,
  'sim/flightmodel/position/psi': 284,
  'sim/flightmodel/position/groundspeed': 56.6, // m/s: 110 kt
  'sim/flightmodel/position/vh_ind_fpm': 0,
  'sim/cockpit2/engine/indicators/engine_speed_rpm[0]': 2400,
  'sim/time/paused': 0,
};

/** Everything the PFD draws, engine strip and HSI included: established on the ILS, engine at cruise. */
const ON_APPROACH = {
  ...FLYING,
  'sim/flightmodel/position/theta': -2.5,
  'sim/flightmodel/position/phi': 12,
  'sim/flightmodel/position/vh_ind_fpm': -500,
  'sim/flightmodel/position/indicated_airspeed': 92,
  'sim/cockpit2/radios/actuators/nav1_obs_deg_mag_pilot': 280,
  'sim/cockpit2/radios/indicators/nav1_hdef_dots_pilot': -0.8,
  'sim/cockpit2/radios/indicators/nav1_vdef_dots_pilot': 0.5,
  'sim/cockpit2/radios/indicators/nav1_flag_from_to_pilot': 1,
  'sim/cockpit2/radios/indicators/nav1_dme_distance_nm': 6.2,
  'sim/cockpit2/engine/indicators/fuel_flow_kg_sec[0]': 0.0084, // about 8 gal/h
  'sim/cockpit2/fuel/fuel_quantity[0]': 60,
  'sim/cockpit2/fuel/fuel_quantity[1]': 55,
  'sim/cockpit2/engine/indicators/oil_pressure_psi[0]': 62,
  'sim/cockpit2/engine/indicators/oil_temperature_deg_C[0]': 88,
  'sim/cockpit2/engine/indicators/CHT_deg_C[0]': 180,
  'sim/cockpit2/engine/indicators/EGT_deg_C[0]': 700,
};

async function nightMode(page: Page, on: boolean): Promise<void> {
  await page.getByRole('button', { name: 'settings' }).click();
  const box = page.getByLabel('Day/Night');
  if (on) await box.check();
  else await box.uncheck();
  await page.keyboard.press('Escape');
}

/** Every visible button of the page's own content is at least 44 px both ways. */
async function touchTargets(page: Page): Promise<void> {
  const small = await page.getByTestId('page-SimPFD').evaluate((root) =>
    Array.from(root.querySelectorAll('button')).filter((b) => b.offsetParent !== null).map((b) => ({ name: b.getAttribute('aria-label') ?? b.textContent, ...b.getBoundingClientRect().toJSON() })).filter((b) => b.width < 44 || b.height < 44),
  );
  expect(small).toEqual([]);
}

/** Mean brightness (0-255) of the PFD canvas. */
function pfdBrightness(page: Page): Promise<number> {
  return page.getByTestId('sim-pfd').evaluate((canvas: HTMLCanvasElement) => {
    const { data } = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height);
    let sum = 0;
    let n = 0;
    for (let i = 0; i < data.length; i += 4 * 13) {
      sum += (data[i]! + data[i + 1]! + data[i + 2]!) / 3;
      n++;
    }
    return sum / n;
  });
}

beforeAll(async () => {
  mkdirSync(screenshots, { recursive: true });
  sim = await FakeXPlane.start();
  server = await startServer({ XPLANE: 'on', XPLANE_HOSTS: `127.0.0.1:${sim.port}`, XPLANE_HOST: '127.0.0.1', XPLANE_LISTEN_PORT: '0', XPLANE_BEACON: 'off' });
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await sim?.close();
  const code = await server?.stop();
  expect(code).toBe(0);
});

describe('Sim PFD', () => {
  it('subscribes to the fake X-Plane, draws its data as it changes, puts the aircraft on the map, sends the flight director, and shows the link lost when the data stops', async () => {
    const context = await signedInContext(browser, server, { viewport: { width: 390, height: 844 }, colorScheme: 'dark' });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    try {
      await page.goto(`${server.origin}/app/SimPFD`);
      const status = page.getByTestId('sim-status');
      await expect.poll(() => status.textContent(), { timeout: 20_000 }).toBe('X-Plane found: subscribe to fly');
      await page.getByRole('button', { name: 'Subscribe', exact: true }).click();
      await sim.waitFor((p) => p.kind === 'RREF' && p.dataref === 'sim/time/paused' && p.frequency > 0, 10_000);
      sim.set(FLYING);
      sim.run(20);

      const pfd = page.getByTestId('sim-pfd');
      await expect.poll(() => pfd.getAttribute('data-altitude'), { timeout: 10_000 }).toBe('5000');
      await expect.poll(() => status.textContent(), { timeout: 10_000 }).toBe('X-Plane connected (UDP) · simulating');
      expect(await pfd.getAttribute('data-airspeed')).toBe('105');
      expect(await pfd.getAttribute('aria-label')).toContain('heading 270°');
      const framesBefore = Number(await pfd.getAttribute('data-frames'));

      // The aircraft climbs and turns: the PFD follows.
      sim.set({ 'sim/flightmodel/position/elevation': 1600, 'sim/flightmodel/position/mag_psi': 300, 'sim/flightmodel/position/vh_ind_fpm': 700 });
      await expect.poll(() => pfd.getAttribute('data-altitude'), { timeout: 10_000 }).toBe('5249');
      expect(await pfd.getAttribute('data-heading')).toBe('300');
      expect(Number(await pfd.getAttribute('data-frames'))).toBeGreaterThan(framesBefore);
      // The canvas has been drawn (not blank): some pixels differ from the first one.
      const drawn = await pfd.evaluate((canvas: HTMLCanvasElement) => {
        const ctx = canvas.getContext('2d')!;
        const { data } = ctx.getImageData(0, 0, canvas.width, canvas.height);
        const colours = new Set<number>();
        for (let i = 0; i < data.length; i += 4 * 97) colours.add((data[i]! << 16) | (data[i + 1]! << 8) | data[i + 2]!);
        return colours.size;
      });
      expect(drawn).toBeGreaterThan(10);

      // Flight director: off to on reaches X-Plane as a DREF.
      await page.getByRole('button', { name: 'FD on' }).click();
      const fd = await sim.waitFor((p) => p.kind === 'DREF' && p.dataref === 'sim/cockpit2/autopilot/flight_director_mode', 10_000);
      expect(fd).toMatchObject({ value: 1 });
      expect(fd.bytes.length).toBe(509);

      // The map (the same app, now on the map page): ownship at the simulator's position, badged SIM.
      await page.goto(`${server.origin}/app/map1`);
      const ownshipSource = page.getByTestId('ownship-source');
      await expect.poll(() => ownshipSource.textContent(), { timeout: 30_000 }).toBe('SIM');
      const ownshipAt = () => page.locator('[data-ownship]').first().getAttribute('data-ownship');
      await expect.poll(ownshipAt, { timeout: 10_000 }).toBe('37.50000,-122.25000');
      expect(await page.getByTestId('ownship').getAttribute('data-heading')).toBe('284');

      // X-Plane stops sending: after 10 s the link is lost; the map keeps the last position as the last
      // fix (grey, badged), no longer the simulator's; the PFD says the link is lost and keeps the last data.
      sim.pause();
      await expect.poll(() => ownshipSource.textContent(), { timeout: 20_000 }).toBe('last fix');
      expect(await page.getByTestId('ownship').getAttribute('data-source')).toBe('last');
      expect(await ownshipAt()).toBe('37.50000,-122.25000');
      await page.goto(`${server.origin}/app/SimPFD`);
      await expect.poll(() => status.textContent(), { timeout: 20_000 }).toBe('Link lost: last position shown as stale');
      await expect.poll(() => pfd.getAttribute('data-altitude'), { timeout: 10_000 }).toBe('5249');
      expect(await pfd.getAttribute('aria-label')).toMatch(/^Primary flight display \(stale\): Altitude 5249 ft/);
      expect(errors, 'uncaught errors in the page').toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('draws the whole PFD (tapes, HSI with course, deviation and glideslope, engine strip) at tablet and phone widths, by day and by night, with 44 px controls', async () => {
    const context = await signedInContext(browser, server, { viewport: { width: 1024, height: 768 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    try {
      sim.set(ON_APPROACH);
      sim.run(20);
      await page.goto(`${server.origin}/app/SimPFD`);
      const status = page.getByTestId('sim-status');
      const subscribe = page.getByRole('button', { name: 'Subscribe', exact: true });
      await expect.poll(async () => (await subscribe.isVisible()) || (await status.textContent()) === 'X-Plane connected (UDP) · simulating', { timeout: 30_000 }).toBe(true);
      if (await subscribe.isVisible()) await subscribe.click();
      const pfd = page.getByTestId('sim-pfd');
      await expect.poll(() => pfd.getAttribute('data-airspeed'), { timeout: 20_000 }).toBe('92');
      await expect.poll(() => status.textContent(), { timeout: 20_000 }).toBe('X-Plane connected (UDP) · simulating');
      expect(await pfd.getAttribute('aria-label')).toContain('heading 270°');
      await page.getByRole('button', { name: 'Unsubscribe', exact: true }).waitFor();
      // On a tablet the PFD fills the height under the top bar (a second screen in the cockpit).
      const pfdBox = await pfd.boundingBox();
      expect(pfdBox!.height).toBeGreaterThan(768 - 58 - 2);

      await nightMode(page, false);
      await touchTargets(page);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      const dayTablet = await pfdBrightness(page);
      await page.screenshot({ path: join(screenshots, 'pfd-tablet-day.png') });
      await nightMode(page, true);
      await expect.poll(() => pfdBrightness(page), { timeout: 5_000 }).toBeLessThan(dayTablet * 0.8);
      await page.screenshot({ path: join(screenshots, 'pfd-tablet-night.png') });

      await page.setViewportSize({ width: 390, height: 844 });
      await expect.poll(() => pfd.evaluate((c: HTMLCanvasElement) => c.getBoundingClientRect().width), { timeout: 5_000 }).toBeLessThanOrEqual(390);
      await touchTargets(page);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      const nightPhone = await pfdBrightness(page);
      await page.screenshot({ path: join(screenshots, 'pfd-phone-night.png') });
      await nightMode(page, false);
      await expect.poll(() => pfdBrightness(page), { timeout: 5_000 }).toBeGreaterThan(nightPhone * 1.25);
      await page.screenshot({ path: join(screenshots, 'pfd-phone-day.png') });
      console.log(`[sim e2e] PFD mean brightness: tablet day ${dayTablet.toFixed(1)}, phone night ${nightPhone.toFixed(1)}`);
      expect(errors, 'uncaught errors in the page').toEqual([]);
    } finally {
      sim.pause();
      await context.close();
    }
  });
});
