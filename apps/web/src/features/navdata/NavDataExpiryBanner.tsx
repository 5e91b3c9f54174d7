import { useEffect, useLayoutEffect, useRef, useState, useSyncExternalStore } from 'react';
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

/**
 * Height the banner takes at the bottom of the map, its margin included (controls above it start
 * here), until the banner has measured itself: one line of text. On a phone the text wraps to two
 * lines and the measured clearance is larger (useMapExpiryBannerClearance).
 */
export const MAP_EXPIRY_BANNER_CLEARANCE_PX = 56;

/** Space kept between the banner's top and what sits above it, and under the banner, CSS px. */
const BANNER_MARGIN_PX = 8;

// The map banner's measured clearance, shared with MapHost, which places the profile panel, the 3D
// button and the in-flight chips above it. 0 while no banner is on the map or it cannot be measured.
let measuredClearancePx = 0;
const clearanceListeners = new Set<() => void>();
function setMeasuredClearance(px: number): void {
  if (px === measuredClearancePx) return;
  measuredClearancePx = px;
  for (const listener of clearanceListeners) listener();
}
function subscribeClearance(listener: () => void): () => void {
  clearanceListeners.add(listener);
  return () => clearanceListeners.delete(listener);
}

/**
 * The clearance the map's expiry banner takes at the bottom of the map, CSS px: its measured height
 * and margins while it is shown there, MAP_EXPIRY_BANNER_CLEARANCE_PX before it has been measured
 * (or where nothing lays out, as in unit tests), 0 when there is no notice.
 */
export function useMapExpiryBannerClearance(now: () => number = Date.now): number {
  const notice = useNavDataExpiryNotice(now);
  const measured = useSyncExternalStore(subscribeClearance, () => measuredClearancePx, () => 0);
  if (!notice) return 0;
  return measured > 0 ? measured : MAP_EXPIRY_BANNER_CLEARANCE_PX;
}

export function NavDataExpiryBanner({ placement = 'page', now = Date.now }: Props) {
  const notice = useNavDataExpiryNotice(now);
  const onMap = placement === 'map';
  const shown = notice !== null;
  const element = useRef<HTMLDivElement>(null);
  // On the map: tell MapHost how much of the bottom the banner takes (its text may wrap on a phone).
  useLayoutEffect(() => {
    const banner = element.current;
    if (!onMap || !shown || !banner) return undefined;
    const measure = () => setMeasuredClearance(banner.offsetHeight > 0 ? banner.offsetHeight + 2 * BANNER_MARGIN_PX : 0);
    measure();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(banner);
    return () => {
      observer?.disconnect();
      setMeasuredClearance(0);
    };
  }, [onMap, shown]);
  if (!notice) return null;
  const { loaded, expiry } = notice;
  return (
    <Alert
      ref={element}
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
            { position: 'fixed', left: BANNER_MARGIN_PX, right: BANNER_MARGIN_PX, bottom: BANNER_MARGIN_PX, mx: 'auto', maxWidth: 560, zIndex: 2, pointerEvents: 'none', boxShadow: 2 }
          : { mb: 1 }),
      }}
    >
      {expiry.text}
    </Alert>
  );
}
