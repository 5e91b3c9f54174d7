// The Downloads page's "Approach plates" section (issue 21): a plates pack per chart region, of all
// the region's airports or of the pilot's (saved routes and favourites: the approach strategy,
// remembered in the download settings), with its size before download; downloaded, paused, resumed,
// verified and deleted like the region packs, and read by the plate screen when offline.
import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { findChartRegion, type PlatesPackIndex } from '@clearway/protocol';
import { PrefsDb } from '../../db/prefs';
import { useServices } from '../../platform/services';
import { downloadsClient, formatMB, type ApproachStrategy, type DownloadsSnapshot } from './downloadsClient';
import { fetchPlatesPackIndex, isPlatesPackCode, platesChunk, platesCycleOf, platesPackCode, platesPackRegion, platesRegionSize, requestPlatesPack, selectedPlateAirports } from './platesPacks';
import { REGION_STATE, regionStateName } from './regionState';
import { isExpired } from './rows';
import { STATE_TEXT } from './texts';

const TOUCH = { minHeight: 44, minWidth: 44 };

export const PLATES_SECTION_TITLE = 'Approach plates';
export const PLATES_STRATEGY_TEXT: Record<ApproachStrategy, string> = {
  all: 'Every airport of the region',
  selected: 'The airports of your saved routes and favourites',
};

type IndexState = { index: PlatesPackIndex | null; error: string | null };

function usePlatesIndex(): IndexState {
  const [state, setState] = useState<IndexState>({ index: null, error: null });
  useEffect(() => {
    const controller = new AbortController();
    fetchPlatesPackIndex(globalThis.fetch.bind(globalThis), controller.signal).then(
      (index) => setState({ index, error: null }),
      (error: unknown) => !controller.signal.aborted && setState({ index: null, error: error instanceof Error ? error.message : String(error) }),
    );
    return () => controller.abort();
  }, []);
  return state;
}

/** The selected strategy's airports, from the prefs database (favourite airports, saved routes). */
function useSelectedAirports(): string[] {
  const { prefs } = useServices();
  const [codes, setCodes] = useState<string[]>([]);
  useEffect(() => {
    if (!(prefs instanceof PrefsDb)) return undefined;
    let live = true;
    Promise.all([prefs.fav_airports.toArray(), prefs.routes.toArray()]).then(
      ([favorites, routes]) => live && setCodes(selectedPlateAirports(favorites, routes)),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [prefs]);
  return codes;
}

interface PlatesRow {
  code: string;
  region: string;
  name: string;
  /** From the server's index (null offline). */
  available: { cycle: string; airports: string[]; total: number; bytes: number } | null;
  stored: { cycle: string; bytes: number; expires: string } | null;
}

export function PlatesSection({ downloads, nowMs, onMessage }: { downloads: DownloadsSnapshot; nowMs: number; onMessage: (text: string | null) => void }) {
  const client = downloadsClient();
  const { index, error } = usePlatesIndex();
  const selectedCodes = useSelectedAirports();
  const strategy = downloads.settings.approachStrategy;
  const [asking, setAsking] = useState<string | null>(null);
  const selected = new Set(selectedCodes);

  const storedRows = downloads.stored.filter((pack) => pack.kind === 'plates' && isPlatesPackCode(pack.region));
  const regionCodes = new Set<string>([...(index?.regions.map((r) => r.code) ?? []), ...storedRows.map((pack) => platesPackRegion(pack.region)), ...Object.keys(downloads.regions).filter(isPlatesPackCode).filter((code) => (downloads.regions[code]?.state ?? null) !== null).map(platesPackRegion)]);
  const rows: PlatesRow[] = [...regionCodes].sort().map((region) => {
    const listed = index?.regions.find((r) => r.code === region);
    const size = listed ? platesRegionSize(listed, strategy, selected) : null;
    const pack = storedRows.find((p) => p.region === platesPackCode(region));
    return {
      code: platesPackCode(region),
      region,
      name: listed?.name ?? findChartRegion(region)?.name ?? region,
      available: listed && size && index?.cycle ? { cycle: index.cycle, airports: size.airports, total: listed.airports.length, bytes: size.bytes } : null,
      stored: pack ? { cycle: platesCycleOf(pack.cycle), bytes: pack.bytes, expires: pack.expires } : null,
    };
  });

  const start = async (row: PlatesRow) => {
    if (row.available === null) return;
    setAsking(row.code);
    try {
      const entry = await requestPlatesPack(globalThis.fetch.bind(globalThis), row.region, strategy, strategy === 'all' ? [] : row.available.airports);
      onMessage(await client.download(row.code, `${row.name} plates`, entry.cycle, [platesChunk(entry)]));
    } catch (failure) {
      onMessage(`Not downloaded: the plates of ${row.name}: ${failure instanceof Error ? failure.message : String(failure)}`);
    } finally {
      setAsking(null);
    }
  };

  return (
    <Box data-testid="plates-packs" sx={{ mb: 2 }}>
      <Typography variant="h6" component="h2">
        {PLATES_SECTION_TITLE}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', my: 1 }}>
        <Typography variant="body2" id="approach-strategy-label">
          Airports
        </Typography>
        <ToggleButtonGroup exclusive size="small" aria-labelledby="approach-strategy-label" value={strategy} onChange={(_, value: ApproachStrategy | null) => value && client.setSettings({ approachStrategy: value })}>
          <ToggleButton value="all" sx={TOUCH}>
            All
          </ToggleButton>
          <ToggleButton value="selected" sx={TOUCH}>
            Selected airports
          </ToggleButton>
        </ToggleButtonGroup>
        <Typography variant="body2" color="text.secondary" sx={{ flex: '1 1 200px' }}>
          {PLATES_STRATEGY_TEXT[strategy]}
          {strategy === 'selected' ? ` (${selectedCodes.length === 0 ? 'none yet' : selectedCodes.join(', ')})` : ''}
        </Typography>
      </Box>
      {error && rows.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          No plates list from the server ({error}) and no plates on this device.
        </Typography>
      ) : null}
      {index !== null && index.regions.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          The server has no approach plates to download.
        </Typography>
      ) : null}
      {rows.map((row) => {
        const download = downloads.regions[row.code];
        const state = download?.state !== undefined && download.state !== null && download.state !== REGION_STATE.DELETED ? download.state : row.stored ? REGION_STATE.DOWNLOADED : null;
        const name = regionStateName(state);
        const running = state === REGION_STATE.QUEUED || state === REGION_STATE.IN_PROGRESS || state === REGION_STATE.RESUME_CONFIRMED || state === REGION_STATE.ESTIMATING;
        const updateAvailable = row.stored !== null && row.available !== null && row.available.cycle > row.stored.cycle;
        const canStart = row.available !== null && row.available.airports.length > 0 && asking !== row.code && (state === null || state === REGION_STATE.STOPPED || state === REGION_STATE.ERROR || state === REGION_STATE.DOWNLOADED);
        const expired = row.stored !== null && isExpired(row.stored.expires, nowMs);
        return (
          <Box key={row.code} data-testid={`plates-${row.region}`} data-state={name} sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, py: 1, borderBottom: 1, borderColor: 'divider' }}>
            <Box sx={{ flex: '1 1 180px', minWidth: 0 }}>
              <Typography variant="subtitle1" component="h3">
                {row.name}
              </Typography>
              <Typography variant="body2" color="text.secondary" data-testid={`plates-size-${row.region}`}>
                {row.available
                  ? `${row.available.airports.length} of ${row.available.total} airport${row.available.total === 1 ? '' : 's'} · ${formatMB(row.available.bytes)} · cycle ${row.available.cycle}`
                  : 'Not listed by the server now'}
              </Typography>
              {row.stored ? (
                <Typography variant="body2" color={expired ? 'error.main' : 'text.secondary'} sx={{ fontWeight: expired ? 700 : undefined }}>
                  On device: cycle {row.stored.cycle}, {formatMB(row.stored.bytes)} · {expired ? 'expired' : 'expires'} {row.stored.expires}
                </Typography>
              ) : null}
              {updateAvailable ? (
                <Typography variant="body2" color="warning.main">
                  Update available: cycle {row.available?.cycle}
                </Typography>
              ) : null}
              {state !== null && STATE_TEXT[name] ? (
                <Typography variant="body2" data-testid={`plates-state-${row.region}`}>
                  {STATE_TEXT[name]}
                  {download?.pct !== null && download?.pct !== undefined && running ? ` ${Math.floor(download.pct)}%` : ''}
                </Typography>
              ) : null}
              {running ? <LinearProgress variant="determinate" value={download?.pct ?? 0} aria-label={`${row.name} plates progress`} sx={{ mt: 0.5, height: 8, borderRadius: 1 }} /> : null}
              {state === REGION_STATE.ERROR && download?.error ? (
                <Alert severity="error" sx={{ mt: 0.5 }}>
                  {download.error}
                </Alert>
              ) : null}
            </Box>
            <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
              {canStart ? (
                <Button variant="contained" onClick={() => void start(row)} sx={TOUCH} aria-label={`Download the plates of ${row.name}`}>
                  {state === REGION_STATE.ERROR ? 'Retry' : state === REGION_STATE.DOWNLOADED ? (updateAvailable ? 'Update' : 'Download again') : 'Download'}
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
              {row.stored !== null && !running ? (
                <Button variant="outlined" color="error" onClick={() => client.delete(row.code)} sx={TOUCH} aria-label={`Delete the plates of ${row.name}`}>
                  Delete
                </Button>
              ) : null}
            </Box>
          </Box>
        );
      })}
    </Box>
  );
}
