// `/app/along_route` (issue 17, spec part 1 §2 "Along the Route"): the airports within a chosen
// corridor of the current route, in route order, each with its weather and the TAF at the aircraft's
// ETA there. The corridor search and the ETAs come from the routing worker (`alongRoute`); the
// weather from the snapshots kept on the device (features/weather), so the list works offline.
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useServices } from '../../platform/services';
import { pagePath } from '../../platform/pages';
import { useAppSelector } from '../../store/hooks';
import type { AlongRouteResult } from '../../worker/alongRouteMessages';
import { NAV_DB_LOADING } from '../navdata';
import { AGE_TICK_MS, formatWeatherAge, useWeatherSnapshot } from '../weather';
import { AlongRouteList } from './AlongRouteList';
import { alongRouteRows, indexById } from './rows';
import { ALONG_ROUTE_TITLE, CORRIDOR_CHOICES_NM, DEFAULT_CORRIDOR_CHOICE_NM, NAV_DB_NOT_LOADED_TEXT, NO_ROUTE_TEXT, noAirportsText } from './texts';

/** Wall-clock time, brought up to date every AGE_TICK_MS (ages, and the TAF's time for an untimed route). */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), AGE_TICK_MS);
    return () => clearInterval(timer);
  }, []);
  return now;
}

type Found = { key: string; result: AlongRouteResult | null; error: string | null };

function Shell({ children }: { children: ReactNode }) {
  return (
    <Box data-testid="page-along_route" sx={{ p: { xs: 1.5, sm: 2 }, overflow: 'auto', height: '100%', boxSizing: 'border-box', maxWidth: 960, mx: 'auto' }}>
      <Typography variant="h5" component="h1" sx={{ mb: 1 }}>
        {ALONG_ROUTE_TITLE}
      </Typography>
      {children}
    </Box>
  );
}

export function AlongRoutePage() {
  const { routing } = useServices();
  const navigate = useNavigate();
  const route = useAppSelector((s) => s.route.current);
  const dbStatus = useAppSelector((s) => s.navData.status);
  const [corridorNm, setCorridorNm] = useState<number>(DEFAULT_CORRIDOR_CHOICE_NM);
  const [found, setFound] = useState<Found | null>(null);
  const metars = useWeatherSnapshot('metar');
  const tafs = useWeatherSnapshot('taf');
  const nowMs = useNow();

  const hasRoute = !!route && route.waypoints.length > 0;
  const dbLoaded = dbStatus === 'loaded';
  const key = route ? `${route.ts}|${route.final_string}|${route.etd_ms ?? ''}|${route.all_legs.length}|${corridorNm}` : '';

  useEffect(() => {
    if (!routing || !route || !hasRoute || !dbLoaded) return undefined;
    const controller = new AbortController();
    routing.call('alongRoute', { route, corridorNm }, { signal: controller.signal }).then(
      (result) => setFound({ key, result, error: null }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setFound({ key, result: null, error: error instanceof Error ? error.message : String(error) });
      },
    );
    return () => controller.abort();
  }, [routing, route, hasRoute, dbLoaded, corridorNm, key]);

  const metarIndex = useMemo(() => indexById(metars.snapshot?.stations), [metars.snapshot]);
  const tafIndex = useMemo(() => indexById(tafs.snapshot?.tafs), [tafs.snapshot]);
  const current = found?.key === key ? found : null;
  const rows = useMemo(
    () => (current?.result ? alongRouteRows(current.result.airports, metarIndex, tafIndex, nowMs) : []),
    [current, metarIndex, tafIndex, nowMs],
  );

  if (!hasRoute) {
    return (
      <Shell>
        <Typography data-testid="along-route-empty" data-reason="no-route">
          {NO_ROUTE_TEXT}
        </Typography>
      </Shell>
    );
  }
  if (!dbLoaded) {
    return (
      <Shell>
        <Typography data-testid="along-route-empty" data-reason="no-navdb">
          {dbStatus === 'loading' || dbStatus === 'not_loaded' ? NAV_DB_LOADING : NAV_DB_NOT_LOADED_TEXT}
        </Typography>
      </Shell>
    );
  }

  const result = current?.result ?? null;
  const weatherNote =
    !metars.snapshot && !tafs.snapshot
      ? metars.status === 'loading' || tafs.status === 'loading'
        ? 'Loading weather...'
        : 'No weather is stored on this device yet: it downloads the next time the app is online.'
      : [metars.ageMs !== null ? `METARs ${formatWeatherAge(metars.ageMs)}` : 'No METARs', tafs.ageMs !== null ? `TAFs ${formatWeatherAge(tafs.ageMs)}` : 'No TAFs'].join(' · ');
  const stale = metars.stale || tafs.stale;

  return (
    <Shell>
      <Typography variant="body2" color="text.secondary" data-testid="along-route-summary" sx={{ mb: 1, overflowWrap: 'anywhere' }}>
        {route.final_string}
        {result ? ` · ${Math.round(result.routeNm)} nm · ${result.airports.length} airport${result.airports.length === 1 ? '' : 's'}` : ''}
        {result && result.etdMs === null ? ' · not yet planned: the TAFs are read at the time now' : ''}
      </Typography>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 1 }}>
        <Typography id="corridor-label" variant="body2">
          Corridor each side
        </Typography>
        <ToggleButtonGroup
          exclusive
          size="small"
          value={corridorNm}
          aria-labelledby="corridor-label"
          onChange={(_, value: number | null) => value !== null && setCorridorNm(value)}
        >
          {CORRIDOR_CHOICES_NM.map((nm) => (
            <ToggleButton key={nm} value={nm} data-testid={`corridor-${nm}`} sx={{ minWidth: 64, minHeight: 44, px: 1.5, textTransform: 'none' }}>
              {nm} nm
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      </Box>
      <Typography variant="caption" component="p" color={stale ? 'warning.main' : 'text.secondary'} data-testid="along-route-weather-age" sx={{ mb: 1 }}>
        {weatherNote}
      </Typography>
      {current?.error ? (
        <Alert severity="error" data-testid="along-route-error">
          The airports along the route could not be listed: {current.error}
        </Alert>
      ) : !result ? (
        <Typography data-testid="along-route-loading">Finding the airports along the route...</Typography>
      ) : (
        <>
          {result.problems.map((p) => (
            <Alert key={p} severity="warning" sx={{ mb: 1 }}>
              {p}
            </Alert>
          ))}
          {result.airports.length === 0 ? (
            <Typography data-testid="along-route-empty" data-reason="no-airports">
              {noAirportsText(result.corridorNm)}
            </Typography>
          ) : (
            <AlongRouteList rows={rows} onOpen={(ident) => void navigate(`${pagePath('airport')}?id=${encodeURIComponent(ident)}`)} />
          )}
        </>
      )}
    </Shell>
  );
}
