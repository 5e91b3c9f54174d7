import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useLocation, useNavigate } from 'react-router';
import { welcomeReturnUrl } from '../../platform/redirects';
import { ProfileForm } from './ProfileForm';

/**
 * /app/aircraft_profile_welcome, the profile-only page (spec part 1 §2, part 2 §4 "Saving"): the
 * Aircraft Profile form; after a save it returns to the address the user first opened (kept by the start
 * redirect in the location state), map view one when there is none.
 */
export function AircraftProfileWelcomePage() {
  const location = useLocation();
  const navigate = useNavigate();
  return (
    <Box data-testid="page-aircraft_profile_welcome" sx={{ p: 2, maxWidth: 900, overflow: 'auto', height: '100%', boxSizing: 'border-box' }}>
      <Typography component="h1" variant="h5" gutterBottom>
        Aircraft Profile
      </Typography>
      <ProfileForm variant="welcome" onSaved={() => void navigate(welcomeReturnUrl(location.state), { replace: true })} />
    </Box>
  );
}
