import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { FastifyBaseLogger } from 'fastify';
import { chartCycleAt } from '@clearway/protocol';
import type { BuildReport } from './build.js';
import { formatReport } from './report.js';
import { packSources } from './sources.js';
import { PackStore } from './store.js';

export interface BackgroundBuildOptions {
  packsDir: string;
  chartsDir: string | undefined;
  terrainDir: string | undefined;
  /** CHARTS_CYCLE; default the shared tiles' cycle when they are used, else the cycle in force now. */
  chartsCycle: string | undefined;
  repoRoot: string;
  logger: FastifyBaseLogger;
  /** Wait after listening before looking, ms (default 2000), so the first pages are served first. */
  delayMs?: number;
}

export interface BackgroundPackBuild {
  /** Call once the server listens: looks `delayMs` later. */
  start: () => void;
  /** The report (null when nothing was built or there was nothing to build from). */
  done: Promise<BuildReport | null>;
  /** Ends the worker; the archive being written is left as a `.tmp` file the server ignores. */
  stop: () => Promise<void>;
}

/**
 * `npm start`: when PACKS_DIR holds no pack, builds every region the chart tiles allow, in a worker
 * thread started a moment after the server listens, so start-up and requests do not wait for it.
 */
export function backgroundPackBuild(options: BackgroundBuildOptions): BackgroundPackBuild {
  const { logger } = options;
  let worker: Worker | null = null;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let finish: (report: BuildReport | null) => void = () => undefined;
  const done = new Promise<BuildReport | null>((resolve) => {
    finish = resolve;
  });

  const run = async (): Promise<void> => {
    if (stopped || !(await new PackStore(options.packsDir).isEmpty())) return finish(null);
    const sources = packSources({ chartsDir: options.chartsDir, terrainDir: options.terrainDir }, options.repoRoot);
    if (sources.chartsDir === undefined) {
      logger.info(`No region packs in ${options.packsDir} and no chart tiles to build them from: set CHARTS_DIR (and TERRAIN_DIR), then npm run charts -- build`);
      return finish(null);
    }
    const script = fileURLToPath(new URL('./buildWorker.js', import.meta.url));
    if (!existsSync(script)) {
      logger.warn(`No region packs in ${options.packsDir}; the build worker ${script} is missing (build the server), so none are built`);
      return finish(null);
    }
    const cycle = options.chartsCycle ?? sources.chartsCycle ?? chartCycleAt(Date.now()).id;
    logger.info({ packsDir: options.packsDir, cycle, sources: sources.fromShared }, 'No region packs: building them in the background');
    const started = new Worker(script, { workerData: { packsDir: options.packsDir, cycle, sources: { chartsDir: sources.chartsDir, terrainDir: sources.terrainDir } } });
    worker = started;
    started.unref();
    started.once('message', (report: BuildReport) => {
      logger.info({ built: report.built.length, skipped: report.skipped.length, problems: report.problems }, formatReport(report));
      finish(report);
    });
    started.once('error', (error) => {
      logger.error({ err: error }, 'The background region pack build failed');
      finish(null);
    });
    started.once('exit', () => finish(null));
  };

  return {
    start: () => {
      if (stopped || timer !== undefined) return;
      timer = setTimeout(() => {
        run().catch((error: unknown) => {
          logger.error({ err: error }, 'The background region pack build could not start');
          finish(null);
        });
      }, options.delayMs ?? 2000);
      timer.unref();
    },
    done,
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      if (worker) await worker.terminate();
      finish(null);
    },
  };
}
