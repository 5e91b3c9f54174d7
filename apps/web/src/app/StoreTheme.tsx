import { useMemo, type ReactNode } from 'react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { useAppSelector } from '../store/hooks';
import { themeFor } from './theme';

/**
 * Day or night theme from settings.dark_mode (the pilot's Day/Night choice, else the device's
 * prefers-color-scheme: features/settings/deviceColorScheme.ts), switched as soon as it changes.
 * CssBaseline sets the page's color-scheme to match, so native scrollbars and controls follow too.
 * Needs the store's Provider above it; used by the app and by the screens shown before it mounts.
 */
export function StoreTheme({ children }: { children: ReactNode }) {
  const darkMode = useAppSelector((s) => s.settings.dark_mode);
  const theme = useMemo(() => themeFor(darkMode), [darkMode]);
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline enableColorScheme />
      {children}
    </ThemeProvider>
  );
}
