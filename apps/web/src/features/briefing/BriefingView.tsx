// A standard briefing on screen and on paper (issue 22): the sections in order, each item with its
// source and time, each missing product said. Print gives the browser's print dialog (Save as PDF
// gives the PDF, as the route's kneeboard does); the print stylesheet shows only the briefing, black
// on white.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import GlobalStyles from '@mui/material/GlobalStyles';
import Typography from '@mui/material/Typography';
import { formatZulu, type Briefing, type BriefingItem } from '@clearway/weather';

const PRINT_STYLES = {
  '@media print': {
    '@page': { size: 'letter portrait', margin: '12mm' },
    'html, body, #root, main, #root *': { height: 'auto !important', maxHeight: 'none !important', overflow: 'visible !important' },
    'body *': { visibility: 'hidden' },
    '.briefing-sheet, .briefing-sheet *': { visibility: 'visible', color: '#000 !important', background: '#fff !important' },
    '.briefing-sheet': { position: 'absolute', left: 0, top: 0, width: '100%' },
    '.briefing-noprint': { display: 'none !important' },
    '.briefing-item': { breakInside: 'avoid' },
  },
} as const;

const timeWords: Record<BriefingItem['timeKind'], string> = { observed: 'observed', issued: 'issued', 'valid from': 'valid from', effective: 'effective', fetched: 'fetched' };

function itemTime(item: BriefingItem, referenceMs: number): string {
  return item.timeMs === null ? `${timeWords[item.timeKind]}: time not stated` : `${timeWords[item.timeKind]} ${formatZulu(item.timeMs, referenceMs)}`;
}

function Item({ item, referenceMs }: { item: BriefingItem; referenceMs: number }) {
  return (
    <Box component="li" className="briefing-item" data-testid="briefing-item" data-source={item.source} data-urgent={item.urgent ? 'true' : undefined} sx={{ py: 0.75, borderTop: 1, borderColor: 'divider', listStyle: 'none' }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 1, alignItems: 'baseline' }}>
        <Typography component="span" variant="body2" sx={{ fontWeight: 700, color: item.urgent ? 'error.main' : 'text.primary' }} data-testid="briefing-source">
          {item.source}
        </Typography>
        <Typography component="span" variant="body2" color="text.secondary" data-testid="briefing-time">
          {itemTime(item, referenceMs)}
        </Typography>
      </Box>
      <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
        {item.text}
      </Typography>
      {item.raw && (
        <Typography component="pre" variant="body2" sx={{ m: 0, mt: 0.25, fontFamily: 'monospace', fontSize: '0.8rem', whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', color: 'text.secondary' }}>
          {item.raw}
        </Typography>
      )}
    </Box>
  );
}

const GROUPS = ['departure', 'en route', 'destination'] as const;
const GROUP_TITLES = { departure: 'Departure', 'en route': 'En route', destination: 'Destination' } as const;

/** Unreadable reports named under the briefing's heading; past it, how many more. */
export const UNREADABLE_LISTED = 5;

/** The line under the heading for reports on the device that did not decode and were left out; null when there are none. */
export function unreadableText(unreadable: readonly string[]): string | null {
  if (unreadable.length === 0) return null;
  const listed = unreadable.slice(0, UNREADABLE_LISTED).join('; ');
  const more = unreadable.length > UNREADABLE_LISTED ? `; and ${unreadable.length - UNREADABLE_LISTED} more` : '';
  return `Left out, could not be read: ${listed}${more}.`;
}

/**
 * The briefing, section by section; `onPrint` opens the print dialog (tests replace it). `unreadable`:
 * the reports on the device that did not decode, said under the heading (and printed with it).
 */
export function BriefingView({ briefing, elapsedMs, unreadable = [], onPrint = () => window.print() }: { briefing: Briefing; elapsedMs?: number; unreadable?: readonly string[]; onPrint?: () => void }) {
  const notRead = unreadableText(unreadable);
  const ref = briefing.fromMs;
  return (
    <Box className="briefing-sheet" data-testid="briefing" data-kind={briefing.kind} sx={{ display: 'grid', rowGap: 2, minWidth: 0 }}>
      <GlobalStyles styles={PRINT_STYLES} />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', justifyContent: 'space-between' }}>
        <Box sx={{ minWidth: 0 }}>
          <Typography component="h2" variant="h6" data-testid="briefing-title">
            {briefing.kind === 'route' ? 'Route briefing' : 'Area briefing'}: {briefing.title}
          </Typography>
          <Typography variant="body2" color="text.secondary" data-testid="briefing-window">
            {formatZulu(briefing.fromMs)} to {formatZulu(briefing.toMs, ref)}, {briefing.altitudeFt.toLocaleString('en-US')} ft. Made {formatZulu(briefing.nowMs, ref)} from the data on this device
            {elapsedMs === undefined ? '' : ` in ${Math.round(elapsedMs)} ms`}.
          </Typography>
          {notRead && (
            <Typography variant="body2" data-testid="briefing-unreadable" sx={{ overflowWrap: 'anywhere' }}>
              {notRead}
            </Typography>
          )}
        </Box>
        <Button className="briefing-noprint" variant="outlined" onClick={onPrint} data-testid="briefing-print" sx={{ minHeight: 44, minWidth: 44 }}>
          Print or save as PDF
        </Button>
      </Box>
      {briefing.sections.map((s, i) => (
        <Box component="section" key={s.id} data-testid={`briefing-section-${s.id}`} data-order={i} aria-labelledby={`briefing-h-${s.id}`}>
          <Typography component="h3" variant="subtitle1" id={`briefing-h-${s.id}`} sx={{ fontWeight: 700 }}>
            {i + 1}. {s.title}
          </Typography>
          {s.missing.map((m) => (
            <Typography key={m} variant="body2" data-testid="briefing-missing" sx={{ color: 'text.primary', fontStyle: 'italic', overflowWrap: 'anywhere', borderLeft: 3, borderColor: 'warning.main', pl: 1, my: 0.5 }}>
              {m}
            </Typography>
          ))}
          {s.id === 'notams'
            ? GROUPS.map((g) => {
                const items = s.items.filter((it) => it.group === g);
                return items.length === 0 ? null : (
                  <Box key={g} data-testid={`briefing-notams-${g.replace(' ', '-')}`}>
                    <Typography variant="body2" sx={{ fontWeight: 600, mt: 1 }}>
                      {GROUP_TITLES[g]}
                    </Typography>
                    <Box component="ul" sx={{ p: 0, m: 0 }}>
                      {items.map((it, k) => (
                        <Item key={k} item={it} referenceMs={ref} />
                      ))}
                    </Box>
                  </Box>
                );
              })
            : s.items.length > 0 && (
                <Box component="ul" sx={{ p: 0, m: 0 }}>
                  {s.items.map((it, k) => (
                    <Item key={k} item={it} referenceMs={ref} />
                  ))}
                </Box>
              )}
        </Box>
      ))}
    </Box>
  );
}
