import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import ErrorOutline from '@mui/icons-material/ErrorOutlineOutlined';
import { useAppSelector } from '../store/hooks';

/**
 * Start-up failed (spec part 1 §8: the routing worker's init time-out at boot, 'RoutingWorkerFacade
 * initialization timeout'): the text over the map and the page, and a Retry that starts the app again
 * (boot, the routing worker and the nav database all run anew).
 */
export function BootFailure({ onRetry = () => window.location.reload() }: { onRetry?: () => void }) {
  const failure = useAppSelector((s) => s.boot.failure);
  if (failure === null) return null;
  return (
    <Box
      data-testid="boot-failure"
      role="alert"
      sx={{
        position: 'absolute',
        inset: 0,
        zIndex: 4,
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 2,
        p: 3,
        textAlign: 'center',
        bgcolor: 'background.default',
        color: 'text.primary',
      }}
    >
      <ErrorOutline color="error" fontSize="large" aria-hidden />
      <Typography data-testid="boot-failure-message" sx={{ overflowWrap: 'anywhere' }}>
        {failure}
      </Typography>
      <Button variant="contained" onClick={onRetry} sx={{ minWidth: 120 }}>
        Retry
      </Button>
    </Box>
  );
}
