// The airport page's weather, from props: the field's (or the nearest station's) METAR and TAF raw
// and decoded, flight category, age, and the wind components on every runway end. Decoding happens
// here with @clearway/weather; this module is loaded lazily (AirportWeatherSection), so the decoders
// and metar-taf-parser stay out of the start-up bundle.
import { useMemo, type ReactNode } from 'react';
import { Box, Chip, Paper, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { decodeMetar, decodeTaf, runwayEndWinds, tafConditionsAt, type FlightCategory, type Metar, type RunwayEndWind, type RunwayLike, type Taf } from '@clearway/weather';
import type { MetarEntry, TafEntry } from '@clearway/protocol';
import { FlightCategoryBadge } from './FlightCategoryBadge';
import type { PickedStation } from './stationPick';
import {
  formatAcross,
  formatAlong,
  formatAltimeter,
  formatConditions,
  formatPeriodTitle,
  formatSky,
  formatTafElements,
  formatTemperatures,
  formatTrueHeading,
  formatUtc,
  formatVariation,
  formatVisibility,
  formatWeather,
  formatWind,
} from './format';

/** Where the snapshots stand: not read yet, read (possibly empty), or not available (never downloaded, offline). */
export type WeatherLoadStatus = 'loading' | 'ready' | 'unavailable';

export interface AirportWeatherViewProps {
  /** The airport's code as the page shows it. */
  airportCode: string;
  metar: PickedStation<MetarEntry> | null;
  taf: PickedStation<TafEntry> | null;
  metarStatus: WeatherLoadStatus;
  tafStatus: WeatherLoadStatus;
  /** The snapshot itself is past its normal interval (the app has not had a newer one). */
  metarSnapshotStale?: boolean;
  tafSnapshotStale?: boolean;
  nowMs: number;
  runways: readonly RunwayLike[];
  /** The airport's magnetic variation, degrees east positive (nav data); turns runway numbers to true. */
  magVarDeg: number | null;
  /** `12 min old` from an age in ms (the weather feature's formatWeatherAge). */
  formatAge: (ageMs: number) => string;
  /** Whether a report this old is past its product's update interval (the weather feature's isWeatherStale). */
  isStale: (type: 'metar' | 'taf', ageMs: number) => boolean;
  /** Where an entry came from (the weather feature's weatherSourceOf): 'ADS-B' shows a source chip. */
  sourceOf?: (entry: object) => 'ADS-B' | 'internet';
}

/** "ADS-B" beside a report received over FIS-B (no internet copy, or an older one). */
function SourceChip({ source, testId }: { source: 'ADS-B' | 'internet'; testId: string }) {
  if (source !== 'ADS-B') return null;
  return <Chip size="small" variant="outlined" color="info" label="ADS-B" data-testid={testId} title="Received over ADS-B (FIS-B)" />;
}

const MONO = { fontFamily: '"Roboto Mono", ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', fontSize: '0.875rem' } as const;

/** The raw report, as sent: wraps anywhere so a long TAF never widens a phone's page. */
function RawReport({ text, testId }: { text: string; testId: string }) {
  return (
    <Box
      component="pre"
      data-testid={testId}
      sx={{ ...MONO, m: 0, p: 1, borderRadius: 1, bgcolor: 'action.hover', whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
    >
      {text}
    </Box>
  );
}

/** Label / value rows: two columns from 390 px up (a label column of 7.5rem). */
function Facts({ rows, testId }: { rows: [string, ReactNode][]; testId: string }) {
  return (
    <Box component="dl" data-testid={testId} sx={{ m: 0, display: 'grid', gridTemplateColumns: 'minmax(6rem, 7.5rem) minmax(0, 1fr)', columnGap: 1.5, rowGap: 0.5 }}>
      {rows.map(([label, value]) => (
        <Box key={label} sx={{ display: 'contents' }} data-testid={`${testId}-${label.toLowerCase().replace(/[^a-z]+/g, '-')}`}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {label}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

/** `12 min old`, in the stale style (warning colour, "stale") after the type's normal interval. */
function Age({ ageMs, stale, formatAge, testId }: { ageMs: number; stale: boolean; formatAge: (ms: number) => string; testId: string }) {
  return (
    <Typography
      variant="body2"
      data-testid={testId}
      data-stale={stale ? 'true' : 'false'}
      sx={stale ? { color: 'warning.main', fontWeight: 500 } : { color: 'text.secondary' }}
    >
      {formatAge(Math.max(0, ageMs))}
      {stale ? ' · stale' : ''}
    </Typography>
  );
}

/** Station line: the field's own, or `KSQL, 6 nm` when the report comes from the nearest station. */
function stationLabel<T extends { id: string }>(picked: PickedStation<T>): string {
  return picked.own ? picked.entry.id : `${picked.entry.id}, ${Math.round(picked.distanceNm)} nm`;
}

function metarRows(m: Metar): [string, ReactNode][] {
  const rows: [string, ReactNode][] = [
    ['Wind', formatWind(m.wind)],
    ['Visibility', formatVisibility(m.visibility, m.cavok)],
    ['Sky', formatSky(m.clouds, m.skyClear, m.ceilingFtAgl, m.cavok).join(', ')],
  ];
  const weather = formatWeather(m.weather);
  if (weather) rows.push(['Weather', weather]);
  rows.push(['Temperature', formatTemperatures(m)], ['Altimeter', formatAltimeter(m.altimeter)]);
  if (m.trend) rows.push(['Trend', m.trend]);
  if (m.remarks) rows.push(['Remarks', <Box component="span" sx={MONO}>{m.remarks}</Box>]);
  return rows;
}

function MetarPart({ picked, decoded, status, snapshotStale, nowMs, formatAge, isStale, airportCode, source = 'internet' }: {
  picked: PickedStation<MetarEntry> | null;
  source?: 'ADS-B' | 'internet';
  decoded: Metar | null;
  status: WeatherLoadStatus;
  snapshotStale: boolean;
  nowMs: number;
  formatAge: (ms: number) => string;
  isStale: (type: 'metar' | 'taf', ageMs: number) => boolean;
  airportCode: string;
}) {
  if (!picked) {
    return (
      <Typography variant="body2" data-testid="metar-none">
        {status === 'loading' ? 'Reading the latest METARs...' : status === 'unavailable' ? 'No METARs downloaded yet.' : `No METAR for ${airportCode} or a station within 50 nm.`}
      </Typography>
    );
  }
  const entry = picked.entry;
  const ageMs = nowMs - entry.time;
  const category: FlightCategory | null = decoded?.flightCategory ?? entry.cat;
  return (
    <Stack spacing={1} data-testid="airport-metar">
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="subtitle1" component="h4" sx={{ fontWeight: 500 }}>
          METAR
        </Typography>
        <Typography variant="subtitle1" data-testid="metar-station">
          {stationLabel(picked)}
        </Typography>
        <FlightCategoryBadge category={category} testId="metar-category" />
        <Typography variant="body2" color="text.secondary" data-testid="metar-time">
          {formatUtc(entry.time)}
        </Typography>
        <Age ageMs={ageMs} stale={snapshotStale || isStale('metar', ageMs)} formatAge={formatAge} testId="metar-age" />
        <SourceChip source={source} testId="metar-source" />
      </Stack>
      {!picked.own && (
        <Typography variant="body2" color="text.secondary" data-testid="metar-nearest">
          {airportCode} reports no METAR: the nearest station that does is {stationLabel(picked)}.
        </Typography>
      )}
      <RawReport text={entry.raw} testId="metar-raw" />
      {decoded ? <Facts rows={metarRows(decoded)} testId="metar-decoded" /> : <Typography variant="body2">This report could not be decoded.</Typography>}
    </Stack>
  );
}

function RunwayWinds({ rows, windSource, magVarDeg }: { rows: RunwayEndWind[]; windSource: string; magVarDeg: number | null }) {
  const approximate = rows.some((r) => r.heading?.source === 'runway-number');
  const variable = rows.some((r) => r.wind?.kind === 'variable');
  const calm = rows.some((r) => r.wind?.kind === 'calm');
  return (
    <Stack spacing={0.5} data-testid="runway-winds">
      <Typography variant="subtitle1" component="h4" sx={{ fontWeight: 500 }}>
        Runway wind components
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {windSource}. Headings and wind are true.
        {calm && ' Calm: no end favoured.'}
        {variable && ' Variable wind: no components, no end favoured.'}
      </Typography>
      <Table size="small" sx={{ '& td, & th': { px: { xs: 0.75, sm: 2 } } }}>
        <TableHead>
          <TableRow>
            <TableCell>End</TableCell>
            <TableCell>Heading</TableCell>
            <TableCell>Head/tail</TableCell>
            <TableCell>Crosswind</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((r) => (
            <TableRow
              key={`${r.runwayId}-${r.endId}`}
              data-testid={`runway-wind-${r.endId}`}
              data-favoured={r.favoured ? 'true' : 'false'}
              sx={r.favoured ? { bgcolor: 'action.selected', '& td': { fontWeight: 600 } } : undefined}
            >
              <TableCell>
                {r.endId}
                {r.favoured && (
                  <Chip size="small" color="success" label="Favoured" data-testid="runway-favoured" sx={{ ml: 0.75, height: 20, fontWeight: 500 }} />
                )}
              </TableCell>
              <TableCell data-testid="heading">{r.heading ? `${r.heading.source === 'runway-number' ? '≈' : ''}${formatTrueHeading(r.heading.trueDeg)}` : '—'}</TableCell>
              <TableCell data-testid="along">{r.wind?.steady ? formatAlong(r.wind.steady, r.wind.gust) : r.wind?.kind === 'variable' ? 'Variable' : '—'}</TableCell>
              <TableCell data-testid="across">
                {r.wind?.steady ? formatAcross(r.wind.steady, r.wind.gust) : r.wind?.kind === 'variable' ? 'Variable' : '—'}
                {(r.wind?.sectorMaxCrosswindKt ?? 0) > 0 && (
                  <Box component="span" sx={{ display: 'block', color: 'text.secondary', fontSize: '0.75rem' }}>
                    up to {Math.round(r.wind?.sectorMaxCrosswindKt ?? 0)} kt as it varies
                  </Box>
                )}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {approximate && magVarDeg !== null && (
        <Typography variant="caption" color="text.secondary" data-testid="runway-heading-note">
          ≈ heading from the runway number (magnetic) and the airport&apos;s variation {formatVariation(magVarDeg)}: within about 5°.
        </Typography>
      )}
    </Stack>
  );
}

function TafPart({ picked, status, snapshotStale, nowMs, formatAge, isStale, airportCode, source = 'internet' }: {
  picked: PickedStation<TafEntry> | null;
  source?: 'ADS-B' | 'internet';
  status: WeatherLoadStatus;
  snapshotStale: boolean;
  nowMs: number;
  formatAge: (ms: number) => string;
  isStale: (type: 'metar' | 'taf', ageMs: number) => boolean;
  airportCode: string;
}) {
  const taf: Taf | null = useMemo(() => (picked ? decodeTaf(picked.entry.raw, { referenceMs: picked.entry.issued }).taf : null), [picked]);
  if (!picked) {
    return (
      <Stack spacing={0.5}>
        <Typography variant="subtitle1" component="h4" sx={{ fontWeight: 500 }}>
          TAF
        </Typography>
        <Typography variant="body2" data-testid="taf-none">
          {status === 'loading' ? 'Reading the latest TAFs...' : status === 'unavailable' ? 'No TAFs downloaded yet.' : `No TAF for ${airportCode} or a station within 50 nm.`}
        </Typography>
      </Stack>
    );
  }
  const entry = picked.entry;
  const ageMs = nowMs - entry.issued;
  const now = taf ? tafConditionsAt(taf, nowMs) : null;
  return (
    <Stack spacing={1} data-testid="airport-taf">
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="subtitle1" component="h4" sx={{ fontWeight: 500 }}>
          TAF
        </Typography>
        <Typography variant="subtitle1" data-testid="taf-station">
          {stationLabel(picked)}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          issued {formatUtc(entry.issued)}
        </Typography>
        <Age ageMs={ageMs} stale={snapshotStale || isStale('taf', ageMs)} formatAge={formatAge} testId="taf-age" />
        <SourceChip source={source} testId="taf-source" />
      </Stack>
      <RawReport text={entry.raw} testId="taf-raw" />
      <Box data-testid="taf-now" sx={{ p: 1, border: 1, borderColor: 'divider', borderRadius: 1 }}>
        {now ? (
          <Stack spacing={0.5}>
            <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
              <Typography variant="body2" sx={{ fontWeight: 500 }}>
                Conditions now ({formatUtc(nowMs)})
              </Typography>
              <FlightCategoryBadge category={now.prevailing.flightCategory} testId="taf-now-category" />
            </Stack>
            {formatConditions(now.prevailing).map((line) => (
              <Typography key={line} variant="body2">
                {line}
              </Typography>
            ))}
            {now.possible.map((p) => (
              <Box key={`${p.kind}-${p.startMs}-${p.raw}`} data-testid="taf-now-possible">
                <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                  <Typography variant="body2" sx={{ fontWeight: 500 }}>
                    Possible: {formatPeriodTitle({ ...p, kind: p.kind })}
                  </Typography>
                  <FlightCategoryBadge category={p.conditions.flightCategory} />
                </Stack>
                <Typography variant="body2" color="text.secondary">
                  {formatConditions(p.conditions).join(' · ')}
                </Typography>
              </Box>
            ))}
          </Stack>
        ) : (
          <Typography variant="body2">
            {taf
              ? `Not valid now: the TAF covers ${formatUtc(taf.validFromMs)} to ${formatUtc(taf.validToMs)}${taf.cancelled ? ' (cancelled)' : ''}.`
              : 'This TAF could not be decoded.'}
          </Typography>
        )}
      </Box>
      {taf && (
        <Stack component="ol" spacing={1} data-testid="taf-periods" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {taf.periods.map((p, i) => (
            <Box component="li" key={`${i}-${p.raw}`} data-testid="taf-period" data-kind={p.kind} sx={{ borderLeft: 3, borderColor: p.kind === 'BASE' || p.kind === 'FM' ? 'primary.main' : 'divider', pl: 1 }}>
              <Typography variant="body2" sx={{ fontWeight: 500 }}>
                {formatPeriodTitle(p)}
              </Typography>
              {formatTafElements(p).map((line) => (
                <Typography key={line} variant="body2" color="text.secondary">
                  {line}
                </Typography>
              ))}
            </Box>
          ))}
          {taf.remarks && (
            <Typography component="li" variant="body2" color="text.secondary">
              {taf.remarks}
            </Typography>
          )}
        </Stack>
      )}
    </Stack>
  );
}

/** The weather panel of the airport page. */
export function AirportWeatherView(props: AirportWeatherViewProps) {
  const { metar, taf, nowMs, runways, magVarDeg, formatAge, airportCode } = props;
  const decoded = useMemo(() => (metar ? decodeMetar(metar.entry.raw, { referenceMs: metar.entry.time }).metar : null), [metar]);
  const decodedWind = decoded?.wind ?? null;
  const rows = useMemo(() => runwayEndWinds(runways, magVarDeg, decodedWind), [runways, magVarDeg, decodedWind]);
  const windSource = metar
    ? `Wind ${formatWind(decodedWind)} from the ${metar.own ? '' : 'nearest station\u2019s '}METAR (${stationLabel(metar)}, ${formatUtc(metar.entry.time)})`
    : '';
  return (
    <Paper variant="outlined" data-testid="airport-weather" sx={{ p: { xs: 1.5, sm: 2 } }}>
      <Stack spacing={2}>
        <Typography variant="h6" component="h3">
          Weather
        </Typography>
        <MetarPart picked={metar} decoded={decoded} status={props.metarStatus} snapshotStale={props.metarSnapshotStale ?? false} nowMs={nowMs} formatAge={formatAge} isStale={props.isStale} airportCode={airportCode} source={metar && props.sourceOf ? props.sourceOf(metar.entry) : 'internet'} />
        {metar && decodedWind && rows.length > 0 && <RunwayWinds rows={rows} windSource={windSource} magVarDeg={magVarDeg} />}
        <TafPart picked={taf} status={props.tafStatus} snapshotStale={props.tafSnapshotStale ?? false} nowMs={nowMs} formatAge={formatAge} isStale={props.isStale} airportCode={airportCode} source={taf && props.sourceOf ? props.sourceOf(taf.entry) : 'internet'} />
      </Stack>
    </Paper>
  );
}
