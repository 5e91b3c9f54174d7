import { Suspense, useState, type ComponentType } from 'react';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import Close from '@mui/icons-material/Close';
import { ErrorBoundary, loadFailureText } from '../platform/ErrorBoundary';
import { retryingLazy, type RetryingLazyComponent } from '../platform/retryingLazy';

// The drawers load on first open (they are most of MUI's modal, transition and form code), and are
// fetched in idle time after start-up so the first open is immediate.
const loadMenuDrawer = () => import('./MenuDrawer');
const loadSettingsDrawer = () => import('../features/settings/SettingsDrawer');
const MenuDrawer = retryingLazy(loadMenuDrawer);
const SettingsDrawer = retryingLazy(loadSettingsDrawer);

/** Starts loading both drawers without showing them. */
export function prefetchDrawers(): void {
  void loadMenuDrawer().catch(() => undefined);
  void loadSettingsDrawer().catch(() => undefined);
}

interface DrawerProps {
  open: boolean;
  /** Once true, the drawer stays mounted so it can animate closed. */
  mounted: boolean;
  onClose: () => void;
}

interface FailureProps {
  anchor: 'left' | 'right';
  label: string;
  error: Error;
  onClose: () => void;
}

/**
 * What an open drawer shows when it could not be loaded or drawn: the page's error text (spec part 1
 * §8, 'Error loading component: {message}') on a panel at the drawer's edge, with its close button.
 * The map and the page beside it keep working.
 */
function DrawerFailure({ anchor, label, error, onClose }: FailureProps) {
  return (
    <Paper
      role="alert"
      data-testid="drawer-failure"
      elevation={8}
      sx={{ position: 'fixed', top: 0, [anchor]: 0, zIndex: 'drawer', width: 320, maxWidth: '100vw', display: 'flex', alignItems: 'flex-start', gap: 1, p: 1, pl: 2 }}
    >
      <Typography sx={{ flex: 1, py: 1.5, overflowWrap: 'anywhere' }}>{loadFailureText(error)}</Typography>
      <IconButton aria-label={`Close ${label}`} onClick={onClose} sx={{ width: 48, height: 48 }}>
        <Close />
      </IconButton>
    </Paper>
  );
}

/**
 * A drawer inside its own error boundary: a drawer that fails shows DrawerFailure while open instead
 * of taking the whole app down. The next opening after a failure tries again (a new boundary, and
 * retryingLazy has forgotten a failed load); a drawer that works keeps its state between openings.
 */
export function GuardedDrawer({ open, mounted, onClose, Drawer, anchor, label }: DrawerProps & { Drawer: RetryingLazyComponent<{ open: boolean; onClose: () => void }> | ComponentType<{ open: boolean; onClose: () => void }>; anchor: 'left' | 'right'; label: string }) {
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState({ open, key: 0 });
  if (open !== attempt.open) {
    // Derived from the props during render (React's pattern for it): a reopening after a failure.
    const retry = open && failed;
    setAttempt({ open, key: attempt.key + (retry ? 1 : 0) });
    if (retry) setFailed(false);
  }
  if (!mounted) return null;
  return (
    <ErrorBoundary
      key={attempt.key}
      onError={() => {
        setFailed(true);
        if ('forgetFailure' in Drawer) Drawer.forgetFailure();
      }}
      fallback={(error) => (open ? <DrawerFailure anchor={anchor} label={label} error={error} onClose={onClose} /> : null)}
    >
      <Suspense fallback={null}>
        <Drawer open={open} onClose={onClose} />
      </Suspense>
    </ErrorBoundary>
  );
}

export function LazyMenuDrawer(props: DrawerProps) {
  return <GuardedDrawer {...props} Drawer={MenuDrawer} anchor="left" label="menu" />;
}

export function LazySettingsDrawer(props: DrawerProps) {
  return <GuardedDrawer {...props} Drawer={SettingsDrawer} anchor="right" label="settings" />;
}
