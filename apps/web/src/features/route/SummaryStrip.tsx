import { Box, MenuItem, Paper, TextField, Typography } from '@mui/material';
import type { AircraftProfile, Route } from '@clearway/flightplan';
import { ETD_CHOICES_MIN, etdMs, formatEtd } from '../profile';
import { stripSummary, type DisplayUnits } from './navlogFormat';
import { FIELD_TARGET } from './touch';

/** An ETD menu label: 'Now' or the offset in minutes. */
export function etdChoiceLabel(minutes: number): string {
  return minutes === 0 ? 'Now' : `${minutes} min`;
}

/** A time as the datetime-local input takes it (local time, minutes). */
export function toDateTimeLocal(ms: number): string {
  const d = new Date(ms);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`;
}

interface Props {
  route: Route | null;
  profile: AircraftProfile;
  units: DisplayUnits;
  /** An ETD menu choice (minutes from now). */
  onEtdOffset: (minutes: number) => void;
  /** A date and time picked (ms). */
  onEtdDate: (ms: number) => void;
}

/**
 * The summary strip (spec part 2 §2): Distance, Alt, Speed, Time, Fuel, Temp, Aircraft and ETD
 * (h:mm am/pm), with the ETD choices (spec part 2 §5) and a date-time picker.
 */
export function SummaryStrip({ route, profile, units, onEtdOffset, onEtdDate }: Props) {
  const s = stripSummary(route, profile, units);
  const departure = etdMs(profile) ?? route?.etd_ms ?? null;
  const items: [string, string][] = [
    ['Distance', s.distance],
    ['Alt', s.alt],
    ['Speed', s.speed],
    ['Time', s.time],
    ['Fuel', s.fuel],
    ['Temp', s.temp],
    ['Aircraft', s.aircraft],
    ['ETD', departure === null ? '--' : formatEtd(departure)],
  ];
  const choice = (ETD_CHOICES_MIN as readonly number[]).includes(profile.etd) ? String(profile.etd) : '';
  return (
    <Paper data-testid="summary-strip" variant="outlined" sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', px: 1.5, py: 1 }}>
      {items.map(([label, value]) => (
        <Box key={label} sx={{ display: 'flex', flexDirection: 'column' }}>
          <Typography variant="caption" color="text.secondary">
            {label}
          </Typography>
          <Typography variant="body2" data-testid={`summary-${label.toLowerCase()}`}>
            {value}
          </Typography>
        </Box>
      ))}
      <TextField
        select
        size="small"
        label="ETD"
        value={choice}
        onChange={(e) => onEtdOffset(Number(e.target.value))}
        sx={[{ minWidth: 110 }, FIELD_TARGET]}
        slotProps={{ select: { inputProps: { 'data-testid': 'etd-choice' } } }}
      >
        {ETD_CHOICES_MIN.map((m) => (
          <MenuItem key={m} value={String(m)}>
            {etdChoiceLabel(m)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        type="datetime-local"
        size="small"
        sx={FIELD_TARGET}
        label="Departure"
        value={departure === null ? '' : toDateTimeLocal(departure)}
        onChange={(e) => {
          const ms = new Date(e.target.value).getTime();
          if (Number.isFinite(ms)) onEtdDate(ms);
        }}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'etd-date' } }}
      />
    </Paper>
  );
}
