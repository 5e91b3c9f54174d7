// Front door of features/weather (issue 16: weather snapshots for offline use, the weather channel):
// other features import only what is exported here (eslint.config.js feature map). Kept free of zod:
// the protocol's schemas load on first use (parse.ts).
export { useWeatherSnapshot, useWeatherStore, type WeatherSnapshotView } from './useWeatherSnapshot';
export { loadWeatherSnapshot } from './load';
export { useMinuteClock } from './minuteClock';
export { utcDayTime, utcTimeOfDay } from './utcTime';
export { formatWeatherAge, isWeatherStale, weatherAgeMs, AGE_TICK_MS } from './age';
export { installWeatherStore, currentWeatherStore } from './registry';
export {
  createWeatherStore,
  isWeatherProductType,
  wxSnapshotDb,
  type WeatherConnectivity,
  type WeatherEntry,
  type WeatherSnapshotDb,
  type WeatherStatus,
  type WeatherStore,
  type WeatherStoreDeps,
} from './snapshotStore';
export { WeatherChannel, WEATHER_RECONNECT_MAX_MS, WEATHER_RECONNECT_MIN_MS, type WeatherChannelOptions, type WeatherSocketLike } from './channel';
export { startWeather, type WeatherSession, type StartWeatherDeps } from './startWeather';
export type { WeatherProductType, WeatherSnapshotOf } from '@clearway/protocol';
export { ingestFisbProducts, weatherSourceOf, fisbWeatherHolder, withFisbWeather, FisbWeatherHolder, type FisbIngestOptions, type FisbIngestResult, type FisbProductInput } from './fisb';
