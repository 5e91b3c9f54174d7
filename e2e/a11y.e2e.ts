// Issue 23 "Accessibility and quality gates": axe-core on every page that exists (the list in
// apps/web/src/platform/pages.ts; a page still showing its PlannedPage is skipped), in the day and the
// night theme, failing on serious and critical violations. One browser and one signed-in context walk
// every page inside the running app (client-side navigation: the app boots once), then the menu and
// settings drawers. Every violation found (any impact) is printed as `[a11y]` lines and written to
// test-results/a11y.json; only serious and critical ones fail the test. A keyboard path then Tabs
// through the menu drawer, the search box, the route screen, the profile form and the settings drawer:
// every control reached, each with a visible focus ring, and Escape closing the drawers.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSignedInApp, type SignedInApp } from './harness.js';
import { PAGES } from '../apps/web/src/platform/pages.js';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
/**
 * Known serious violations not fixed yet, each with where and why; they are printed, not failed on.
 * Kept to the minimum: fix the control and remove its entry.
 */
const KNOWN: readonly { rule: string; target: RegExp; reason: string }[] = [];
const isKnown = (f: Finding, target: string) => KNOWN.some((k) => k.rule === f.rule && k.target.test(target));

/** The impacts that fail the run (issue 23: "failing on serious and critical violations"). */
const FAILING_IMPACTS = new Set(['serious', 'critical']);

interface Finding {
  where: string;
  theme: 'day' | 'night';
  rule: string;
  impact: string;
  help: string;
  targets: string[];
}

const findings: Finding[] = [];
const audited: string[] = [];
const skipped: string[] = [];
let app: SignedInApp;

beforeAll(async () => {
  // A wide tablet-or-desktop window: the layout most pages are used at; touch-audit covers the phone.
  // bypassCSP: the app's Content-Security-Policy (script-src 'self') would refuse the injected axe-core.
  app = await openSignedInApp('a11y', { viewport: { width: 1280, height: 800 }, bypassCSP: true });
}, 180_000);

afterAll(async () => {
  await app?.close();
  mkdirSync(join(repoRoot, 'test-results'), { recursive: true });
  writeFileSync(join(repoRoot, 'test-results', 'a11y.json'), JSON.stringify({ audited, skipped, findings }, null, 2));
  const byRule = new Map<string, number>();
  for (const f of findings) byRule.set(`${f.impact} ${f.rule}`, (byRule.get(`${f.impact} ${f.rule}`) ?? 0) + f.targets.length);
  console.log(`[a11y] ${audited.length} views audited, ${skipped.length} planned pages skipped (${skipped.join(', ') || 'none'})`);
  for (const [rule, count] of [...byRule].sort()) console.log(`[a11y] ${rule}: ${count} element(s)`);
});

/**
 * Runs axe-core on the page as it is now and records every violation under `where`. A serious or
 * critical finding is checked once more a second later and recorded only if still there: a colour
 * caught mid-transition (a label floating up, a theme change fading in) is not what a pilot reads.
 */
async function runAxe(page: Page, where: string, theme: 'day' | 'night'): Promise<void> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: axeSource });
  const audit = () => page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: { id: string; impact: string | null; help: string; nodes: { target: unknown[] }[] }[] }> } }).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact ?? 'unknown', help: v.help, targets: v.nodes.map((n) => n.target.map(String).join(' ')) }));
  });
  let violations = await audit();
  if (violations.some((v) => FAILING_IMPACTS.has(v.impact))) {
    await page.waitForTimeout(1_000);
    violations = await audit();
  }
  audited.push(`${where} (${theme})`);
  for (const v of violations) findings.push({ where, theme, rule: v.id, impact: v.impact, help: v.help, targets: v.targets });
}

/** Client-side navigation inside the running app (React Router listens to popstate): no second boot. */
async function navigate(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

/** Waits for the page's own element; returns what it shows: 'planned' for a PlannedPage, 'page' or 'other' (it went elsewhere). */
async function showPage(page: Page, name: string, sentence: string): Promise<'page' | 'planned' | 'other'> {
  const own = page.locator(`[data-testid="page-${name}"]`);
  try {
    await own.first().waitFor({ state: 'attached', timeout: 10_000 });
  } catch {
    return 'other';
  }
  // Let lazy content and the first data settle (a loading row is not what a pilot reads).
  await page.waitForLoadState('networkidle', { timeout: 1_500 }).catch(() => undefined);
  // A PlannedPage (platform/PlannedPage.tsx) shows only the page's sentence from pages.ts.
  return (await own.getByText(sentence, { exact: true }).count()) > 0 ? 'planned' : 'page';
}

async function walk(page: Page, theme: 'day' | 'night'): Promise<void> {
  for (const { name, title, sentence } of PAGES) {
    await navigate(page, `/app/${name}`);
    const shown = await showPage(page, name, sentence);
    if (shown === 'planned') {
      if (theme === 'day') skipped.push(name);
      continue;
    }
    await runAxe(page, shown === 'page' ? `/app/${name} (${title})` : `/app/${name} (${title}; went to ${new URL(page.url()).pathname})`, theme);
  }
  // The shell's drawers, over the map.
  await navigate(page, '/app/map1');
  await page.locator('[data-testid="page-map1"]').waitFor({ state: 'attached' });
  await page.getByRole('button', { name: 'menu', exact: true }).click();
  await page.getByTestId('menu-drawer').waitFor();
  await runAxe(page, 'menu drawer', theme);
  await page.keyboard.press('Escape');
  await page.getByTestId('menu-drawer').waitFor({ state: 'hidden' });
  await page.getByRole('button', { name: 'settings', exact: true }).click();
  await page.getByTestId('settings-panel').waitFor();
  await runAxe(page, 'settings drawer', theme);
  await page.keyboard.press('Escape');
  await page.getByTestId('settings-drawer').waitFor({ state: 'hidden' });
}

function failing(theme: 'day' | 'night'): string[] {
  return findings
    .map((f) => ({ ...f, targets: f.targets.filter((t) => !isKnown(f, t)) }))
    .filter((f) => f.theme === theme && FAILING_IMPACTS.has(f.impact) && f.targets.length > 0)
    .map((f) => `${f.where}: ${f.impact} ${f.rule} (${f.help}) at ${f.targets.slice(0, 5).join(' | ')}${f.targets.length > 5 ? ` and ${f.targets.length - 5} more` : ''}`);
}

interface TabResult {
  /** Names of the controls focused, in order. */
  reached: string[];
  /** Focused controls without a visible focus indicator. */
  noRing: string[];
  /** Controls in the container that Tab never reached. */
  missing: string[];
}

/**
 * Presses Tab until the focus leaves `container` (at most `maxSteps`), starting wherever the focus is;
 * then lists the container's tabbable controls never reached. A focus ring is an outline on the control
 * or its two nearest ancestors (MUI marks a switch's box, not its input), a keyboard-focus shadow
 * (slider thumbs), or the 2 px border of a focused outlined field.
 */
async function tabThrough(page: Page, container: string, maxSteps = 120): Promise<TabResult> {
  const result: TabResult = { reached: [], noRing: [], missing: [] };
  // The first stop is where the focus is now (a drawer focuses its close button on opening), then each Tab.
  for (let step = 0; step <= maxSteps; step++) {
    if (step > 0) await page.keyboard.press('Tab');
    // Let the field's focused style (MUI's class on its root) settle before reading it.
    await page.waitForTimeout(50);
    const focused = await page.evaluate((sel) => {
      const box = document.querySelector(sel);
      const el = document.activeElement as HTMLElement | null;
      if (!box || !el || !box.contains(el) || el === box) return null;
      el.dataset.kbReached = '1';
      const ring = (e: Element) => {
        const cs = getComputedStyle(e);
        return (cs.outlineStyle !== 'none' && parseFloat(cs.outlineWidth) >= 1) || (e.classList.contains('Mui-focusVisible') && cs.boxShadow !== 'none');
      };
      let shown = false;
      for (let e: Element | null = el, i = 0; e && i < 3 && !shown; e = e.parentElement, i++) shown = ring(e);
      const outlined = el.closest('.MuiOutlinedInput-root.Mui-focused')?.querySelector('.MuiOutlinedInput-notchedOutline');
      if (!shown && outlined) shown = parseFloat(getComputedStyle(outlined).borderTopWidth) >= 2;
      // A standard field's focus line: its 2 px underline drawn in full (scaleX(1)).
      const underlined = el.closest('.MuiInput-underline');
      const line = underlined ? getComputedStyle(underlined, '::after') : null;
      if (!shown && line) shown = parseFloat(line.borderBottomWidth) >= 2 && !line.transform.startsWith('matrix(0,');
      const name = el.getAttribute('aria-label') ?? el.getAttribute('name') ?? (el.textContent ?? '').trim().slice(0, 40);
      // Without a ring, say what the field's root and underline looked like.
      const detail = shown || !line ? '' : ` (${underlined?.className ?? ''}; underline ${line.borderBottomWidth} ${line.transform})`;
      return { name: `${el.tagName.toLowerCase()} "${name}"${detail}`, shown };
    }, container);
    if (!focused) {
      if (step === 0) continue;
      break;
    }
    result.reached.push(focused.name);
    if (!focused.shown) result.noRing.push(focused.name);
  }
  result.missing = await page.evaluate((sel) => {
    const box = document.querySelector(sel);
    if (!box) return [`no ${sel}`];
    const controls = Array.from(box.querySelectorAll<HTMLElement>('a[href], button, input, select, textarea, [tabindex]'));
    return controls
      .filter((el) => el.tabIndex >= 0 && !(el as HTMLButtonElement).disabled && el.getClientRects().length > 0 && !el.closest('[inert], [aria-hidden="true"]'))
      // Only the checked radio of a group is on the Tab path (arrow keys move within the group).
      .filter((el) => !(el instanceof HTMLInputElement && el.type === 'radio' && !el.checked && box.querySelector(`input[type="radio"][name="${el.name}"]:checked`)))
      .filter((el) => el.dataset.kbReached !== '1')
      .map((el) => `${el.tagName.toLowerCase()} "${el.getAttribute('aria-label') ?? (el.textContent ?? '').trim().slice(0, 40)}"`);
  }, container);
  await page.evaluate(() => document.querySelectorAll<HTMLElement>('[data-kb-reached]').forEach((el) => delete el.dataset.kbReached));
  return result;
}

/** Puts the focus on a container itself, so that the next Tab goes to its first control. */
async function focusStart(page: Page, container: string): Promise<void> {
  await page.locator(container).first().evaluate((el: HTMLElement) => {
    el.tabIndex = -1;
    el.focus();
    el.addEventListener('blur', () => el.removeAttribute('tabindex'), { once: true });
  });
}

describe('keyboard paths (issue 23)', () => {
  it('Tab reaches every control of the menu drawer, the search box, the route screen, the profile form and the settings drawer with a visible focus; Escape closes the drawers', async () => {
    const { page } = app;
    await page.emulateMedia({ colorScheme: 'light' });
    await navigate(page, '/app/map1');
    await page.locator('[data-testid="page-map1"]').waitFor({ state: 'attached' });

    // The menu opens from the keyboard, the focus lands in it, Tab walks it all, Escape closes it.
    await page.getByRole('button', { name: 'menu', exact: true }).focus();
    await page.keyboard.press('Enter');
    await page.getByTestId('menu-drawer').waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Close menu');
    const menu = await tabThrough(page, '.MuiDrawer-anchorLeft');
    console.log(`[a11y] keyboard: menu drawer ${menu.reached.length} controls`);
    expect(menu.reached.join(' | ')).toMatch(/Airports.*Maps.*Flight Plan.*Flight Service.*Downloads.*Sketch.*Wx Imagery/);
    expect(menu.noRing).toEqual([]);
    expect(menu.missing).toEqual([]);
    await page.keyboard.press('Escape');
    await page.getByTestId('menu-drawer').waitFor({ state: 'hidden' });

    // The search box is the next stop after the menu button.
    await page.getByRole('button', { name: 'menu', exact: true }).focus();
    await page.keyboard.press('Tab');
    const search = await page.evaluate(() => ({ role: document.activeElement?.getAttribute('role'), ring: getComputedStyle(document.activeElement!.parentElement!).outlineStyle }));
    expect(search).toEqual({ role: 'combobox', ring: 'solid' });

    // The route screen and the profile form: every control on the Tab path, each with a ring.
    for (const [path, container] of [['/app/route', '[data-testid="page-route"]'], ['/app/aircraft_profile_welcome', '[data-testid="page-aircraft_profile_welcome"]']] as const) {
      await navigate(page, path);
      await page.locator(container).first().waitFor();
      await page.waitForLoadState('networkidle', { timeout: 1_500 }).catch(() => undefined);
      await focusStart(page, container);
      const walked = await tabThrough(page, container);
      console.log(`[a11y] keyboard: ${path} ${walked.reached.length} controls`);
      expect(walked.reached.length, path).toBeGreaterThan(3);
      expect(walked.noRing, path).toEqual([]);
      expect(walked.missing, path).toEqual([]);
    }

    // The settings drawer (with the embedded profile editor) the same way, and Escape closes it.
    await page.getByRole('button', { name: 'settings', exact: true }).focus();
    await page.keyboard.press('Enter');
    await page.getByTestId('settings-drawer').waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Close settings');
    const settings = await tabThrough(page, '.MuiDrawer-anchorRight');
    console.log(`[a11y] keyboard: settings drawer ${settings.reached.length} controls`);
    expect(settings.reached.length).toBeGreaterThan(5);
    expect(settings.noRing).toEqual([]);
    expect(settings.missing).toEqual([]);
    await page.keyboard.press('Escape');
    await page.getByTestId('settings-drawer').waitFor({ state: 'hidden' });
  }, 120_000);
});

describe('axe-core on every page, day and night (issue 23)', () => {
  it('day theme: no serious or critical violation', async () => {
    const { page } = app;
    await page.emulateMedia({ colorScheme: 'light' });
    await walk(page, 'day');
    for (const line of failing('day')) console.log(`[a11y] ${line}`);
    expect(audited.length).toBeGreaterThan(PAGES.length / 2);
    expect(failing('day')).toEqual([]);
  }, 240_000);

  it('night theme: no serious or critical violation', async () => {
    const { page } = app;
    const dayBackground = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    // No stored Day/Night choice: the app follows the device's colour scheme (features/settings).
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect.poll(() => page.evaluate(() => getComputedStyle(document.body).backgroundColor)).not.toBe(dayBackground);
    await walk(page, 'night');
    for (const line of failing('night')) console.log(`[a11y] ${line}`);
    expect(failing('night')).toEqual([]);
  }, 240_000);
});
