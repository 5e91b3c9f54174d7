import { Suspense } from 'react';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import { NavDataStatus } from '../navdata/components';
import { ProfileForm } from '../profile/components';
import SettingsPanel from './SettingsPanel';
import BootWarningsPanel from './BootWarningsPanel';
import { SideDrawer } from '../../platform/SideDrawer';

export const SETTINGS_DRAWER_WIDTH_PX = 320;

/**
 * The right-hand settings drawer (spec part 1 §2 "Shell", part 2 §2): the warning panel (start-up
 * warnings, BootWarningsPanel), the settings, the embedded
 * aircraft profile editor, then the nav database's status. The shell loads this module on first open.
 * It does not block the map (platform/SideDrawer).
 */
export default function SettingsDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <SideDrawer anchor="right" open={open} onClose={onClose} width={SETTINGS_DRAWER_WIDTH_PX} label="settings">
      <div data-testid="settings-drawer" role="region" aria-label="Settings">
        <BootWarningsPanel />
        <Suspense fallback={<Typography sx={{ p: 2 }}>Loading...</Typography>}>
          <SettingsPanel />
        </Suspense>
        <Divider />
        <Box sx={{ p: 2 }} data-testid="settings-profile">
          <ProfileForm variant="settings" />
        </Box>
        <Divider />
        <Box sx={{ p: 2 }}>
          <NavDataStatus />
        </Box>
      </div>
    </SideDrawer>
  );
}
