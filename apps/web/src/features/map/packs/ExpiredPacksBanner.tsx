import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import { expiredRegions, type ExpiredRegion } from './expired';
import { devicePacks } from './devicePacks';
import type { DevicePacks } from './packTiles';

/** How often the banner looks at the clock again (a cycle can expire while the app is open). */
export const PACK_EXPIRY_RECHECK_MS = 60_000;

const today = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * A red banner over the map for each downloaded region whose packs' cycle has expired (no silent
 * stale data, issue 18): it names the region, the cycle and the day it expired. Updates when packs
 * are added, replaced or deleted, and each minute. Not a control: a status line, taps go through.
 */
export function ExpiredPacksBanner({ packs = devicePacks, now = Date.now }: { packs?: DevicePacks; now?: () => number }) {
  const [expired, setExpired] = useState<ExpiredRegion[]>([]);
  useEffect(() => {
    let live = true;
    const check = () => {
      packs.list().then((list) => {
        if (live) setExpired(expiredRegions(list, today(now())));
      }, () => undefined);
    };
    check();
    const unsubscribe = packs.subscribe(check);
    const timer = setInterval(check, PACK_EXPIRY_RECHECK_MS);
    return () => {
      live = false;
      unsubscribe();
      clearInterval(timer);
    };
  }, [packs, now]);
  if (expired.length === 0) return null;
  return (
    <Alert
      role="status"
      severity="error"
      variant="filled"
      data-testid="packs-expired-banner"
      data-regions={expired.map((entry) => entry.region).join(' ')}
      sx={{ maxWidth: 560, pointerEvents: 'none', boxShadow: 2, py: 0.25, fontSize: 15 }}
    >
      {expired.map((entry) => (
        <div key={`${entry.region}@${entry.cycle}`}>{entry.text}</div>
      ))}
    </Alert>
  );
}
