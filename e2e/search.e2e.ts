// The search box against the real nav database (FAA US files) in the real routing worker: airports by
// id and by name, routes with their distance, unknown tokens, keyboard-only use, and the time from the
// debounce end to the suggestions shown.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSignedInApp, prefsProperty, type RunningServer, type SignedInApp } from './harness.js';

let app: SignedInApp;
let server: RunningServer;
let page: Page;
let errors: string[] = [];

beforeAll(async () => {
  app = await openSignedInApp('search', { viewport: { width: 1280, height: 800 } });
  ({ server, page, errors } = app);
}, 180_000);

afterAll(async () => {
  await app?.close();
});

/** A property of the 'prefs' IndexedDB database. */
const property = (key: string): Promise<unknown> => prefsProperty(page, key);

async function clearBox(): Promise<void> {
  const clear = page.getByRole('button', { name: 'clear search' });
  if (await clear.isVisible()) await clear.click();
}

/** Types a query and waits for the suggestions it produces; returns the request number shown. */
async function query(text: string): Promise<string[]> {
  const list = page.getByTestId('search-listbox');
  const before = (await list.getAttribute('data-request')) ?? '0';
  await page.getByRole('combobox').fill(text);
  await page.waitForFunction(
    (prev) => {
      const el = document.querySelector('[data-testid="search-listbox"]');
      return !!el && (el.getAttribute('data-request') ?? '0') !== prev;
    },
    before,
    { timeout: 10_000 },
  );
  return page.getByRole('option').allInnerTexts();
}

describe('search box', () => {
  it("finds 'KHWD' by id, and Enter on it opens the airport page with airport_id stored", async () => {
    const texts = await query('KHWD');
    expect(texts.some((t) => t.includes('HAYWARD EXEC'))).toBe(true);
    await page.getByRole('option', { name: /HAYWARD EXEC/ }).first().click();
    await page.waitForURL('**/app/airport', { timeout: 10_000 });
    expect(await property('airport_id')).toMatch(/^K?HWD$/);
    expect(await page.getByRole('combobox').inputValue()).toBe('');
  });

  it("finds 'Hayward' by name", async () => {
    await page.goto(`${server.origin}/app/map1`);
    await page.waitForSelector('[data-testid="app-shell"][data-navdb-state="loaded"]', { timeout: 60_000 });
    const texts = await query('Hayward');
    expect(texts.some((t) => t.includes('HAYWARD EXEC'))).toBe(true);
  });

  it('shows a route with its distance, and Enter stores it as the current route', async () => {
    await clearBox();
    const texts = await query('khwd oak ksfo');
    const route = texts.find((t) => t.startsWith('Select Route:'));
    expect(route).toMatch(/^Select Route: KHWD OAK KSFO Distance: \d+(\.\d+)? nm$/);
    console.log(`[search] ${route}`);
    await page.getByRole('combobox').press('Enter');
    await expect.poll(async () => ((await property('route')) as { final_string?: string } | undefined)?.final_string, { timeout: 5000 }).toBe('KHWD OAK KSFO');
  });

  it("shows 'Not recognized: ZZZZZ' for an unknown token", async () => {
    await clearBox();
    const texts = await query('KHWD ZZZZZ');
    // The spec's row text, with the token's reason (issue 28) on a second line.
    const row = texts.find((t) => t.split('\n')[0] === 'Not recognized: ZZZZZ');
    expect(row?.split('\n').slice(1)).toEqual(['ZZZZZ: no airport, navaid, fix or airway has this name']);
    expect(texts.some((t) => t.startsWith('Select Route:'))).toBe(false);
  });

  it('works with the keyboard only: arrows move, Enter picks the airport', async () => {
    await clearBox();
    const box = page.getByRole('combobox');
    await box.focus();
    const list = page.getByTestId('search-listbox');
    const before = (await list.getAttribute('data-request')) ?? '0';
    await page.keyboard.type('KHWD');
    await page.waitForFunction((prev) => document.querySelector('[data-testid="search-listbox"]')?.getAttribute('data-request') !== prev, before);
    // Recent searches come first: arrow down to the airport (one past it and back up).
    const texts = await page.getByRole('option').allInnerTexts();
    const target = texts.findIndex((t) => t.includes('HAYWARD EXEC'));
    expect(target).toBeGreaterThanOrEqual(0);
    for (let i = 0; i <= target + 1 && i < texts.length; i++) await page.keyboard.press('ArrowDown');
    if (target + 1 < texts.length) await page.keyboard.press('ArrowUp');
    const activeId = await box.getAttribute('aria-activedescendant');
    expect(activeId).toBeTruthy();
    expect(await page.locator(`[id="${activeId}"]`).innerText()).toContain('HAYWARD EXEC');
    await page.keyboard.press('Enter');
    await page.waitForURL('**/app/airport', { timeout: 10_000 });
  });

  it('[bench] suggestions shown after the debounce for real queries', async () => {
    await page.goto(`${server.origin}/app/map1`);
    await page.waitForSelector('[data-testid="app-shell"][data-navdb-state="loaded"]', { timeout: 60_000 });
    const airports = ['KSFO', 'KOAK', 'KSJC', 'KLAX', 'KJFK', 'KBOS', 'KSEA', 'KPDX', 'KDEN', 'KORD', 'KATL', 'KDFW', 'KPHX', 'KLAS', 'KSAN', 'KSMF', 'KMRY', 'KSTS', 'KSQL', 'KPAO', 'KLVK', 'KCCR', 'KHWD', 'KMSP', 'KDTW'];
    const words = ['SAN', 'SANTA', 'OAKLAND', 'DENVER', 'HAYWARD', 'LOS', 'PALO', 'BOSTON', 'SEATTLE', 'CHICAGO', 'OAK', 'SFO', 'PYE', 'SJC', 'V25', 'V27', 'J1', 'ECA', 'SUNOL', 'MOD'];
    const queries: string[] = [];
    for (const a of airports) queries.push(a.slice(0, 2), a.slice(0, 3), a);
    queries.push(...words);
    for (let i = 0; i + 1 < airports.length; i++) queries.push(`${airports[i]} ${airports[i + 1]}`);
    for (let i = 0; i + 2 < airports.length; i++) queries.push(`${airports[i]} OAK ${airports[i + 2]}`);
    for (let i = 0; i < airports.length; i++) queries.push(`${airports[i]} ${airports[(i + 5) % airports.length]}`);
    for (const a of airports) queries.push(a.slice(1));
    queries.push('KH', 'KP', 'KS', 'N', 'HAY', 'SUN', 'MON', 'REDWOOD');
    // npm test checks the measurement works on 20 queries; `npm run bench:search` measures all 200.
    const count = Math.min(Number(process.env.SEARCH_BENCH_QUERIES ?? 20), queries.length);
    const times: number[] = [];
    for (const q of queries.slice(0, count)) {
      await query(q);
      times.push(Number(await page.getByTestId('search-listbox').getAttribute('data-suggest-ms')));
    }
    times.sort((a, b) => a - b);
    const pct = (p: number) => times[Math.min(times.length - 1, Math.ceil((p / 100) * times.length) - 1)] ?? NaN;
    console.log(
      `[bench] search: debounce end -> suggestions shown, ${times.length} queries: p50 ${pct(50).toFixed(1)} ms, p95 ${pct(95).toFixed(1)} ms, max ${pct(100).toFixed(1)} ms (target p95 <= 50 ms)`,
    );
    expect(times.every((t) => Number.isFinite(t))).toBe(true);
    expect(errors).toEqual([]);
  }, 300_000);
});
