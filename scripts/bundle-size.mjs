// Prints the gzipped size of the JavaScript the initial route loads (index.html's module script
// and its modulepreloads) against the baseline of all JavaScript in the build. The map's chunk
// (MapLibre) is preloaded too but printed on its own line: the app shell runs without it (the map
// views wait for it), so the shell's figure stays comparable with earlier builds.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { repoRoot } from './lib/ensure.mjs';

const dist = join(repoRoot, 'apps/web/dist');
const html = readFileSync(join(dist, 'index.html'), 'utf8');
const preloaded = [...html.matchAll(/<(?:script[^>]+src|link[^>]+rel="modulepreload"[^>]+href)="\/?([^"]+\.m?js)"/g)].map((m) => m[1]);
const isMapChunk = (file) => /^assets\/MapView-[^/]+\.js$/.test(file);
const initial = new Set(preloaded.filter((file) => !isMapChunk(file)));
const mapChunks = preloaded.filter(isMapChunk);
const gz = (file) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
const allJs = readdirSync(join(dist, 'assets')).filter((f) => /\.m?js$/.test(f)).map((f) => `assets/${f}`);
const initialBytes = [...initial].reduce((sum, f) => sum + gz(f), 0);
const allBytes = allJs.reduce((sum, f) => sum + gz(f), 0);
const kib = (n) => `${(n / 1024).toFixed(1)} KiB`;
for (const f of initial) console.log(`  initial  ${f.padEnd(48)} ${kib(gz(f))}`);
console.log(`initial route JS (gzip -9): ${kib(initialBytes)} in ${initial.size} files`);
for (const f of mapChunks) console.log(`map chunk, preloaded beside it (gzip -9): ${f} ${kib(gz(f))}`);
console.log(`all JS in the build (gzip -9): ${kib(allBytes)} in ${allJs.length} files`);
console.log(`ratio initial / all: ${(initialBytes / allBytes).toFixed(2)}`);
