// Benchmark: the server's weather ingestion end to end (apps/server weather module): find the files
// in the folder (WEATHER_SOURCE=path), decode with @clearway/weather, build the snapshot (station
// placement, flight category, advisory areas), gzip it and store it in SQLite. Targets: the 4,909-report
// METAR cache under 150 ms; the whole shared weather set (every type, ../shared/data/weather) under 1 s.
// Baseline in the same run: decoding the METAR file alone (decodeAwcMetarCsv), so the ratio shows what
// the server adds. Run after a build (npx tsc -b apps/server): npm run bench:weather-ingest
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { repoRoot } from '../lib/ensure.mjs';

const server = (path) => import(join(repoRoot, 'apps', 'server', 'dist', ...path.split('/')));
const { PathSource, WeatherIngester } = await server('weather/index.js');
const { openDatabase, migrateToLatest } = await server('db/index.js');
const { InProcessHub } = await server('realtime/index.js');
const wx = await import(join(repoRoot, 'packages', 'weather', 'dist', 'index.js'));

const shared = join(repoRoot, '..', 'shared', 'data', 'weather');
const metarFile = join(shared, 'metar', 'metars.cache-2025-01-27T2225Z.csv');
const stationsFile = join(shared, 'products', 'awc-stations', 'stations.cache-2026-02-21.json');
const REF = Date.UTC(2025, 0, 27, 22, 25);
const quiet = { info() {}, warn() {}, error() {} };
const work = mkdtempSync(join(tmpdir(), 'clearway-wx-bench-'));

// A folder laid out as a publisher mirror: the METAR cache and the station list.
const metarDir = join(work, 'metar-only');
mkdirSync(metarDir);
copyFileSync(metarFile, join(metarDir, 'metars.cache.csv'));
copyFileSync(stationsFile, join(metarDir, 'stations.cache.json'));

let dbCount = 0;
async function freshDatabase() {
  const db = openDatabase({ dialect: 'sqlite', path: join(work, `wx-${dbCount++}.sqlite`) });
  await migrateToLatest(db);
  return db;
}

async function measure(label, runs, prepare, fn) {
  const times = [];
  for (let i = 0; i < runs + 2; i++) {
    const state = await prepare();
    const t = performance.now();
    await fn(state);
    const ms = performance.now() - t;
    if (i >= 2) times.push(ms); // two warm-up runs
    await state.db?.close();
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)];
  console.log(`${label.padEnd(70)} median ${median.toFixed(1)} ms  p95 ${times[Math.floor(times.length * 0.95)].toFixed(1)} ms`);
  return median;
}

console.log(`load average ${loadavg().map((l) => l.toFixed(1)).join(' ')}`);

const decodeOnly = await measure('baseline: decode the METAR file alone (read + decodeAwcMetarCsv)', 15, async () => ({}), async () => {
  wx.decodeAwcMetarCsv(readFileSync(metarFile, 'utf8'), REF);
});

// The station list is stored first (untimed): a METAR cycle places reports with the stored list.
// "Next cycle": a running server, station list already loaded, a new METAR file (the stored METAR
// row is removed before each run, untimed, so nothing counts as unchanged). "First cycle": a fresh
// ingester, which also loads the station list from the database (once per station-list cycle).
let metarOutcome;
const warm = await freshDatabase();
const warmIngester = new WeatherIngester({ db: warm, hub: new InProcessHub(), source: new PathSource(metarDir), logger: quiet });
await warmIngester.ingest('stations');
await warmIngester.ingest('metar');
const metarIngest = await measure(
  'server: ingest the METAR file, next cycle (find, read, decode, build, gzip, store; target < 150 ms)',
  15,
  async () => {
    await warm.kysely.deleteFrom('weather_snapshots').where('type', '=', 'metar').execute();
    return {};
  },
  async () => {
    metarOutcome = await warmIngester.ingest('metar');
  },
);
console.log(`  METAR: ${metarOutcome.status}, ${metarOutcome.entries} stations on the map, ${metarOutcome.malformed} reports with unread groups, ${metarOutcome.unknownStations} unknown stations`);
const firstCycle = await measure(
  'server: ingest the METAR file, first cycle after start (+ load the station list)',
  9,
  async () => {
    const db = await freshDatabase();
    const ingester = new WeatherIngester({ db, hub: new InProcessHub(), source: new PathSource(metarDir), logger: quiet });
    await ingester.ingest('stations');
    return { db, ingester: new WeatherIngester({ db, hub: new InProcessHub(), source: new PathSource(metarDir), logger: quiet }) };
  },
  async ({ ingester }) => {
    await ingester.ingest('metar');
  },
);
await warm.close();

let wholeOutcomes;
const whole = await measure(
  'server: ingest the whole shared weather set, every type (target < 1 s)',
  7,
  async () => ({ db: await freshDatabase() }),
  async (state) => {
    const ingester = new WeatherIngester({ db: state.db, hub: new InProcessHub(), source: new PathSource(shared), logger: quiet });
    wholeOutcomes = await ingester.ingestAll();
  },
);
console.log(`  ${wholeOutcomes.map((o) => `${o.type} ${o.entries}`).join(', ')}`);
console.log(`ratios: server METAR ingest / decode alone ${(metarIngest / decodeOnly).toFixed(2)} (first cycle ${(firstCycle / decodeOnly).toFixed(2)}), whole set / METAR ingest ${(whole / metarIngest).toFixed(2)}`);
console.log(`load average ${loadavg().map((l) => l.toFixed(1)).join(' ')}`);
rmSync(work, { recursive: true, force: true });
