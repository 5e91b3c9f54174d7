// Weather imagery (issue 17): pictures fetched from configured sources, cached in the database with
// their issue time and served below /wx/img. Part of the weather module (../index.ts registers it).
import type { FastifyInstance } from 'fastify';
import type { ImagerySourceVariable } from '../../config/index.js';
import type { Database } from '../../db/index.js';
import { ImageryIngester, imagerySources, type ImageryIngesterOptions } from './ingest.js';
import { imageryRoutes } from './routes.js';

export { IMAGE_FETCH_TIMEOUT_MS, ImageryIngester, MAX_IMAGE_BYTES, imageryJobName, imagerySources, type ImageryIngesterOptions, type ImageryOutcome, type ImagerySource } from './ingest.js';
export { IMAGE_CACHE_CONTROL, IMAGERY_INDEX_CACHE_CONTROL, imageryIndex, imageryRoutes } from './routes.js';
export { ImageryStore } from './store.js';
export { sniffImage } from './sniff.js';

export interface ImageryModuleOptions {
  db: Database;
  /** config.weather.imagery (WX_IMAGERY_SOURCES). */
  sources: readonly ImagerySourceVariable[];
  root: string;
  /** Test settings of the ingester (clock, leases, first look, fetch). */
  ingest?: Partial<Pick<ImageryIngesterOptions, 'clock' | 'leases' | 'startDelayMs' | 'fetch' | 'timeoutMs'>>;
}

/** The imagery routes in every process, and the fetching of the configured views started when the app is ready. */
export async function imageryModule(app: FastifyInstance, options: ImageryModuleOptions): Promise<void> {
  const sources = imagerySources(options.sources);
  await imageryRoutes(app, { db: options.db, sources, root: options.root });
  if (sources.length === 0) return;
  const ingester = new ImageryIngester({ db: options.db, sources, logger: app.log, ...options.ingest });
  app.addHook('onReady', async () => ingester.start());
  app.addHook('onClose', async () => ingester.stop());
}
