// Prints the gzipped size of the JavaScript the initial route loads: index.html's module script
// and its modulepreloads, plus every other chunk for reference. Run after `vite build`:
//   node apps/web/scripts/bundle-size.mjs
import { readFileSync, readdirSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { URL } from 'node:url';
import console from 'node:console';

const dist = new URL('../dist/', import.meta.url);
const html = readFileSync(new URL('index.html', dist), 'utf8');
const initial = new Set();
for (const match of html.matchAll(/<(?:script|link)\b[^>]*(?:src|href)="\/?(assets\/[^"]+\.js)"/g)) initial.add(match[1]);

const gz = (path) => gzipSync(readFileSync(new URL(path, dist)), { level: 9 }).length;
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;

let initialTotal = 0;
console.log('Initial route (index.html script + modulepreloads), gzipped:');
for (const file of initial) {
  const size = gz(file);
  initialTotal += size;
  console.log(`  ${kb(size).padStart(10)}  ${file}`);
}
console.log(`  ${kb(initialTotal).padStart(10)}  total`);

console.log('Other chunks (loaded on demand), gzipped:');
let lazyTotal = 0;
for (const name of readdirSync(new URL('assets/', dist)).filter((f) => f.endsWith('.js')).sort()) {
  const file = `assets/${name}`;
  if (initial.has(file)) continue;
  const size = gz(file);
  lazyTotal += size;
  console.log(`  ${kb(size).padStart(10)}  ${file}`);
}
console.log(`  ${kb(lazyTotal).padStart(10)}  total`);
