import { useEffect, useState } from 'react';
import { Box, FormControlLabel, Radio, RadioGroup, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import type { AircraftProfile, OptimizerRow, Route } from '@clearway/flightplan';
import { optimizerRowText, type DisplayUnits } from './navlogFormat';
import { MIN_TOUCH_PX, touchTarget } from './touch';

export const OPTIMIZER_COLUMNS = ['Altitude', 'Speed', 'ETE', 'Fuel', 'Temp'] as const;

interface Props {
  route: Route | null;
  profile: AircraftProfile;
  units: DisplayUnits;
  /** Initial East/West choice. */
  initialEast: boolean;
  fetchRows: (route: Route, isVfr: boolean, isEast: boolean) => Promise<OptimizerRow[]>;
  onSelect: (altitude: number) => void;
}

/**
 * The Altitude Optimizer (spec part 2 §2 "optimizer", §4 "Optimizer"): VFR/IFR and East/West radios
 * (changing them refetches) and a table of Altitude, Speed, ETE, Fuel and Temp; clicking a row picks
 * that cruise altitude.
 */
export function OptimizerPanel({ route, profile, units, initialEast, fetchRows, onSelect }: Props) {
  const [isVfr, setIsVfr] = useState(profile.flightRule !== 'IFR');
  const [isEast, setIsEast] = useState(initialEast);
  const [result, setResult] = useState<{ key: string; rows: OptimizerRow[] } | null>(null);
  const key = route ? `${route.final_string}|${route.ts}|${isVfr}|${isEast}|${profile.airspeed}|${profile.etd_iso}` : '';

  useEffect(() => {
    if (!route) return;
    let live = true;
    fetchRows(route, isVfr, isEast).then(
      (rows) => live && setResult({ key, rows }),
      (error: unknown) => {
        console.error('Optimizer failed', error);
        if (live) setResult({ key, rows: [] });
      },
    );
    return () => {
      live = false;
    };
  }, [route, isVfr, isEast, key, fetchRows]);

  const rows = result?.key === key ? result.rows : null;
  return (
    <Box data-testid="optimizer">
      <Typography variant="h6" component="h2">
        Altitude Optimizer
      </Typography>
      <Stack direction="row" spacing={3}>
        <RadioGroup row aria-label="Flight rule" value={isVfr ? 'VFR' : 'IFR'} onChange={(e) => setIsVfr(e.target.value === 'VFR')}>
          <FormControlLabel value="VFR" control={<Radio size="small" />} label="VFR" sx={touchTarget} />
          <FormControlLabel value="IFR" control={<Radio size="small" />} label="IFR" sx={touchTarget} />
        </RadioGroup>
        <RadioGroup row aria-label="Direction" value={isEast ? 'East' : 'West'} onChange={(e) => setIsEast(e.target.value === 'East')}>
          <FormControlLabel value="East" control={<Radio size="small" />} label="East" sx={touchTarget} />
          <FormControlLabel value="West" control={<Radio size="small" />} label="West" sx={touchTarget} />
        </RadioGroup>
      </Stack>
      <Table size="small" aria-label="Altitude Optimizer" data-state={rows === null ? 'loading' : 'loaded'} data-testid="optimizer-table">
        <TableHead>
          <TableRow>
            {OPTIMIZER_COLUMNS.map((c) => (
              <TableCell key={c} align={c === 'Altitude' ? 'left' : 'right'}>
                {c}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {(rows ?? []).map((row) => {
            const t = optimizerRowText(row, units);
            return (
              <TableRow
                key={row.altitude}
                hover
                selected={row.altitude === profile.altitude}
                onClick={() => onSelect(row.altitude)}
                sx={{ cursor: 'pointer', height: MIN_TOUCH_PX }}
                data-testid="optimizer-row"
                data-altitude={row.altitude}
              >
                <TableCell>{t.altitude}</TableCell>
                <TableCell align="right">{t.speed}</TableCell>
                <TableCell align="right">{t.ete}</TableCell>
                <TableCell align="right">{t.fuel}</TableCell>
                <TableCell align="right">{t.temp}</TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </Box>
  );
}
