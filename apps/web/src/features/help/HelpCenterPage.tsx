import { useEffect, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import OpenInNew from '@mui/icons-material/OpenInNew';
import { useAppSelector } from '../../store/hooks';
import { AccountFrame, AccountLoading } from '../account/components';
import { HELP_NO_ADDRESS_TEXT, openAfterLoading, openInNewWindow, requestHelpToken } from './helpClient';

export const HELP_OPENED_TEXT = 'The help center opened in a new window.';
export const HELP_BLOCKED_TEXT = 'Your browser blocked the new window. Use Open Help Center to open it.';
export const HELP_OFFLINE_TEXT = 'You are offline. The help center opens when you are back online.';

type Phase = { kind: 'idle' } | { kind: 'opened' } | { kind: 'blocked' } | { kind: 'error'; message: string };

/** The sign-in address of the help centre, from the server's sso reply (never made up here). */
async function ssoUrl(custId: string): Promise<string> {
  const token = await requestHelpToken(custId, 'sso');
  if (!token.url) throw new Error(HELP_NO_ADDRESS_TEXT);
  return token.url;
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * `/app/helpcenter` (spec part 1 §2, §7): asks get_zendesk_jwt for an sso token and opens the
 * address of the reply in a new window. A blocked pop-up leaves the 'Open Help Center' button, which
 * asks for a fresh token from the click. Signed out: the sign-in offer; offline: a message.
 */
export function HelpCenterPage() {
  return (
    <AccountFrame name="helpcenter">
      <HelpCenter />
    </AccountFrame>
  );
}

function HelpCenter() {
  const { status, user } = useAppSelector((s) => s.account);
  const online = useAppSelector((s) => s.welcome.online);
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const started = useRef(false);
  const custId = user?.cust_id ?? null;

  // Once per visit, as soon as signed in and online: open the help centre.
  useEffect(() => {
    if (status !== 'signedIn' || custId === null || !online || started.current) return;
    started.current = true;
    ssoUrl(custId).then(
      (url) => setPhase({ kind: openInNewWindow(url) ? 'opened' : 'blocked' }),
      (error: unknown) => setPhase({ kind: 'error', message: messageOf(error) }),
    );
  }, [custId, online, status]);

  if (status !== 'signedIn' || custId === null) return <AccountLoading />;

  const openFromClick = async () => {
    try {
      setPhase({ kind: (await openAfterLoading(() => ssoUrl(custId))) ? 'opened' : 'blocked' });
    } catch (error) {
      setPhase({ kind: 'error', message: messageOf(error) });
    }
  };

  return (
    <Box data-testid="helpcenter" sx={{ display: 'flex', flexDirection: 'column', gap: 2, alignItems: 'flex-start' }}>
      {!online ? (
        <Alert severity="info" data-testid="helpcenter-offline">
          {HELP_OFFLINE_TEXT}
        </Alert>
      ) : phase.kind === 'idle' ? (
        <Typography data-testid="helpcenter-loading">Opening the help center...</Typography>
      ) : phase.kind === 'opened' ? (
        <Typography data-testid="helpcenter-opened">{HELP_OPENED_TEXT}</Typography>
      ) : phase.kind === 'blocked' ? (
        <Alert severity="info" data-testid="helpcenter-blocked">
          {HELP_BLOCKED_TEXT}
        </Alert>
      ) : (
        <Alert severity="error" data-testid="helpcenter-error">
          {phase.message}
        </Alert>
      )}
      {online && phase.kind !== 'idle' && (
        <Button variant="contained" endIcon={<OpenInNew aria-hidden />} onClick={() => void openFromClick()}>
          Open Help Center
        </Button>
      )}
    </Box>
  );
}
