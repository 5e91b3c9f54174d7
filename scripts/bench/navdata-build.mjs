// Benchmark: full nav database build from the shared publisher files, against a baseline that only
// reads and splits the same input lines (gunzip, split into lines, split lines into fields).
// Run after a build: npm run bench:navdata [-- --region us|world]
import { createReadStream, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { createGunzip } from 'node:zlib';
import { repoRoot } from '../lib/ensure.mjs';

const { buildNavData } = await import(join(repoRoot, 'packages/navimport/dist/build/build.js'));
const { detectSources } = await import(join(repoRoot, 'packages/navimport/dist/build/detect.js'));
const region = process.argv.includes('--region') ? process.argv[process.argv.indexOf('--region') + 1] : 'us';
const from = join(repoRoot, '..', 'shared', 'data', 'navdata');

function filesOf(path) {
  return statSync(path).isDirectory() ? readdirSync(path).flatMap((f) => filesOf(join(path, f))) : [path];
}

/** Reads every input file of the detected sources and splits each line into fields; returns lines. */
async function readAndSplit(paths) {
  let lines = 0;
  let fields = 0;
  for (const file of paths) {
    let stream = createReadStream(file);
    if (file.endsWith('.gz')) stream = stream.pipe(createGunzip({ chunkSize: 256 * 1024 }));
    for await (const line of createInterface({ input: stream, crlfDelay: Infinity })) {
      lines += 1;
      fields += (file.endsWith('.csv') ? line.split(',') : line.split(/\s+/)).length;
    }
  }
  return { lines, fields };
}

const detection = await detectSources([from]);
const inputFiles = detection.sources.flatMap((s) => filesOf(s.path)).filter((f) => !/LICENSE|countries|regions/.test(f));
const runs = 3;
const baseline = [];
const full = [];
let counts = null;
for (let i = 0; i < runs; i++) {
  let t = performance.now();
  counts = await readAndSplit(inputFiles);
  baseline.push((performance.now() - t) / 1000);
  const out = mkdtempSync(join(tmpdir(), 'navbench-'));
  t = performance.now();
  const [artifact] = await buildNavData({ from: [from], outDir: out, regions: [region], now: new Date() });
  full.push((performance.now() - t) / 1000);
  if (i === runs - 1) {
    console.log(`artifact ${region}: ${(artifact.bytes / 1e6).toFixed(2)} MB raw, ${(artifact.gzipBytes / 1e6).toFixed(2)} MB gzip; counts ${JSON.stringify(artifact.report.counts)}`);
    console.log(`phases (last run): ${Object.entries(artifact.report.timingsMs).map(([k, v]) => `${k} ${(v / 1000).toFixed(2)} s`).join(', ')}`);
  }
  rmSync(out, { recursive: true, force: true });
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
console.log(`input: ${inputFiles.length} files, ${counts.lines} lines, ${counts.fields} fields`);
console.log(`read+split baseline: median ${median(baseline).toFixed(2)} s (runs ${baseline.map((x) => x.toFixed(2)).join(', ')})`);
console.log(`full ${region} build:       median ${median(full).toFixed(2)} s (runs ${full.map((x) => x.toFixed(2)).join(', ')})`);
console.log(`ratio build / read+split: ${(median(full) / median(baseline)).toFixed(2)}`);
