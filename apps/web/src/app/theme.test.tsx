// The night theme keeps text readable where the primary colour's contrast text is dark: the top
// bar's title and icons are white on the brand dark blue, contained buttons dark on the light blue.
import AppBar from '@mui/material/AppBar';
import { ThemeProvider } from '@mui/material/styles';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BRAND_DARK, nightTheme } from './theme';

/** WCAG 2 contrast ratio of two colours given as rgb(r, g, b) or #rrggbb. */
function contrast(a: string, b: string): number {
  const channels = (colour: string) =>
    colour.startsWith('#') ? [1, 3, 5].map((i) => parseInt(colour.slice(i, i + 2), 16)) : (colour.match(/\d+/g) ?? []).slice(0, 3).map(Number);
  const luminance = (colour: string) => {
    const [r, g, b] = channels(colour).map((c) => {
      const v = c / 255;
      return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

describe('night theme contrast', () => {
  it('the top bar (as TopBar draws it) has white text on the brand dark blue, 4.5:1 or more', () => {
    render(
      <ThemeProvider theme={nightTheme}>
        <AppBar position="static" color="primary" enableColorOnDark data-testid="bar">
          Flight Plan
        </AppBar>
      </ThemeProvider>,
    );
    const style = getComputedStyle(screen.getByTestId('bar'));
    expect(style.backgroundColor).toBe('rgb(13, 44, 81)');
    expect(contrast(style.color, BRAND_DARK)).toBeGreaterThanOrEqual(4.5);
  });

  it('contained buttons take the primary contrast text, 4.5:1 or more on the night primary', () => {
    expect(contrast(nightTheme.palette.primary.contrastText, nightTheme.palette.primary.main)).toBeGreaterThanOrEqual(4.5);
  });
});
