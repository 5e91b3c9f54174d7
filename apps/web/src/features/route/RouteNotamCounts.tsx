import { useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { Box, Button, Typography } from '@mui/material';
import type { Route } from '@clearway/flightplan';
import { notamTiming, type NotamRecord } from '@clearway/weather';
import { fetchAirportNotams, FLIGHT_CHANGING } from '../notams';
import { pagePath } from '../../platform/pages';
import { touchTarget } from './touch';

/** What an airport's count says: the NOTAMs its airport page lists (not ended, checklists left out). */
export interface NotamCount {
  total: number;
  /** Closures and outages (features/notams FLIGHT_CHANGING). */
  flightChanging: number;
}

/** The count of an airport's NOTAMs at `now` (ms), as its airport page lists them. */
export function notamCount(notams: readonly NotamRecord[], now: number): NotamCount {
  const shown = notams.filter((n) => n.kind !== 'checklist' && notamTiming(n.start, n.end, now) !== 'expired');
  return { total: shown.length, flightChanging: shown.filter((n) => FLIGHT_CHANGING.has(n.kind)).length };
}

/** The route's airports, in order, each once. */
export function routeAirports(route: Route): string[] {
  return [...new Set(route.waypoints.filter((w) => w.type === 'AIRPORT').map((w) => w.code))];
}

type Counts = Record<string, NotamCount | 'error'>;

/**
 * The route screen's NOTAM count per airport (issue 21): each airport of the route with the number
 * of NOTAMs its airport page lists, closures and outages said apart in red; a tap opens the airport
 * page. Counts load from the server when the route's airports change.
 */
export function RouteNotamCounts({ route, fetchFn, now = Date.now }: { route: Route; fetchFn?: typeof fetch; now?: () => number }) {
  const navigate = useNavigate();
  const key = routeAirports(route).join(' ');
  const airports = useMemo(() => (key === '' ? [] : key.split(' ')), [key]);
  const [counts, setCounts] = useState<{ key: string; value: Counts } | null>(null);
  useEffect(() => {
    if (airports.length === 0) return undefined;
    const controller = new AbortController();
    Promise.all(
      airports.map((code) =>
        fetchAirportNotams(code, fetchFn, controller.signal).then(
          (answer) => [code, answer.fetchedAt === null ? 'error' : notamCount(answer.notams, now())] as const,
          () => [code, 'error'] as const,
        ),
      ),
    ).then((entries) => !controller.signal.aborted && setCounts({ key, value: Object.fromEntries(entries) }));
    return () => controller.abort();
  }, [airports, key, fetchFn, now]);
  if (airports.length === 0) return null;
  const shown = counts?.key === key ? counts.value : null;
  return (
    <Box data-testid="route-notam-counts" sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 0.5 }}>
      <Typography variant="body2" component="span" sx={{ color: 'text.secondary', mr: 0.5 }}>
        NOTAMs
      </Typography>
      {airports.map((code) => {
        const count = shown?.[code];
        const text = count === undefined ? '…' : count === 'error' ? '?' : count.total === 0 ? 'none' : `${count.total}${count.flightChanging > 0 ? ` (${count.flightChanging} closed/out)` : ''}`;
        const changing = count !== undefined && count !== 'error' && count.flightChanging > 0;
        return (
          <Button
            key={code}
            size="small"
            variant="outlined"
            color={changing ? 'error' : 'inherit'}
            data-testid={`route-notams-${code}`}
            data-count={count === undefined || count === 'error' ? '' : count.total}
            aria-label={`${code} NOTAMs: ${text}`}
            sx={touchTarget}
            onClick={() => navigate(`${pagePath('airport')}?id=${encodeURIComponent(code)}`)}
          >
            {`${code} ${text}`}
          </Button>
        );
      })}
    </Box>
  );
}
