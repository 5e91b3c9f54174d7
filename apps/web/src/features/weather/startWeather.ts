import type { ClientConfig, WeatherProductType } from '@clearway/protocol';
import { WxDb } from '../../db/wx';
import { WeatherChannel, type WeatherSocketLike } from './channel';
import { fisbWeatherHolder, withFisbWeather } from './fisb';
import { installWeatherStore } from './registry';
import { createWeatherStore, isWeatherProductType, wxSnapshotDb, type WeatherConnectivity, type WeatherSnapshotDb, type WeatherStore } from './snapshotStore';

/**
 * The products the app's screens read, asked for at start so the latest of each is on the device for
 * offline use. Not `stations` (9,861 entries): the server uses the station list itself to place TAFs and
 * PIREPs, and no screen reads it; a screen that comes to need it asks the store (`want('stations')`).
 */
export const STARTUP_WEATHER_TYPES: readonly WeatherProductType[] = ['metar', 'taf', 'pirep', 'airmet', 'fbo'];

export interface StartWeatherDeps {
  config: ClientConfig;
  fetch: typeof fetch;
  connectivity?: WeatherConnectivity;
  /** Default: the browser's `wx` database; null: memory only. */
  db?: WeatherSnapshotDb | null;
  /** Default: the browser's WebSocket. */
  openSocket?: (url: string) => WeatherSocketLike;
  log?: Pick<Console, 'info' | 'warn'>;
}

export interface WeatherSession {
  store: WeatherStore;
  channel: WeatherChannel;
  /** Closes the channel and removes the store. */
  stop(): void;
}

/**
 * Starts the app's weather (spec part 1 §4 "Start-up": "... and starts the weather channel"): the
 * snapshot store on the `wx` database, installed for the screens; each type the screens read
 * (STARTUP_WEATHER_TYPES) is read from storage and asked of the server once (so the latest of each is there for offline use); then the
 * channel: each cycle it announces that differs from the one held is downloaded again.
 */
export function startWeather(deps: StartWeatherDeps): WeatherSession {
  const { config, log = console } = deps;
  const db = deps.db === undefined ? wxSnapshotDb(new WxDb()) : deps.db;
  // FIS-B products received over ADS-B (ingestFisbProducts) merged in where the internet copy is missing or older.
  const store = withFisbWeather(createWeatherStore({ fetch: deps.fetch, db, root: () => config.endpoints.weatherRoot, connectivity: deps.connectivity, log }), fisbWeatherHolder());
  const uninstall = installWeatherStore(store);
  for (const type of STARTUP_WEATHER_TYPES) void store.want(type);
  const channel = new WeatherChannel({
    url: config.endpoints.weatherSocket,
    openSocket: deps.openSocket ?? ((url) => new WebSocket(url) as unknown as WeatherSocketLike),
    log,
    onMessage: (message) => {
      if (message.type === 'all') {
        for (const [type, cycle] of Object.entries(message.cycles)) if (isWeatherProductType(type)) store.cycleAnnounced(type, cycle);
      } else if (isWeatherProductType(message.type)) {
        store.cycleAnnounced(message.type, message.cycle);
      }
    },
  });
  channel.start();
  return {
    store,
    channel,
    stop() {
      channel.stop();
      store.stop();
      uninstall();
    },
  };
}
