import { useCallback, useState } from 'react';
import Button from '@mui/material/Button';
import Tooltip from '@mui/material/Tooltip';

/** Local storage key of the vertical profile panel under the map: 'on' or 'off' (default off). */
export const MAP_PROFILE_KEY = 'clearway.mapProfile';
/** Height of the profile panel under the map, CSS px: phone and tablet (or wider). */
export const PROFILE_PANEL_PX = { phone: 156, tablet: 196 } as const;
/** The toggle's visible text; its accessible name starts with it. */
export const PROFILE_TOGGLE_TEXT = 'PROF';

function stored(): boolean {
  try {
    return window.localStorage.getItem(MAP_PROFILE_KEY) === 'on';
  } catch {
    return false;
  }
}

/** Whether the profile panel is open, remembered in local storage across reloads. */
export function useProfilePanelOpen(): [boolean, () => void] {
  const [open, setOpen] = useState(stored);
  const toggle = useCallback(() => {
    setOpen((was) => {
      const next = !was;
      try {
        window.localStorage.setItem(MAP_PROFILE_KEY, next ? 'on' : 'off');
      } catch {
        // Storage full or blocked: the choice holds for this page only.
      }
      return next;
    });
  }, []);
  return [open, toggle];
}

/** The map toolbar's button that opens and closes the vertical profile under the map (44 px target). */
export function ProfileToggle({ open, onToggle }: { open: boolean; onToggle: () => void }) {
  const label = `${PROFILE_TOGGLE_TEXT}: vertical profile under the map`;
  return (
    <Tooltip title={open ? 'Hide the vertical profile' : 'Show the vertical profile under the map'} placement="left">
      <Button
        aria-label={label}
        aria-pressed={open}
        data-testid="map-profile"
        color={open ? 'primary' : 'inherit'}
        onClick={onToggle}
        sx={{ minWidth: 44, width: '100%', height: 44, p: 0, borderRadius: 0, fontSize: 12, fontWeight: 700 }}
      >
        {PROFILE_TOGGLE_TEXT}
      </Button>
    </Tooltip>
  );
}
