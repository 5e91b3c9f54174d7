import { parentPort, workerData } from 'node:worker_threads';
import { CHART_REGIONS, chartCycleById } from '@clearway/protocol';
import { buildPacks, type PackSources } from './build.js';

/** The background build of `npm start` (background.ts), off the server's event loop. */
interface WorkerInput {
  packsDir: string;
  cycle: string;
  sources: PackSources;
}

const input = workerData as WorkerInput;
const cycle = chartCycleById(input.cycle);
if (!cycle) throw new Error(`buildWorker: ${input.cycle} is not a chart cycle`);
const report = await buildPacks({ packsDir: input.packsDir, cycle, regions: CHART_REGIONS, sources: input.sources });
parentPort?.postMessage(report);
