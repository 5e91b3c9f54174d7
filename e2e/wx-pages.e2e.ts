// The weather data pages (issue 17: /app/wx_flightrules, wx_sigmet, wx_airmet, wx_pireps,
// wx_winds_aloft) against the real server reading the shared weather files
// (WEATHER_SOURCE=../shared/data/weather). Each page shows what the server's snapshot holds: every
// METAR station by flight category, the SIGMETs and G-AIRMETs by kind and hazard, the PIREPs with the
// urgent ones first, the winds aloft at a chosen spec weather level (a level between two bulletin
// levels is interpolated and says so); a tap on a listed item opens its decoded text and raw report.
// Then the network is cut and each page reloaded: it renders again from the snapshots stored in the
// `wx` database. The first picture of a page from the local cache is printed (no timed assertion).
// Screenshots on a phone and a tablet, by day and at night, go to test-results/screenshots/.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, signedInContext, startServer, type RunningServer } from './harness.js';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const WEATHER_DIR = join(repoRoot, '..', 'shared', 'data', 'weather');
const screenshots = join(repoRoot, 'test-results', 'screenshots');
const PAGES = ['wx_flightrules', 'wx_sigmet', 'wx_airmet', 'wx_pireps', 'wx_winds_aloft'] as const;
type PageName = (typeof PAGES)[number];
/** Which snapshot each page draws. */
const TYPE_OF: Record<PageName, 'metar' | 'airmet' | 'pirep' | 'fbo'> = { wx_flightrules: 'metar', wx_sigmet: 'airmet', wx_airmet: 'airmet', wx_pireps: 'pirep', wx_winds_aloft: 'fbo' };

interface Snapshots {
  metar: { cycle: number; stations: { id: string; cat: string | null; raw: string }[] };
  airmet: { cycle: number; advisories: { kind: string; hazard: string; validFrom: number | null; raw: string }[] };
  pirep: { cycle: number; reports: { urgent: boolean; raw: string }[] };
  fbo: { cycle: number; bulletins: { raw: string }[] };
}

let server: RunningServer;
let browser: Browser;
let wx: Snapshots;
const started = performance.now();

async function snapshot<T>(type: string): Promise<T> {
  let reply = await fetch(`${server.origin}/wx/${type}.json`);
  // The server ingests the folder just after it starts.
  for (let tries = 0; reply.status === 404 && tries < 150; tries += 1) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    reply = await fetch(`${server.origin}/wx/${type}.json`);
  }
  if (reply.status !== 200) throw new Error(`${server.origin}/wx/${type}.json answered ${reply.status}`);
  return (await reply.json()) as T;
}

beforeAll(async () => {
  mkdirSync(screenshots, { recursive: true });
  server = await startServer({ WEATHER_SOURCE: WEATHER_DIR });
  browser = await launchChromium();
  wx = {
    metar: await snapshot('metar'),
    airmet: await snapshot('airmet'),
    pirep: await snapshot('pirep'),
    fbo: await snapshot('fbo'),
  };
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  console.log(`[wx-pages] file took ${((performance.now() - started) / 1000).toFixed(1)} s`);
});

const root = (name: PageName) => `[data-testid="page-${name}"]`;

/** Waits until a page shows the snapshot of the expected cycle and its map has drawn it. */
async function shown(page: Page, name: PageName): Promise<void> {
  await page.waitForSelector(`${root(name)}[data-wx-cycle="${wx[TYPE_OF[name]].cycle}"][data-wx-drawn-ms]`, { timeout: 30_000 });
}

/**
 * Opens a page: the first time by its address (a phone's install screen is passed), then inside the
 * app as the menu does (the router follows a history entry), so the app does not boot again for each.
 */
async function open(page: Page, name: PageName): Promise<void> {
  if (!page.url().includes('/app/')) {
    await page.goto(`${server.origin}/app/${name}`);
    if ((page.viewportSize()?.width ?? 0) < 600) await page.getByRole('button', { name: 'Continue without installing' }).click();
  } else {
    await page.evaluate((path) => {
      window.history.pushState(null, '', path);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, `/app/${name}`);
  }
  await shown(page, name);
}

async function count(page: Page, name: PageName): Promise<number> {
  return Number(await page.getAttribute(root(name), 'data-wx-count'));
}

/** The smaller side of an element's box, CSS px. */
async function side(page: Page, selector: string): Promise<number> {
  const box = await page.locator(selector).first().boundingBox();
  return Math.min(box?.width ?? 0, box?.height ?? 0);
}

async function shoot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: join(screenshots, `${name}.png`) });
}

describe('weather data pages', () => {
  let tablet: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    tablet = await signedInContext(browser, server, { viewport: { width: 1180, height: 820 }, hasTouch: true, colorScheme: 'light' });
    page = await tablet.newPage();
  });
  afterAll(async () => {
    await tablet?.close();
  });

  it('Flight Rules: every METAR station by category, categories switched off, a station tapped shows its report', async () => {
    await open(page, 'wx_flightrules');
    const stations = wx.metar.stations;
    expect(await count(page, 'wx_flightrules')).toBe(stations.length);
    const vfr = stations.filter((s) => s.cat === 'VFR').length;
    const chip = page.locator('[data-testid="wx-filter-category"] button[data-key="VFR"]');
    expect(await chip.innerText()).toBe(`VFR ${vfr.toLocaleString('en-US')}`);
    expect(await side(page, '[data-testid="wx-filter-category"] button')).toBeGreaterThanOrEqual(44);
    expect(await page.getAttribute(root('wx_flightrules'), 'data-wx-stale')).toBe('no');
    expect(await page.getByTestId('wx-age').innerText()).toMatch(/^Downloaded \d{4}Z, (just now|\d+ min old)$/);
    await shoot(page, 'wx-flightrules-tablet-day');
    await chip.click();
    expect(await chip.getAttribute('aria-pressed')).toBe('false');
    await expect.poll(() => count(page, 'wx_flightrules')).toBe(stations.length - vfr);
    // Worst first: the first listed station is LIFR.
    const first = page.getByTestId('wx-item').first();
    expect(await first.innerText()).toMatch(/^K?[A-Z0-9]{3,4} · LIFR/);
    expect(await side(page, '[data-testid="wx-item"] button')).toBeGreaterThanOrEqual(44);
    await first.locator('button').click();
    const id = (await first.innerText()).split(' ')[0] ?? '';
    expect(await first.getByTestId('wx-raw').innerText()).toBe(stations.find((s) => s.id === id)?.raw);
    await page.getByTestId('wx-station-search').fill(id);
    await expect.poll(() => page.getByTestId('wx-item').count()).toBe(1);
  });

  it('SIGMETs: every SIGMET, convective SIGMET, outlook and CWA by kind, with its text', async () => {
    await open(page, 'wx_sigmet');
    const shown = wx.airmet.advisories.filter((a) => a.kind !== 'G_AIRMET');
    expect(await count(page, 'wx_sigmet')).toBe(shown.length);
    const groups = await page.getByTestId('wx-group').evaluateAll((els) => els.map((el) => [el.getAttribute('data-group'), el.querySelectorAll('[data-testid="wx-item"]').length]));
    expect(groups).toEqual(['CONVECTIVE_SIGMET', 'SIGMET', 'CONVECTIVE_OUTLOOK', 'CWA'].map((kind) => [kind, shown.filter((a) => a.kind === kind).length]));
    await page.locator('[data-testid="wx-group"][data-group="CONVECTIVE_SIGMET"] [data-testid="wx-item"] button').first().click();
    expect(await page.getByTestId('wx-raw').innerText()).toMatch(/^CONVECTIVE SIGMET \d+[EWC]/);
    await shoot(page, 'wx-sigmet-tablet-day');
    // Only convective SIGMETs.
    for (const kind of ['SIGMET', 'CONVECTIVE_OUTLOOK', 'CWA']) await page.locator(`[data-testid="wx-filter-kind"] button[data-key="${kind}"]`).click();
    await expect.poll(() => count(page, 'wx_sigmet')).toBe(shown.filter((a) => a.kind === 'CONVECTIVE_SIGMET').length);
  });

  it('G-AIRMETs: by hazard at the chosen time, all times together', async () => {
    await open(page, 'wx_airmet');
    const gairmets = wx.airmet.advisories.filter((a) => a.kind === 'G_AIRMET');
    const times = [...new Set(gairmets.map((a) => a.validFrom))];
    expect(await page.locator('[data-testid="wx-filter-time"] button').count()).toBe(times.length + 1);
    // The data's times are all past: the page opens on the latest, the one in force.
    const latest = Math.max(...times.map(Number));
    expect(await count(page, 'wx_airmet')).toBe(gairmets.filter((a) => a.validFrom === latest).length);
    await page.locator('[data-testid="wx-filter-time"] button[data-key="all"]').click();
    await expect.poll(() => count(page, 'wx_airmet')).toBe(gairmets.length);
    const hazards = await page.getByTestId('wx-group').evaluateAll((els) => els.map((el) => el.getAttribute('data-group')));
    expect(new Set(hazards)).toEqual(new Set(gairmets.map((a) => a.hazard)));
    await page.locator('[data-testid="wx-filter-hazard"] button[data-key="FREEZING_LEVEL"]').click();
    await expect.poll(() => count(page, 'wx_airmet')).toBe(gairmets.filter((a) => a.hazard !== 'FREEZING_LEVEL').length);
    await shoot(page, 'wx-airmet-tablet-day');
  });

  it('PIREPs: every report, urgent ones first and marked, decoded on a tap', async () => {
    await open(page, 'wx_pireps');
    const reports = wx.pirep.reports;
    const urgent = reports.filter((r) => r.urgent).length;
    expect(urgent).toBeGreaterThan(0);
    expect(await count(page, 'wx_pireps')).toBe(reports.length);
    expect(await page.getByTestId('wx-urgent').count()).toBe(urgent);
    const first = page.getByTestId('wx-item').first();
    expect(await first.getByTestId('wx-urgent').count()).toBe(1);
    await first.locator('button').click();
    expect(await first.getByTestId('wx-details').innerText()).toContain('Urgent PIREP (UUA)');
    expect(reports.map((r) => r.raw)).toContain(await first.getByTestId('wx-raw').innerText());
    await shoot(page, 'wx-pireps-tablet-day');
    await page.locator('[data-testid="wx-filter-what"] button[data-key="urgent"]').click();
    await expect.poll(() => count(page, 'wx_pireps')).toBe(urgent);
  });

  it('Winds Aloft: a chosen level changes the winds; a level between bulletin levels is interpolated and says so', async () => {
    await open(page, 'wx_winds_aloft');
    const winds = page.getByTestId('wx-winds');
    expect(await winds.getAttribute('data-level')).toBe('12000');
    const abi = () => page.getByTestId('wx-item').filter({ hasText: /^ABI · / }).first();
    // FBUS31 of 31 Jan 2026, ABI: 12,000 ft `3232-10`, 30,000 ft `359045`.
    expect(await abi().locator('button').innerText()).toContain('ABI · 320° 32 kt · −10 °C\nAs issued (FBUS31)');
    const chooseLevel = async (option: string) => {
      await page.getByRole('combobox', { name: 'Level' }).click();
      await page.getByRole('option', { name: option, exact: true }).click();
    };
    await chooseLevel('FL300');
    await expect.poll(() => winds.getAttribute('data-level')).toBe('30000');
    expect(await abi().locator('button').innerText()).toContain('ABI · 350° 90 kt · −45 °C');
    await chooseLevel('8,000 ft (interpolated)');
    await expect.poll(() => winds.getAttribute('data-level')).toBe('8000');
    expect(Number(await winds.getAttribute('data-interpolated'))).toBe(await count(page, 'wx_winds_aloft'));
    expect(await abi().locator('button').innerText()).toContain('Interpolated between 6,000 ft and 9,000 ft');
    // Above the highest level of every bulletin nothing is forecast: the level cannot be chosen.
    await page.getByRole('combobox', { name: 'Level' }).click();
    expect(await page.getByRole('option', { name: 'FL440 (no forecast)' }).getAttribute('aria-disabled')).toBe('true');
    await page.keyboard.press('Escape');
    await abi().locator('button').click();
    expect(await abi().getByTestId('wx-raw').innerText()).toMatch(/^FT\s+3000.*\nABI /);
    await shoot(page, 'wx-winds-aloft-tablet-day');
  });

  it('offline after one visit: every page renders from the snapshots stored on the device; first picture figures', async () => {
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 30_000 }).toBe(true);
    await tablet.setOffline(true);
    try {
      // A cold start offline on the page (app code from the service worker, weather from the `wx` database), twice.
      for (let n = 0; n < 2; n += 1) {
        await page.reload();
        await shown(page, 'wx_winds_aloft');
        const list = Number(await page.getAttribute(root('wx_winds_aloft'), 'data-wx-list-ms'));
        const drawn = Number(await page.getAttribute(root('wx_winds_aloft'), 'data-wx-drawn-ms'));
        console.log(`[wx-pages] wx_winds_aloft cold start offline: list ${list.toFixed(0)} ms, map drawn ${drawn.toFixed(0)} ms after navigation start`);
      }
      for (const name of PAGES) {
        await open(page, name);
        await expect.poll(() => page.getAttribute(root(name), 'data-wx-status')).toBe('offline');
        expect(await count(page, name)).toBeGreaterThan(0);
        expect(await page.getByTestId('wx-age').innerText()).toContain('offline, from this device');
        const [mounted, list, drawn] = await Promise.all(['mounted', 'list', 'drawn'].map(async (what) => Number(await page.getAttribute(root(name), `data-wx-${what}-ms`))));
        console.log(`[wx-pages] ${name} opened in the app offline: first picture (list ${((list ?? 0) - (mounted ?? 0)).toFixed(0)} ms, map drawn ${((drawn ?? 0) - (mounted ?? 0)).toFixed(0)} ms) after the page mounted (target 500 ms)`);
      }
      await shoot(page, 'wx-winds-aloft-offline-tablet-day');
    } finally {
      await tablet.setOffline(false);
    }
  }, 120_000);

  it('night theme on a phone and a tablet, 44 px controls within a 390 px phone', async () => {
    const phone = await signedInContext(browser, server, { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, colorScheme: 'dark' });
    try {
      const p = await phone.newPage();
      for (const name of PAGES) {
        await open(p, name);
        const box = await p.locator(`${root(name)} [data-testid="wx-list"]`).boundingBox();
        expect(box?.width ?? 0, name).toBeLessThanOrEqual(390);
        expect(await side(p, `${root(name)} [data-testid="wx-item"] button`), name).toBeGreaterThanOrEqual(44);
        const bg = await p.locator(root(name)).evaluate((el) => getComputedStyle(el).backgroundColor);
        // Night: a dark page background.
        const [r = 255, g = 255, b = 255] = (bg.match(/\d+/g) ?? []).map(Number);
        expect(r + g + b, `${name} background ${bg}`).toBeLessThan(150);
        await shoot(p, `${name.replace(/_/g, '-')}-phone-night`);
      }
      await p.getByTestId('wx-item').first().locator('button').click();
      await shoot(p, 'wx-winds-aloft-phone-night-open');
    } finally {
      await phone.close();
    }
    const nightTablet = await signedInContext(browser, server, { viewport: { width: 1180, height: 820 }, hasTouch: true, colorScheme: 'dark' });
    try {
      const p = await nightTablet.newPage();
      await open(p, 'wx_pireps');
      await shoot(p, 'wx-pireps-tablet-night');
      await open(p, 'wx_flightrules');
      await shoot(p, 'wx-flightrules-tablet-night');
    } finally {
      await nightTablet.close();
    }
    const dayPhone = await signedInContext(browser, server, { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, colorScheme: 'light' });
    try {
      const p = await dayPhone.newPage();
      await open(p, 'wx_sigmet');
      await shoot(p, 'wx-sigmet-phone-day');
    } finally {
      await dayPhone.close();
    }
  }, 240_000);
});
