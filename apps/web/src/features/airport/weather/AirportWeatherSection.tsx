// The weather panel's place on the airport page: its code (decoders, metar-taf-parser) loads on
// demand, so the start-up bundle does not carry it.
import { Component, Suspense, useMemo, type ReactNode } from 'react';
import { Typography } from '@mui/material';
import type { Airport, AirportSummary } from '@clearway/navdb';
import { retryingLazy } from '../../../platform/retryingLazy';

// A failed load is tried once more; after a failure the next airport opened loads afresh.
const AirportWeather = retryingLazy(() => import('./AirportWeather'));

/** A panel that fails to load (its chunk offline and not cached) or to render says so; the page stays. */
class WeatherBoundary extends Component<{ children: ReactNode }, { error: Error | null }> {
  override state: { error: Error | null } = { error: null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override componentDidCatch(error: Error) {
    AirportWeather.forgetFailure();
    console.warn('The airport weather panel failed', error);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <Typography role="alert" data-testid="airport-weather">
        The weather could not be shown: {this.state.error.message}
      </Typography>
    );
  }
}

/** The airport's weather: its METAR and TAF (or the nearest station's) and the runway wind components. */
export function AirportWeatherSection({ summary, airport }: { summary: AirportSummary; airport: Airport | null }) {
  const place = useMemo(
    () => ({ ids: [...new Set([summary.icao, airport?.icaoId, summary.code].filter((id): id is string => Boolean(id)))], latDeg: summary.latDeg, lonDeg: summary.lonDeg }),
    [summary, airport],
  );
  return (
    // Keyed by airport: a failure shown for one airport does not stay for the next.
    <WeatherBoundary key={summary.code}>
      <Suspense fallback={<Typography data-testid="airport-weather-loading">Loading weather...</Typography>}>
        <AirportWeather airportCode={summary.code} place={place} runways={airport?.runways ?? []} magVarDeg={airport?.magVarDeg ?? null} />
      </Suspense>
    </WeatherBoundary>
  );
}
