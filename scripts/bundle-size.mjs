// `npm run bench:size`: the gzipped size of the JavaScript the initial route loads (index.html's
// module script and its modulepreloads) from the production build in apps/web/dist, against the
// stored baseline (scripts/bundle-size-baseline.json) and against all JavaScript in the build. The
// map's chunk (MapLibre) is preloaded too but printed on its own line: the app shell runs without it.
// Exits 1 when the initial JS grew more than 5 % over the baseline (scripts/lib/bundleSize.mjs);
// the unit test scripts/bundleSize.test.ts makes the same check in `npm test`, after its build.
//
// `npm run bench:size -- --update-baseline` writes the baseline from the current build, on purpose
// (refused under CI); commit the file with the change that made the bundle grow.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from './lib/ensure.mjs';
import { BASELINE_PATH, baselineFor, compareWithBaseline, measureBundle, readBaseline } from './lib/bundleSize.mjs';

const dist = join(repoRoot, 'apps/web/dist');
const baselinePath = join(repoRoot, BASELINE_PATH);
const kib = (n) => `${(n / 1024).toFixed(1)} KiB`;

let measured;
try {
  measured = measureBundle(dist);
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}
for (const { file, gzipBytes } of measured.initialFiles) console.log(`  initial  ${file.padEnd(48)} ${kib(gzipBytes)}`);
console.log(`initial route JS (gzip -9): ${kib(measured.initialGzipBytes)} in ${measured.initialFiles.length} files`);
console.log(`map chunk, preloaded beside it (gzip -9): ${kib(measured.mapChunkGzipBytes)}`);
console.log(`all JS in the build (gzip -9): ${kib(measured.allGzipBytes)} in ${measured.allFiles} files`);
console.log(`ratio initial / all: ${(measured.initialGzipBytes / measured.allGzipBytes).toFixed(2)}`);

if (process.argv.includes('--update-baseline')) {
  if (process.env.CI) {
    console.error('--update-baseline is refused under CI: the baseline is updated on purpose on a developer machine and committed.');
    process.exit(1);
  }
  const note = `written by npm run bench:size -- --update-baseline on ${new Date().toISOString().slice(0, 10)}`;
  writeFileSync(baselinePath, `${JSON.stringify(baselineFor(measured, note), null, 2)}\n`);
  console.log(`baseline written: ${BASELINE_PATH}`);
  process.exit(0);
}

let baseline;
try {
  baseline = readBaseline(baselinePath);
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}
const { ok, lines } = compareWithBaseline(measured, baseline);
for (const line of lines) console.log(line);
process.exit(ok ? 0 : 1);
