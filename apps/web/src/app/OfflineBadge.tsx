import { use, useSyncExternalStore } from 'react';
import Box from '@mui/material/Box';
import CloudOffIcon from '@mui/icons-material/CloudOff';
import { ALWAYS_ONLINE, type Connectivity } from '../platform/connectivity';
import { ServicesContext } from '../platform/services';

/** The badge's text (issue 27 point 9; the spec has none). */
export const OFFLINE_BADGE_TEXT = 'Offline';

/**
 * "Offline" in the top bar while the server cannot be reached (platform/connectivity.ts). A status,
 * not a control: nothing to tap. Day: dark text on amber; night: amber text and outline on the dark
 * bar, no bright surface.
 */
export function OfflineBadge({ service }: { service?: Connectivity }) {
  // The app's service (main.tsx); none in tests that render without one.
  const source = service ?? use(ServicesContext)?.connectivity ?? ALWAYS_ONLINE;
  const state = useSyncExternalStore(source.subscribe, source.state, () => 'online' as const);
  if (state === 'online') return null;
  return (
    <Box
      role="status"
      data-testid="offline-badge"
      sx={(theme) => ({
        display: 'inline-flex',
        alignItems: 'center',
        gap: 0.5,
        flex: '0 0 auto',
        height: 32,
        px: 1,
        borderRadius: 16,
        fontSize: 15,
        fontWeight: 700,
        lineHeight: 1,
        whiteSpace: 'nowrap',
        ...(theme.palette.mode === 'dark'
          ? { color: '#ffcc80', border: '1.5px solid #ffb74d', bgcolor: 'transparent' }
          : { color: '#1b1b1b', bgcolor: '#ffd54f', border: '1.5px solid #ffd54f' }),
      })}
    >
      <CloudOffIcon sx={{ fontSize: 18 }} aria-hidden />
      {OFFLINE_BADGE_TEXT}
    </Box>
  );
}
