import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/index.js';
import { importPlates, type PlatesImportReport } from './importer.js';
import { platesRoutes, type PlatesRoutesOptions } from './routes.js';
import { supplementRoutes } from './supplement.js';
import { dtppCycleAt, FaaPlatesSource, PathPlatesSource, type PlatesSource } from './source.js';

export { importPlates, PlatesImportError, pdfProblem, type PlatesImportOptions, type PlatesImportReport } from './importer.js';
export { MetafileError, parseMetafile, type Metafile, type MetafileRecord } from './metafile.js';
export { parseVrtGeoref } from './georef.js';
export { dtppCycleAt, FaaPlatesSource, FAA_DTPP_BASE_URL, PathPlatesSource, type PlatesSource } from './source.js';
export { airportPlates, servedCycle } from './store.js';
export { PLATES_RATE_LIMIT, platesRoutes } from './routes.js';
export { parseSupplementIndex, SUPPLEMENT_PATH, SupplementIndexError, SupplementSource, supplementRoutes, type SupplementAnswer } from './supplement.js';
export { buildPlatesPack, platesPackIndex, platesPacksDir } from './packs.js';
export { DEFAULT_PLATES_PACKS_MAX_MB, OLD_CYCLE_PACKS_KEPT_MS, PACK_IN_USE_MS, prunePlatesPacks, type PackPruneReport } from './packPrune.js';
export { navdbAirportPositions, type AirportLocator, type AirportPositions } from './positions.js';

/** PLATES_SOURCE, PLATES_DIR, PLATES_SKIP_MISSING, PLATES_FAA_URL, PLATES_PACKS_MAX_MB (config/loadConfig.ts). */
export interface PlatesConfig {
  /** The served dataset: `{dir}/{cycle}/{PDF}`. */
  dir: string;
  /** PLATES_PACKS_MAX_MB in bytes: the served cycle's plate packs kept on disk (packPrune.ts). */
  packsMaxBytes?: number;
  /** SUPPLEMENT_SOURCE: a folder in the FAA d-CS layout (index XML and PDFs); absent: no d-CS, the app generates the supplement. */
  supplementDir?: string;
  source:
    | { kind: 'off' }
    | { kind: 'path'; dir: string; skipMissing: boolean }
    | { kind: 'faa'; baseUrl: string; skipMissing: boolean };
}

export interface PlatesModuleOptions {
  db: Database;
  config: PlatesConfig;
  /** Test settings of the routes (rate limit, clock). */
  routes?: Pick<PlatesRoutesOptions, 'rateLimit' | 'now'>;
  /** Where the plate packs find each airport's region (the nav database). */
  airportPositions?: PlatesRoutesOptions['airportPositions'];
  /** Import from the source when the app is ready (default true when a source is configured). */
  importOnReady?: boolean;
}

/** How often the FAA source is looked at again for the cycle in force (a new one every 28 days). */
const FAA_RECHECK_MS = 12 * 3_600_000;

/** The source a configuration names, for the cycle in force at `now` (FAA). */
export function platesSourceOf(config: PlatesConfig, now: number = Date.now()): PlatesSource | null {
  if (config.source.kind === 'path') return new PathPlatesSource(config.source.dir);
  if (config.source.kind === 'faa') return new FaaPlatesSource(dtppCycleAt(now), config.source.baseUrl);
  return null;
}

/**
 * Approach plates: the routes (platesRoutes) and, with PLATES_SOURCE set, the import of the cycle
 * when the app is ready (a folder once; the FAA every 12 hours for the cycle in force), in the
 * background so start-up is not held; a failed import is logged and the previous cycle stays.
 */
export async function platesModule(app: FastifyInstance, options: PlatesModuleOptions): Promise<void> {
  const { db, config } = options;
  await app.register(platesRoutes, { db, platesDir: config.dir, packsMaxBytes: config.packsMaxBytes, airportPositions: options.airportPositions, ...options.routes });
  await app.register(supplementRoutes, { dir: config.supplementDir ?? null });
  if (config.source.kind === 'off' || options.importOnReady === false) return;
  const skipMissing = config.source.skipMissing;
  let running: Promise<unknown> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  let closed = false;
  const run = () => {
    if (closed) return;
    const source = platesSourceOf(config);
    if (source === null) return;
    running = importPlates({ db, platesDir: config.dir, source, skipMissing })
      .then((report: PlatesImportReport) => {
        if (!report.imported) return;
        app.log.info({ plates: { ...report, missing: report.missing.length } }, `Approach plates: d-TPP cycle ${report.cycle} imported from ${report.source}: ${report.charts} charts, ${report.pdfs} PDFs, ${report.georeferenced} georeferenced${report.missing.length > 0 ? `, ${report.missing.length} left out (PDF missing)` : ''}`);
      })
      .catch((error: unknown) => app.log.error({ err: error }, `Approach plates: import from ${source.description} failed; the previous cycle stays: ${error instanceof Error ? error.message : String(error)}`));
  };
  app.addHook('onReady', async () => {
    setImmediate(run);
    if (config.source.kind === 'faa') timer = setInterval(run, FAA_RECHECK_MS).unref();
  });
  app.addHook('onClose', async () => {
    closed = true;
    clearInterval(timer);
    await running;
  });
}
