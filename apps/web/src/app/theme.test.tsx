// The night theme keeps text readable where the primary colour's contrast text is dark: the top
// bar's title and icons are white on the brand dark blue, contained buttons dark on the light blue.
import AppBar from '@mui/material/AppBar';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import MenuList from '@mui/material/MenuList';
import Radio from '@mui/material/Radio';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import { createTheme, ThemeProvider } from '@mui/material/styles';
import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BRAND_DARK, dayTheme, MIN_TOUCH_PX, nightTheme, pointerCanHover, tooltipDefaults } from './theme';

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

describe('touch sizes (issue 27 point 4)', () => {
  for (const [name, theme] of [
    ['day', dayTheme],
    ['night', nightTheme],
  ] as const) {
    it(`${name}: small buttons, icon buttons, fields and menu rows are at least 44 px; checkboxes and radios 44 px square`, () => {
      render(
        <ThemeProvider theme={theme}>
          <Button size="small" data-testid="button">
            Save
          </Button>
          <IconButton size="small" aria-label="close" data-testid="icon">
            x
          </IconButton>
          <TextField size="small" label="Cruise TAS" slotProps={{ input: { 'data-testid': 'field-root' } as object }} />
          <MenuList>
            <MenuItem data-testid="row">Now</MenuItem>
          </MenuList>
          <Checkbox data-testid="checkbox" />
          <Radio data-testid="radio" />
        </ThemeProvider>,
      );
      expect(getComputedStyle(screen.getByTestId('button')).minHeight).toBe(`${MIN_TOUCH_PX}px`);
      expect(getComputedStyle(screen.getByTestId('icon')).minHeight).toBe(`${MIN_TOUCH_PX}px`);
      expect(getComputedStyle(screen.getByTestId('icon')).minWidth).toBe(`${MIN_TOUCH_PX}px`);
      expect(getComputedStyle(screen.getByTestId('field-root')).minHeight).toBe(`${MIN_TOUCH_PX}px`);
      expect(getComputedStyle(screen.getByTestId('row')).minHeight).toBe('48px');
      // A 24 px icon in padding of 10 on each side.
      expect(getComputedStyle(screen.getByTestId('checkbox')).padding).toBe('10px');
      expect(getComputedStyle(screen.getByTestId('radio')).padding).toBe('10px');
    });
  }
});

describe('tooltips on touch screens', () => {
  afterEach(() => vi.unstubAllGlobals());

  const hoverOver = (canHover: boolean) => {
    render(
      <ThemeProvider theme={createTheme({ components: { MuiTooltip: { defaultProps: tooltipDefaults(canHover) } } })}>
        <Tooltip title="METAR: 12 min old" enterDelay={0}>
          <button type="button">METAR</button>
        </Tooltip>
      </ThemeProvider>,
    );
    fireEvent.mouseOver(screen.getByText('METAR'));
  };

  it('opens on hover where the pointer hovers', async () => {
    hoverOver(true);
    expect((await screen.findByRole('tooltip')).textContent).toBe('METAR: 12 min old');
  });

  it('does not open on the mouseover a tap emulates on a touch screen', async () => {
    hoverOver(false);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('asks the pointer media query', () => {
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query === '(hover: none)', media: query }));
    expect(pointerCanHover()).toBe(false);
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query === '(hover: hover)', media: query }));
    expect(pointerCanHover()).toBe(true);
  });
});
