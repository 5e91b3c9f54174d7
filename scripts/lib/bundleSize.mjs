// The bundle budget (issue 23): the gzipped size of the JavaScript the initial route loads, measured
// from a production build (apps/web/dist), checked against a stored baseline
// (scripts/bundle-size-baseline.json). Used by `npm run bench:size` and scripts/bundleSize.test.ts.
// Node built-ins only.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/** Growth of the initial JS over the baseline that fails the check: 5 %. */
export const BUNDLE_GROWTH_LIMIT = 0.05;
/** The stored baseline, relative to the repository root. */
export const BASELINE_PATH = 'scripts/bundle-size-baseline.json';

/** The map's chunk (MapLibre) is preloaded beside the shell but counted on its own line. */
const isMapChunk = (file) => /^assets\/MapView-[^/]+\.js$/.test(file);

/**
 * Measures a Vite build folder: index.html's module script and modulepreloads (the initial route,
 * less the map chunk), the map chunk, and every JS file, each gzipped at level 9.
 * Throws with the folder named when there is no build in it.
 */
export function measureBundle(dist) {
  const htmlPath = join(dist, 'index.html');
  if (!existsSync(htmlPath)) throw new Error(`no build at ${dist} (index.html missing): run \`npm run build\` first`);
  const html = readFileSync(htmlPath, 'utf8');
  const preloaded = [...html.matchAll(/<(?:script[^>]+src|link[^>]+rel="modulepreload"[^>]+href)="\/?([^"]+\.m?js)"/g)].map((m) => m[1]);
  if (preloaded.length === 0) throw new Error(`${htmlPath} loads no JavaScript module: not a Vite build?`);
  const gz = (file) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
  const initialFiles = [...new Set(preloaded.filter((f) => !isMapChunk(f)))].map((file) => ({ file, gzipBytes: gz(file) }));
  const mapFiles = preloaded.filter(isMapChunk).map((file) => ({ file, gzipBytes: gz(file) }));
  const allJs = readdirSync(join(dist, 'assets'))
    .filter((f) => /\.m?js$/.test(f))
    .map((f) => `assets/${f}`);
  const sum = (list) => list.reduce((total, f) => total + f.gzipBytes, 0);
  return {
    initialFiles,
    initialGzipBytes: sum(initialFiles),
    mapChunkGzipBytes: sum(mapFiles),
    allGzipBytes: allJs.reduce((total, f) => total + gz(f), 0),
    allFiles: allJs.length,
  };
}

/** Reads and checks the stored baseline; throws naming the file and the field that is wrong. */
export function readBaseline(path) {
  let data;
  try {
    data = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new Error(`${path}: not readable JSON (${error instanceof Error ? error.message : String(error)})`);
  }
  for (const key of ['initialGzipBytes', 'mapChunkGzipBytes', 'allGzipBytes']) {
    if (!Number.isInteger(data?.[key]) || data[key] <= 0) throw new Error(`${path}: ${key} must be a positive whole number of bytes, got ${JSON.stringify(data?.[key])}`);
  }
  return data;
}

/**
 * Compares a measurement with the baseline: `ok` is false when the initial JS grew more than
 * `limit` (a fraction) over it. `lines` say each figure, its ratio to the baseline and the verdict.
 */
export function compareWithBaseline(measured, baseline, limit = BUNDLE_GROWTH_LIMIT) {
  const kib = (n) => `${(n / 1024).toFixed(1)} KiB`;
  const ratio = (a, b) => (a / b).toFixed(3);
  const growth = measured.initialGzipBytes / baseline.initialGzipBytes - 1;
  const ok = measured.initialGzipBytes <= Math.round(baseline.initialGzipBytes * (1 + limit));
  const lines = [
    `initial route JS (gzip -9): ${kib(measured.initialGzipBytes)}, baseline ${kib(baseline.initialGzipBytes)}, ratio ${ratio(measured.initialGzipBytes, baseline.initialGzipBytes)}`,
    `map chunk (gzip -9): ${kib(measured.mapChunkGzipBytes)}, baseline ${kib(baseline.mapChunkGzipBytes)}, ratio ${ratio(measured.mapChunkGzipBytes, baseline.mapChunkGzipBytes)}`,
    `all JS (gzip -9): ${kib(measured.allGzipBytes)}, baseline ${kib(baseline.allGzipBytes)}, ratio ${ratio(measured.allGzipBytes, baseline.allGzipBytes)}`,
    ok
      ? `within the budget: the initial JS is ${(growth * 100).toFixed(1)} % from the baseline (limit +${(limit * 100).toFixed(0)} %)`
      : `over the budget: the initial JS grew ${(growth * 100).toFixed(1)} % over the baseline (limit +${(limit * 100).toFixed(0)} %); make it smaller, or if the growth is meant, run \`npm run bench:size -- --update-baseline\` and commit ${BASELINE_PATH}`,
  ];
  return { ok, growth, lines };
}

/** The baseline file's content for a measurement. */
export function baselineFor(measured, note) {
  return {
    initialGzipBytes: measured.initialGzipBytes,
    mapChunkGzipBytes: measured.mapChunkGzipBytes,
    allGzipBytes: measured.allGzipBytes,
    note,
  };
}
