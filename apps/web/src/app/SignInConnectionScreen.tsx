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

/** Renders the screen into the page's root and resolves when Retry is pressed (SignInGateDeps.connectionNeeded). */
export function showSignInConnectionScreen(root: Pick<Root, 'render'>, reason: string): Promise<void> {
  return new Promise<void>((resolve) => {
    root.render(
      <ThemeProvider theme={dayTheme}>
        <CssBaseline />
        <SignInConnectionScreen reason={reason} onRetry={() => resolve()} />
      </ThemeProvider>,
    );
  });
}
