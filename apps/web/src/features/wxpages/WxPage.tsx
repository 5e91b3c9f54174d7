import { useEffect, useRef, type ReactNode } from 'react';
import { Box, Button, ButtonBase, Stack, Typography } from '@mui/material';
import { formatWeatherAge, type WeatherProductType, type WeatherSnapshotView } from '../weather';
import { zulu } from '../map';

/**
 * The frame of every weather data page: title, the snapshot's time and age (stale after its type's
 * update interval), filters, the map and, beside it on a tablet (beneath on a phone), the list of the
 * same items, each a 44 px button that opens its decoded text. Data hooks for tests and the first
 * picture figure: data-wx-cycle, -status, -stale, -count, -list-ms, -drawn-ms on the page root.
 */

export interface WxPageProps<T extends WeatherProductType> {
  name: string;
  title: string;
  view: WeatherSnapshotView<T>;
  /** What the snapshot holds, e.g. `34 reports`; the list's count after filters is in `shown`. */
  summary: string;
  /** Items listed after the filters. */
  shown: number;
  filters?: ReactNode;
  map: ReactNode;
  list: ReactNode;
  /** performance.now() when the map first drew the product. */
  drawnAt: number | null;
  /** A note under the filters (e.g. which levels are interpolated). */
  note?: ReactNode;
}

/** Why there is nothing to show, by the store's status. */
function emptyText(status: WeatherSnapshotView<WeatherProductType>['status']): string {
  switch (status) {
    case 'loading':
      return 'Loading the weather…';
    case 'offline':
      return 'No weather is stored on this device yet, and the server cannot be reached. Open this page once while online to keep it for offline use.';
    case 'error':
      return 'The weather could not be loaded from the server.';
    default:
      return 'The server has no weather of this kind yet.';
  }
}

export function WxPage<T extends WeatherProductType>({ name, title, view, summary, shown, filters, map, list, drawnAt, note }: WxPageProps<T>) {
  const root = useRef<HTMLDivElement>(null);
  const hasData = view.snapshot !== null;
  useEffect(() => {
    // When the page mounted (an in-app navigation's start for the figures below).
    root.current?.setAttribute('data-wx-mounted-ms', performance.now().toFixed(1));
  }, []);
  useEffect(() => {
    // The first list with data on the screen, from the navigation's start (performance.now's origin).
    const element = root.current;
    if (hasData && element && !element.hasAttribute('data-wx-list-ms')) element.setAttribute('data-wx-list-ms', performance.now().toFixed(1));
  }, [hasData]);
  const age = formatWeatherAge(view.ageMs);
  return (
    <Box
      ref={root}
      data-testid={`page-${name}`}
      data-wx-cycle={view.cycle ?? ''}
      data-wx-status={view.status}
      data-wx-stale={view.stale ? 'yes' : 'no'}
      data-wx-count={view.snapshot ? String(shown) : ''}
      data-wx-drawn-ms={drawnAt === null ? undefined : drawnAt.toFixed(1)}
      sx={{
        display: 'flex',
        flexDirection: 'column',
        minHeight: '100%',
        bgcolor: 'background.default',
        color: 'text.primary',
        '@media (min-width: 900px)': { position: 'absolute', inset: 0, minHeight: 0 },
      }}
    >
      <Box sx={{ px: { xs: 1.5, sm: 2 }, pt: 1.5, pb: 1 }}>
        <Stack direction="row" useFlexGap spacing={1} sx={{ alignItems: 'baseline', flexWrap: 'wrap' }}>
          <Typography variant="h6" component="h1">{title}</Typography>
          {view.snapshot && <Typography variant="body2" color="text.secondary">{summary}</Typography>}
        </Stack>
        {view.snapshot && view.cycle !== null ? (
          <Typography
            variant="body2"
            data-testid="wx-age"
            data-stale={view.stale ? 'true' : 'false'}
            sx={view.stale ? { color: 'warning.main', fontWeight: 500 } : { color: 'text.secondary' }}
          >
            {`Downloaded ${zulu(view.cycle)}, ${age}`}
            {view.stale ? ' · stale: a newer issue is due' : ''}
            {view.status === 'offline' ? ' · offline, from this device' : ''}
          </Typography>
        ) : (
          <Typography variant="body2" role="status" data-testid="wx-empty" color="text.secondary">{emptyText(view.status)}</Typography>
        )}
        {filters && view.snapshot && <Box sx={{ mt: 1 }}>{filters}</Box>}
        {note && view.snapshot && <Box sx={{ mt: 1 }}>{note}</Box>}
      </Box>
      <Box
        sx={{
          display: 'flex',
          flexDirection: 'column',
          flex: 1,
          '@media (min-width: 900px)': { flexDirection: 'row', minHeight: 0 },
        }}
      >
        <Box sx={{ height: '48vh', minHeight: 240, flexShrink: 0, '@media (min-width: 900px)': { height: 'auto', flex: 1, minHeight: 0 } }}>{map}</Box>
        <Box
          component="section"
          aria-label={`${title} list`}
          data-testid="wx-list"
          sx={{
            borderTop: 1,
            borderColor: 'divider',
            '@media (min-width: 900px)': { width: 380, flexShrink: 0, borderTop: 0, borderLeft: 1, borderColor: 'divider', overflowY: 'auto' },
          }}
        >
          {list}
        </Box>
      </Box>
    </Box>
  );
}

/** One listed item: a 44 px button with its headline, and its decoded text beneath once opened. */
export function WxItem({ id, open, onToggle, headline, secondary, marker, details, testId }: {
  id: string;
  open: boolean;
  onToggle: () => void;
  headline: ReactNode;
  secondary?: ReactNode;
  marker?: ReactNode;
  details: () => ReactNode;
  testId?: string;
}) {
  const ref = useRef<HTMLLIElement>(null);
  useEffect(() => {
    if (open) ref.current?.scrollIntoView?.({ block: 'nearest' });
  }, [open]);
  return (
    <Box component="li" ref={ref} data-testid={testId} data-open={open ? 'true' : 'false'} sx={{ listStyle: 'none', borderBottom: 1, borderColor: 'divider' }}>
      <ButtonBase
        aria-expanded={open}
        aria-controls={`${id}-details`}
        onClick={onToggle}
        sx={{
          width: '100%',
          minHeight: 48,
          px: 1.5,
          py: 0.75,
          justifyContent: 'flex-start',
          textAlign: 'left',
          gap: 1,
          bgcolor: open ? 'action.selected' : undefined,
          '&:hover': { bgcolor: 'action.hover' },
          '&.Mui-focusVisible': { outline: 2, outlineColor: 'primary.main', outlineOffset: -2 },
        }}
      >
        {marker}
        <Box sx={{ minWidth: 0, flex: 1 }}>
          <Typography variant="body2" component="span" sx={{ display: 'block', fontWeight: 500 }}>{headline}</Typography>
          {secondary && <Typography variant="caption" component="span" color="text.secondary" sx={{ display: 'block' }}>{secondary}</Typography>}
        </Box>
      </ButtonBase>
      {open && (
        <Box id={`${id}-details`} data-testid="wx-details" sx={{ px: 1.5, pb: 1.5 }}>
          {details()}
        </Box>
      )}
    </Box>
  );
}

/** Decoded lines as a definition list, then the report as issued. */
export function Decoded({ rows, raw }: { rows: [string, string][]; raw: string }) {
  return (
    <>
      <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'minmax(5.5rem, 7.5rem) minmax(0, 1fr)', columnGap: 1.5, rowGap: 0.25 }}>
        {rows.map(([label, value], n) => (
          <Box key={`${label}-${n}`} sx={{ display: 'contents' }}>
            <Typography component="dt" variant="body2" color="text.secondary">{label}</Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>{value}</Typography>
          </Box>
        ))}
      </Box>
      {raw && (
        <Box
          component="pre"
          data-testid="wx-raw"
          sx={{ fontFamily: 'ui-monospace, Menlo, Consolas, monospace', fontSize: '0.8125rem', m: 0, mt: 1, p: 1, borderRadius: 1, bgcolor: 'action.hover', whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
        >
          {raw}
        </Box>
      )}
    </>
  );
}

/** A row of 44 px toggle buttons (aria-pressed), wrapping on a phone. */
export function Chips<K extends string | number>({ label, options, isOn, onToggle, testId }: {
  label: string;
  options: { key: K; text: string; swatch?: string }[];
  isOn: (key: K) => boolean;
  onToggle: (key: K) => void;
  testId: string;
}) {
  return (
    <Box role="group" aria-label={label} data-testid={testId} sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75, mb: 0.75 }}>
      {options.map((option) => {
        const on = isOn(option.key);
        return (
          <Button
            key={String(option.key)}
            size="small"
            variant={on ? 'contained' : 'outlined'}
            aria-pressed={on}
            data-key={String(option.key)}
            onClick={() => onToggle(option.key)}
            sx={{ minHeight: 44, minWidth: 44, textTransform: 'none', px: 1.25 }}
            startIcon={option.swatch ? <Box component="span" aria-hidden sx={{ width: 12, height: 12, borderRadius: '50%', bgcolor: option.swatch, border: 1, borderColor: 'background.paper' }} /> : undefined}
          >
            {option.text}
          </Button>
        );
      })}
    </Box>
  );
}

/** A colour dot before a list item (hidden from screen readers: the text says the same). */
export function Swatch({ colour, ring = false }: { colour: string; ring?: boolean }) {
  return <Box component="span" aria-hidden sx={{ width: 14, height: 14, flexShrink: 0, borderRadius: '50%', bgcolor: colour, outline: ring ? 2 : 0, outlineColor: 'text.primary', outlineOffset: 1 }} />;
}
