import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useAppSelector } from '../store/hooks';
import { firstPendingSignal, LOADING_MESSAGES } from '../store/readinessSlice';

/** '42% (3.1 MB left)' while the nav database downloads. */
export function navDataProgressText(pct: number, remainingBytes: number | null): string {
  return remainingBytes === null ? `${pct}%` : `${pct}% (${(remainingBytes / 1_048_576).toFixed(1)} MB left)`;
}

/** Covers the page until the map, the nav database and the service worker have all settled. */
export function LoadingScreen() {
  const pending = useAppSelector((s) => firstPendingSignal(s.readiness));
  const pct = useAppSelector((s) => s.navData.pct);
  const rem = useAppSelector((s) => s.navData.rem);
  if (!pending) return null;
  const showProgress = pending === 'navDb' && pct !== null;
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
      {showProgress ? <CircularProgress aria-hidden variant="determinate" value={pct} /> : <CircularProgress aria-hidden />}
      <Typography data-testid="loading-message">{LOADING_MESSAGES[pending]}</Typography>
      {showProgress && (
        <Typography variant="body2" color="text.secondary" data-testid="loading-progress">
          {navDataProgressText(pct, rem)}
        </Typography>
      )}
    </Box>
  );
}
