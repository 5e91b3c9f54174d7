import { Suspense } from 'react';
import Drawer from '@mui/material/Drawer';
import Typography from '@mui/material/Typography';
import SettingsPanel from './SettingsPanel';

export const SETTINGS_DRAWER_WIDTH_PX = 320;

/** The right-hand settings drawer (spec part 1 §2 "Shell"). The shell loads this module on first open. */
export default function SettingsDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Drawer anchor="right" open={open} onClose={onClose} slotProps={{ paper: { sx: { width: SETTINGS_DRAWER_WIDTH_PX, maxWidth: '100vw' } } }}>
      <div data-testid="settings-drawer" role="region" aria-label="Settings">
        <Suspense fallback={<Typography sx={{ p: 2 }}>Loading...</Typography>}>
          <SettingsPanel />
        </Suspense>
      </div>
    </Drawer>
  );
}
