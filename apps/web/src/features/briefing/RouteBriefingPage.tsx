// `/app/afss_route_briefing` (issue 22; spec part 1 §2 "Flight Service: Route Briefing"): a standard
// briefing for the current route at a departure time and altitude, from the data on this device
// (runBriefing.ts); this view wires the inputs and shows the state.
import { useMemo, useState } from 'react';
import Button from '@mui/material/Button';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { formatZulu } from '@clearway/weather';
import { useServices } from '../../platform/services';
import { useAppSelector } from '../../store/hooks';
import { etdFromOffset } from '../profile';
import { BriefingPageFrame, HIT, type BriefingPageState } from './BriefingPageFrame';
import { fromLocalInput, toLocalInput } from './localTime';
import { MAX_ALTITUDE_FT, MIN_ALTITUDE_FT, runRouteBriefing } from './runBriefing';
import { loadBriefingSnapshots, serverNotamSources } from './services';

export function RouteBriefingPage() {
  const { routing } = useServices();
  const route = useAppSelector((s) => s.route.current);
  const profile = useAppSelector((s) => s.profile.current);
  const [departure, setDeparture] = useState(() => toLocalInput(Date.parse(etdFromOffset(0, Date.now()).etd_iso)));
  const [altitude, setAltitude] = useState(() => String(route?.altitude || profile?.altitude || 6000));
  const [state, setState] = useState<BriefingPageState>({ state: 'not_run' });
  const departureMs = fromLocalInput(departure);
  const hasRoute = !!route && !!route.final_string && route.waypoints.length >= 2;
  const notams = useMemo(() => serverNotamSources(), []);

  const run = () => {
    setState({ state: 'running' });
    void runRouteBriefing({ routing, loadSnapshots: loadBriefingSnapshots, notams, now: () => Date.now() }, route, profile, fromLocalInput(departure), altitude.trim() === '' ? Number.NaN : Number(altitude)).then((outcome) =>
      setState({ state: 'done', outcome }),
    );
  };

  const form = (
    <Box component="form" noValidate onSubmit={(e) => { e.preventDefault(); run(); }} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'flex-start' }}>
      <TextField
        label="Departure (local time)"
        type="datetime-local"
        value={departure}
        onChange={(e) => setDeparture(e.target.value)}
        helperText={Number.isFinite(departureMs) ? formatZulu(departureMs) : 'Enter a date and time'}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'briefing-departure' } }}
        sx={{ flex: '1 1 14rem', minWidth: 0 }}
      />
      <TextField
        label="Altitude (ft)"
        type="number"
        value={altitude}
        onChange={(e) => setAltitude(e.target.value)}
        slotProps={{ htmlInput: { min: MIN_ALTITUDE_FT, max: MAX_ALTITUDE_FT, step: 500, inputMode: 'numeric', 'data-testid': 'briefing-altitude' } }}
        sx={{ flex: '1 1 10rem', minWidth: 0 }}
      />
      <Button type="submit" variant="contained" disabled={state.state === 'running'} data-testid="briefing-run" sx={{ ...HIT, flex: '0 0 auto', minWidth: 96 }}>
        Brief
      </Button>
    </Box>
  );
  return (
    <BriefingPageFrame
      name="afss_route_briefing"
      title="Route Briefing"
      intro={hasRoute ? `Route: ${route.final_string}` : 'No route yet: enter one on the Flight Plan page or in the map’s search box.'}
      form={form}
      state={state}
      idle="Choose the departure time and altitude, then Brief: adverse conditions, synopsis, current conditions, en-route and destination forecasts, winds aloft and NOTAMs along your route, from the weather on this device."
    />
  );
}
