// `/app/download` (issue 18, spec part 2 §2-§4 "Downloads"): chart region packs for offline use,
// downloaded by the background downloader (downloader.worker.ts) with their progress, pause, resume,
// stop and delete; the airport database and weather as download types; approach plates per region
// (PlatesSection); the storage bar and quota.
// Works offline: the region list then comes from the app and shows what is on the device.
import { useEffect, useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { CHART_REGIONS, PACKS_INDEX_PATH, packIndexSchema, type PackArea, type PackIndex } from '@clearway/protocol';
import { useAppSelector } from '../../store/hooks';
import { formatWeatherAge, useWeatherSnapshot } from '../weather';
import { AreaPanel } from './AreaPanel';
import { areaRows, readKnownAreas, rememberArea } from './areas';
import { downloadsClient, formatMB, STORAGE_QUOTA_REQUESTED_BYTES, useDownloads, type RegionDownload } from './downloadsClient';
import { orderRegions, type LonLat } from './nearRegions';
import { isPlatesPackCode } from './platesPacks';
import { PlatesSection } from './PlatesSection';
import { REGION_STATE, regionStateName, type RegionState } from './regionState';
import { isExpired, regionRows, type RegionRow } from './rows';
import { DOWNLOADS_TITLE, formatRemaining, NOT_AVAILABLE_TEXT, OFFLINE_INDEX_TEXT, STATE_TEXT, UPDATE_AVAILABLE_TEXT } from './texts';

const QUOTA_CHOICES_MB = [250, 500, 1000, 2000, 4000];
const TOUCH = { minHeight: 44, minWidth: 44 };

type IndexState = { index: PackIndex | null; error: string | null; loading: boolean };

function usePackIndex(): IndexState {
  const [state, setState] = useState<IndexState>({ index: null, error: null, loading: true });
  useEffect(() => {
    const controller = new AbortController();
    fetch(PACKS_INDEX_PATH, { signal: controller.signal, cache: 'no-cache' })
      .then(async (response) => {
        if (!response.ok) throw new Error(`${PACKS_INDEX_PATH} answered ${response.status}`);
        const parsed = packIndexSchema.safeParse(await response.json());
        if (!parsed.success) throw new Error(`${PACKS_INDEX_PATH} is not a pack index: ${parsed.error.issues[0]?.path.join('.')} ${parsed.error.issues[0]?.message}`);
        setState({ index: parsed.data, error: null, loading: false });
      })
      .catch((error: unknown) => {
        if (!controller.signal.aborted) setState({ index: null, error: error instanceof Error ? error.message : String(error), loading: false });
      });
    return () => controller.abort();
  }, []);
  return state;
}

/** The pilot's position when location access was already granted (never prompts from this page). */
function usePosition(): LonLat | null {
  const [position, setPosition] = useState<LonLat | null>(null);
  useEffect(() => {
    let live = true;
    const geolocation = globalThis.navigator?.geolocation;
    const permissions = globalThis.navigator?.permissions;
    if (!geolocation || !permissions) return undefined;
    permissions
      .query({ name: 'geolocation' })
      .then((status) => {
        if (status.state !== 'granted') return;
        geolocation.getCurrentPosition((p) => live && setPosition({ lon: p.coords.longitude, lat: p.coords.latitude }), () => undefined, { maximumAge: 600_000 });
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  return position;
}

function useStorageEstimate(storedBytes: number): StorageEstimate | null {
  const [estimate, setEstimate] = useState<StorageEstimate | null>(null);
  useEffect(() => {
    globalThis.navigator?.storage
      ?.estimate?.()
      .then(setEstimate)
      .catch(() => setEstimate(null));
  }, [storedBytes]);
  return estimate;
}

function stateOf(row: RegionRow, download: RegionDownload | undefined): RegionState | null {
  if (download !== undefined && download.state !== null && download.state !== REGION_STATE.DELETED) return download.state;
  return row.stored.length > 0 ? REGION_STATE.DOWNLOADED : (download?.state ?? null);
}

function RegionItem({ row, download, selected, onSelect, nowMs, onMessage }: { row: RegionRow; download: RegionDownload | undefined; selected: boolean; onSelect: (on: boolean) => void; nowMs: number; onMessage: (text: string | null) => void }) {
  const client = downloadsClient();
  const state = stateOf(row, download);
  const name = regionStateName(state);
  const available = row.cycle !== null;
  const running = state === REGION_STATE.QUEUED || state === REGION_STATE.IN_PROGRESS || state === REGION_STATE.RESUME_CONFIRMED || state === REGION_STATE.ESTIMATING;
  const showBar = download && state !== null && [0, 1, 2, 3, 4, 5, 12].includes(state);
  const expires = row.storedExpires ?? row.expires;
  const start = async () => {
    if (row.cycle === null) return;
    onMessage(await client.download(row.code, row.name, row.cycle, row.chunks));
  };
  return (
    <Box data-testid={`region-${row.code}`} data-state={name} sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, py: 1, borderBottom: 1, borderColor: 'divider' }}>
      <Checkbox checked={selected} disabled={!available} onChange={(event) => onSelect(event.target.checked)} slotProps={{ input: { 'aria-label': `Select ${row.name}` } }} sx={TOUCH} />
      <Box sx={{ flex: '1 1 180px', minWidth: 0 }}>
        <Typography variant="subtitle1" component="h3">
          {row.name}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {available ? formatMB(row.bytes) : NOT_AVAILABLE_TEXT}
          {row.storedCycle ? ` · on device: cycle ${row.storedCycle}, ${formatMB(row.storedBytes)}` : row.cycle ? ` · cycle ${row.cycle}` : ''}
          {expires ? (
            <Box component="span" data-testid={`expires-${row.code}`} sx={{ color: isExpired(expires, nowMs) ? 'error.main' : undefined, fontWeight: isExpired(expires, nowMs) ? 700 : undefined }}>
              {` · ${isExpired(expires, nowMs) ? 'expired' : 'expires'} ${expires}`}
            </Box>
          ) : null}
        </Typography>
        {row.updateAvailable ? (
          <Typography variant="body2" color="warning.main">
            {UPDATE_AVAILABLE_TEXT}: cycle {row.cycle}
            {row.effective !== null && Date.parse(`${row.effective}T00:00:00Z`) > nowMs ? ` (effective ${row.effective})` : ''}
          </Typography>
        ) : null}
        {state !== null && STATE_TEXT[name] ? (
          <Typography variant="body2" data-testid={`state-${row.code}`}>
            {STATE_TEXT[name]}
            {showBar && download.pct !== null ? ` ${Math.floor(download.pct)}%` : ''}
            {showBar && running && download.rem !== null ? ` · ${formatRemaining(download.rem)}` : ''}
          </Typography>
        ) : null}
        {showBar ? <LinearProgress variant="determinate" value={download.pct ?? 0} aria-label={`${row.name} progress`} sx={{ mt: 0.5, height: 8, borderRadius: 1 }} /> : null}
        {state === REGION_STATE.ERROR && download?.error ? (
          <Alert severity="error" sx={{ mt: 0.5 }} data-testid={`error-${row.code}`}>
            {download.error}
          </Alert>
        ) : null}
      </Box>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        {available && (state === null || state === REGION_STATE.STOPPED || state === REGION_STATE.DELETED || state === REGION_STATE.ERROR || (state === REGION_STATE.DOWNLOADED && row.updateAvailable)) ? (
          <Button variant="contained" onClick={() => void start()} sx={TOUCH}>
            {state === REGION_STATE.ERROR ? 'Retry' : state === REGION_STATE.DOWNLOADED ? 'Update' : 'Download'}
          </Button>
        ) : null}
        {running && state !== REGION_STATE.ESTIMATING ? (
          <Button variant="outlined" onClick={() => client.pause(row.code)} sx={TOUCH}>
            Pause
          </Button>
        ) : null}
        {state === REGION_STATE.PAUSED ? (
          <Button variant="contained" onClick={() => client.resume(row.code)} sx={TOUCH}>
            Resume
          </Button>
        ) : null}
        {running || state === REGION_STATE.PAUSED ? (
          <Button variant="outlined" color="warning" onClick={() => client.stop(row.code)} sx={TOUCH}>
            Stop
          </Button>
        ) : null}
        {state === REGION_STATE.DOWNLOADED || state === REGION_STATE.PAUSED || state === REGION_STATE.STOPPED || (state === REGION_STATE.ERROR && row.stored.length > 0) ? (
          <Button variant="outlined" color="error" onClick={() => client.delete(row.code)} sx={TOUCH}>
            Delete
          </Button>
        ) : null}
      </Box>
    </Box>
  );
}

/** The airport database and weather as download types (spec part 2 §3: per download type status, cycle, info). */
function OtherTypes({ nowMs }: { nowMs: number }) {
  const navData = useAppSelector((s) => s.navData);
  const metar = useWeatherSnapshot('metar');
  const taf = useWeatherSnapshot('taf');
  const loaded = navData.loaded;
  const weather = [
    { label: 'METARs', view: metar },
    { label: 'TAFs', view: taf },
  ];
  return (
    <Box data-testid="download-types" sx={{ mb: 2 }}>
      <Typography variant="h6" component="h2">
        Airport database and weather
      </Typography>
      <Box data-testid="type-airportdb" sx={{ py: 1, borderBottom: 1, borderColor: 'divider' }}>
        <Typography variant="subtitle1" component="h3">
          Airport database
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {loaded ? `Cycle ${loaded.cycle} · ${formatMB(loaded.bytes)} · ` : ''}
          {navData.status === 'loaded' ? 'Downloaded' : navData.status === 'loading' ? `Downloading${navData.pct !== null ? ` ${navData.pct}%` : ''}` : navData.status === 'error' ? 'Error' : 'Not downloaded'}
          {loaded ? (
            <Box component="span" sx={{ color: isExpired(loaded.expires, nowMs) ? 'error.main' : undefined }}>
              {` · ${isExpired(loaded.expires, nowMs) ? 'expired' : 'expires'} ${loaded.expires}`}
            </Box>
          ) : null}
        </Typography>
        {navData.message ? <Typography variant="body2" color="error.main">{navData.message}</Typography> : null}
      </Box>
      {weather.map(({ label, view }) => (
        <Box key={label} data-testid={`type-${label}`} sx={{ py: 1, borderBottom: 1, borderColor: 'divider' }}>
          <Typography variant="subtitle1" component="h3">
            {label}
          </Typography>
          <Typography variant="body2" color={view.stale ? 'error.main' : 'text.secondary'}>
            {view.cycle !== null ? `Cycle ${new Date(view.cycle).toISOString().slice(0, 16).replace('T', ' ')}Z · ${formatWeatherAge(view.ageMs ?? 0)} old · ` : ''}
            {view.snapshot ? 'On device' : 'Not downloaded'} ({view.status})
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

export function DownloadsPage() {
  const downloads = useDownloads();
  const client = downloadsClient();
  const { index, error: indexError, loading } = usePackIndex();
  const position = usePosition();
  const [query, setQuery] = useState('');
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [message, setMessage] = useState<string | null>(null);
  const [nowMs] = useState(() => Date.now());
  const [sized, setSized] = useState<PackArea[]>([]);
  const [known, setKnown] = useState(readKnownAreas);
  const areas = useMemo(() => areaRows(sized, known, downloads.stored), [sized, known, downloads.stored]);
  const onSized = (area: PackArea) => {
    setSized((list) => [area, ...list.filter((item) => item.id !== area.id)]);
    setKnown(rememberArea(area));
  };

  const rows = useMemo(() => {
    const regions = index?.regions ?? CHART_REGIONS;
    const all = regionRows(regions, index, downloads.stored);
    // Offline, the list is what is on the device (and what was being downloaded).
    return index ? all : all.filter((row) => row.stored.length > 0 || (downloads.regions[row.code]?.state ?? null) !== null);
  }, [index, downloads.stored, downloads.regions]);
  const filtered = rows.filter((row) => row.name.toLowerCase().includes(query.trim().toLowerCase()) || row.code.toLowerCase().includes(query.trim().toLowerCase()));
  const { suggested, others } = orderRegions(filtered, position);
  const lower48 = others.filter((row) => !row.alaska);
  const alaska = others.filter((row) => row.alaska);

  const storedBytes = downloads.stored.reduce((sum, pack) => sum + pack.bytes, 0);
  const estimate = useStorageEstimate(storedBytes);
  const quotaBytes = downloads.settings.quotaMB * 1_000_000;
  const chosen = rows.filter((row) => selected.has(row.code) && row.cycle !== null);
  const chosenBytes = chosen.reduce((sum, row) => sum + row.bytes, 0);
  const regionsStored = new Set(downloads.stored.filter((pack) => !isPlatesPackCode(pack.region)).map((pack) => pack.region)).size;

  const select = (code: string, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(code);
      else next.delete(code);
      return next;
    });
  const downloadSelected = async () => {
    for (const row of chosen) {
      if (row.cycle === null) continue;
      const problem = await client.download(row.code, row.name, row.cycle, row.chunks);
      if (problem) {
        setMessage(problem);
        return;
      }
    }
    setMessage(null);
  };
  const group = (title: string, list: RegionRow[], testId: string) =>
    list.length === 0 ? null : (
      <Box data-testid={testId} sx={{ mb: 2 }}>
        <Typography variant="h6" component="h2">
          {title}
        </Typography>
        {list.map((row) => (
          <RegionItem key={row.code} row={row} download={downloads.regions[row.code]} selected={selected.has(row.code)} onSelect={(on) => select(row.code, on)} nowMs={nowMs} onMessage={setMessage} />
        ))}
      </Box>
    );

  return (
    <Box data-testid="page-download" sx={{ p: { xs: 1.5, sm: 2 }, overflow: 'auto', height: '100%', boxSizing: 'border-box', maxWidth: 960, mx: 'auto' }}>
      <Typography variant="h5" component="h1" sx={{ mb: 1 }}>
        {DOWNLOADS_TITLE}
      </Typography>

      <Box data-testid="storage" sx={{ mb: 2 }}>
        <Typography variant="body2">
          Packs on this device: {regionsStored} region{regionsStored === 1 ? '' : 's'}, {formatMB(storedBytes)} of the {downloads.settings.quotaMB} MB download quota
        </Typography>
        <LinearProgress variant="determinate" value={Math.min(100, (storedBytes / quotaBytes) * 100)} aria-label="Download quota used" sx={{ height: 10, borderRadius: 1, my: 0.5 }} />
        {estimate?.usage !== undefined && estimate.quota !== undefined ? (
          <Typography variant="body2" color="text.secondary" data-testid="storage-estimate">
            Browser storage: {formatMB(estimate.usage)} used, {formatMB(Math.max(0, estimate.quota - estimate.usage))} available (asked for {formatMB(STORAGE_QUOTA_REQUESTED_BYTES)})
          </Typography>
        ) : null}
      </Box>

      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mb: 2, alignItems: 'center' }}>
        <TextField select label="Download quota" value={downloads.settings.quotaMB} onChange={(event) => client.setSettings({ quotaMB: Number(event.target.value) })} sx={{ minWidth: 160 }}>
          {QUOTA_CHOICES_MB.map((mb) => (
            <MenuItem key={mb} value={mb} sx={TOUCH}>
              {mb} MB
            </MenuItem>
          ))}
        </TextField>
        <Typography variant="body2" color="text.secondary" sx={{ flex: '1 1 200px' }}>
          Region type: within 400 miles {position ? 'of your position' : '(no position yet: allow location on the map)'} first
        </Typography>
      </Box>

      <OtherTypes nowMs={nowMs} />
      <PlatesSection downloads={downloads} nowMs={nowMs} onMessage={setMessage} />

      {indexError ? (
        <Alert severity="info" sx={{ mb: 1 }}>
          {OFFLINE_INDEX_TEXT} ({indexError})
        </Alert>
      ) : null}
      {message ? (
        <Alert severity="warning" sx={{ mb: 1 }} data-testid="downloads-message" onClose={() => setMessage(null)}>
          {message}
        </Alert>
      ) : null}

      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', mb: 1, position: 'sticky', top: 0, zIndex: 1, bgcolor: 'background.default', py: 1 }}>
        <TextField label="Search regions" value={query} onChange={(event) => setQuery(event.target.value)} size="small" sx={{ flex: '1 1 200px' }} slotProps={{ htmlInput: { style: { minHeight: 28 } } }} />
        <Button variant="contained" disabled={chosen.length === 0} onClick={() => void downloadSelected()} sx={TOUCH}>
          Download all selected ({chosen.length}, {formatMB(chosenBytes)})
        </Button>
      </Box>
      {loading ? <LinearProgress aria-label="Loading the downloads list" sx={{ mb: 1 }} /> : null}
      <AreaPanel onSized={onSized} online={index !== null} />
      {group('States and route corridors', areas, 'group-areas')}
      {group('Near you (within 400 miles)', suggested, 'group-near')}
      {group('Regions', lower48, 'group-regions')}
      {group('Alaska', alaska, 'group-alaska')}
      {!loading && filtered.length === 0 ? <Typography color="text.secondary">{index ? 'No region matches the search.' : 'No packs on this device.'}</Typography> : null}
    </Box>
  );
}
