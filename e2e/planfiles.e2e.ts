// Flight plan files in the route screen (issue 24): a real Garmin .fpl from the shared data imported
// through the file picker against the real US test nav database in the routing worker, the route it
// builds compared with the one planfiles and the engine build here in Node from the same file and
// database; then the route exported as an X-Plane .fms download, read back with planfiles; then sent
// to the X-Plane folder (XPLANE_FMS_DIR of the real server) and read back from that folder.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openNavDb, type NavDb } from '@clearway/navdb';
import { DEFAULT_PROFILE, parseRoute } from '../packages/flightplan/src/index.js';
import { navDbLookup, planToRouteString, readFms, readPlan, resolvePlan } from '../packages/planfiles/src/index.js';
import { openSignedInApp, waitNavDbLoaded, type SignedInApp } from './harness.js';

const FPL = new URL('../../shared/data/xplane/flightplans/aerofly-missions/KBLI.fpl', import.meta.url).pathname;
const SHARED_FPL = new URL('../../shared/data/xplane/flightplans/aerofly-missions/KLAS.fpl', import.meta.url).pathname;

let app: SignedInApp;
let page: Page;
let db: NavDb;

/** X-Plane's `Output/FMS plans` folder for this run: the harness starts the server with process.env. */
const FMS_DIR = join(mkdtempSync(join(tmpdir(), 'clearway-e2e-fms-')), 'Output', 'FMS plans');

beforeAll(async () => {
  Object.assign(process.env, { XPLANE: 'on', XPLANE_HOST: '127.0.0.1', XPLANE_LISTEN_PORT: '0', XPLANE_BEACON: 'off', XPLANE_WEB_API: 'off', XPLANE_FMS_DIR: FMS_DIR });
  app = await openSignedInApp('planfiles', { viewport: { width: 1280, height: 900 }, acceptDownloads: true });
  page = app.page;
  const bytes = readFileSync(join(app.navdata, 'us.cwnav'));
  db = openNavDb(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
}, 180_000);

afterAll(async () => {
  await app?.close();
});

describe('flight plan files on the route screen', () => {
  it('imports a Garmin .fpl and exports the route as X-Plane .fms', async () => {
    await page.goto(`${app.server.origin}/app/route`);
    // The file is opened at once after this reload, while the app is starting: the import waits for
    // the nav database in the routing worker rather than failing.
    await page.waitForSelector('[data-testid="plan-files"]');
    const startedBefore = await page.locator('[data-testid="app-shell"]').getAttribute('data-navdb-state');
    await page.setInputFiles('[data-testid="plan-import-input"]', FPL);
    console.log(`[planfiles e2e] file opened with the nav database ${startedBefore}`);
    const report = page.getByTestId('plan-import-report');
    await report.waitFor({ state: 'visible', timeout: 30_000 });
    expect(await report.textContent()).toContain('KBLI.fpl (Garmin .fpl):');
    expect(await report.textContent()).not.toContain('not initialized');
    await waitNavDbLoaded(page);

    // The same file, resolved and parsed here against the same database.
    const resolved = resolvePlan(readPlan(readFileSync(FPL, 'utf8')).plan, navDbLookup(db));
    const expected = parseRoute(planToRouteString(resolved.plan), DEFAULT_PROFILE, db, { now: Date.now() });
    for (const m of resolved.messages) expect(await report.textContent()).toContain(m);
    await page.getByRole('button', { name: 'OK' }).click();
    await page.waitForSelector(`[data-testid="page-route"][data-final-string="${expected.final_string}"]`, { timeout: 30_000 });

    await page.getByTestId('plan-export-button').click();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('plan-export-xplane-fms').click()]);
    expect(download.suggestedFilename()).toMatch(/\.fms$/);
    const fms = readFms(readFileSync(await download.path(), 'utf8'));
    expect(fms.navCycle).toBe(db.header.cycle);
    expect(fms.points.map((p) => p.ident)).toEqual(expected.all_waypoints.map((w) => w.code));
    fms.points.forEach((p, i) => {
      expect(Math.abs(p.lat - expected.all_waypoints[i]!.location.lat)).toBeLessThan(1e-5);
      expect(Math.abs(p.lon - expected.all_waypoints[i]!.location.lon)).toBeLessThan(1e-5);
    });

    // The server says the X-Plane folder is configured: the menu offers it, and the file lands there.
    await page.getByTestId('plan-export-button').click();
    await page.getByTestId('plan-export-xplane-folder').click();
    const sent = page.getByTestId('plan-import-report');
    await sent.waitFor({ state: 'visible', timeout: 30_000 });
    const name = download.suggestedFilename();
    expect(await sent.textContent()).toContain(`Flight plan written to X-Plane's FMS plans as ${name}`);
    expect(readdirSync(FMS_DIR)).toEqual([name]);
    const inFolder = readFms(readFileSync(join(FMS_DIR, name), 'utf8'));
    expect(inFolder.points.map((p) => p.ident)).toEqual(expected.all_waypoints.map((w) => w.code));
    expect(inFolder.navCycle).toBe(db.header.cycle);
    await page.getByRole('button', { name: 'OK' }).click();
    expect(app.errors).toEqual([]);
  });

  it('the share target: a plan file POSTed as multipart to /app/route/share is kept by the service worker and imported on the route screen', async () => {
    // The installed app's manifest names the share target.
    const manifest = (await (await fetch(`${app.server.origin}/manifest.webmanifest`)).json()) as { share_target?: { action: string; method: string; enctype: string; params: { files: { name: string; accept: string[] }[] } } };
    expect(manifest.share_target).toMatchObject({ action: '/app/route/share', method: 'POST', enctype: 'multipart/form-data' });
    expect(manifest.share_target?.params.files[0]?.name).toBe('plan');
    expect(manifest.share_target?.params.files[0]?.accept).toEqual(expect.arrayContaining(['.fpl', '.gfp', '.fms', '.pln', '.gpx']));

    await page.goto(`${app.server.origin}/app/route`);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 60_000 });
    await waitNavDbLoaded(page);
    // What another app's share does: a navigation POST of multipart form data with the file in "plan".
    await page.evaluate(() => {
      const form = document.createElement('form');
      form.method = 'POST';
      form.enctype = 'multipart/form-data';
      form.action = '/app/route/share';
      form.id = 'share-form';
      const input = document.createElement('input');
      input.type = 'file';
      input.name = 'plan';
      input.id = 'share-file';
      form.appendChild(input);
      document.body.appendChild(form);
    });
    await page.setInputFiles('#share-file', SHARED_FPL);
    await Promise.all([page.waitForURL(/\/app\/route/, { timeout: 30_000 }), page.evaluate(() => (document.getElementById('share-form') as HTMLFormElement).submit())]);
    const report = page.getByTestId('plan-import-report');
    await report.waitFor({ state: 'visible', timeout: 60_000 });
    expect(await report.textContent()).toContain('KLAS.fpl (Garmin .fpl):');
    // The same file resolved here gives the route the screen now shows.
    const resolved = resolvePlan(readPlan(readFileSync(SHARED_FPL, 'utf8')).plan, navDbLookup(db));
    const expected = parseRoute(planToRouteString(resolved.plan), DEFAULT_PROFILE, db, { now: Date.now() });
    await page.getByRole('button', { name: 'OK' }).click();
    await page.waitForSelector(`[data-testid="page-route"][data-final-string="${expected.final_string}"]`, { timeout: 30_000 });
    // Taken once: the address no longer asks for it and the cache entry is gone.
    expect(new URL(page.url()).searchParams.has('shared')).toBe(false);
    expect(await page.evaluate(async () => (await (await caches.open('clearway-shared-plan')).keys()).length)).toBe(0);
    expect(app.errors).toEqual([]);
  }, 240_000);

  it('weight and balance panel: 44 px controls and no sideways scroll on a phone at night and on a tablet by day (screenshots)', async () => {
    const shots = new URL('../test-results/screenshots/planfiles/', import.meta.url).pathname;
    mkdirSync(shots, { recursive: true });
    for (const [name, viewport, colorScheme] of [['wb-phone-night', { width: 390, height: 844 }, 'dark'], ['wb-tablet-day', { width: 1180, height: 820 }, 'light']] as const) {
      await page.setViewportSize(viewport);
      await page.emulateMedia({ colorScheme });
      await page.goto(`${app.server.origin}/app/route`);
      await page.getByRole('navigation', { name: 'Route screen' }).getByRole('button', { name: 'Profile' }).click();
      const panel = page.getByTestId('wb-panel');
      await panel.scrollIntoViewIfNeeded();
      for (const testId of ['wb-save', 'wb-empty-weight', 'wb-load-front', 'wb-taxi-fuel']) {
        const box = await page.getByTestId(testId).locator('xpath=ancestor-or-self::*[contains(@class,"MuiInputBase-root") or self::button][1]').boundingBox();
        expect(box?.height, `${name} ${testId}`).toBeGreaterThanOrEqual(44);
      }
      const select = await panel.getByRole('combobox').locator('xpath=ancestor::*[contains(@class,"MuiInputBase-root")][1]').boundingBox();
      expect(select?.height, `${name} aircraft picker`).toBeGreaterThanOrEqual(44);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), name).toBeLessThanOrEqual(viewport.width);
      await panel.screenshot({ path: `${shots}${name}.png` });
    }
    expect(app.errors).toEqual([]);
  }, 180_000);
});
