// `npm test`: every check the project has, in the order a failure is cheapest to find.
// Type check, lint (zero warnings), build, unit + golden + corpus tests (vitest, SQLite and
// PostgreSQL), end-to-end tests in Debian's Chromium against the real server.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { build, checkNode, ensureDependencies, repoRoot, run } from './lib/ensure.mjs';

const ci = Boolean(process.env.CI);
const timings = [];
const resultsDir = join(repoRoot, 'test-results');

function step(name, fn) {
  const started = performance.now();
  console.log(`\n=== ${name} ===`);
  fn();
  timings.push([name, (performance.now() - started) / 1000]);
}

/** Debian's Chromium drives the end-to-end tests; install it when missing and the machine can. */
function ensureChromium() {
  const path = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (existsSync(path)) return path;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
  if (!isRoot || !hasApt) {
    console.error(
      `Chromium was not found at ${path}. End-to-end tests need Debian's Chromium: install it with ` +
        '`sudo apt-get install -y chromium` (or set CHROMIUM_PATH to a Chromium binary) and run `npm test` again.',
    );
    process.exit(1);
  }
  console.log('Installing Debian Chromium for the end-to-end tests (apt-get install chromium)...');
  run('apt-get', ['update', '-qq']);
  run('apt-get', ['install', '-y', '-qq', 'chromium'], { env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  if (!existsSync(path)) {
    console.error(`apt-get installed chromium but ${path} is still missing; set CHROMIUM_PATH.`);
    process.exit(1);
  }
  return path;
}

/** Starts the local PostgreSQL and returns a URL for the server's PostgreSQL tests. */
function ensurePostgres() {
  if (process.env.TEST_DATABASE_URL) return process.env.TEST_DATABASE_URL;
  const result = spawnSync('bash', [join(repoRoot, 'apps/server/scripts/pg-test-setup.sh')], {
    cwd: repoRoot,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = result.stdout.trim().split('\n').pop() ?? '';
  if (result.status === 0 && url.startsWith('postgres')) return url;
  const message = 'PostgreSQL could not be started for the database tests (see above).';
  if (ci) {
    console.error(message);
    process.exit(1);
  }
  console.warn(`${message} The PostgreSQL suite will be skipped.`);
  return undefined;
}

/** Reads a vitest JSON report's counts. */
function counts(file) {
  if (!existsSync(file)) return { passed: 0, failed: 0, skipped: 0 };
  const report = JSON.parse(readFileSync(file, 'utf8'));
  return {
    passed: report.numPassedTests ?? 0,
    failed: report.numFailedTests ?? 0,
    skipped: (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0),
  };
}

const startedAt = performance.now();
checkNode();
step('dependencies', ensureDependencies);
const chromium = ensureChromium();
const testDatabaseUrl = ensurePostgres();
rmSync(resultsDir, { recursive: true, force: true });
mkdirSync(resultsDir, { recursive: true });

step('type check', () => run('npm', ['run', 'typecheck', '--silent']));
step('lint', () => run('npm', ['run', 'lint', '--silent']));
step('build', build);
// Tests and their servers build nav databases from the shared publisher files (TESTING.md).
const sharedNavdata = join(repoRoot, '..', 'shared', 'data', 'navdata');
const testEnv = {
  ...process.env,
  ...(testDatabaseUrl ? { TEST_DATABASE_URL: testDatabaseUrl } : {}),
  NAVDATA_SOURCE: process.env.NAVDATA_SOURCE ?? sharedNavdata,
};
step('unit, golden and database tests', () =>
  run('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile=${join(resultsDir, 'unit.json')}`], { env: testEnv }),
);
step('end-to-end tests (Chromium)', () =>
  run(
    'npx',
    ['vitest', 'run', '--config', 'e2e/vitest.config.ts', '--reporter=default', '--reporter=json', `--outputFile=${join(resultsDir, 'e2e.json')}`],
    { env: { ...testEnv, CHROMIUM_PATH: chromium } },
  ),
);

console.log('\n=== timings ===');
for (const [name, seconds] of timings) console.log(`${name.padEnd(34)} ${seconds.toFixed(1)} s`);
console.log(`${'total'.padEnd(34)} ${((performance.now() - startedAt) / 1000).toFixed(1)} s`);
const unit = counts(join(resultsDir, 'unit.json'));
const e2e = counts(join(resultsDir, 'e2e.json'));
const skipped = unit.skipped + e2e.skipped;
console.log(`\nTests: ${unit.passed + e2e.passed} passed, ${unit.failed + e2e.failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
