import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { PAGES, type PageName } from '../../platform/pages';
import { useAppSelector } from '../../store/hooks';
import { signIn } from './authClient';
import { useAccountAtStart } from './session';

/** Page frame of the account pages: test id, h1 title (app/pages.ts), and 'Sign in' when signed out. */
export function AccountFrame({ name, children }: { name: PageName; children: ReactNode }) {
  useAccountAtStart();
  const status = useAppSelector((s) => s.account.status);
  const title = PAGES.find((p) => p.name === name)?.title ?? name;
  return (
    <Box data-testid={`page-${name}`} sx={{ p: 3, maxWidth: 720, overflowY: 'auto', height: '100%', boxSizing: 'border-box' }}>
      <Typography component="h1" variant="h5" gutterBottom>
        {title}
      </Typography>
      {status === 'signedOut' ? <SignInOffer /> : children}
    </Box>
  );
}

export function SignInOffer() {
  return (
    <Box data-testid="sign-in-offer" sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: 2 }}>
      <Typography>You are not signed in.</Typography>
      <Button variant="contained" onClick={() => signIn()}>
        Sign in
      </Button>
    </Box>
  );
}

/** Shown while the account is being read. */
export function AccountLoading() {
  return <Typography data-testid="account-loading">Loading...</Typography>;
}
