import { useState } from 'react';
import { useNavigate } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import SupportAgent from '@mui/icons-material/SupportAgent';
import { useAppSelector } from '../../store/hooks';
import { hasValidLicence, trialAvailable } from '../account';
import { HELP_NO_ADDRESS_TEXT, helpCentreUrl, openAfterLoading, requestHelpToken } from './helpClient';
import { pagePath } from '../../platform/pages';

/** Where the help centre opens from a widget token: the reply's address, else the sso sign-in address. */
async function supportUrl(custId: string): Promise<string> {
  const widget = await requestHelpToken(custId, 'widget');
  const url = helpCentreUrl(widget) ?? (await requestHelpToken(custId, 'sso')).url;
  if (!url) throw new Error(HELP_NO_ADDRESS_TEXT);
  return url;
}

/**
 * The support widget (spec part 1 §6: shown only with a valid licence or an available trial): a
 * 'Support' button that gets a `widget` token from get_zendesk_jwt and opens the help centre in a new
 * window. Hidden when signed out or expired. A blocked window goes to /app/helpcenter, whose button
 * opens it.
 */
export function SupportButton({ onOpened }: { onOpened?: () => void }) {
  const navigate = useNavigate();
  const { status, user, profile } = useAppSelector((s) => s.account);
  // Licence state at mount (render stays pure); the drawer mounts again when opened later.
  const [now] = useState(() => Date.now());
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (status !== 'signedIn' || !user || !(hasValidLicence(profile, now) || trialAvailable(profile, now))) return null;

  const open = async () => {
    setBusy(true);
    setError(null);
    try {
      if (await openAfterLoading(() => supportUrl(user.cust_id))) onOpened?.();
      else {
        onOpened?.();
        await navigate(pagePath('helpcenter'));
      }
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box data-testid="support-widget">
      <Button size="small" variant="outlined" startIcon={<SupportAgent aria-hidden />} disabled={busy} onClick={() => void open()}>
        Support
      </Button>
      {error && (
        <Typography variant="caption" color="error" component="p" data-testid="support-error">
          {error}
        </Typography>
      )}
    </Box>
  );
}
