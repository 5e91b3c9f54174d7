import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useAppSelector } from '../../store/hooks';
import { selectNavData, type NavDataState } from './navDataSlice';
import { NAV_DATABASE_OPERATOR_HINT, NO_NAV_DATABASE_ON_SERVER } from './texts';

function headline(nav: NavDataState): string {
  switch (nav.status) {
    case 'not_loaded':
      return 'Not loaded';
    case 'loading':
      return nav.pct === null ? 'Loading...' : `Loading... ${nav.pct}%`;
    case 'loaded':
      return nav.loaded ? `Cycle ${nav.loaded.cycle} (${nav.loaded.region})` : 'Loaded';
    case 'unavailable':
      return 'Not available';
    case 'error':
      return 'Failed to load';
  }
}

/**
 * The nav (airport) database's state for the settings drawer: cycle, region, validity, counts and
 * load time once loaded; progress while loading; the reason when there is none.
 */
export function NavDataStatus() {
  const nav = useAppSelector(selectNavData);
  const loaded = nav.status === 'loaded' ? nav.loaded : null;
  return (
    <Box data-testid="navdb-status" data-state={nav.status} data-cycle={loaded?.cycle ?? ''} sx={{ display: 'flex', flexDirection: 'column', gap: 0.5 }}>
      <Typography component="h3" variant="subtitle1">
        Nav Database
      </Typography>
      <Typography variant="body2" data-testid="navdb-headline">
        {headline(nav)}
      </Typography>
      {nav.status === 'loading' && <LinearProgress variant={nav.pct === null ? 'indeterminate' : 'determinate'} value={nav.pct ?? 0} />}
      {loaded && (
        <>
          <Typography variant="body2" color="text.secondary" data-testid="navdb-validity">
            Valid {loaded.effective} to {loaded.expires}
          </Typography>
          <Typography variant="body2" color="text.secondary" data-testid="navdb-counts">
            {loaded.counts.airports} airports, {loaded.counts.navaids} navaids, {loaded.counts.fixes} fixes, {loaded.counts.airways} airways,{' '}
            {loaded.counts.procedures} procedures
          </Typography>
          <Typography variant="body2" color="text.secondary" data-testid="navdb-load-time">
            {loaded.source === 'cache' ? 'Stored on this device' : 'Downloaded'}, opened in {nav.timings.loadMs ?? '?'} ms
          </Typography>
        </>
      )}
      {nav.note && (
        <Typography variant="body2" color="warning.main" data-testid="navdb-note">
          {nav.note}
        </Typography>
      )}
      {nav.message && (
        <Typography variant="body2" color={nav.status === 'error' ? 'error' : 'text.secondary'} data-testid="navdb-message">
          {nav.message}
        </Typography>
      )}
      {nav.message === NO_NAV_DATABASE_ON_SERVER && (
        <Typography variant="caption" color="text.secondary" data-testid="navdb-operator-hint">
          Server operators: {NAV_DATABASE_OPERATOR_HINT}
        </Typography>
      )}
    </Box>
  );
}
