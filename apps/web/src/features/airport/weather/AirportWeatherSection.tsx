// The weather panel's place on the airport page: its code (decoders, metar-taf-parser) loads on
// demand, so the start-up bundle does not carry it.
import { Suspense, useMemo } from 'react';
import { Typography } from '@mui/material';
import type { Airport, AirportSummary } from '@clearway/navdb';
import { ErrorBoundary } from '../../../platform/ErrorBoundary';
import { retryingLazy } from '../../../platform/retryingLazy';

// A failed load is tried once more; after a failure the next airport opened loads afresh.
const AirportWeather = retryingLazy(() => import('./AirportWeather'));

/** The airport's weather: its METAR and TAF (or the nearest station's) and the runway wind components. */
export function AirportWeatherSection({ summary, airport }: { summary: AirportSummary; airport: Airport | null }) {
  const place = useMemo(
    () => ({ ids: [...new Set([summary.icao, airport?.icaoId, summary.code].filter((id): id is string => Boolean(id)))], latDeg: summary.latDeg, lonDeg: summary.lonDeg }),
    [summary, airport],
  );
  return (
    // A panel that fails to load (its chunk offline and not cached) or to render says so; the page
    // stays. Keyed by airport: a failure shown for one airport does not stay for the next.
    <ErrorBoundary
      key={summary.code}
      onError={(error) => {
        AirportWeather.forgetFailure();
        console.warn('The airport weather panel failed', error);
      }}
      fallback={(error) => (
        <Typography role="alert" data-testid="airport-weather">
          The weather could not be shown: {error.message}
        </Typography>
      )}
    >
      <Suspense fallback={<Typography data-testid="airport-weather-loading">Loading weather...</Typography>}>
        <AirportWeather airportCode={summary.code} place={place} runways={airport?.runways ?? []} magVarDeg={airport?.magVarDeg ?? null} />
      </Suspense>
    </ErrorBoundary>
  );
}
