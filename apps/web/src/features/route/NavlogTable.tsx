import type { ReactNode } from 'react';
import { Box, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import type { Leg, Route } from '@clearway/flightplan';
import { cruiseText, legTriangleText, navlogLegs, navlogRow, type DisplayUnits, type LegTriangleText } from './navlogFormat';

export const NAVLOG_COLUMNS = ['WPT', 'Dist', 'Course', 'GS', 'Time', 'Fuel'] as const;

/**
 * On a phone the six columns fit 390 px (issue 27 point 6): narrow cell padding, figures kept on one
 * line, the waypoint column wraps (its altitude constraint goes under the code).
 */
const NAVLOG_TABLE_SX = {
  '& .MuiTableCell-root': { px: { xs: 0.5, sm: 2 } },
  '& .MuiTableCell-head': { py: { xs: 0.5, sm: 0.75 } },
  '& .MuiTableCell-root:first-of-type': { pl: { xs: 1, sm: 2 } },
  '& .MuiTableCell-root:last-of-type': { pr: { xs: 1, sm: 2 } },
} as const;

/** The wind triangle figures under a leg flown in a forecast wind: label, key of LegTriangleText. */
export const TRIANGLE_FIGURES: readonly [string, keyof LegTriangleText, string][] = [
  ['TC', 'tc', 'True course'],
  ['Wind', 'wind', 'Forecast wind, from degrees true'],
  ['Temp', 'temp', 'Forecast temperature'],
  ['WCA', 'wca', 'Wind correction angle, right positive'],
  ['TH', 'th', 'True heading'],
  ['GS', 'gs', 'Ground speed of the leg'],
  ['ETE', 'time', 'Time of the leg'],
];

/** One line of small figures (it wraps on a phone), a full-width row under the leg's row. */
function TriangleRow({ figures, rowKey }: { figures: LegTriangleText; rowKey: string }) {
  return (
    <TableRow key={`${rowKey}:wind`} data-testid="navlog-wind">
      <TableCell colSpan={NAVLOG_COLUMNS.length} sx={{ pt: 0, pb: 0.75 }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 1.5, rowGap: 0, color: 'text.secondary' }}>
          {TRIANGLE_FIGURES.map(([label, key, title]) => (
            <Typography key={key} component="span" variant="caption" title={title} sx={{ whiteSpace: 'nowrap' }}>
              {label}{' '}
              <Box component="span" data-testid={`navlog-wind-${key}`} sx={{ color: 'text.primary', fontVariantNumeric: 'tabular-nums' }}>
                {figures[key]}
              </Box>
            </Typography>
          ))}
        </Box>
      </TableCell>
    </TableRow>
  );
}

interface Props {
  route: Route;
  units: DisplayUnits;
  /** Edit mode: the per-leg controls under each row. */
  legControls?: (leg: Leg, index: number) => ReactNode;
}

/**
 * The navlog (spec part 2 §2 "navlog"): per leg the end waypoint, cumulative distance, magnetic
 * course (with the VOR radial beside it on an airway leg out of a VOR), altitude constraint, ground speed, cumulative time and fuel; a leg with errors shows only
 * its start-end codes in the error style; a direct-to end waypoint has a leading star; a route that
 * files speed/level groups shows each leg's cruise level and TAS under its GS; the route's token
 * warnings (a radial that misses the next point) and airway errors are listed under the table.
 * A leg flown in a forecast wind (FB winds aloft) has its wind triangle under its row: true course,
 * wind, temperature, WCA, true heading, ground speed and the leg's time.
 */
export function NavlogTable({ route, units, legControls }: Props) {
  const legs = navlogLegs(route);
  return (
    <Box data-testid="navlog">
      <Table size="small" aria-label="Navlog" sx={NAVLOG_TABLE_SX}>
        <TableHead>
          <TableRow>
            {NAVLOG_COLUMNS.map((c) => (
              <TableCell key={c} align={c === 'WPT' ? 'left' : 'right'}>
                {c}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {legs.map((leg, i) => {
            const row = navlogRow(leg, i, units);
            const cruise = cruiseText(leg, units);
            const triangle = legTriangleText(leg, units);
            return [
              <TableRow
                key={row.key}
                data-testid="navlog-row"
                data-has-errors={row.hasErrors ? 'true' : 'false'}
                data-wind={triangle ? 'forecast' : 'none'}
                sx={triangle ? { '& > td': { borderBottom: 0 } } : undefined}
              >
                <TableCell data-testid="navlog-wpt" sx={row.hasErrors ? { color: 'error.main' } : undefined} className={row.hasErrors ? 'navlog-error' : undefined}>
                  <Box component="span" sx={{ fontWeight: 600 }}>
                    {row.wpt}
                  </Box>
                  {row.altitude && (
                    <Typography component="span" variant="caption" data-testid="navlog-alt" sx={{ ml: 1 }}>
                      {row.altitude}
                    </Typography>
                  )}
                </TableCell>
                <TableCell align="right" data-testid="navlog-dist">{row.dist}</TableCell>
                <TableCell align="right">
                  <span data-testid="navlog-course">{row.course}</span>
                  {row.radial && (
                    <Typography component="span" variant="caption" data-testid="navlog-radial" title="VOR radial from the station's published variation" sx={{ ml: 1, whiteSpace: 'nowrap' }}>
                      {row.radial}
                    </Typography>
                  )}
                </TableCell>
                <TableCell align="right">
                  <span data-testid="navlog-gs">{row.gs}</span>
                  {cruise && (
                    <Typography component="span" variant="caption" data-testid="navlog-cruise" title="Cruise level and true airspeed filed in the route" sx={{ display: 'block' }}>
                      {cruise}
                    </Typography>
                  )}
                </TableCell>
                <TableCell align="right" data-testid="navlog-time">{row.time}</TableCell>
                <TableCell align="right" data-testid="navlog-fuel">{row.fuel}</TableCell>
              </TableRow>,
              triangle ? <TriangleRow key={`${row.key}:wind`} rowKey={row.key} figures={triangle} /> : null,
              legControls ? (
                <TableRow key={`${row.key}:edit`} data-testid="navlog-edit-row">
                  <TableCell colSpan={NAVLOG_COLUMNS.length}>{legControls(leg, i)}</TableCell>
                </TableRow>
              ) : null,
            ];
          })}
        </TableBody>
      </Table>
      <Typography variant="caption" color="text.secondary" data-testid="navlog-units">
        {`Dist ${units.distance_unit}, GS ${units.speed_unit}, Fuel ${units.fuel_unit}`}
      </Typography>
      {(route.token_notes ?? []).some((n) => n.severity === 'warning') && (
        <Box data-testid="route-warnings">
          {(route.token_notes ?? [])
            .filter((n) => n.severity === 'warning')
            .map((n, i) => (
              <Typography key={`${i}:${n.message}`} color="warning.main" variant="body2">
                {n.message}
              </Typography>
            ))}
        </Box>
      )}
      {route.airway_errors.length > 0 && (
        <Box data-testid="airway-errors">
          {route.airway_errors.map((error, i) => (
            <Typography key={`${i}:${error}`} color="error" variant="body2" className="navlog-error">
              {error}
            </Typography>
          ))}
        </Box>
      )}
    </Box>
  );
}
