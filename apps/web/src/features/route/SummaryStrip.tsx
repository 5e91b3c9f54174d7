import type { ReactNode } from 'react';
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
  /**
   * The phone layout (issue 27 point 6): the compact summary's figures (`compact`) in the same box,
   * the strip's own figures that repeat them (Distance, Time, Fuel, Temp) left out, and the ETD fields
   * and figure not here (the page shows EtdFields, the departure time among them, under the navlog).
   */
  phone?: { compact: ReactNode } | undefined;
}

/**
 * The summary strip (spec part 2 §2): Distance, Alt, Speed, Time, Fuel, Temp, Aircraft and ETD
 * (h:mm am/pm), with the ETD choices (spec part 2 §5) and a date-time picker.
 */
export function SummaryStrip({ route, profile, units, onEtdOffset, onEtdDate, phone }: Props) {
  const s = stripSummary(route, profile, units);
  const departure = departureMs(profile, route);
  // The last flag: shown elsewhere on a phone: the compact summary's Dist, ETE, Fuel and Temp in the
  // same box, the departure time in the Departure field under the navlog.
  const items: [string, string, boolean][] = [
    ['Distance', s.distance, true],
    ['Alt', s.alt, false],
    ['Speed', s.speed, false],
    ['Time', s.time, true],
    ['Fuel', s.fuel, true],
    ['Temp', s.temp, true],
    ['Aircraft', s.aircraft, false],
    ['ETD', departure === null ? '--' : formatEtd(departure), true],
  ];
  const shown = phone ? items.filter(([, , repeated]) => !repeated) : items;
  return (
    <Paper
      data-testid="summary-strip"
      data-layout={phone ? 'phone' : 'wide'}
      variant="outlined"
      sx={
        phone
          ? { display: 'flex', flexWrap: 'wrap', columnGap: 1.5, rowGap: 0.25, alignItems: 'baseline', px: 1, py: 0.5 }
          : { display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', px: 1.5, py: 1 }
      }
    >
      {phone?.compact}
      {shown.map(([label, value]) => (
        <Box key={label} sx={phone ? { display: 'flex', gap: 0.5, alignItems: 'baseline' } : { display: 'flex', flexDirection: 'column' }}>
          <Typography variant="caption" color="text.secondary">
            {label}
          </Typography>
          <Typography variant="body2" data-testid={`summary-${label.toLowerCase()}`}>
            {value}
          </Typography>
        </Box>
      ))}
      {phone ? null : <EtdFields profile={profile} departure={departure} onEtdOffset={onEtdOffset} onEtdDate={onEtdDate} />}
    </Paper>
  );
}

interface EtdFieldsProps {
  profile: AircraftProfile;
  /** The departure time shown (ms), null when none. */
  departure: number | null;
  onEtdOffset: (minutes: number) => void;
  onEtdDate: (ms: number) => void;
  /** Fill the row (the phone's fields under the navlog). */
  fill?: boolean;
}

/** The ETD choices (spec part 2 §5) and the date-time picker, each at least 44 px tall. */
export function EtdFields({ profile, departure, onEtdOffset, onEtdDate, fill = false }: EtdFieldsProps) {
  const choice = (ETD_CHOICES_MIN as readonly number[]).includes(profile.etd) ? String(profile.etd) : '';
  return (
    <>
      <TextField
        select
        size="small"
        label="ETD"
        value={choice}
        onChange={(e) => onEtdOffset(Number(e.target.value))}
        sx={[{ minWidth: 110, flex: fill ? 1 : 'none' }, FIELD_TARGET]}
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
        sx={[{ flex: fill ? 2 : 'none' }, FIELD_TARGET]}
        label="Departure"
        value={departure === null ? '' : toDateTimeLocal(departure)}
        onChange={(e) => {
          const ms = new Date(e.target.value).getTime();
          if (Number.isFinite(ms)) onEtdDate(ms);
        }}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'etd-date' } }}
      />
    </>
  );
}

/** The departure time the strip and the ETD fields show: the profile's ETD, else the route's. */
export function departureMs(profile: AircraftProfile, route: Route | null): number | null {
  return etdMs(profile) ?? route?.etd_ms ?? null;
}
