import { Box } from '@mui/material';
import { FLIGHT_CATEGORY_COLOURS, type FlightCategory } from '@clearway/weather';

/**
 * Text on each category's colour with enough contrast in day and night alike: white on green and
 * dark red, black on orange and magenta.
 */
const TEXT_ON: Record<FlightCategory, string> = { VFR: '#ffffff', MVFR: '#000000', IFR: '#ffffff', LIFR: '#000000' };

/**
 * The flight category in the spec's colours (part 2 §9: "Flight category colours: VFR green, MVFR
 * orange, IFR dark red, LIFR magenta."); `No category` when the report gives none.
 */
export function FlightCategoryBadge({ category, testId }: { category: FlightCategory | null; testId?: string }) {
  return (
    <Box
      component="span"
      data-testid={testId}
      data-category={category ?? 'none'}
      sx={{
        display: 'inline-block',
        px: 1,
        py: 0.25,
        borderRadius: 1,
        fontSize: '0.8125rem',
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
