import { useEffect, useRef, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Close from '@mui/icons-material/Close';

interface Props {
  anchor: 'left' | 'right';
  open: boolean;
  onClose: () => void;
  /** Width in CSS px; never wider than the screen. */
  width: number;
  /** Names the close button: "Close {label}". */
  label: string;
  children: ReactNode;
}

/**
 * A side drawer that leaves the rest of the app working (issue 27 point 7): no backdrop, no focus
 * trap and nothing hidden from assistive technology, so the map beside it keeps panning, zooming and
 * moving with the aircraft while the pilot changes a setting. It closes with its own 48 px close
 * button or Escape, not with a tap on the map (that tap pans the map).
 */
export function SideDrawer({ anchor, open, onClose, width, label, children }: Props) {
  const closeButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!open) return undefined;
    // Keyboard users land in the drawer; the map keeps its own pointer and touch input.
    closeButton.current?.focus({ preventScroll: true });
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !event.defaultPrevented) onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open, onClose]);

  return (
    <Drawer
      variant="persistent"
      anchor={anchor}
      open={open}
      slotProps={{ paper: { sx: { width, maxWidth: '100vw' } } }}
    >
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', px: 0.5, pt: 0.5 }}>
        <IconButton aria-label={`Close ${label}`} onClick={onClose} ref={closeButton} sx={{ width: 48, height: 48 }}>
          <Close />
        </IconButton>
      </Box>
      {children}
    </Drawer>
  );
}
