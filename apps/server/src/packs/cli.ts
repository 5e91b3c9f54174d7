#!/usr/bin/env node
import { CHART_REGIONS, chartCycleAt, chartCycleById, chartCycleProblem, findChartRegion, type ChartRegion } from '@clearway/protocol';
import { ConfigError, loadConfig } from '../config/index.js';
import { resolveFromRoot } from '../config/index.js';
import { buildPacks } from './build.js';
import { formatReport, progressLine } from './report.js';
import { packSources } from './sources.js';

const USAGE = `Usage: npm run charts -- build [--region CODE]... [--all] [--cycle YYYY-MM-DD] [--charts DIR] [--terrain DIR] [--out DIR] [--quiet]

Builds region packs (PMTiles: VFR chart tiles, IFR low/high chart tiles when present, basemap, terrain)
into {out}/{cycle}/{region}.{kind}.pmtiles.
  --region CODE   a chart region (repeatable), e.g. New_York, Dallas-Ft_Worth; default every region (--all)
  --cycle DATE    the chart cycle of the tiles (its effective date); default CHARTS_CYCLE, else 2026-07-09 for
                  the shared tiles, else the cycle in force today
  --charts DIR    VFR chart tiles {z}/{x}/{y}.png, IFR enroute low/high tiles in its ifr-low/ and ifr-high/
                  sub-folders when present; default CHARTS_DIR, else ../shared/data/charts/vfr-raster-tiles
  --terrain DIR   .hgt elevation cells; default TERRAIN_DIR, else ../shared/data/terrain
  --out DIR       default PACKS_DIR, else var/packs
  --quiet         no progress bar`;

function fail(message: string, code = 2): never {
  process.stderr.write(`${message}\n`);
  process.exit(code);
}

async function main(argv: string[]): Promise<void> {
  const [command, ...rest] = argv;
  if (command === undefined || command === '--help' || command === 'help') {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  if (command !== 'build') fail(`Unknown command "${command}".\n${USAGE}`);
  let config;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
  const regions: ChartRegion[] = [];
  let all = false;
  let cycleId = config.packs.chartsCycle;
  let chartsDir = config.chartsDir;
  let terrainDir = config.packs.terrainDir;
  let out = config.packs.dir;
  let quiet = false;
  for (let i = 0; i < rest.length; i++) {
    const flag = rest[i];
    const value = () => rest[++i] ?? fail(`${flag} needs a value.\n${USAGE}`);
    switch (flag) {
      case '--region': {
        const code = value();
        const region = findChartRegion(code);
        if (!region) fail(`Unknown chart region "${code}". Regions: ${CHART_REGIONS.map((r) => r.code).join(', ')}`);
        regions.push(region);
        break;
      }
      case '--all':
        all = true;
        break;
      case '--cycle': {
        cycleId = value();
        const problem = chartCycleProblem(cycleId);
        if (problem !== null) fail(`--cycle: ${problem}`);
        break;
      }
      case '--charts':
        chartsDir = resolveFromRoot(process.cwd(), value());
        break;
      case '--terrain':
        terrainDir = resolveFromRoot(process.cwd(), value());
        break;
      case '--out':
        out = resolveFromRoot(process.cwd(), value());
        break;
      case '--quiet':
        quiet = true;
        break;
      default:
        fail(`Unknown option "${flag}".\n${USAGE}`);
    }
  }
  const sources = packSources({ chartsDir, terrainDir }, config.repoRoot);
  cycleId ??= sources.chartsCycle;
  const cycle = cycleId === undefined ? chartCycleAt(Date.now()) : chartCycleById(cycleId);
  if (!cycle) fail(`Not a chart cycle: ${cycleId}`);
  for (const used of sources.fromShared) process.stderr.write(`Using the shared data: ${used}\n`);
  const bar = !quiet && process.stderr.isTTY;
  const report = await buildPacks({
    packsDir: out,
    cycle,
    regions: all || regions.length === 0 ? CHART_REGIONS : regions,
    sources: { chartsDir: sources.chartsDir, terrainDir: sources.terrainDir },
    onProgress: bar ? (progress) => process.stderr.write(`\r${progressLine(progress)}\u001b[K`) : undefined,
  });
  if (bar) process.stderr.write('\r\u001b[K');
  process.stdout.write(`${formatReport(report)}\n`);
  if (report.built.length === 0 && report.problems.length > 0) process.exitCode = 1;
}

main(process.argv.slice(2)).catch((error: unknown) => {
  process.stderr.write(`charts: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
