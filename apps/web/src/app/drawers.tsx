import { lazy, Suspense } from 'react';

// The drawers load on first open (they are most of MUI's modal, transition and form code), and are
// fetched in idle time after start-up so the first open is immediate.
const loadMenuDrawer = () => import('./MenuDrawer');
const loadSettingsDrawer = () => import('../features/settings/SettingsDrawer');
const MenuDrawer = lazy(loadMenuDrawer);
const SettingsDrawer = lazy(loadSettingsDrawer);

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

export function LazyMenuDrawer({ open, mounted, onClose }: DrawerProps) {
  if (!mounted) return null;
  return (
    <Suspense fallback={null}>
      <MenuDrawer open={open} onClose={onClose} />
    </Suspense>
  );
}

export function LazySettingsDrawer({ open, mounted, onClose }: DrawerProps) {
  if (!mounted) return null;
  return (
    <Suspense fallback={null}>
      <SettingsDrawer open={open} onClose={onClose} />
    </Suspense>
  );
}
