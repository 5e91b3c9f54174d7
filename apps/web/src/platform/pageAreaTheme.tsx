import { useMemo, type ReactNode } from 'react';
import { ThemeProvider, useTheme, type Theme } from '@mui/material/styles';

/** The container name of the box a page is drawn in (the shell's page area). */
export const PAGE_CONTAINER = 'page';

/** The page area's own style: a named inline-size container the page's breakpoints query. */
export const PAGE_CONTAINER_SX = { containerType: 'inline-size', containerName: PAGE_CONTAINER } as const;

/**
 * The theme inside the page area: a page's responsive values (`sx={{ p: { xs: 1, md: 3 } }}`, MUI's
 * own `breakpoints.up` styles) follow the width of the page's box, not the window's. Beside the map
 * on a 1280 px tablet a page has a 640 px half, and lays itself out for 640 px, not for a desktop.
 * Only `up` (what responsive values use) turns into a container query; `down`, `between` and `only`
 * stay media queries, so `useMediaQuery` keeps working.
 */
export function pageAreaTheme(outer: Theme): Theme {
  const queries = outer.containerQueries(PAGE_CONTAINER);
  return { ...outer, breakpoints: { ...outer.breakpoints, up: (key) => queries.up(key) } };
}

/** The page area's theme for what it holds (the element given PAGE_CONTAINER_SX must hold them). */
export function PageAreaTheme({ children }: { children: ReactNode }) {
  // MUI's default theme where no provider is above (tests that render the shell bare).
  const outer = useTheme();
  const theme = useMemo(() => pageAreaTheme(outer), [outer]);
  return <ThemeProvider theme={theme}>{children}</ThemeProvider>;
}
