// `/app/afss_area_briefing` (issue 22; spec part 1 §2 "Flight Service: Area Briefing"): the standard
// briefing for an airport or a point and a radius over a time window, from the data on this device.
import { useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { formatZulu } from '@clearway/weather';
import { useServices } from '../../platform/services';
import { useAppSelector } from '../../store/hooks';
import { etdFromOffset } from '../profile';
import { BriefingPageFrame, HIT, type BriefingPageState } from './BriefingPageFrame';
import { fromLocalInput, toLocalInput } from './localTime';
import { MAX_HOURS, MAX_RADIUS_NM, MIN_HOURS, MIN_RADIUS_NM, runAreaBriefing } from './runBriefing';
import { loadBriefingSnapshots, serverNotamSources } from './services';

const num = (text: string): number => (text.trim() === '' ? Number.NaN : Number(text));

export function AreaBriefingPage() {
  const { routing } = useServices();
  const route = useAppSelector((s) => s.route.current);
  const profile = useAppSelector((s) => s.profile.current);
  // The route's departure airport, when there is one, as a start.
  const [place, setPlace] = useState(() => route?.waypoints.find((w) => w.type === 'AIRPORT')?.code ?? '');
  const [radius, setRadius] = useState('25');
  const [from, setFrom] = useState(() => toLocalInput(Date.parse(etdFromOffset(0, Date.now()).etd_iso)));
  const [hours, setHours] = useState('2');
  const [altitude, setAltitude] = useState(() => String(profile?.altitude || 6000));
  const [state, setState] = useState<BriefingPageState>({ state: 'not_run' });
  const fromMs = fromLocalInput(from);
  const notams = useMemo(() => serverNotamSources(), []);

  const run = () => {
    setState({ state: 'running' });
    void runAreaBriefing({ routing, loadSnapshots: loadBriefingSnapshots, notams, now: () => Date.now() }, { place, radiusNm: num(radius), fromMs: fromLocalInput(from), hours: num(hours), altitudeFt: num(altitude) }).then((outcome) =>
      setState({ state: 'done', outcome }),
    );
  };

  const form = (
    <Box component="form" noValidate onSubmit={(e) => { e.preventDefault(); run(); }} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'flex-start' }}>
      <TextField label="Airport or point (lat, lon)" value={place} onChange={(e) => setPlace(e.target.value)} slotProps={{ htmlInput: { 'data-testid': 'briefing-place', autoCapitalize: 'characters' } }} sx={{ flex: '1 1 12rem', minWidth: 0 }} />
      <TextField label="Radius (nm)" type="number" value={radius} onChange={(e) => setRadius(e.target.value)} slotProps={{ htmlInput: { min: MIN_RADIUS_NM, max: MAX_RADIUS_NM, inputMode: 'numeric', 'data-testid': 'briefing-radius' } }} sx={{ flex: '1 1 7rem', minWidth: 0 }} />
      <TextField
        label="From (local time)"
        type="datetime-local"
        value={from}
        onChange={(e) => setFrom(e.target.value)}
        helperText={Number.isFinite(fromMs) ? formatZulu(fromMs) : 'Enter a date and time'}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'briefing-from' } }}
        sx={{ flex: '1 1 14rem', minWidth: 0 }}
      />
      <TextField label="For (hours)" type="number" value={hours} onChange={(e) => setHours(e.target.value)} slotProps={{ htmlInput: { min: MIN_HOURS, max: MAX_HOURS, inputMode: 'numeric', 'data-testid': 'briefing-hours' } }} sx={{ flex: '1 1 6rem', minWidth: 0 }} />
      <TextField label="Altitude (ft)" type="number" value={altitude} onChange={(e) => setAltitude(e.target.value)} slotProps={{ htmlInput: { step: 500, inputMode: 'numeric', 'data-testid': 'briefing-altitude' } }} sx={{ flex: '1 1 8rem', minWidth: 0 }} />
      <Button type="submit" variant="contained" disabled={state.state === 'running'} data-testid="briefing-run" sx={{ ...HIT, flex: '0 0 auto', minWidth: 96 }}>
        Brief
      </Button>
    </Box>
  );
  return (
    <BriefingPageFrame
      name="afss_area_briefing"
      title="Area Briefing"
      intro="The standard briefing for an airport or a point and a radius, from the weather on this device."
      form={form}
      state={state}
      idle="Enter an airport (KOSH) or a position (43.98, -88.56), a radius and a time, then Brief."
    />
  );
}
