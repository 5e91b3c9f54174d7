import { useCallback, useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Box, Button, IconButton, Paper, Stack, Table, TableBody, TableCell, TableHead, TableRow, Toolbar, Tooltip, Typography } from '@mui/material';
import StarIcon from '@mui/icons-material/Star';
import StarBorderIcon from '@mui/icons-material/StarBorder';
import { formatDms } from '@clearway/geo';
import type { Airport, AirportSummary, Frequency, Runway, RunwayInfo } from '@clearway/navdb';
import { closedRunwayIds, runwayEndTrueHeading } from '@clearway/weather';
import { useStoredAirportId } from '../../platform/storedAirport';
import { useServices } from '../../platform/services';
import { PrefsDb } from '../../db/prefs';
import { useAppSelector } from '../../store/hooks';
import { useSyncedTableVersion } from '../../platform/syncedTables';
import { addRecentAirport, isFavoriteAirport, listFavoriteAirports, listRecentAirports, setFavoriteAirport } from './airportLists';
import { ToolbarMenu, type MenuEntry } from './AirportMenus';
import { mergeEnRoute, routePoints } from './enRoute';
import { RunwayDiagram, runwayPaths } from './RunwayDiagram';
import { pagePath } from '../../platform/pages';
import { NavDataExpiryBanner } from '../navdata/components';
import { AirportWeatherSection } from './weather/AirportWeatherSection';
import { AirportNotamsView, useAirportNotams } from '../notams';

export const AIRPORT_EMPTY_TEXT = 'Search an airport to see it here';
export const FAVORITES_EMPTY_HINT = 'No favorite airports yet: tap the star icon on an airport to save it here.';

interface Loaded {
  code: string;
  summary: AirportSummary;
  airport: Airport | null;
  runwayInfo: RunwayInfo | null;
}

type LoadState = { kind: 'idle' } | { kind: 'loading' } | { kind: 'notFound'; code: string } | { kind: 'loaded'; data: Loaded };

/** A frequency as pilots read it: MHz with 3 decimals (VHF/UHF), else kHz. */
export function formatFrequency(khz: number): string {
  return khz >= 30_000 ? (khz / 1000).toFixed(3) : `${khz} kHz`;
}

function feet(value: number | null): string {
  return value === null ? '—' : `${value.toLocaleString('en-US')} ft`;
}

function heading(deg: number | null): string {
  return deg === null ? '—' : `${String(Math.round(deg) % 360 || 360).padStart(3, '0')}°T`;
}

/**
 * Each end's true heading: the nav data's, else derived (the other end's reciprocal, the course
 * between the thresholds, or, marked ≈, the runway number turned to true with the variation: the
 * FAA's national files carry no runway-end records, so KSFO's ends had none and showed `—`).
 */
function endHeadings(runway: Runway, magVarDeg: number | null): string {
  const text = runway.ends.map((end) => {
    const h = runwayEndTrueHeading(end, runway.ends.find((e) => e !== end) ?? null, magVarDeg);
    return `${end.id}: ${h ? `${h.source === 'runway-number' ? '≈' : ''}${heading(h.trueDeg)}` : '—'}`;
  });
  return text.join(', ') || '—';
}

function yesNo(value: boolean | null): string {
  return value === null ? '—' : value ? 'Yes' : 'No';
}

/** The route slice's fields this page reads, guarded: the slice may be missing. */
interface RouteSliceLike {
  current?: unknown;
  selectedAirportId?: unknown;
}

function routeSlice(s: unknown): RouteSliceLike | undefined {
  return (s as { route?: RouteSliceLike }).route;
}

/** The current route of the route slice when that slice exists. */
function useCurrentRoute(): unknown {
  return useAppSelector((s) => routeSlice(s)?.current ?? null);
}

/** The airport the search box selected (route slice `selectedAirportId`), when there is one. */
function useSelectedAirportId(): string | null {
  return useAppSelector((s) => {
    const id = routeSlice(s)?.selectedAirportId;
    return typeof id === 'string' && id.trim() ? id.trim().toUpperCase() : null;
  });
}

/** The airport page (/app/airport): the selected airport's details, favourite star and airport menus. */
export function AirportPage() {
  const services = useServices();
  const { routing, prefs } = services;
  const lists = prefs instanceof PrefsDb ? prefs : null;
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const queryId = params.get('id')?.trim().toUpperCase() || null;
  const selectedId = useSelectedAirportId();
  const storedId = useStoredAirportId(queryId !== null);
  const dbStatus = useAppSelector((s) => s.navData.status);
  const currentRoute = useCurrentRoute();
  const [result, setResult] = useState<{ code: string; value: Loaded | null } | null>(null);
  const [favorite, setFavorite] = useState(false);


  const code = queryId ?? selectedId ?? storedId;

  useEffect(() => {
    if (!code || !routing) return;
    const controller = new AbortController();
    const { signal } = controller;
    (async () => {
      const summary = await routing.call('airportSummary', { code }, { signal });
      if ('error' in summary) {
        if (!signal.aborted) setResult({ code, value: null });
        return;
      }
      const [airport, runwayInfo] = await Promise.all([
        routing.call('airport', { code }, { signal }).catch(() => null),
        routing.call('getRunwayInfo', { airportId: code }, { signal }).catch(() => null),
      ]);
      if (signal.aborted) return;
      setResult({ code, value: { code, summary, airport, runwayInfo } });
      if (lists) {
        await addRecentAirport(lists, summary.code);
        setFavorite(await isFavoriteAirport(lists, summary.code));
      }
      await prefs.setProperty('airport_id', summary.code);
    })().catch(() => {
      // The database is not loaded yet (or the call was cancelled): stay loading until it is.
    });
    return () => controller.abort();
  }, [code, routing, lists, prefs, dbStatus]);

  // A sync that changed the favourites (a star set on another device) re-reads this airport's star.
  const favoritesVersion = useSyncedTableVersion('fav_airports');
  const shownCode = result?.value?.summary.code ?? null;
  useEffect(() => {
    if (!lists || !shownCode || favoritesVersion === 0) return undefined;
    let live = true;
    isFavoriteAirport(lists, shownCode).then(
      (next) => live && setFavorite(next),
      (error: unknown) => console.warn('Could not read the favourite airports', error),
    );
    return () => {
      live = false;
    };
  }, [lists, shownCode, favoritesVersion]);

  const open = useCallback((next: string) => navigate(`${pagePath('airport')}?id=${encodeURIComponent(next)}`), [navigate]);

  /** Codes with their names from the nav database (the code alone when it is not loaded). */
  const named = useCallback(
    async (codes: string[]): Promise<MenuEntry[]> =>
      Promise.all(
        codes.map(async (c): Promise<MenuEntry> => {
          const summary = routing ? await routing.call('airportSummary', { code: c }).catch(() => null) : null;
          return summary && !('error' in summary) ? { code: c, name: summary.name } : { code: c };
        }),
      ),
    [routing],
  );
  const loadFavorites = useCallback(async (): Promise<MenuEntry[]> => (lists ? named((await listFavoriteAirports(lists)).map((r) => r.code)) : []), [lists, named]);
  const loadRecents = useCallback(async (): Promise<MenuEntry[]> => (lists ? named((await listRecentAirports(lists)).map((r) => r.code)) : []), [lists, named]);
  const loadEnRoute = useCallback(async (): Promise<MenuEntry[]> => {
    const points = routePoints(currentRoute);
    if (!routing || points.length === 0) return [];
    const perPoint = await Promise.all(points.map((point) => routing.call('nearestAirports', { point, count: 5 })));
    return mergeEnRoute(perPoint);
  }, [currentRoute, routing]);

  const state: LoadState =
    !code || !routing
      ? { kind: 'idle' }
      : result?.code !== code
        ? { kind: 'loading' }
        : result.value
          ? { kind: 'loaded', data: result.value }
          : { kind: 'notFound', code };
  const loaded = state.kind === 'loaded' ? state.data : null;
  const toggleFavorite = async () => {
    if (!loaded || !lists) return;
    const next = !favorite;
    await setFavoriteAirport(lists, loaded.summary.code, next);
    setFavorite(next);
  };

  return (
    <Box data-testid="page-airport" sx={{ p: 2, overflow: 'auto', height: '100%', boxSizing: 'border-box' }}>
      <Toolbar disableGutters variant="dense" sx={{ gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="h6" component="h1" sx={{ mr: 1 }}>
          Airports
        </Typography>
        <ToolbarMenu label="Favorite airports" title="Favorite airports" testId="menu-fav-airports" load={loadFavorites} empty={FAVORITES_EMPTY_HINT} onChoose={open} />
        <ToolbarMenu label="Recent airports" title="Recent airports" testId="menu-recent-airports" load={loadRecents} empty="No recent airports yet." onChoose={open} />
        <ToolbarMenu label="A" title="En Route Airports" testId="menu-enroute-airports" load={loadEnRoute} empty="No route: enter a route in the search box." onChoose={open} />
        {loaded && (
          <>
            <Button size="small" sx={{ minHeight: 44 }} data-testid="airport-afd-link" onClick={() => navigate(`${pagePath('show_afd')}?id=${encodeURIComponent(loaded.summary.code)}`)}>
              Chart supplement
            </Button>
            <Button size="small" sx={{ minHeight: 44 }} data-testid="airport-plates-link" onClick={() => navigate(`${pagePath('PlateView')}?airport=${encodeURIComponent(loaded.airport?.icaoId ?? loaded.summary.code)}`)}>
              Plates
            </Button>
          </>
        )}
        {loaded && lists && (
          <Tooltip title={favorite ? 'Remove from favorites' : 'Add to favorites'}>
            <IconButton aria-label={favorite ? 'Remove from favorites' : 'Add to favorites'} aria-pressed={favorite} data-testid="airport-favorite" onClick={() => void toggleFavorite()}>
              {favorite ? <StarIcon color="warning" /> : <StarBorderIcon />}
            </IconButton>
          </Tooltip>
        )}
      </Toolbar>
      <NavDataExpiryBanner />
      {state.kind === 'idle' && <Typography data-testid="airport-empty">{AIRPORT_EMPTY_TEXT}</Typography>}
      {state.kind === 'loading' && <Typography data-testid="airport-loading">Loading airport...</Typography>}
      {state.kind === 'notFound' && <Typography data-testid="airport-not-found">Airport not found: {state.code}</Typography>}
      {loaded && <AirportDetails data={loaded} />}
    </Box>
  );
}

const RUNWAY_COLUMNS = ['Runway', 'Length', 'Width', 'Surface', 'Headings', 'Lighting'] as const;

/**
 * The runway table on a phone (issue 27 point 6): each runway a block of labelled cells in three
 * columns (Runway, Length, Width / Surface, Headings / Lighting), so nothing is cut at 390 px; the
 * header row stays for screen readers. From the sm breakpoint up, the table as it is.
 */
const RUNWAY_TABLE_SX = {
  '@media (max-width:599.95px)': {
    '& thead': { position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' },
    '& tbody': { display: 'block' },
    '& tbody tr': {
      display: 'grid',
      gridTemplateColumns: 'repeat(3, minmax(0, 1fr))',
      columnGap: 1,
      rowGap: 0.5,
      px: 1,
      py: 1,
      borderBottom: 1,
      borderColor: 'divider',
    },
    '& tbody td': { display: 'block', border: 0, p: 0, overflowWrap: 'anywhere' },
    '& tbody td[data-label="Headings"]': { gridColumn: 'span 2' },
    '& tbody td[data-label="Lighting"]': { gridColumn: '1 / -1' },
    '& tbody td::before': { content: 'attr(data-label)', display: 'block', typography: 'caption', color: 'text.secondary' },
  },
} as const;

function AirportDetails({ data }: { data: Loaded }) {
  const { summary, airport, runwayInfo } = data;
  const faa = airport?.faaId ?? (summary.icao === summary.code ? null : summary.code);
  const icao = airport?.icaoId ?? summary.icao;
  const place = [summary.municipality, summary.state].filter(Boolean).join(', ') || summary.country;
  const notams = useAirportNotams(icao ?? summary.code);
  // When the page opened: closures in force then are drawn (the NOTAM list reads the clock the same way).
  const [openedAt] = useState(Date.now);
  // The diagram from the airport's runways (with their ids, so NOTAM closures can be drawn), else the worker's paths.
  const paths = airport ? runwayPaths(airport) : (runwayInfo?.runway.paths ?? []);
  const closed = notams.kind === 'loaded' && airport ? closedRunwayIds(notams.data.notams, airport.runways.map((r) => r.id), openedAt) : undefined;
  return (
    <Stack spacing={2} data-testid="airport-details">
      <Box>
        <Typography variant="h5" component="h2" data-testid="airport-name">
          {summary.name}
        </Typography>
        <Typography data-testid="airport-ids">
          {faa && <>FAA: {faa}</>}
          {faa && icao && ' · '}
          {icao && <>ICAO: {icao}</>}
        </Typography>
        <Typography data-testid="airport-place">{place}</Typography>
        <Typography data-testid="airport-elevation">Elevation: {feet(summary.elevationFt)}</Typography>
        <Typography data-testid="airport-position">Position: {formatDms(summary.latDeg, summary.lonDeg)}</Typography>
        <Typography data-testid="airport-tower">Tower: {summary.towered === null ? '—' : summary.towered ? 'Towered' : 'Non-towered'}</Typography>
        <Typography data-testid="airport-fuel">Fuel: {airport?.fuelTypes ?? yesNo(summary.fuel)}</Typography>
      </Box>
      <AirportWeatherSection summary={summary} airport={airport} />
      <AirportNotamsView state={notams} now={() => openedAt} />
      {airport && airport.runways.length > 0 && (
        <Paper variant="outlined">
          <Typography variant="h6" component="h3" sx={{ px: 2, pt: 1 }}>
            Runways
          </Typography>
          <Table size="small" data-testid="airport-runways" sx={RUNWAY_TABLE_SX}>
            <TableHead>
              <TableRow>
                {RUNWAY_COLUMNS.map((c) => (
                  <TableCell key={c}>{c}</TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {airport.runways.map((rwy) => (
                <TableRow key={rwy.id} data-testid={`runway-${rwy.id}`}>
                  <TableCell data-label="Runway">{rwy.id}</TableCell>
                  <TableCell data-label="Length">{feet(rwy.lengthFt)}</TableCell>
                  <TableCell data-label="Width">{feet(rwy.widthFt)}</TableCell>
                  <TableCell data-label="Surface">{rwy.surface ?? rwy.surfaceClass}</TableCell>
                  <TableCell data-label="Headings">{endHeadings(rwy, airport.magVarDeg)}</TableCell>
                  <TableCell data-label="Lighting">{rwy.lighting ?? yesNo(rwy.lighted)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Paper>
      )}
      {airport && airport.frequencies.length > 0 && <Frequencies list={airport.frequencies} />}
      {paths.length > 0 && (
        <Box>
          <Typography variant="h6" component="h3">
            Runway diagram
          </Typography>
          <RunwayDiagram paths={paths} closed={closed} />
          {closed !== undefined && closed.size > 0 && (
            <Typography color="error" data-testid="runway-diagram-closed">
              Closed by NOTAM: {[...closed].map((id) => `RWY ${id}`).join(', ')}
            </Typography>
          )}
        </Box>
      )}
    </Stack>
  );
}

function Frequencies({ list }: { list: Frequency[] }) {
  return (
    <Paper variant="outlined">
      <Typography variant="h6" component="h3" sx={{ px: 2, pt: 1 }}>
        Frequencies
      </Typography>
      <Table size="small" data-testid="airport-frequencies" sx={{ '& td': { overflowWrap: 'anywhere', px: { xs: 1, sm: 2 } } }}>
        <TableBody>
          {list.map((f, i) => (
            <TableRow key={`${f.type}-${f.frequencyKhz}-${i}`}>
              <TableCell>{f.type}</TableCell>
              <TableCell>{formatFrequency(f.frequencyKhz)}</TableCell>
              <TableCell>{f.description ?? ''}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Paper>
  );
}
