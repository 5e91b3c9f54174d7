import { createTheme, type Theme } from '@mui/material/styles';

/** Brand colours (spec part 1 §9 "Theme colours primary #13406A, dark #0d2c51"). */
export const BRAND_PRIMARY = '#13406A';
export const BRAND_DARK = '#0d2c51';

const typography = { fontFamily: 'Roboto, "Helvetica Neue", Arial, sans-serif' };

/** Day theme: light surfaces, brand blue bars. */
export const dayTheme: Theme = createTheme({
  palette: { mode: 'light', primary: { main: BRAND_PRIMARY, dark: BRAND_DARK } },
  typography,
});

/** Night theme: MUI dark mode; bars in the brand dark blue, controls in a lighter blue that reads on dark. */
export const nightTheme: Theme = createTheme({
  palette: {
    mode: 'dark',
    primary: { main: '#6f9fd4', dark: BRAND_PRIMARY, contrastText: '#0a1726' },
    background: { default: '#0a1726', paper: '#0f2236' },
  },
  typography,
  components: {
    // White on the brand dark bar: the primary's contrast text is dark (for the light blue controls).
    MuiAppBar: { styleOverrides: { root: { backgroundColor: BRAND_DARK, backgroundImage: 'none', color: '#ffffff' } } },
  },
});

export function themeFor(darkMode: boolean): Theme {
  return darkMode ? nightTheme : dayTheme;
}
