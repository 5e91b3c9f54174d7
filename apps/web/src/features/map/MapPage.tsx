import Box from '@mui/material/Box';

/** The page of /app/map1 and /app/map2: the map views themselves live in the shell's MapHost. */
export function MapPage({ name }: { name: 'map1' | 'map2' }) {
  return (
    <Box data-testid={`page-${name}`}>
      <Box component="h1" sx={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap', m: 0 }}>Maps</Box>
    </Box>
  );
}
