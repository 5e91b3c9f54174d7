import type { ReactNode } from 'react';
import type { Root } from 'react-dom/client';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CssBaseline from '@mui/material/CssBaseline';
import Typography from '@mui/material/Typography';
import { ThemeProvider } from '@mui/material/styles';
import { SIGN_IN_CONNECTION_TEXT } from './signInGate';
import { dayTheme } from './theme';

/** Shown before the app mounts when there is no stored login and the server cannot say who is signed in. */
export function SignInConnectionScreen({ reason, onRetry }: { reason?: string; onRetry: () => void }) {
  return (
    <Box
      data-testid="sign-in-connection"
      role="alert"
      sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', gap: 2, p: 3, textAlign: 'center' }}
    >
      <Typography variant="h5" component="h1">
        {SIGN_IN_CONNECTION_TEXT.heading}
      </Typography>
      <Typography sx={{ maxWidth: 480 }}>{SIGN_IN_CONNECTION_TEXT.body}</Typography>
      {reason && (
        <Typography variant="body2" color="text.secondary" data-testid="sign-in-connection-reason">
          {reason}
        </Typography>
      )}
      <Button variant="contained" onClick={onRetry}>
        {SIGN_IN_CONNECTION_TEXT.retry}
      </Button>
    </Box>
  );
}

/** The day theme, for callers without a store. */
function dayThemed(screen: ReactNode): ReactNode {
  return (
    <ThemeProvider theme={dayTheme}>
      <CssBaseline />
      {screen}
    </ThemeProvider>
  );
}

/**
 * Renders the screen into the page's root and resolves when Retry is pressed (SignInGateDeps.connectionNeeded).
 * `themed` wraps it in the app's theme (main.tsx: the store's Day/Night, which follows the device); day without it.
 */
export function showSignInConnectionScreen(root: Pick<Root, 'render'>, reason: string, themed: (screen: ReactNode) => ReactNode = dayThemed): Promise<void> {
  return new Promise<void>((resolve) => {
    root.render(themed(<SignInConnectionScreen reason={reason} onRetry={() => resolve()} />));
  });
}
