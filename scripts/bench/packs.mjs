// Benchmark: region pack build time for the regions the shared data covers with terrain (New York,
// Montreal: VFR chart tiles, basemap, terrain), and the time to read one tile from a pack through
// the pmtiles library (the reader the web app uses; target there: under 20 ms per tile read),
// against a baseline measured in the same run: reading the same tile as a file from the chart folder.
// Run after a build (npx tsc -b apps/server): npm run bench:packs
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { PMTiles, tileIdToZxy } from 'pmtiles';
import { repoRoot } from '../lib/ensure.mjs';

const dist = join(repoRoot, 'apps', 'server', 'dist', 'packs');
const { buildPacks } = await import(join(dist, 'build.js'));
const { FileRangeSource } = await import(join(dist, 'fileSource.js'));
const protocol = await import(join(repoRoot, 'packages', 'protocol', 'dist', 'index.js'));
const shared = join(repoRoot, '..', 'shared', 'data');
const chartsDir = join(shared, 'charts', 'vfr-raster-tiles');
const terrainDir = join(shared, 'terrain');

function stats(times) {
  const sorted = [...times].sort((a, b) => a - b);
  return { median: sorted[Math.floor(sorted.length / 2)], p95: sorted[Math.floor(sorted.length * 0.95)] };
}

// Two shared cores: absolute times move with the load, so it is printed with the figures.
console.log(`load average ${loadavg().map((l) => l.toFixed(1)).join(' ')}`);

const out = mkdtempSync(join(tmpdir(), 'clearway-bench-packs-'));
try {
  const regions = ['New_York', 'Montreal'].map((code) => protocol.findChartRegion(code));
  const report = await buildPacks({ packsDir: out, cycle: protocol.chartCycleById('2026-07-09'), regions, sources: { chartsDir, terrainDir } });
  if (report.problems.length > 0) throw new Error(report.problems.join('\n'));
  console.log(`build of ${regions.length} regions: ${(report.ms / 1000).toFixed(2)} s`);
  for (const pack of report.built) {
    console.log(`  ${`${pack.region}.${pack.kind}`.padEnd(22)} ${String(pack.tiles).padStart(5)} tiles ${(pack.bytes / 1e6).toFixed(2).padStart(6)} MB ${(pack.ms / 1000).toFixed(2).padStart(6)} s`);
  }

  for (const kind of ['vfr', 'terrain', 'basemap']) {
    const pack = report.built.find((p) => p.region === 'New_York' && p.kind === kind);
    // Cold: a fresh reader, so the header and root directory are read too (the first tile of a session).
    const tiles = listTiles(readFileSync(pack.path), pack.tiles);
    const deepest = tiles.at(-1);
    const cold = [];
    for (let i = 0; i < 20; i++) {
      const source = new FileRangeSource(pack.path);
      const archive = new PMTiles(source);
      const t = performance.now();
      await archive.getZxy(...deepest);
      cold.push(performance.now() - t);
      await source.close();
    }
    // Warm: one reader, every tile of the pack in turn, five times.
    const source = new FileRangeSource(pack.path);
    const archive = new PMTiles(source);
    const warm = [];
    for (let round = 0; round < 5; round++) {
      for (const [z, x, y] of tiles) {
        const t = performance.now();
        const tile = await archive.getZxy(z, x, y);
        warm.push(performance.now() - t);
        if (!tile) throw new Error(`tile ${z}/${x}/${y} missing from ${pack.path}`);
      }
    }
    await source.close();
    const c = stats(cold);
    const w = stats(warm);
    let line = `tile read ${kind.padEnd(8)} cold median ${c.median.toFixed(2)} ms p95 ${c.p95.toFixed(2)} ms; warm median ${w.median.toFixed(3)} ms p95 ${w.p95.toFixed(3)} ms over ${warm.length} reads`;
    if (kind === 'vfr') {
      // Baseline: the same tiles read as files from CHARTS_DIR.
      const files = [];
      for (let round = 0; round < 5; round++) {
        for (const [z, x, y] of tiles) {
          const t = performance.now();
          readFileSync(join(chartsDir, String(z), String(x), `${y}.png`));
          files.push(performance.now() - t);
        }
      }
      const f = stats(files);
      line += `; file read median ${f.median.toFixed(3)} ms (archive/file ${(w.median / f.median).toFixed(2)})`;
    }
    console.log(line);
  }
} finally {
  rmSync(out, { recursive: true, force: true });
}

/** Tile addresses in an archive, from its root directory (no leaves in these packs), up to `count`. */
function listTiles(bytes, count) {
  const u64 = (at) => Number(bytes.readBigUInt64LE(at));
  const dir = new Uint8Array(gunzipSync(bytes.subarray(u64(8), u64(8) + u64(16))));
  let at = 0;
  const varint = () => {
    let value = 0;
    let shift = 0;
    for (;;) {
      const b = dir[at++];
      value += (b & 0x7f) * 2 ** shift;
      shift += 7;
      if (b < 0x80) return value;
    }
  };
  const n = varint();
  const ids = [];
  let id = 0;
  for (let i = 0; i < n; i++) ids.push((id += varint()));
  const runs = [];
  for (let i = 0; i < n; i++) runs.push(varint());
  const tiles = [];
  ids.forEach((start, i) => {
    for (let k = 0; k < runs[i]; k++) tiles.push(tileIdToZxy(start + k));
  });
  if (tiles.length !== count) throw new Error(`listed ${tiles.length} tiles, the pack has ${count}`);
  return tiles;
}
