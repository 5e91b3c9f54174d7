import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import StarIcon from '@mui/icons-material/Star';
import StarBorderIcon from '@mui/icons-material/StarBorder';
import ZoomInIcon from '@mui/icons-material/ZoomIn';
import ZoomOutIcon from '@mui/icons-material/ZoomOut';
import RotateRightIcon from '@mui/icons-material/RotateRight';
import FitScreenIcon from '@mui/icons-material/FitScreen';
import DarkModeIcon from '@mui/icons-material/DarkMode';
import { plateExpired, type PlateAirportList, type PlateChart } from '@clearway/protocol';
import { PrefsDb } from '../../db/prefs';
import { useServices } from '../../platform/services';
import { pagePath } from '../../platform/pages';
import { useAppSelector } from '../../store/hooks';
import { FIT_WIDTH, PlateCanvas, zoomAbout, type PlateViewState } from './PlateCanvas';
import { findProcedureChart, groupCharts, plateViewSearch } from './plateGroups';
import { addRecentPlate, isFavoritePlate, listFavoritePlates, listRecentPlates, setFavoritePlate } from './plateLists';
import { fetchAirportPlates, fetchPlatePdf } from './platesApi';
import { loadPdfRenderer, type PlateDocument, type PlateRenderer } from './pdfRenderer';
import { usePlatePosition, type PlatePosition } from './position';

/** localStorage key of the last plate shown, reopened on the next visit. */
export const LAST_PLATE_KEY = 'clearway.last_plate';
export const NO_GEOREF_TEXT = 'No georeference for this plate: the aircraft is not drawn on it.';
export const FAVORITE_PLATES_EMPTY = 'No favorite plates yet: tap the star icon on a plate to save it here.';

const touch = { minWidth: 44, minHeight: 44 } as const;

interface LastPlate {
  airport: string;
  pdfName: string;
}

function readLastPlate(): LastPlate | null {
  try {
    const value = JSON.parse(globalThis.localStorage?.getItem(LAST_PLATE_KEY) ?? 'null') as LastPlate | null;
    return value && typeof value.airport === 'string' && typeof value.pdfName === 'string' ? value : null;
  } catch {
    return null;
  }
}

interface MenuEntry {
  key: string;
  label: string;
  onChoose: () => void;
}

/** A toolbar menu (spec part 2 §2: 20em by 18em) whose entries load when it opens. */
function PlateMenu({ label, title, testId, load, empty }: { label: string; title: string; testId: string; load: () => Promise<MenuEntry[]>; empty: ReactNode }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [entries, setEntries] = useState<MenuEntry[] | null>(null);
  return (
    <>
      <Button
        size="small"
        aria-label={title}
        aria-haspopup="menu"
        data-testid={`${testId}-button`}
        sx={touch}
        onClick={(event) => {
          setAnchor(event.currentTarget);
          setEntries(null);
          load().then(setEntries, () => setEntries([]));
        }}
      >
        {label}
      </Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)} slotProps={{ paper: { sx: { width: '20em', maxHeight: '18em', height: '18em' }, 'data-testid': testId } as object, list: { 'aria-label': title } }}>
        <Typography variant="subtitle2" sx={{ px: 2, py: 0.5 }}>
          {title}
        </Typography>
        {entries === null ? (
          <MenuItem disabled>Loading...</MenuItem>
        ) : entries.length === 0 ? (
          <MenuItem disabled sx={{ whiteSpace: 'normal' }}>
            {empty}
          </MenuItem>
        ) : (
          entries.map((entry) => (
            <MenuItem
              key={entry.key}
              sx={{ minHeight: 44 }}
              onClick={() => {
                setAnchor(null);
                entry.onChoose();
              }}
            >
              {entry.label}
            </MenuItem>
          ))
        )}
      </Menu>
    </>
  );
}

/** The route's airports (waypoints of type AIRPORT), in order, each once; read by shape from the route slice. */
function useRouteAirports(): { code: string; name: string }[] {
  const current = useAppSelector((s) => (s as { route?: { current?: unknown } }).route?.current ?? null);
  return useMemo(() => {
    const waypoints = (current as { waypoints?: unknown } | null)?.waypoints;
    if (!Array.isArray(waypoints)) return [];
    const seen = new Set<string>();
    const out: { code: string; name: string }[] = [];
    for (const w of waypoints as { code?: unknown; name?: unknown; type?: unknown }[]) {
      if (w?.type !== 'AIRPORT' || typeof w.code !== 'string' || seen.has(w.code)) continue;
      seen.add(w.code);
      out.push({ code: w.code, name: typeof w.name === 'string' ? w.name : '' });
    }
    return out;
  }, [current]);
}

export interface PlateViewProps {
  /** pdf.js by default; tests pass their own. */
  loadRenderer?: () => Promise<PlateRenderer>;
  fetchFn?: typeof fetch;
  /** The aircraft's position; default the in-flight store's (features/inflight). */
  position?: PlatePosition | null;
  now?: () => number;
}

/**
 * The plate screen (/app/PlateView; spec part 2 §2, §3; issue 21): an airport's charts from the
 * server's d-TPP index, grouped as the FAA groups them, and the chosen plate drawn with pdf.js with
 * zoom, pan, rotation, fit-to-width and night mode; the ownship on georeferenced plates; favourite,
 * recent and en-route (P) menus; the last plate reopens on the next visit.
 */
export function PlateView({ loadRenderer = loadPdfRenderer, fetchFn, position: givenPosition, now = Date.now }: PlateViewProps) {
  const { prefs } = useServices();
  const lists = prefs instanceof PrefsDb ? prefs : null;
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const storePosition = usePlatePosition();
  const position = givenPosition === undefined ? storePosition : givenPosition;
  const routeAirports = useRouteAirports();
  const [last] = useState(readLastPlate);
  const airport = params.get('airport')?.trim().toUpperCase() || last?.airport || routeAirports[0]?.code || '';
  const procedure = params.get('proc') ?? '';
  // `diagram=1`: the airport diagram (landing.ts opens it after landing).
  const wantDiagram = params.get('diagram') === '1';
  const [typed, setTyped] = useState(airport);
  const [typedFor, setTypedFor] = useState(airport);
  if (typedFor !== airport) {
    setTypedFor(airport);
    setTyped(airport);
  }
  const [list, setList] = useState<{ airport: string; value: PlateAirportList | null; error: string | null } | null>(null);
  const [picked, setSelected] = useState<string | null>(params.get('plate') ?? (!procedure && !wantDiagram && last?.airport === airport ? last.pdfName : null));
  const [document, setDocument] = useState<{ pdfName: string; doc: PlateDocument } | null>(null);
  const [failure, setFailure] = useState<{ pdfName: string; message: string } | null>(null);
  const [views, setViews] = useState<{ pdfName: string; view: PlateViewState } | null>(null);
  const [night, setNight] = useState(false);
  const [favorite, setFavorite] = useState(false);

  // pdf.js and its worker start while the list shows, before a plate is chosen.
  useEffect(() => {
    loadRenderer().catch(() => undefined);
  }, [loadRenderer]);

  useEffect(() => {
    if (!airport) return undefined;
    const controller = new AbortController();
    fetchAirportPlates(airport, fetchFn, controller.signal).then(
      (value) => setList({ airport, value, error: null }),
      (error: unknown) => !controller.signal.aborted && setList({ airport, value: null, error: error instanceof Error ? error.message : String(error) }),
    );
    return () => controller.abort();
  }, [airport, fetchFn]);

  const shownList = list?.airport === airport ? list : null;
  const charts = useMemo(() => shownList?.value?.charts ?? [], [shownList]);
  // A procedure chosen in the route screen opens its chart (until another plate is picked).
  const selected = picked ?? (procedure ? (findProcedureChart(charts, procedure)?.pdfName ?? null) : wantDiagram ? (charts.find((c) => c.group === 'diagram')?.pdfName ?? null) : null);
  const chart: PlateChart | undefined = charts.find((c) => c.pdfName === selected);
  const view = views !== null && views.pdfName === chart?.pdfName ? views.view : FIT_WIDTH;
  const chartName = chart?.pdfName ?? null;
  const setView = (next: PlateViewState | ((current: PlateViewState) => PlateViewState)) => {
    if (chartName === null) return;
    setViews((current) => {
      const base = current !== null && current.pdfName === chartName ? current.view : FIT_WIDTH;
      return { pdfName: chartName, view: typeof next === 'function' ? next(base) : next };
    });
  };
  const plateError = failure !== null && failure.pdfName === chart?.pdfName ? failure.message : null;

  useEffect(() => {
    if (!chart || !shownList?.value) return undefined;
    let live = true;
    let opened: PlateDocument | null = null;
    const info = { ident: shownList.value.airport, name: chart.chartName, cycle: shownList.value.cycle, chartCode: chart.chartCode };
    globalThis.localStorage?.setItem(LAST_PLATE_KEY, JSON.stringify({ airport: shownList.value.airport, pdfName: chart.pdfName }));
    if (lists) {
      addRecentPlate(lists, chart.pdfName, info).catch((error: unknown) => console.warn('Could not keep the recent plate', error));
      isFavoritePlate(lists, chart.pdfName).then((value) => live && setFavorite(value), () => undefined);
    }
    Promise.all([loadRenderer(), fetchPlatePdf(chart.url, fetchFn)])
      .then(([renderer, bytes]) => renderer.open(bytes))
      .then((doc) => {
        opened = doc;
        if (live) setDocument({ pdfName: chart.pdfName, doc });
        else doc.close();
      })
      .catch((error: unknown) => live && setFailure({ pdfName: chart.pdfName, message: error instanceof Error ? error.message : String(error) }));
    return () => {
      live = false;
      opened?.close();
    };
  }, [chart, shownList, lists, loadRenderer, fetchFn]);

  const openAirport = (code: string, pdfName?: string) => {
    setSelected(pdfName ?? null);
    navigate(`${pagePath('PlateView')}${plateViewSearch(code)}${pdfName ? `&plate=${encodeURIComponent(pdfName)}` : ''}`, { replace: true });
  };

  const plateEntries = (rows: Awaited<ReturnType<typeof listFavoritePlates>>): MenuEntry[] =>
    rows.map((row) => ({ key: row.code, label: `${row.info.ident} ${row.info.name}`, onChoose: () => openAirport(row.info.ident, row.code) }));

  const toggleFavorite = async () => {
    if (!lists || !chart || !shownList?.value) return;
    const next = !favorite;
    await setFavoritePlate(lists, chart.pdfName, { ident: shownList.value.airport, name: chart.chartName, cycle: shownList.value.cycle, chartCode: chart.chartCode }, next);
    setFavorite(next);
  };

  const groups = groupCharts(charts);
  const expired = shownList?.value ? plateExpired(shownList.value, now()) : false;
  const shown = document && document.pdfName === chart?.pdfName ? document.doc : null;

  return (
    // A full-height page (platform/pages.ts): the shell gives it exactly the height under the top bar.
    <Box data-testid="page-PlateView" sx={{ display: 'flex', flexDirection: 'column', flex: '1 1 auto', minHeight: 0, boxSizing: 'border-box', overflow: 'hidden' }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 0.5, px: 1, py: 0.5 }}>
        <Typography variant="h6" component="h1" sx={{ mr: 1 }}>
          Approach Plates
        </Typography>
        <Box
          component="form"
          sx={{ display: 'flex', gap: 0.5 }}
          onSubmit={(event) => {
            event.preventDefault();
            if (typed.trim()) openAirport(typed.trim().toUpperCase());
          }}
        >
          <TextField size="small" label="Airport" value={typed} onChange={(event) => setTyped(event.target.value)} slotProps={{ htmlInput: { 'data-testid': 'plate-airport-input', style: { minHeight: 28 } } }} sx={{ width: 110 }} />
          <Button type="submit" size="small" variant="outlined" sx={touch}>
            Show
          </Button>
        </Box>
        <PlateMenu label="Favorite plates" title="Favorite plates" testId="menu-fav-plates" empty={FAVORITE_PLATES_EMPTY} load={async () => (lists ? plateEntries(await listFavoritePlates(lists)) : [])} />
        <PlateMenu label="Recent plates" title="Recent plates" testId="menu-recent-plates" empty="No recent plates yet." load={async () => (lists ? plateEntries(await listRecentPlates(lists)) : [])} />
        <PlateMenu
          label="P"
          title="En Route Airports"
          testId="menu-enroute-plates"
          empty="No route: enter a route in the search box."
          load={async () => routeAirports.map((a) => ({ key: a.code, label: `${a.code} ${a.name}`.trim(), onChoose: () => openAirport(a.code) }))}
        />
      </Box>
      {!airport ? <Typography sx={{ p: 2 }}>Choose an airport to see its approach plates.</Typography> : null}
      {airport && shownList === null ? <Typography sx={{ p: 2 }}>Loading plates...</Typography> : null}
      {shownList?.error ? (
        <Alert severity="warning" sx={{ m: 1 }}>
          {shownList.error}
        </Alert>
      ) : null}
      {shownList?.value ? (
        <>
          {expired ? (
            <Alert severity="error" variant="filled" data-testid="plate-expired" sx={{ mx: 1 }}>
              {`Expired: d-TPP cycle ${shownList.value.cycle} ended ${shownList.value.effectiveTo.slice(0, 10)}. Not for navigation.`}
            </Alert>
          ) : null}
          <Box sx={{ display: 'flex', flex: 1, minHeight: 0, flexDirection: { xs: 'column', md: 'row' } }}>
            <List
              dense
              data-testid="plate-list"
              sx={{ width: { xs: '100%', md: 300 }, maxHeight: { xs: chart ? 160 : 'none', md: 'none' }, overflow: 'auto', flexShrink: 0, borderRight: { md: 1 }, borderColor: 'divider' }}
              subheader={<ListSubheader component="div">{`${shownList.value.airport} ${shownList.value.name} · cycle ${shownList.value.cycle} (${shownList.value.effectiveFrom.slice(0, 10)} to ${shownList.value.effectiveTo.slice(0, 10)})`}</ListSubheader>}
            >
              {groups.map((group) => (
                <Box key={group.id} component="li" data-testid={`plate-group-${group.id}`} sx={{ listStyle: 'none' }}>
                  <Typography variant="overline" sx={{ px: 2 }}>
                    {group.label}
                  </Typography>
                  <List dense disablePadding>
                    {group.charts.map((c) => (
                      <ListItemButton key={`${c.seq}-${c.pdfName}`} data-testid={`plate-item-${c.pdfName}`} selected={c.pdfName === selected} onClick={() => setSelected(c.pdfName)} sx={{ minHeight: 44 }}>
                        <ListItemText primary={c.chartName} secondary={c.amendment || null} />
                        {c.changedThisCycle ? <Chip size="small" color="warning" label={c.userAction === 'A' ? 'New this cycle' : 'Changed this cycle'} /> : null}
                      </ListItemButton>
                    ))}
                  </List>
                </Box>
              ))}
            </List>
            {chart ? (
              <Box sx={{ display: 'flex', flexDirection: 'column', flex: 1, minWidth: 0, minHeight: 0 }}>
                <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 0.25, px: 0.5 }}>
                  <Typography variant="subtitle2" sx={{ mr: 1 }} data-testid="plate-title">{`${chart.chartName} · cycle ${shownList.value.cycle}`}</Typography>
                  <Tooltip title={favorite ? 'Remove from favorite plates' : 'Add to favorite plates'}>
                    <IconButton aria-label={favorite ? 'Remove from favorite plates' : 'Add to favorite plates'} data-testid="plate-favorite" onClick={() => void toggleFavorite()} sx={touch}>
                      {favorite ? <StarIcon color="warning" /> : <StarBorderIcon />}
                    </IconButton>
                  </Tooltip>
                  <IconButton aria-label="Zoom in" data-testid="plate-zoom-in" sx={touch} onClick={() => setView((v) => zoomAbout(v, 1.5, 0, 0))}>
                    <ZoomInIcon />
                  </IconButton>
                  <IconButton aria-label="Zoom out" data-testid="plate-zoom-out" sx={touch} onClick={() => setView((v) => zoomAbout(v, 1 / 1.5, 0, 0))}>
                    <ZoomOutIcon />
                  </IconButton>
                  <IconButton aria-label="Fit to width" data-testid="plate-fit" sx={touch} onClick={() => setView((v) => ({ ...FIT_WIDTH, rotation: v.rotation }))}>
                    <FitScreenIcon />
                  </IconButton>
                  <IconButton aria-label="Rotate" data-testid="plate-rotate" sx={touch} onClick={() => setView((v) => ({ ...FIT_WIDTH, rotation: ((v.rotation + 90) % 360) as PlateViewState['rotation'] }))}>
                    <RotateRightIcon />
                  </IconButton>
                  <IconButton aria-label="Night mode" aria-pressed={night} data-testid="plate-night" sx={touch} onClick={() => setNight((n) => !n)} color={night ? 'primary' : 'default'}>
                    <DarkModeIcon />
                  </IconButton>
                </Box>
                <Typography variant="caption" sx={{ px: 1 }} data-testid="plate-georef">
                  {chart.georef === null ? NO_GEOREF_TEXT : position ? 'Georeferenced: the aircraft is drawn at its position.' : 'Georeferenced: the aircraft shows here once a position is known.'}
                </Typography>
                {plateError ? (
                  <Alert severity="error" sx={{ m: 1 }}>
                    {`Could not open ${chart.chartName}: ${plateError}`}
                  </Alert>
                ) : shown ? (
                  <PlateCanvas document={shown} page={1} view={view} onView={setView} night={night} georef={chart.georef} position={position} />
                ) : (
                  <Typography sx={{ p: 2 }}>Loading plate...</Typography>
                )}
              </Box>
            ) : null}
          </Box>
        </>
      ) : null}
    </Box>
  );
}

export default PlateView;
