// Cold load of a nav database in a Web Worker in headless Chromium: from the bytes arriving in the
// worker to the first queries answered, the "under 400 ms" target. Uses the built package
// (run `npx tsc -b packages/navdb` first), Debian's Chromium and playwright-core.
//   node packages/navdb/bench/coldLoad.mjs                 synthetic US-size artifact
//   node packages/navdb/bench/coldLoad.mjs us-2511.navdb   a real artifact file
// Prints median and max over fresh workers; never fails on time.
/* global console, process, URL, window */
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { chromium } from 'playwright-core';

const dist = new URL('../dist/', import.meta.url);
const geoDist = new URL('../../geo/dist/', import.meta.url);
const runs = 7;

const missing = () => {
  console.error('packages/navdb/dist is missing: run `npx tsc -b packages/navdb` first');
  process.exit(1);
};
const { encodeNavDb } = await import(new URL('index.js', dist).href).catch(missing);
const { syntheticNavDataSet } = await import(new URL('testing/index.js', dist).href).catch(missing);
const artifact = process.argv[2] ? await readFile(process.argv[2]) : encodeNavDb(syntheticNavDataSet());

const page = `<!doctype html><meta charset="utf-8"><script type="module">
  const bytes = await (await fetch('/artifact')).arrayBuffer();
  const results = [];
  for (let i = 0; i < ${runs}; i++) {
    const worker = new Worker('/worker.js', { type: 'module' });
    await new Promise((resolve) => worker.addEventListener('message', resolve, { once: true }));
    const copy = bytes.slice(0);
    const posted = performance.now();
    const reply = new Promise((resolve) => worker.addEventListener('message', (e) => resolve(e.data), { once: true }));
    worker.postMessage(copy, [copy]);
    const data = await reply;
    results.push({ ...data, roundTripMs: performance.now() - posted });
    worker.terminate();
  }
  window.results = results;
</script>`;

const worker = `import { openNavDb } from '/navdb/index.js';
  postMessage('ready');
  onmessage = (e) => {
    const start = performance.now();
    const db = openNavDb(e.data);
    const opened = performance.now();
    const summary = db.airportSummary('KSFO');
    db.getWaypoint('SFO', { latDeg: 37.6, lonDeg: -122.3 });
    const hits = db.search('SAN');
    postMessage({ openMs: opened - start, firstAnswersMs: performance.now() - start, hits: hits.length, summary: 'error' in summary ? summary.error : summary.name, header: db.header });
  };`;

async function serveFile(base, path, res) {
  try {
    let body = await readFile(new URL(path, base), 'utf8');
    // The browser has no package resolution: point the bare specifier at the served geo build.
    body = body.replaceAll("'@clearway/geo'", "'/geo/index.js'");
    res.writeHead(200, { 'content-type': 'text/javascript' }).end(body);
  } catch {
    res.writeHead(404).end();
  }
}

const server = createServer((req, res) => {
  const url = req.url ?? '/';
  if (url === '/') res.writeHead(200, { 'content-type': 'text/html' }).end(page);
  else if (url === '/worker.js') res.writeHead(200, { 'content-type': 'text/javascript' }).end(worker);
  else if (url === '/artifact') res.writeHead(200, { 'content-type': 'application/octet-stream' }).end(artifact);
  else if (url.startsWith('/navdb/')) void serveFile(dist, url.slice('/navdb/'.length), res);
  else if (url.startsWith('/geo/')) void serveFile(geoDist, url.slice('/geo/'.length), res);
  else res.writeHead(404).end();
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const { port } = server.address();

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
try {
  const tab = await browser.newPage();
  await tab.goto(`http://127.0.0.1:${port}/`);
  const results = await tab.waitForFunction(() => window.results, undefined, { timeout: 120_000 }).then((h) => h.jsonValue());
  const sorted = (key) => results.map((r) => r[key]).sort((a, b) => a - b);
  const median = (xs) => xs[Math.floor(xs.length / 2)];
  const counts = results[0].header.counts;
  console.log(`artifact ${(artifact.length / 1e6).toFixed(2)} MB, cycle ${results[0].header.cycle} ${results[0].header.region}: ${counts.airports} airports, ${counts.fixes} fixes`);
  console.log(`first answers: KSFO -> ${results[0].summary}, search SAN -> ${results[0].hits} hits`);
  for (const key of ['openMs', 'firstAnswersMs', 'roundTripMs']) {
    const xs = sorted(key);
    console.log(`${key.padEnd(15)} median ${median(xs).toFixed(1)} ms, max ${xs[xs.length - 1].toFixed(1)} ms over ${xs.length} fresh workers`);
  }
} finally {
  await browser.close();
  server.close();
}
