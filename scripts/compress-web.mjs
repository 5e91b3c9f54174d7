// Writes a brotli (quality 11) and a gzip (level 9) copy beside each compressible file of the built
// web app (apps/web/dist, or the folder given as the first argument): `x.js` -> `x.js.br`, `x.js.gz`.
// The server's static module serves them with Content-Encoding (@fastify/static `preCompressed`),
// so JavaScript goes out compressed without compressing per request.
//
// Run after the web build (the root `npm run build` does): a step after `vite build` rather than a
// Vite plugin, because vite-plugin-pwa writes sw.js and the workbox file when the bundle closes, and
// only a step after the whole build is sure to see every file. Copies that are not smaller than the
// file are not written, and `.br`/`.gz` files whose source is gone are removed.
import { readFile, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { repoRoot } from './lib/ensure.mjs';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Text formats worth compressing (images, fonts and source maps are left alone). */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt|xml|wasm)$/;
/** Below this size the headers cost more than compression saves. */
const MIN_BYTES = 1024;
const ENCODINGS = /** @type {const} */ (['br', 'gz']);

const dist = process.argv[2] ?? join(repoRoot, 'apps/web/dist');

/** @param {string} dir @returns {Promise<string[]>} */
async function listFiles(dir) {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
}

/** @param {Buffer} source @param {'br' | 'gz'} encoding */
function compress(source, encoding) {
  if (encoding === 'gz') return gz(source, { level: 9 });
  return brotli(source, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: 11,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
    },
  });
}

async function main() {
  try {
    await stat(join(dist, 'index.html'));
  } catch {
    console.error(`compress-web: ${join(dist, 'index.html')} is missing; build the web app first (npm run build).`);
    process.exit(1);
  }
  const started = performance.now();
  const files = await listFiles(dist);
  const present = new Set(files);
  let removed = 0;
  for (const file of files) {
    const source = file.replace(/\.(?:br|gz)$/, '');
    if (source !== file && COMPRESSIBLE.test(source) && !present.has(source)) {
      await rm(file);
      removed += 1;
    }
  }
  const totals = { files: 0, identity: 0, br: 0, gz: 0 };
  const targets = files.filter((f) => COMPRESSIBLE.test(f));
  await Promise.all(
    targets.map(async (file) => {
      const source = await readFile(file);
      if (source.length < MIN_BYTES) return;
      totals.files += 1;
      totals.identity += source.length;
      for (const encoding of ENCODINGS) {
        const copy = await compress(source, encoding);
        const path = `${file}.${encoding}`;
        if (copy.length < source.length) {
          await writeFile(path, copy);
          totals[encoding] += copy.length;
        } else {
          await rm(path, { force: true });
          totals[encoding] += source.length;
        }
      }
    }),
  );
  const kib = (/** @type {number} */ n) => `${(n / 1024).toFixed(1)} KiB`;
  console.log(
    `compress-web: ${totals.files} files in ${dist.startsWith(repoRoot) ? relative(repoRoot, dist) : dist}: ${kib(totals.identity)} -> ` +
      `gzip ${kib(totals.gz)}, brotli ${kib(totals.br)} in ${((performance.now() - started) / 1000).toFixed(1)} s` +
      (removed > 0 ? ` (stale copies removed: ${removed})` : ''),
  );
}

await main();
