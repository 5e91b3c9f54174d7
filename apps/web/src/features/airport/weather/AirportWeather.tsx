// The airport page's weather panel wired to the weather feature's snapshots: the METAR and TAF
// snapshots (stored for offline use, refreshed by the weather channel), the field's own report or
// the nearest station's, a clock for the ages. Loaded lazily by AirportWeatherSection.
import { useMemo } from 'react';
import type { RunwayLike } from '@clearway/weather';
import { formatWeatherAge, isWeatherStale, useMinuteClock, useWeatherSnapshot, weatherSourceOf } from '../../weather';
import { AirportWeatherView, type WeatherLoadStatus } from './AirportWeatherView';
import { pickStation, type AirportPlace } from './stationPick';

export interface AirportWeatherProps {
  airportCode: string;
  place: AirportPlace;
  runways: readonly RunwayLike[];
  magVarDeg: number | null;
}

function loadStatus(hasSnapshot: boolean, status: string): WeatherLoadStatus {
  if (hasSnapshot) return 'ready';
  return status === 'loading' ? 'loading' : status === 'ready' ? 'ready' : 'unavailable';
}

export default function AirportWeather({ airportCode, place, runways, magVarDeg }: AirportWeatherProps) {
  const metars = useWeatherSnapshot('metar');
  const tafs = useWeatherSnapshot('taf');
  const nowMs = useMinuteClock();
  const metar = useMemo(() => (metars.snapshot ? pickStation(metars.snapshot.stations, place) : null), [metars.snapshot, place]);
  const taf = useMemo(() => (tafs.snapshot ? pickStation(tafs.snapshot.tafs, place) : null), [tafs.snapshot, place]);
  return (
    <AirportWeatherView
      airportCode={airportCode}
      metar={metar}
      taf={taf}
      metarStatus={loadStatus(metars.snapshot !== null, metars.status)}
      tafStatus={loadStatus(tafs.snapshot !== null, tafs.status)}
      metarSnapshotStale={metars.stale}
      tafSnapshotStale={tafs.stale}
      nowMs={nowMs}
      runways={runways}
      magVarDeg={magVarDeg}
      formatAge={formatWeatherAge}
      isStale={isWeatherStale}
      sourceOf={weatherSourceOf}
    />
  );
}
