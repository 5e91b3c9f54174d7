// Benchmark: ingest and decode the AWC METAR cache CSV (4,909 reports; target under 150 ms) and the
// whole shared weather set (METAR CSV, FB bulletins, TAF, PIREP, SIGMET, CWA and G-AIRMET products,
// the AWC station list; target under 1 s), against baselines measured in the same run: reading and
// splitting the CSV alone, and metar-taf-parser alone on every raw report. Run after a build
// (npx tsc -b packages/weather): npm run bench:weather
import { readdirSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { parseMetar } from 'metar-taf-parser';
import { repoRoot } from '../lib/ensure.mjs';

const wx = await import(join(repoRoot, 'packages', 'weather', 'dist', 'index.js'));
const shared = join(repoRoot, '..', 'shared', 'data', 'weather');
const metarFile = join(shared, 'metar', 'metars.cache-2025-01-27T2225Z.csv');
const REF = Date.UTC(2025, 0, 27, 22, 25);

function measure(label, runs, fn) {
  for (let i = 0; i < 3; i++) fn();
  const times = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    fn();
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(runs / 2)];
  console.log(`${label.padEnd(58)} median ${median.toFixed(1)} ms  p95 ${times[Math.floor(runs * 0.95)].toFixed(1)} ms`);
  return median;
}

// Two shared cores: absolute times move with the load, so it is printed with the figures.
console.log(`load average ${loadavg().map((l) => l.toFixed(1)).join(' ')}`);

// The METAR file: read + decode (what ingestion does), decode alone, and the two baselines.
const csvText = readFileSync(metarFile, 'utf8');
const probe = wx.decodeAwcMetarCsv(csvText, REF);
const raws = csvText.split('\n').slice(6).filter((l) => l.trim() !== '').map((l) => wx.splitCsvLine(l)[0]);
const compared = probe.rows.filter((r) => r.awcFlightCategory !== null);
const agree = compared.filter((r) => r.awcFlightCategory === r.metar.flightCategory).length;
console.log(`METAR file: ${probe.reportCount} reports, ${probe.failedReports} with unread groups, flight category agrees with the AWC on ${agree}/${compared.length} (${((agree / compared.length) * 100).toFixed(2)}%)`);
const splitOnly = measure('baseline: read + split the CSV', 30, () => readFileSync(metarFile, 'utf8').split('\n').map((l) => wx.splitCsvLine(l)));
const libraryOnly = measure('baseline: metar-taf-parser parseMetar on every report', 10, () => {
  for (const r of raws) {
    try {
      parseMetar(r);
    } catch {
      // counted as read
    }
  }
});
const decodeOnly = measure('decode 4,909 METARs (decodeAwcMetarCsv)', 30, () => wx.decodeAwcMetarCsv(csvText, REF));
const ingest = measure('ingest: read the file + decode (target < 150 ms)', 30, () => wx.decodeAwcMetarCsv(readFileSync(metarFile, 'utf8'), REF));
// A server keeps one decoder between cycles: present-weather groups are read once.
const kept = wx.createMetarDecoder();
const warm = measure('decode 4,909 METARs with a kept decoder (next cycle)', 30, () => raws.forEach((r) => kept.decode(r, { referenceMs: REF })));
console.log(
  `ratios: ingest / read+split ${(ingest / splitOnly).toFixed(1)}, Clearway decode / metar-taf-parser alone ${(decodeOnly / libraryOnly).toFixed(2)}, kept decoder / fresh ${(warm / decodeOnly).toFixed(2)}`,
);

// The whole shared weather set (the avwx-cases are test expectations, not products: left out).
const text = join(shared, 'products', 'pyiem-nws-text');
const files = (dir, re) => readdirSync(dir).filter((n) => re.test(n)).map((n) => join(dir, n));
const sets = {
  fb: files(join(shared, 'winds-aloft'), /^FB.*\.txt$/),
  taf: files(join(text, 'TAF'), /\.txt$/),
  pirep: files(join(text, 'PIREPS'), /\.txt$/),
  sigmet: [...files(join(text, 'SIGMETS'), /\.txt$/), ...files(join(text, 'CWA'), /\.txt$/)],
  gairmet: files(join(text, 'GAIRMET'), /\.(txt|xml)$/),
};
const stationsFile = join(shared, 'products', 'awc-stations', 'stations.cache-2026-02-21.json');
let counts = {};
function ingestAll() {
  counts = { metar: wx.decodeAwcMetarCsv(readFileSync(metarFile, 'utf8'), REF).rows.length };
  counts.fb = sets.fb.reduce((n, f) => n + wx.decodeFbBulletin(readFileSync(f, 'latin1')).stations.length, 0);
  counts.taf = sets.taf.reduce((n, f) => n + wx.decodeTafProduct(readFileSync(f, 'utf8'), REF).tafs.length, 0);
  counts.pirep = sets.pirep.reduce((n, f) => n + wx.decodePirepProduct(readFileSync(f, 'utf8'), REF).pireps.length, 0);
  counts.sigmetCwa = sets.sigmet.reduce((n, f) => n + wx.decodeAdvisoryProduct(readFileSync(f, 'utf8'), REF).advisories.length, 0);
  counts.gairmet = sets.gairmet.reduce((n, f) => n + wx.decodeGairmetXml(readFileSync(f, 'utf8')).advisories.length, 0);
  counts.stations = JSON.parse(readFileSync(stationsFile, 'utf8')).length;
}
ingestAll();
console.log(`whole set: ${Object.entries(counts).map(([k, v]) => `${k} ${v}`).join(', ')}`);
const whole = measure('ingest + decode the whole shared weather set (target < 1 s)', 15, ingestAll);
console.log(`ratio: whole set / METAR file ${(whole / ingest).toFixed(2)}`);
console.log(`load average ${loadavg().map((l) => l.toFixed(1)).join(' ')}`);
