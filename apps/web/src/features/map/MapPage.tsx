import Box from '@mui/material/Box';
import { useAppSelector } from '../../store/hooks';
import { CompactRouteSummary } from '../route/components';
import { NavDataExpiryBanner } from '../navdata/components';
import { ExpiredPacksBanner } from './packs/ExpiredPacksBanner';

/**
 * The page of /app/map1 and /app/map2: the map views themselves live in the shell's MapHost. Over
 * them, when a route exists, the compact route summary (spec part 2 §2), and the expired packs banner (the 3D terrain
 * button is in MapHost, in the map's own layer).
 */
export function MapPage({ name }: { name: 'map1' | 'map2' }) {
  const route = useAppSelector((s) => s.route.current);
  return (
    <Box data-testid={`page-${name}`}>
      <Box component="h1" sx={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap', m: 0 }}>Maps</Box>
      <Box sx={{ position: 'absolute', top: 8, left: 8, right: 56, zIndex: 2, display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: 1, pointerEvents: 'none' }}>
        {route ? (
          <Box sx={{ display: 'flex', alignSelf: 'stretch', pointerEvents: 'auto' }}>
            <CompactRouteSummary route={route} />
          </Box>
        ) : null}
        {/* A downloaded region whose cycle has expired: red, naming the region and the day (packs/expired.ts). */}
        <ExpiredPacksBanner />
      </Box>
      <NavDataExpiryBanner placement="map" />
    </Box>
  );
}
