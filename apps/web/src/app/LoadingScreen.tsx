import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useAppSelector } from '../store/hooks';
import { firstPendingSignal, LOADING_MESSAGES } from '../store/readinessSlice';

/** Covers the page until the map, the nav database and the service worker have all settled. */
export function LoadingScreen() {
  const pending = useAppSelector((s) => firstPendingSignal(s.readiness));
  if (!pending) return null;
  return (
    <Box
      data-testid="loading-screen"
      role="status"
      sx={{
        position: 'absolute',
        inset: 0,
        zIndex: 1,
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 2,
        bgcolor: 'background.default',
      }}
    >
      <CircularProgress aria-hidden />
      <Typography data-testid="loading-message">{LOADING_MESSAGES[pending]}</Typography>
    </Box>
  );
}
