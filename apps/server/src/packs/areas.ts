import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { FastifyBaseLogger } from 'fastify';
import { PACKS_AREAS_PATH, PACKS_STATES_PATH, isAreaId, parsePackFileName, stateAreaId, type ChartCycle, type PackArea, type PackAreaRequest, type PackEntry } from '@clearway/protocol';
import { BasemapTiles } from '../tiles/index.js';
import { buildPacks, type BuildReport, type PackRegion, type PackSources } from './build.js';
import type { BuildWorkerInput } from './buildWorker.js';
import { corridorBounds, corridorId, corridorProblem, tileInCorridor, type Corridor } from './corridor.js';
import { PackStore } from './store.js';
import { findUsState } from './usStates.js';

/** Where area packs live under PACKS_DIR: `{dir}/areas/{cycle}/{id}.{kind}.pmtiles`. */
export const AREAS_FOLDER = 'areas';

/** A file name of an area pack (`state-NY.vfr.pmtiles`, `route-0123456789ab.terrain.pmtiles`). */
export function isAreaPackName(name: string): boolean {
  const parsed = parsePackFileName(name);
  return parsed !== null && isAreaId(parsed.region);
}

/** The URL path of an area pack. */
export function areaPackPath(cycle: string, id: string, kind: string): string {
  return `${PACKS_AREAS_PATH}/${encodeURIComponent(cycle)}/${encodeURIComponent(`${id}.${kind}.pmtiles`)}`;
}

export type AreaResult = { area: PackArea } | { status: 400 | 404 | 500; error: string };

export interface AreaPacksOptions {
  packsDir: string;
  sources: PackSources;
  /** The chart cycle the tiles in CHARTS_DIR are of (CHARTS_CYCLE, the shared tiles' cycle, or the one in force). */
  cycle: () => ChartCycle;
  log?: FastifyBaseLogger;
}

/**
 * Packs of a US state or a route's corridor, built on demand from the same sources as the region
 * packs (chart tiles, basemap, terrain) and kept, so the second asker gets them at once: the same
 * state, or the same points and buffer, name the same packs. One build at a time; an area asked for
 * while its build runs waits for that build.
 */
export class AreaPacks {
  readonly store: PackStore;
  readonly dir: string;
  readonly #building = new Map<string, Promise<AreaResult>>();
  #queue: Promise<unknown> = Promise.resolve();
  #basemap: BasemapTiles | null = null;

  constructor(private readonly options: AreaPacksOptions) {
    this.dir = join(options.packsDir, AREAS_FOLDER);
    this.store = new PackStore(this.dir, options.log, isAreaPackName);
  }

  /** The area a request names, with its packs (built now when none are on disk), or why there is none. */
  async area(request: PackAreaRequest): Promise<AreaResult> {
    let region: PackRegion;
    let corridor: Corridor | undefined;
    let type: PackArea['type'];
    if (request.type === 'state') {
      const state = findUsState(request.state);
      if (!state) return { status: 404, error: `Unknown US state "${request.state}": the states are listed at ${PACKS_STATES_PATH}` };
      region = { code: stateAreaId(state.code), name: state.name, bounds: state.bounds };
      type = 'state';
    } else {
      const problem = corridorProblem(request);
      if (problem !== null) return { status: 400, error: problem };
      corridor = { points: request.points, bufferNm: request.bufferNm };
      const inCorridor = corridor;
      region = {
        code: corridorId(corridor),
        name: request.name ?? `Route corridor (${request.points.length} points, ${request.bufferNm} nm either side)`,
        bounds: corridorBounds(corridor),
        include: (tile) => tileInCorridor(tile, inCorridor),
      };
      type = 'corridor';
    }
    const cycle = this.options.cycle();
    const key = `${cycle.id}/${region.code}`;
    const running = this.#building.get(key);
    if (running) return running;
    const result = this.#find(cycle, region, type).then((found) => found ?? this.#queued(() => this.#build(cycle, region, type, corridor)));
    this.#building.set(key, result);
    try {
      return await result;
    } finally {
      this.#building.delete(key);
    }
  }

  async #find(cycle: ChartCycle, region: PackRegion, type: PackArea['type']): Promise<{ area: PackArea } | null> {
    const files = (await this.store.files.list(cycle.id)).filter((file) => parsePackFileName(file.name)?.region === region.code);
    if (files.length === 0) return null;
    const packs: PackEntry[] = [];
    for (const file of files) {
      const kind = parsePackFileName(file.name)!.kind;
      const entry = await this.store.entry(file, areaPackPath(cycle.id, region.code, kind));
      if (entry) packs.push(entry);
    }
    if (packs.length === 0) return null;
    const order = ['vfr', 'ifr-low', 'ifr-high', 'basemap', 'terrain'];
    packs.sort((a, b) => order.indexOf(a.kind) - order.indexOf(b.kind));
    return { area: { id: region.code, type, name: region.name, cycle: cycle.id, bounds: region.bounds, packs } };
  }

  #queued<T>(run: () => Promise<T>): Promise<T> {
    const next = this.#queue.then(run, run);
    this.#queue = next.catch(() => undefined);
    return next;
  }

  /** Runs the build in a worker thread (buildWorker.js, from the built server), else here (tests run the sources). */
  async #run(cycle: ChartCycle, region: PackRegion, corridor: Corridor | undefined): Promise<BuildReport> {
    const script = fileURLToPath(new URL('./buildWorker.js', import.meta.url));
    if (!existsSync(script)) {
      this.#basemap ??= new BasemapTiles();
      return buildPacks({ packsDir: this.dir, cycle, regions: [region], sources: this.options.sources, basemap: this.#basemap });
    }
    const input: BuildWorkerInput = { packsDir: this.dir, cycle: cycle.id, sources: this.options.sources, areas: [{ code: region.code, name: region.name, bounds: region.bounds, ...(corridor ? { corridor } : {}) }] };
    return new Promise<BuildReport>((resolve, reject) => {
      const worker = new Worker(script, { workerData: input });
      worker.once('message', (report: BuildReport) => resolve(report));
      worker.once('error', reject);
      worker.once('exit', (code) => reject(new Error(`the pack build worker stopped (exit code ${code}) before its report`)));
    });
  }

  async #build(cycle: ChartCycle, region: PackRegion, type: PackArea['type'], corridor: Corridor | undefined): Promise<AreaResult> {
    const started = performance.now();
    let report: BuildReport;
    try {
      report = await this.#run(cycle, region, corridor);
    } catch (error) {
      this.options.log?.error({ err: error, area: region.code }, 'Area pack build failed');
      return { status: 500, error: `No packs of ${region.name} for chart cycle ${cycle.id}: the build failed (${error instanceof Error ? error.message : String(error)})` };
    }
    this.options.log?.info({ area: region.code, built: report.built.length, problems: report.problems, ms: Math.round(performance.now() - started) }, `Area packs of ${region.name} built`);
    const found = await this.#find(cycle, region, type);
    if (found) return found;
    const reason = report.skipped[0]?.reason ?? report.problems[0] ?? 'nothing to build';
    return { status: 404, error: `No packs of ${region.name} for chart cycle ${cycle.id}: ${reason}` };
  }
}
