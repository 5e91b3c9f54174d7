import { Link as RouterLink, useLocation } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useAppSelector } from '../../store/hooks';
import { pagePath } from '../../platform/pages';

export const ACCOUNT_PATH = pagePath('account');

/**
 * The shell's message when the server refused this device for sync as one too many (403
 * `device_limit`): the server's text, which names the limit, and a way to the account page to remove
 * a device. It stays until the device list changes, sign-out or a restart; on the account page the
 * device list shows it instead.
 */
export function DeviceLimitAlert() {
  const refusal = useAppSelector((s) => s.account.deviceLimit);
  const { pathname } = useLocation();
  if (!refusal || pathname.replace(/\/$/, '') === ACCOUNT_PATH) return null;
  return (
    <Alert
      severity="warning"
      role="alert"
      data-testid="device-limit-alert"
      sx={{ borderRadius: 0 }}
      action={
        <Button color="inherit" size="small" component={RouterLink} to={ACCOUNT_PATH}>
          Manage devices
        </Button>
      }
    >
      {refusal.message}
    </Alert>
  );
}
