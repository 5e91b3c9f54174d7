import { useNavigate } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useAppSelector } from '../../store/hooks';
import { AccountFrame, AccountLoading } from './AccountFrame';
import { formatDate } from './licence';
import { pagePath } from '../../platform/pages';

/** `/app/welcome` (spec part 1 §2): the trial expiry date and Continue to the aircraft profile welcome. */
export function WelcomePage() {
  return (
    <AccountFrame name="welcome">
      <TrialWelcome />
    </AccountFrame>
  );
}

function TrialWelcome() {
  const navigate = useNavigate();
  const profile = useAppSelector((s) => s.account.profile);
  if (!profile) return <AccountLoading />;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, alignItems: 'flex-start' }}>
      <Typography data-testid="trial-expiry">Your free trial runs until {formatDate(profile.trial?.expires)}.</Typography>
      <Button variant="contained" onClick={() => void navigate(pagePath('aircraft_profile_welcome'))}>
        Continue
      </Button>
    </Box>
  );
}
