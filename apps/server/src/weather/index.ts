// The weather module's front door: other modules import it only from here (eslint.config.js).
import type { FastifyInstance } from 'fastify';
import type { ImagerySourceVariable, WeatherSourceConfig } from '../config/index.js';
import { AwcSource, type AwcSourceOptions } from './awcSource.js';
import { imageryModule, type ImageryModuleOptions } from './imagery/index.js';
import { WeatherIngester, type WeatherIngesterOptions } from './ingest.js';
import { PathSource } from './pathSource.js';
import { WEATHER_ROOT, weatherRoutes, type WeatherRoutesOptions } from './routes.js';
import type { WeatherSource } from './source.js';

export { AWC_POLL_INTERVAL_MS, AWC_PRODUCTS, AwcSource, WeatherFetchError, type AwcProduct, type AwcSourceOptions } from './awcSource.js';
export { PATH_POLL_INTERVAL_MS, PathSource } from './pathSource.js';
export { WeatherIngester, weatherJobName, type IngestLogger, type IngestOutcome, type WeatherIngesterOptions } from './ingest.js';
export { MAX_WEATHER_SOCKETS_PER_ADDRESS, WEATHER_CACHE_CONTROL, WEATHER_ROOT, WEATHER_SOCKET_PATH, weatherRoutes, type WeatherRoutesOptions } from './routes.js';
export { WeatherStore, type IngestStats, type SnapshotHead, type SourceValidators, type StoredSnapshot } from './store.js';
export type { SourceResult, WeatherSource } from './source.js';
export { IMAGE_CACHE_CONTROL, ImageryIngester, ImageryStore, imagerySources, type ImageryOutcome } from './imagery/index.js';

/** The source a configuration names; null for `off`. */
export function weatherSourceFor(config: WeatherSourceConfig, awc: AwcSourceOptions = {}): WeatherSource | null {
  if (config.kind === 'awc') return new AwcSource(config.baseUrl, awc);
  if (config.kind === 'path') return new PathSource(config.dir);
  return null;
}

export interface WeatherModuleOptions extends WeatherRoutesOptions {
  /** Where weather comes from (config.weather.source). */
  source: WeatherSourceConfig;
  /** Test settings of the ingester (clock, leases, back-off, start delay) and of the AWC source. */
  ingest?: Partial<Pick<WeatherIngesterOptions, 'clock' | 'leases' | 'attempts' | 'backoffMs' | 'startDelayMs' | 'sleep'>>;
  awc?: AwcSourceOptions;
  /** Weather imagery sources (config.weather.imagery, WX_IMAGERY_SOURCES); none: every product is not configured. */
  imagery?: readonly ImagerySourceVariable[];
  /** Test settings of the imagery fetching (clock, leases, first look, fetch). */
  imageryIngest?: ImageryModuleOptions['ingest'];
}

/**
 * The weather module: its routes in every process, and the ingestion of the configured source,
 * started when the app is ready and stopped (waiting for a run in progress) when it closes.
 */
export async function weatherModule(app: FastifyInstance, options: WeatherModuleOptions): Promise<void> {
  await weatherRoutes(app, options);
  await imageryModule(app, { db: options.db, sources: options.imagery ?? [], root: WEATHER_ROOT, ...(options.imageryIngest === undefined ? {} : { ingest: options.imageryIngest }) });
  const source = weatherSourceFor(options.source, options.awc);
  if (source === null) return;
  const ingester = new WeatherIngester({ db: options.db, hub: options.hub, source, logger: app.log, ...options.ingest });
  app.addHook('onReady', async () => ingester.start());
  app.addHook('onClose', async () => ingester.stop());
}
