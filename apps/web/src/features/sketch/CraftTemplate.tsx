import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/** The C-R-A-F-T clearance lines, in the order a clearance is read. */
export const CRAFT_ROWS = [
  { letter: 'C', label: 'Clearance limit' },
  { letter: 'R', label: 'Route' },
  { letter: 'A', label: 'Altitude' },
  { letter: 'F', label: 'Frequency' },
  { letter: 'T', label: 'Transponder' },
] as const;

/** The clearance template under the drawing: one ruled row per letter, in the theme's colours (day and night). */
export function CraftTemplate() {
  return (
    <Box data-testid="craft-template" aria-hidden sx={{ position: 'absolute', inset: 0, display: 'grid', gridTemplateRows: `repeat(${CRAFT_ROWS.length}, 1fr)`, pointerEvents: 'none' }}>
      {CRAFT_ROWS.map((row) => (
        <Box key={row.letter} sx={{ borderBottom: 1, borderColor: 'divider', display: 'flex', alignItems: 'flex-start', gap: 1, px: 1, pt: 0.5 }}>
          <Typography component="span" sx={{ fontSize: 28, fontWeight: 700, color: 'text.secondary', lineHeight: 1 }}>
            {row.letter}
          </Typography>
          <Typography component="span" variant="caption" sx={{ color: 'text.secondary' }}>
            {row.label}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
