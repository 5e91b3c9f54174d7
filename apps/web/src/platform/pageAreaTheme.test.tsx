import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import Box from '@mui/material/Box';
import { createTheme, ThemeProvider } from '@mui/material/styles';
import { PAGE_CONTAINER_SX, PageAreaTheme, pageAreaTheme } from './pageAreaTheme';

/** The CSS text emotion wrote into the document, whitespace removed. */
const styles = () => [...document.querySelectorAll('style')].map((style) => style.textContent ?? '').join('').replace(/\s+/g, '');

// MUI's breakpoints (sm 600, md 900), as the app's themes keep them.
const dayTheme = createTheme();

describe('the page area theme', () => {
  it('turns breakpoints.up into queries on the page container and leaves the media queries of down, between and only', () => {
    const theme = pageAreaTheme(dayTheme);
    expect(theme.breakpoints.up('md')).toBe('@container page (min-width:900px)');
    expect(theme.breakpoints.up('sm')).toBe('@container page (min-width:600px)');
    expect(theme.breakpoints.down('sm')).toBe(dayTheme.breakpoints.down('sm'));
    expect(theme.breakpoints.between('sm', 'md')).toBe(dayTheme.breakpoints.between('sm', 'md'));
    expect(theme.palette).toBe(dayTheme.palette);
    expect(theme.spacing(2)).toBe(dayTheme.spacing(2));
  });

  it("lays a page's responsive values out by the page box's width", () => {
    render(
      <ThemeProvider theme={dayTheme}>
        <Box data-testid="page-area" sx={PAGE_CONTAINER_SX}>
          <PageAreaTheme>
            <Box data-testid="grid" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '280px 1fr' } }} />
          </PageAreaTheme>
        </Box>
      </ThemeProvider>,
    );
    expect(getComputedStyle(screen.getByTestId('page-area')).getPropertyValue('container-type')).toBe('inline-size');
    const css = styles();
    expect(css).toContain('@containerpage(min-width:900px){');
    expect(css).toContain('grid-template-columns:280px1fr');
    expect(css).not.toMatch(/@media\(min-width:900px\)\{[^}]*grid-template-columns/);
  });
});
