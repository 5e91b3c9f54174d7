import { Box } from '@mui/material';
import { notamSegments } from '@clearway/weather';

/**
 * Spec part 1: "NOTAM text is shown with standard abbreviations expanded and phrases such as closed
 * or missing highlighted." Each expanded contraction keeps what was written as its tooltip.
 */
export function NotamText({ text }: { text: string }) {
  return (
    <Box component="p" sx={{ m: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid="notam-text">
      {notamSegments(text).map((segment, i) =>
        segment.highlight ? (
          <Box key={i} component="mark" title={segment.raw} data-testid="notam-highlight" sx={{ bgcolor: 'error.main', color: 'error.contrastText', fontWeight: 700, px: 0.25, borderRadius: 0.5 }}>
            {segment.text}
          </Box>
        ) : segment.raw === undefined ? (
          <span key={i}>{segment.text}</span>
        ) : (
          <abbr key={i} title={segment.raw} style={{ textDecoration: 'none' }}>
            {segment.text}
          </abbr>
        ),
      )}
    </Box>
  );
}
