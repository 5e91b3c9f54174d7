import Box from '@mui/material/Box';
import { FLIGHT_CATEGORY_COLOURS, type FlightCategory } from '@clearway/weather';

/** Text on each category's colour, readable by day and night: white on green and dark red, black on orange and magenta. */
const TEXT_ON: Record<FlightCategory, string> = { VFR: '#ffffff', MVFR: '#000000', IFR: '#ffffff', LIFR: '#000000' };

/**
 * A flight category in the spec's colours with its name written on it (part 2 §9: "Flight category
 * colours: VFR green, MVFR orange, IFR dark red, LIFR magenta."); `none` when there is no category.
 */
export function CategoryBadge({ category, testId, small = false }: { category: FlightCategory | null; testId?: string; small?: boolean }) {
  return (
    <Box
      component="span"
      data-testid={testId}
      data-category={category ?? 'none'}
      sx={{
        display: 'inline-block',
        flexShrink: 0,
        px: small ? 0.5 : 1,
        py: small ? 0 : 0.25,
        borderRadius: 1,
        fontSize: small ? '0.75rem' : '0.8125rem',
        fontWeight: 700,
        lineHeight: 1.5,
        letterSpacing: '0.02em',
        ...(category
          ? { bgcolor: FLIGHT_CATEGORY_COLOURS[category], color: TEXT_ON[category] }
          : { border: 1, borderColor: 'divider', color: 'text.secondary', fontWeight: 500 }),
      }}
    >
      {category ?? 'No category'}
    </Box>
  );
}
