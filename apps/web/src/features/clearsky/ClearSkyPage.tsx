// `/app/clearsky` (issue 17; spec part 1 §2 "ClearSky AI", part 2 §3/§4 "Clear-sky analysis"): the
// current route judged leg by leg against the weather at the aircraft's ETA, for a chosen departure
// time and cruise altitude. The analysis runs in the routing worker (runClearSky.ts); this view only
// wires the inputs and shows the state.
import { useCallback, useMemo, useState, useSyncExternalStore } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { formatZulu } from '@clearway/weather';
import { useServices } from '../../platform/services';
import { useAppSelector } from '../../store/hooks';
import { etdFromOffset } from '../profile';
import { loadWeatherSnapshot } from '../weather';
import { ClearSkyAges } from './ClearSkyAges';
import { ClearSkyResultView } from './ClearSkyLegs';
import { clearSkyStore, isClearSkyStale } from './clearskyState';
import { MAX_CRUISE_FT, MIN_CRUISE_FT, runClearSky } from './runClearSky';

const pad = (n: number) => String(n).padStart(2, '0');

/** A time as a `datetime-local` field's value (the device's local time, minutes). */
export function toLocalInput(ms: number): string {
  const d = new Date(ms);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A `datetime-local` value back to epoch ms (local time); NaN when empty or malformed. */
export function fromLocalInput(value: string): number {
  return /^\d{4}-\d\d-\d\dT\d\d:\d\d/.test(value) ? new Date(value).getTime() : Number.NaN;
}

async function loadSnapshots() {
  const [metar, taf, pirep, airmet, fbo] = await Promise.all([
    loadWeatherSnapshot('metar'),
    loadWeatherSnapshot('taf'),
    loadWeatherSnapshot('pirep'),
    loadWeatherSnapshot('airmet'),
    loadWeatherSnapshot('fbo'),
  ]);
  return { metar, taf, pirep, airmet, fbo };
}

export function ClearSkyPage() {
  const { routing } = useServices();
  const route = useAppSelector((s) => s.route.current);
  const profile = useAppSelector((s) => s.profile.current);
  const state = useSyncExternalStore(clearSkyStore.subscribe, clearSkyStore.getState);
  // Inputs: the last run's, else departure now (rounded up to 5 minutes) and the route's cruise altitude.
  const [departure, setDeparture] = useState(() => toLocalInput(state.dep_iso ? Date.parse(state.dep_iso) : Date.parse(etdFromOffset(0, Date.now()).etd_iso)));
  const [altitude, setAltitude] = useState(() => String(state.cruising_alt ?? route?.altitude ?? profile?.altitude ?? 6000));
  const departureMs = fromLocalInput(departure);
  const currentRoute = route?.final_string ?? null;
  const stale = isClearSkyStale(state, currentRoute || null);
  const hasRoute = !!route && !!route.final_string && route.waypoints.length >= 2;

  const run = useCallback(() => {
    void runClearSky(
      { store: clearSkyStore, routing, route, profile, loadSnapshots, now: () => Date.now() },
      { departureMs: fromLocalInput(departure), cruiseAltitudeFt: altitude.trim() === '' ? Number.NaN : Number(altitude) },
    );
  }, [routing, route, profile, departure, altitude]);

  const result = state.state === 'completed' ? state.result : null;
  const ranFor = useMemo(() => (state.dep_iso ? `${formatZulu(Date.parse(state.dep_iso))}, ${(state.cruising_alt ?? 0).toLocaleString('en-US')} ft` : ''), [state.dep_iso, state.cruising_alt]);

  return (
    <Box data-testid="page-clearsky" data-state={state.state} sx={{ p: { xs: 1.5, sm: 3 }, maxWidth: 960, display: 'grid', rowGap: 2, minWidth: 0 }}>
      <Box>
        <Typography component="h1" variant="h5">
          ClearSky AI
        </Typography>
        <Typography variant="body2" color="text.secondary" data-testid="clearsky-route">
          {hasRoute ? `Route: ${route.final_string}` : 'No route yet: enter one on the Flight Plan page or in the map’s search box.'}
        </Typography>
      </Box>

      <Box component="form" noValidate onSubmit={(e) => { e.preventDefault(); run(); }} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'flex-start' }}>
        <TextField
          label="Departure (local time)"
          type="datetime-local"
          value={departure}
          onChange={(e) => setDeparture(e.target.value)}
          helperText={Number.isFinite(departureMs) ? formatZulu(departureMs) : 'Enter a date and time'}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'clearsky-departure' } }}
          sx={{ flex: '1 1 14rem', minWidth: 0 }}
        />
        <TextField
          label="Cruise altitude (ft)"
          type="number"
          value={altitude}
          onChange={(e) => setAltitude(e.target.value)}
          slotProps={{ htmlInput: { min: MIN_CRUISE_FT, max: MAX_CRUISE_FT, step: 500, inputMode: 'numeric', 'data-testid': 'clearsky-altitude' } }}
          sx={{ flex: '1 1 10rem', minWidth: 0 }}
        />
        <Button type="submit" variant="contained" disabled={state.state === 'running'} data-testid="clearsky-run" sx={{ flex: '0 0 auto', minWidth: 96 }}>
          Run
        </Button>
      </Box>

      {stale && (
        <Alert severity="warning" data-testid="clearsky-stale">
          The route has changed since this analysis{state.route ? ` (it was for ${state.route})` : ''}: run ClearSky again for the current route.
        </Alert>
      )}

      {state.state === 'not_run' && (
        <Typography color="text.secondary" data-testid="clearsky-not-run">
          Not run yet. Choose the departure time and cruise altitude, then Run: each leg is judged against the weather at the time you would fly it.
        </Typography>
      )}
      {state.state === 'running' && (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }} data-testid="clearsky-running" role="status">
          <CircularProgress size={24} aria-hidden />
          <Typography>Analysing the route at {ranFor}…</Typography>
        </Box>
      )}
      {state.state === 'error' && (
        <Alert severity="error" data-testid="clearsky-error">
          {state.error}
        </Alert>
      )}
      {result && (
        <>
          <Typography variant="body2" color="text.secondary" data-testid="clearsky-ran-for">
            Departure {ranFor}.
          </Typography>
          <ClearSkyResultView result={result.result} elapsedMs={result.elapsedMs} />
        </>
      )}

      <ClearSkyAges />
    </Box>
  );
}
