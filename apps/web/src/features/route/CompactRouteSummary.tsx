import { Box, Paper, Typography } from '@mui/material';
import type { Route } from '@clearway/flightplan';
import { useAppSelector } from '../../store/hooks';
import { compactSummary } from './navlogFormat';

/**
 * The compact route summary of the map and route screens (spec part 2 §2): Dist, GS, Wind (the
 * absolute difference between average ground speed and the profile's cruise airspeed, in the error
 * style when the ground speed is the lower), ETE, Fuel (suffix g) and Temp (n/a when unknown).
 */
export function CompactRouteSummary({ route, inline = false }: { route: Route; inline?: boolean }) {
  const units = useAppSelector((s) => s.units);
  const profile = useAppSelector((s) => s.profile.current);
  if (!profile) return null;
  const s = compactSummary(route, profile, units);
  const items: { label: string; value: string; testId: string; error?: boolean }[] = [
    { label: 'Dist', value: s.dist, testId: 'compact-dist' },
    { label: 'GS', value: s.gs, testId: 'compact-gs' },
    { label: 'Wind', value: s.wind, testId: 'compact-wind', error: s.windError },
    { label: 'ETE', value: s.ete, testId: 'compact-ete' },
    { label: 'Fuel', value: s.fuel, testId: 'compact-fuel' },
    { label: 'Temp', value: s.temp, testId: 'compact-temp' },
  ];
  const figures = items.map((item) => (
        <Box key={item.label} sx={{ display: 'flex', gap: 0.5, alignItems: 'baseline' }}>
          <Typography variant="caption" color="text.secondary">
            {item.label}
          </Typography>
          <Typography
            variant="body2"
            data-testid={item.testId}
            data-error={item.error ? 'true' : 'false'}
            color={item.error ? 'error' : undefined}
          >
            {item.value}
          </Typography>
        </Box>
      ));
  // Inline (the phone's summary strip): the figures join the strip's own, in the same box.
  if (inline) {
    return (
      <Box data-testid="compact-route-summary" sx={{ display: 'contents' }}>
        {figures}
      </Box>
    );
  }
  return (
    <Paper data-testid="compact-route-summary" variant="outlined" sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, px: 1.5, py: 0.5 }}>
      {figures}
    </Paper>
  );
}
