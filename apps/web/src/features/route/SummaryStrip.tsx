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
  // The last flag: repeated in the compact summary beside it (Dist, ETE, Fuel, Temp), so left out
  // on a phone, where the two boxes would push the navlog down (issue 27 point 6).
  const items: [string, string, boolean][] = [
    ['Distance', s.distance, true],
    ['Alt', s.alt, false],
    ['Speed', s.speed, false],
    ['Time', s.time, true],
    ['Fuel', s.fuel, true],
    ['Temp', s.temp, true],
    ['Aircraft', s.aircraft, false],
    ['ETD', departure === null ? '--' : formatEtd(departure), false],
  ];
  const choice = (ETD_CHOICES_MIN as readonly number[]).includes(profile.etd) ? String(profile.etd) : '';
  return (
    <Paper
      data-testid="summary-strip"
      variant="outlined"
      sx={{ display: 'flex', flexWrap: 'wrap', columnGap: { xs: 1.5, sm: 2 }, rowGap: { xs: 1, sm: 2 }, alignItems: 'center', px: { xs: 1, sm: 1.5 }, py: { xs: 0.75, sm: 1 } }}
    >
      {items.map(([label, value, repeated]) => (
        <Box
          key={label}
          data-repeated={repeated ? 'true' : undefined}
          sx={{
            // On a phone: one line of label-value pairs, without the figures the compact summary shows.
            display: { xs: repeated ? 'none' : 'flex', sm: 'flex' },
            flexDirection: { xs: 'row', sm: 'column' },
            alignItems: { xs: 'baseline', sm: 'stretch' },
            gap: { xs: 0.5, sm: 0 },
          }}
        >
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
        sx={[{ minWidth: 110, flex: { xs: 1, sm: 'none' } }, FIELD_TARGET]}
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
        sx={[{ flex: { xs: 2, sm: 'none' } }, FIELD_TARGET]}
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
