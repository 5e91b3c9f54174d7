import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useServices } from '../../platform/services';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { AccountFrame, AccountLoading } from './AccountFrame';
import { AccountDataCard } from './AccountDataCard';
import { DevicesCard } from './DevicesCard';
import { fetchAccount } from './authClient';
import { formatDate, hasValidLicence, skuLabel, trialAvailable, welcomeName } from './licence';
import { applyServerProfile } from './session';
import { pagePath } from '../../platform/pages';
import type { LoginProfile } from '../../db/prefs';

/** `/app/account` (spec part 1 §2 "Account page"): welcome and subscription or trial details, refreshed on open. */
export function AccountPage() {
  return (
    <AccountFrame name="account">
      <AccountDetails />
    </AccountFrame>
  );
}

function AccountDetails() {
  const dispatch = useAppDispatch();
  const { prefs } = useServices();
  const { status, user, profile, check } = useAppSelector((s) => s.account);
  const online = useAppSelector((s) => s.welcome.online);
  const [refreshed, setRefreshed] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // Licence state is judged at the time the page opened (render stays pure).
  const [now] = useState(() => Date.now());

  // Refresh from the server on open; the stored user is updated when validity changed (spec §4).
  useEffect(() => {
    if (status !== 'signedIn' || !user || refreshed) return;
    let cancelled = false;
    void (async () => {
      try {
        const stored = (await prefs.getProperty('login_profile')) ?? null;
        const server = await fetchAccount(user.cust_id);
        if (!cancelled) await applyServerProfile(dispatch, prefs, server, stored, Date.now());
      } catch (e) {
        if (!cancelled) setError(e instanceof Error ? e.message : String(e));
      } finally {
        if (!cancelled) setRefreshed(true);
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [dispatch, prefs, refreshed, status, user]);

  // Offline (or the server out of reach) before anyone said who is signed in: what this device knows.
  if (status === 'unknown' && (check.unreachable || !online)) return <OfflineAccount profile={profile} lastAnsweredAt={check.lastAnsweredAt} now={now} />;
  if (status !== 'signedIn' || !user || (!refreshed && !profile)) return <AccountLoading />;
  const name = welcomeName(profile?.trial?.profile?.full_name ?? user.full_name);
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }} data-testid="account-details">
      <Typography variant="h6" component="h2" data-testid="account-welcome">
        Welcome, {name}
      </Typography>
      <Typography color="text.secondary">
        Customer id: <span data-testid="account-cust-id">{user.cust_id}</span> · {user.email}
      </Typography>
      {error && <Alert severity="warning">{error}</Alert>}
      <LicenceDetails profile={profile} now={now} />
      <DevicesCard />
      <AccountDataCard custId={user.cust_id} />
    </Box>
  );
}

/** 'Jan 5, 2026, 14:03' in the device's time zone (when the server last answered). */
function formatCheckTime(at: number): string {
  return new Date(at).toLocaleString('en-US', { year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', hour12: false });
}

/**
 * Offline or the server out of reach (issue 27 point 7): the account and licence stored on this
 * device (prefs `login_profile`), a note that they may be out of date and when the server last
 * answered; or, when nothing is stored, that nothing is known yet. Devices and account data need
 * the server and are left out.
 */
function OfflineAccount({ profile, lastAnsweredAt, now }: { profile: LoginProfile | null; lastAnsweredAt: number | null; now: number }) {
  const checked = lastAnsweredAt === null ? 'The server has not been reached from this device yet.' : `Last checked with the server on ${formatCheckTime(lastAnsweredAt)}.`;
  if (!profile) {
    return (
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }} data-testid="account-offline-unknown">
        <Alert severity="info" data-testid="account-offline-note">
          You are offline. This device has no account details stored yet: connect to the internet to see your account. {checked}
        </Alert>
      </Box>
    );
  }
  const trial = profile.trial;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }} data-testid="account-details">
      <Alert severity="info" data-testid="account-offline-note">
        You are offline: these are the account details stored on this device. {checked}
      </Alert>
      <Typography variant="h6" component="h2" data-testid="account-welcome">
        Welcome, {welcomeName(trial?.profile?.full_name ?? trial?.profile?.name)}
      </Typography>
      {trial?.cust_id && (
        <Typography color="text.secondary">
          Customer id: <span data-testid="account-cust-id">{trial.cust_id}</span>
          {trial.email_id ? ` · ${trial.email_id}` : ''}
        </Typography>
      )}
      <LicenceDetails profile={profile} now={now} />
    </Box>
  );
}

/** Subscription, trial or neither, judged at `now` from a login profile. */
function LicenceDetails({ profile, now }: { profile: LoginProfile | null; now: number }) {
  const purchase = profile?.trial?.purchase;
  const licensed = hasValidLicence(profile, now);
  return (
    <>
      {licensed && purchase ? (
        <Box data-testid="account-subscription">
          <Typography>
            Subscription: <strong data-testid="account-plan">{skuLabel(purchase.sku)}</strong>
          </Typography>
          <Typography>
            {purchase.renewing ? 'Renews on' : 'Valid until'} {formatDate(purchase.expires)}
          </Typography>
        </Box>
      ) : trialAvailable(profile, now) ? (
        <Box data-testid="account-trial" sx={{ display: 'flex', flexDirection: 'column', gap: 1, alignItems: 'flex-start' }}>
          <Typography>
            {profile?.code === 0 ? 'A free trial is available: it would run until' : 'Your free trial runs until'} {formatDate(profile?.trial?.expires)}.
          </Typography>
          <Typography>Subscribe for all standard features: Monthly: $14.95, Annual: $144.95.</Typography>
          <Button variant="contained" component={RouterLink} to={pagePath('pricing')}>
            Standard Subscription Offer
          </Button>
        </Box>
      ) : (
        <Box data-testid="account-expired" sx={{ display: 'flex', flexDirection: 'column', gap: 1, alignItems: 'flex-start' }}>
          <Typography>No subscription or free trial is active.</Typography>
          <Button variant="contained" component={RouterLink} to={pagePath('pricing')}>
            Standard Subscription Offer
          </Button>
        </Box>
      )}
    </>
  );
}
