// The NOTAM module's front door: other modules import it only from here.
import type { FastifyInstance } from 'fastify';
import type { NotamsConfig } from './config.js';
import { FaaNotamSource } from './faaSource.js';
import { NotamIngester, type NotamIngesterOptions } from './ingest.js';
import { PathNotamSource } from './pathSource.js';
import { notamRoutes, type NotamRoutesOptions } from './routes.js';
import type { NotamSource } from './source.js';

export type { NotamsConfig } from './config.js';
export { FAA_NOTAM_API_URL, FAA_TFR_LIST_URL, FaaNotamSource, type FaaNotamSourceOptions } from './faaSource.js';
export { PathNotamSource } from './pathSource.js';
export { NOTAM_JOB_NAME, NotamIngester, type NotamIngestOutcome, type NotamIngesterOptions } from './ingest.js';
export { airportLocations, NOTAM_ADDRESS_LIMIT, NOTAMS_ROOT, notamRoutes, type NotamLimit, type NotamRoutesOptions } from './routes.js';
export { NotamStore, type NotamIngestStats, type NotamSourceStatus } from './store.js';
export { NotamFetchError, type NotamBatch, type NotamSource } from './source.js';

/** The source a configuration names; null for `off`. */
export function notamSourceFor(config: NotamsConfig): NotamSource | null {
  if (config.kind === 'faa') return new FaaNotamSource({ apiUrl: config.apiUrl, clientId: config.clientId, clientSecret: config.clientSecret, query: config.query, tfrUrl: config.tfrUrl });
  if (config.kind === 'path') return new PathNotamSource(config.dir);
  return null;
}

export interface NotamsModuleOptions extends NotamRoutesOptions {
  config: NotamsConfig;
  /** Test settings of the ingester (clock, leases, back-off, start delay). */
  ingest?: Partial<Pick<NotamIngesterOptions, 'clock' | 'leases' | 'attempts' | 'backoffMs' | 'startDelayMs' | 'sleep'>>;
}

/** The NOTAM routes in every process, and the refresh of the configured source (started when ready, stopped on close). */
export async function notamsModule(app: FastifyInstance, options: NotamsModuleOptions): Promise<void> {
  await notamRoutes(app, options);
  const source = notamSourceFor(options.config);
  if (source === null) return;
  const ingester = new NotamIngester({ db: options.db, source, logger: app.log, ...options.ingest });
  app.addHook('onReady', async () => ingester.start());
  app.addHook('onClose', async () => ingester.stop());
}
