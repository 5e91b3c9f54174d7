import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useAppSelector } from '../store/hooks';
import { isSettled, LOADING_MESSAGES, type ReadinessSliceState, type ReadinessSignalName } from '../store/readinessSlice';

/** '42% (3.1 MB left)' while the nav database downloads. */
export function navDataProgressText(pct: number, remainingBytes: number | null): string {
  return remainingBytes === null ? `${pct}%` : `${pct}% (${(remainingBytes / 1_048_576).toFixed(1)} MB left)`;
}

/**
 * What covers the page and what the chip over it says (issue 27 point 10): on a map page the loading
 * screen only while the map is not drawn ('Loading Map...'); on any other page never (it would cover
 * the page and eat its taps for up to 4 s after a reload), the chip saying 'Loading Map...' instead.
 * Then the chip, 'Loading Nav Database...' until the nav database has settled, then 'Getting Offline
 * Ready...' until the service worker has; nothing once all three have settled. The texts are the
 * spec's (part 1 §2 "Shell", §8).
 */
export function loadingState(readiness: ReadinessSliceState, onMap: boolean): { screen: boolean; chip: ReadinessSignalName | null } {
  if (!isSettled(readiness.map)) return onMap ? { screen: true, chip: null } : { screen: false, chip: 'map' };
  if (!isSettled(readiness.navDb)) return { screen: false, chip: 'navDb' };
  if (!isSettled(readiness.serviceWorker)) return { screen: false, chip: 'serviceWorker' };
  return { screen: false, chip: null };
}

/** Covers a map page until the map's first picture is drawn (or the map has failed to start). */
export function LoadingScreen({ onMap }: { onMap: boolean }) {
  const screen = useAppSelector((s) => loadingState(s.readiness, onMap).screen);
  if (!screen) return null;
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
      <Typography data-testid="loading-message">{LOADING_MESSAGES.map}</Typography>
    </Box>
  );
}

/**
 * A small chip over the map or the page (bottom centre, clear of the map's toolbar, scale and attribution) while
 * the nav database loads, with its download progress when the size is known, then while the offline
 * worker installs. It takes no pointer events: the map under it stays usable by touch. Paper colours,
 * so it follows the day and night themes.
 */
export function LoadingChip({ onMap }: { onMap: boolean }) {
  const chip = useAppSelector((s) => loadingState(s.readiness, onMap).chip);
  const pct = useAppSelector((s) => s.navData.pct);
  const rem = useAppSelector((s) => s.navData.rem);
  if (!chip) return null;
  const showProgress = chip === 'navDb' && pct !== null;
  return (
    <Paper
      data-testid="loading-chip"
      data-signal={chip}
      role="status"
      aria-live="polite"
      elevation={4}
      sx={{
        position: 'absolute',
        left: '50%',
        transform: 'translateX(-50%)',
        bottom: 'calc(32px + env(safe-area-inset-bottom, 0px))',
        zIndex: 2,
        pointerEvents: 'none',
        maxWidth: 'calc(100% - 32px)',
        minHeight: 36,
        boxSizing: 'border-box',
        px: 1.75,
        py: 0.75,
        borderRadius: 18,
        display: 'flex',
        flexDirection: 'column',
        justifyContent: 'center',
        gap: 0.5,
        bgcolor: 'background.paper',
        // No elevation overlay at night: the paper colour itself, which the text colours are made for.
        backgroundImage: 'none',
        color: 'text.primary',
      }}
    >
      {/* On a narrow phone the figure goes under the message rather than cutting either short. */}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 1, minWidth: 0 }}>
        {!showProgress && <CircularProgress aria-hidden size={16} thickness={5} />}
        <Typography variant="body2" sx={{ fontWeight: 500, whiteSpace: 'nowrap' }} data-testid="loading-chip-message">
          {LOADING_MESSAGES[chip]}
        </Typography>
        {showProgress && (
          <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'nowrap' }} data-testid="loading-progress">
            {navDataProgressText(pct, rem)}
          </Typography>
        )}
      </Box>
      {showProgress && <LinearProgress aria-hidden variant="determinate" value={pct} sx={{ borderRadius: 2 }} />}
    </Paper>
  );
}
