import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useAppSelector } from '../../store/hooks';
import { RouteVerticalProfile } from '../route/components';

/** Height of the chart in the panel under the map, CSS px: phone and tablet (or wider). */
export const PROFILE_CHART_PX = { phone: 84, tablet: 120 } as const;

/**
 * The vertical profile under the map (issue 24): the current route's climb, cruise and descent over
 * the terrain, with the airways' MEAs, the freezing level and the aircraft when flying (the route
 * screen's chart, smaller). MapHost places it under the map views and sizes the maps above it, so the
 * map toolbar and the in-flight chips stay clear of it. Loaded with the map's chunk, on demand.
 */
export default function ProfilePanel({ heightPx, phone }: { heightPx: number; phone: boolean }) {
  const route = useAppSelector((s) => s.route.current);
  const units = useAppSelector((s) => s.units);
  const hasLegs = route !== null && route.all_legs.length > 0 && route.total_distance > 0;
  return (
    <Paper
      square
      elevation={4}
      component="section"
      aria-label="Vertical profile of the route"
      data-testid="map-profile-panel"
      sx={{ height: heightPx, overflowY: 'auto', overflowX: 'hidden', px: { xs: 1, sm: 2 }, pb: 0.5, borderTop: 1, borderColor: 'divider' }}
    >
      {hasLegs ? (
        <RouteVerticalProfile route={route} units={units} heightPx={phone ? PROFILE_CHART_PX.phone : PROFILE_CHART_PX.tablet} />
      ) : (
        <Typography variant="body2" color="text.secondary" data-testid="map-profile-empty" sx={{ pt: 1.5 }}>
          No route: enter one in the search box or on the Flight Plan page to see its profile.
        </Typography>
      )}
    </Paper>
  );
}
