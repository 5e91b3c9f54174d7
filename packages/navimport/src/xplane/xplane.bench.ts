// X-Plane world import benchmark on ../shared/data/navdata/xplane-fg2013: each file read 3 times,
// median and worst printed, against the baseline of only streaming the same file's lines (gunzip
// and line split, measured in the same run). Run:
//   npx vitest bench --project packages --run packages/navimport/src/xplane
// Figures are printed; nothing here fails on time.
import { join } from 'node:path';
import { bench, describe } from 'vitest';
import { IssueCollector } from '../common/diagnostics.js';
import { readLineBatches } from '../common/lines.js';
import { sharedDataPath } from '../common/sharedData.js';
import { readXPlane } from './readXPlane.js';

const RUNS = 3;
const folder = sharedDataPath('navdata/xplane-fg2013');

async function timeMs(run: () => Promise<unknown>): Promise<number[]> {
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    await run();
    samples.push(performance.now() - start);
  }
  return samples.sort((a, b) => a - b);
}

const lines = [`\nX-Plane import benchmark (${RUNS} runs each; baseline = streaming the file's lines only)`];
for (const kind of ['apt', 'nav', 'fix', 'awy'] as const) {
  const path = join(folder, `${kind}.dat.gz`);
  const base = await timeMs(async () => {
    for await (const batch of readLineBatches(path, { encoding: 'latin1' })) void batch;
  });
  const read = await timeMs(() => readXPlane({ [kind]: path }, { issues: new IssueCollector() }));
  const median = read[Math.floor(RUNS / 2)] as number;
  const baseMedian = base[Math.floor(RUNS / 2)] as number;
  lines.push(
    `${kind}.dat.gz: median ${median.toFixed(0)} ms, worst ${(read[RUNS - 1] as number).toFixed(0)} ms; ` +
      `lines only ${baseMedian.toFixed(0)} ms; ratio ${(median / baseMedian).toFixed(2)}`,
  );
}
const all = await timeMs(() => readXPlane(folder, { issues: new IssueCollector() }));
lines.push(`all four files: median ${(all[Math.floor(RUNS / 2)] as number).toFixed(0)} ms, worst ${(all[RUNS - 1] as number).toFixed(0)} ms`);
console.log(lines.join('\n'));

describe('X-Plane import', () => {
  bench('figures printed above', () => undefined, { iterations: 1 });
});
