import { Typography } from '@mui/material';
import type { Route } from '@clearway/flightplan';
import { useMinuteClock } from '../weather';
import { windsForecastText } from './navlogFormat';

/**
 * Which winds the route was planned in (issue 16): the FB bulletin(s) and their FOR USE window, or
 * that it was planned in calm air at ISA; nothing before the route is planned. Marked expired once
 * the wall clock (looked at each minute) is past the forecast's FOR USE window.
 */
export function WindsNote({ route }: { route: Route }) {
  const now = useMinuteClock();
  const text = windsForecastText(route, now);
  if (text === null) return null;
  return (
    <Typography
      variant="caption"
      color="text.secondary"
      data-testid="winds-note"
      data-winds-status={route.winds_status}
      sx={{ px: { xs: 0.5, sm: 1 }, display: 'block' }}
    >
      {text}
    </Typography>
  );
}
