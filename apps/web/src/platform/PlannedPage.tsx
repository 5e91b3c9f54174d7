import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { PageInfo } from './pages';

/** A page whose capability comes in a later issue: its title and one sentence on what it will hold. */
export function PlannedPage({ page }: { page: PageInfo }) {
  return (
    <Box data-testid={`page-${page.name}`} sx={{ p: 3, maxWidth: 720 }}>
      <Typography component="h1" variant="h5" gutterBottom>
        {page.title}
      </Typography>
      <Typography color="text.secondary">{page.sentence}</Typography>
    </Box>
  );
}
