// The Downloads page's "State or route corridor" panel: asks the server for a US state's packs or
// the current route's corridor (areas.ts); the sized area then appears as a row with its size, to
// be downloaded like a region.
import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { CORRIDOR_DEFAULT_BUFFER_NM, type PackArea, type UsStateArea } from '@clearway/protocol';
import { useAppSelector } from '../../store/hooks';
import { corridorPoints, fetchUsStates, requestArea } from './areas';

const TOUCH = { minHeight: 44, minWidth: 44 };
const BUFFER_CHOICES_NM = [10, 25, 50];

export function AreaPanel({ onSized, online }: { onSized: (area: PackArea) => void; online: boolean }) {
  const route = useAppSelector((s) => s.route.current);
  const points = corridorPoints(route);
  const [states, setStates] = useState<UsStateArea[]>([]);
  const [state, setState] = useState('');
  const [bufferNm, setBufferNm] = useState(CORRIDOR_DEFAULT_BUFFER_NM);
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!online) return undefined;
    let live = true;
    void fetchUsStates().then((result) => {
      if (!live) return;
      if ('states' in result) setStates(result.states);
      else setError(`The state list could not be loaded: ${result.error}`);
    });
    return () => {
      live = false;
    };
  }, [online]);

  const size = async (label: string, run: () => ReturnType<typeof requestArea>) => {
    setBusy(label);
    setError(null);
    const result = await run();
    setBusy(null);
    if ('area' in result) onSized(result.area);
    else setError(`${label}: ${result.error}`);
  };
  const routeName = route?.final_string ?? '';

  return (
    <Box data-testid="area-panel" sx={{ mb: 2 }}>
      <Typography variant="h6" component="h2">
        State or route corridor
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        The server packs the charts, basemap and terrain of a US state or of your route&apos;s corridor; the size shows before you download.
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', mb: 1 }}>
        <TextField select label="US state" value={state} onChange={(event) => setState(event.target.value)} disabled={!online || states.length === 0} sx={{ flex: '1 1 180px', minWidth: 160 }} slotProps={{ htmlInput: { 'data-testid': 'area-state' } }}>
          {states.map((item) => (
            <MenuItem key={item.code} value={item.code} sx={TOUCH}>
              {item.name}
            </MenuItem>
          ))}
        </TextField>
        <Button variant="outlined" disabled={!online || state === '' || busy !== null} onClick={() => void size('State', () => requestArea({ type: 'state', state }))} sx={TOUCH}>
          {busy === 'State' ? 'Packing…' : 'Size state'}
        </Button>
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        <TextField select label="Either side" value={bufferNm} onChange={(event) => setBufferNm(Number(event.target.value))} sx={{ minWidth: 120 }}>
          {BUFFER_CHOICES_NM.map((nm) => (
            <MenuItem key={nm} value={nm} sx={TOUCH}>
              {nm} nm
            </MenuItem>
          ))}
        </TextField>
        <Button
          variant="outlined"
          data-testid="area-corridor"
          disabled={!online || points.length < 2 || busy !== null}
          onClick={() => void size('Route corridor', () => requestArea({ type: 'corridor', points, bufferNm, name: `Route ${routeName}`.trim() }))}
          sx={{ ...TOUCH, flex: '1 1 200px' }}
        >
          {busy === 'Route corridor' ? 'Packing…' : points.length < 2 ? 'Route corridor (no route yet)' : `Size route corridor: ${routeName}`}
        </Button>
      </Box>
      {error ? (
        <Alert severity="warning" sx={{ mt: 1 }} data-testid="area-error" onClose={() => setError(null)}>
          {error}
        </Alert>
      ) : null}
    </Box>
  );
}
