import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import { useAppSelector } from '../../store/hooks';
import { navDataExpiry } from './navDataExpiry';
import { selectNavData } from './navDataSlice';

/** How often the banner looks at the clock again (a cycle can expire while the app is open). */
export const EXPIRY_RECHECK_MS = 60_000;

interface Props {
  /** `map`: over the bottom of the screen on the map, letting taps through; `page`: in the page's flow (default). */
  placement?: 'map' | 'page';
  /** The clock, ms since the epoch (tests inject one). */
  now?: () => number;
}

/**
 * The nav database in use has expired (red), expires within EXPIRY_WARNING_DAYS or is not yet
 * effective (amber): says so on the map, the route screen and the airport page. Nothing when the cycle
 * is current or no database is loaded. Not a control: a status line read by screen readers.
 */
/**
 * The loaded nav database's expiry as the banner shows it, looked at again every EXPIRY_RECHECK_MS;
 * null when there is nothing to say. Controls placed over the bottom of the map use it to stay clear
 * of the banner there.
 */
export function useNavDataExpiryNotice(now: () => number = Date.now): { loaded: NonNullable<ReturnType<typeof selectNavData>['loaded']>; expiry: ReturnType<typeof navDataExpiry> } | null {
  const loaded = useAppSelector((s) => (selectNavData(s).status === 'loaded' ? selectNavData(s).loaded : null));
  const [nowMs, setNowMs] = useState(now);
  useEffect(() => {
    const timer = setInterval(() => setNowMs(now()), EXPIRY_RECHECK_MS);
    return () => clearInterval(timer);
  }, [now]);
  if (!loaded) return null;
  const expiry = navDataExpiry(loaded, nowMs);
  return expiry.text ? { loaded, expiry } : null;
}

/** Height the banner takes at the bottom of the map, its margin included (controls above it start here). */
export const MAP_EXPIRY_BANNER_CLEARANCE_PX = 56;

export function NavDataExpiryBanner({ placement = 'page', now = Date.now }: Props) {
  const notice = useNavDataExpiryNotice(now);
  if (!notice) return null;
  const { loaded, expiry } = notice;
  const onMap = placement === 'map';
  return (
    <Alert
      role="status"
      severity={expiry.validity === 'expired' || expiry.validity === 'not_yet_effective' ? 'error' : 'warning'}
      data-testid="navdb-expiry-banner"
      data-validity={expiry.validity}
      data-cycle={loaded.cycle}
      sx={{
        py: 0.25,
        fontSize: 15,
        // The standard Alert follows the theme: a dark tinted surface at night, no bright panel.
        ...(onMap
          ? // Fixed: the map page's own box has no height (the map views are the page).
            { position: 'fixed', left: 8, right: 8, bottom: 8, mx: 'auto', maxWidth: 560, zIndex: 2, pointerEvents: 'none', boxShadow: 2 }
          : { mb: 1 }),
      }}
    >
      {expiry.text}
    </Alert>
  );
}
