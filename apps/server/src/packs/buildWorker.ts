import { parentPort, workerData } from 'node:worker_threads';
import { CHART_REGIONS, chartCycleById, type LonLatBoundsDeg } from '@clearway/protocol';
import { buildPacks, type PackRegion, type PackSources } from './build.js';
import { tileInCorridor, type Corridor } from './corridor.js';

/**
 * A pack build off the server's event loop: `npm start`'s build of every region (background.ts),
 * or one area (areas.ts: a state's box, a corridor's box with its tile filter, rebuilt here from
 * the corridor's points since functions do not cross to a worker).
 */
export interface BuildWorkerInput {
  packsDir: string;
  cycle: string;
  sources: PackSources;
  /** Default: every chart region. */
  areas?: { code: string; name: string; bounds: LonLatBoundsDeg; corridor?: Corridor }[];
}

const input = workerData as BuildWorkerInput;
const cycle = chartCycleById(input.cycle);
if (!cycle) throw new Error(`buildWorker: ${input.cycle} is not a chart cycle`);
const regions: readonly PackRegion[] =
  input.areas?.map(({ corridor, ...area }) => (corridor === undefined ? area : { ...area, include: (tile) => tileInCorridor(tile, corridor) })) ?? CHART_REGIONS;
const report = await buildPacks({ packsDir: input.packsDir, cycle, regions, sources: input.sources });
parentPort?.postMessage(report);
