import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { formatZulu } from '@clearway/weather';
import type { WeatherProductType } from '@clearway/protocol';
import { formatWeatherAge, useWeatherSnapshot, type WeatherSnapshotView } from '../weather';

type Product = 'metar' | 'taf' | 'pirep' | 'airmet' | 'fbo';

const NAMES: Record<Product, string> = { metar: 'METARs', taf: 'TAFs', pirep: 'PIREPs', airmet: 'SIGMETs / G-AIRMETs', fbo: 'Winds aloft' };

/** The newest time the snapshot's reports speak for (observation, issue, validity), or null. */
export function newestReportMs(view: WeatherSnapshotView<WeatherProductType>): number | null {
  const s = view.snapshot;
  if (!s) return null;
  const max = (values: (number | null)[]) => values.reduce<number | null>((m, v) => (v !== null && (m === null || v > m) ? v : m), null);
  switch (s.type) {
    case 'metar':
      return max(s.stations.map((e) => e.time));
    case 'taf':
      return max(s.tafs.map((e) => e.issued));
    case 'pirep':
      return max(s.reports.map((e) => e.time));
    case 'airmet':
      return max(s.advisories.map((e) => e.validTo ?? e.validFrom));
    default:
      return null;
  }
}

function AgeRow({ product }: { product: Product }) {
  const view = useWeatherSnapshot(product) as WeatherSnapshotView<WeatherProductType>;
  const newest = newestReportMs(view);
  let text: string;
  if (!view.snapshot) text = view.status === 'offline' ? 'not downloaded (offline)' : 'not downloaded';
  else {
    const age = formatWeatherAge(view.ageMs);
    const count = view.snapshot.type === 'fbo' ? `${view.snapshot.bulletins.length} bulletin${view.snapshot.bulletins.length === 1 ? '' : 's'}` : null;
    text = [`downloaded ${age}${view.stale ? ' (out of date)' : ''}`, newest !== null ? `newest report ${formatZulu(newest, view.cycle ?? undefined)}` : count].filter(Boolean).join(', ');
  }
  return (
    <Box sx={{ display: 'contents' }} data-testid={`clearsky-age-${product}`}>
      <Typography component="dt" variant="body2" color="text.secondary">
        {NAMES[product]}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {text}
      </Typography>
    </Box>
  );
}

/**
 * How old the weather is: each snapshot's download age and the newest time its reports speak for
 * (with the year when it is not the download's year).
 */
export function ClearSkyAges() {
  return (
    <Box component="section" aria-label="Weather ages">
      <Typography component="h2" variant="subtitle2" sx={{ mb: 0.5 }}>
        Weather used
      </Typography>
      <Box component="dl" data-testid="clearsky-ages" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'minmax(7rem, 10rem) minmax(0, 1fr)', columnGap: 1.5, rowGap: 0.25 }}>
        {(['metar', 'taf', 'pirep', 'airmet', 'fbo'] as const).map((p) => (
          <AgeRow key={p} product={p} />
        ))}
      </Box>
    </Box>
  );
}
