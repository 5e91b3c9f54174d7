// Prints the gzipped size of the JavaScript the initial route loads (index.html's module script
// and its modulepreloads) against the baseline of all JavaScript in the build.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { repoRoot } from './lib/ensure.mjs';

const dist = join(repoRoot, 'apps/web/dist');
const html = readFileSync(join(dist, 'index.html'), 'utf8');
const initial = new Set(
  [...html.matchAll(/<(?:script[^>]+src|link[^>]+rel="modulepreload"[^>]+href)="\/?([^"]+\.m?js)"/g)].map((m) => m[1]),
);
const gz = (file) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
const allJs = readdirSync(join(dist, 'assets')).filter((f) => /\.m?js$/.test(f)).map((f) => `assets/${f}`);
const initialBytes = [...initial].reduce((sum, f) => sum + gz(f), 0);
const allBytes = allJs.reduce((sum, f) => sum + gz(f), 0);
const kib = (n) => `${(n / 1024).toFixed(1)} KiB`;
for (const f of initial) console.log(`  initial  ${f.padEnd(48)} ${kib(gz(f))}`);
console.log(`initial route JS (gzip -9): ${kib(initialBytes)} in ${initial.size} files`);
console.log(`all JS in the build (gzip -9): ${kib(allBytes)} in ${allJs.length} files`);
console.log(`ratio initial / all: ${(initialBytes / allBytes).toFixed(2)}`);
