// The hosted sign-in pages say Clearway and use the web app's day and night colours.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DAY_COLOURS, NIGHT_COLOURS } from './pageTheme.js';
import { page } from './pages.js';

// The web app's theme, read as text (the server cannot import the web app): the oracle the pages follow.
const webTheme = readFileSync(new URL('../../../web/src/app/theme.ts', import.meta.url), 'utf8');

/** The first capture of `pattern` in theme.ts; a missing value fails the test with its pattern. */
function themeValue(pattern: RegExp): string {
  const match = pattern.exec(webTheme);
  if (match?.[1] === undefined) throw new Error(`theme.ts has no ${String(pattern)}`);
  return match[1];
}

const brandPrimary = themeValue(/BRAND_PRIMARY = '(#[0-9a-fA-F]{6})'/);
const brandDark = themeValue(/BRAND_DARK = '(#[0-9a-fA-F]{6})'/);
const nightTheme = webTheme.slice(webTheme.indexOf('nightTheme'));
const nightPrimary = /primary: \{ main: '(#[0-9a-fA-F]{6})'/.exec(nightTheme)?.[1];
const nightOnPrimary = /contrastText: '(#[0-9a-fA-F]{6})'/.exec(nightTheme)?.[1];

/** WCAG 2 contrast ratio of two #rrggbb colours. */
function contrast(a: string, b: string): number {
  const luminance = (hex: string) => {
    const [r, g, bl] = [1, 3, 5].map((i) => {
      const c = parseInt(hex.slice(i, i + 2), 16) / 255;
      return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * bl!;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}
const nightBackground = /background: \{ default: '(#[0-9a-fA-F]{6})', paper: '(#[0-9a-fA-F]{6})' \}/.exec(nightTheme);

describe('hosted page colours', () => {
  it('are the web app theme colours (apps/web/src/app/theme.ts)', () => {
    // Spec part 1 §9: primary #13406A, dark #0d2c51.
    expect([brandPrimary, brandDark]).toEqual(['#13406A', '#0d2c51']);
    expect({ bar: DAY_COLOURS.bar, primary: DAY_COLOURS.primary, primaryHover: DAY_COLOURS.primaryHover }).toEqual({
      bar: brandPrimary,
      primary: brandPrimary,
      primaryHover: brandDark,
    });
    expect({ bar: NIGHT_COLOURS.bar, primary: NIGHT_COLOURS.primary, background: NIGHT_COLOURS.background, paper: NIGHT_COLOURS.paper }).toEqual({
      bar: brandDark,
      primary: nightPrimary,
      background: nightBackground?.[1],
      paper: nightBackground?.[2],
    });
    expect(NIGHT_COLOURS.onPrimary).toBe(nightOnPrimary);
  });

  it('give button text at least 4.5:1 contrast by day and by night (WCAG AA)', () => {
    // #6f9fd4 with white text was 2.8:1; dark text on it is 6.5:1.
    for (const colours of [DAY_COLOURS, NIGHT_COLOURS]) {
      expect(contrast(colours.primary, colours.onPrimary)).toBeGreaterThanOrEqual(4.5);
      expect(contrast(colours.primaryHover, colours.onPrimary)).toBeGreaterThanOrEqual(4.5);
      expect(contrast(colours.paper, colours.primary)).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('show the product name and switch to night colours when the device prefers a dark scheme', () => {
    const html = page('Sign in', '<p>form</p>');
    expect(html).toContain('<header>Clearway</header>');
    expect(html).toContain('<title>Sign in · Clearway</title>');
    expect(html).toContain('<meta name="color-scheme" content="light dark">');
    const night = html.slice(html.indexOf('@media (prefers-color-scheme: dark)'));
    expect(night).toContain(`--background:${NIGHT_COLOURS.background}`);
    expect(night).toContain(`--primary:${NIGHT_COLOURS.primary}`);
    const day = html.slice(html.indexOf(':root{'), html.indexOf('@media'));
    expect(day).toContain(`--bar:${brandPrimary}`);
    expect(day).toContain(`--primary:${brandPrimary}`);
  });
});
