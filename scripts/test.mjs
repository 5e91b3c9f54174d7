// `npm test`: every check the project has, in the order a failure is cheapest to find.
// Type check, lint (zero warnings), build, unit + golden + corpus tests (vitest, SQLite and
// PostgreSQL, Redis for realtime fan-out), end-to-end tests in Debian's Chromium against the real server.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { build, checkNode, ensureDependencies, repoRoot, run } from './lib/ensure.mjs';
import { judgeSkips, parseAllowSkip, refusedSkipReport, skippedTests } from './lib/skips.mjs';

const ci = Boolean(process.env.CI);
const timings = [];
const resultsDir = join(repoRoot, 'test-results');

function step(name, fn) {
  const started = performance.now();
  console.log(`\n=== ${name} ===`);
  fn();
  timings.push([name, (performance.now() - started) / 1000]);
}

/**
 * Runs commands side by side (tsc and eslint are each single-threaded; CI has 2 cores), each one's
 * output kept and printed whole when it ends so the two do not interleave. Exits when any failed.
 */
async function runSideBySide(commands) {
  const results = await Promise.all(
    commands.map(
      ([label, command, args]) =>
        new Promise((resolve) => {
          const started = performance.now();
          const child = spawn(command, args, { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'] });
          let output = '';
          child.stdout.on('data', (chunk) => (output += chunk));
          child.stderr.on('data', (chunk) => (output += chunk));
          child.on('close', (code) => {
            const seconds = (performance.now() - started) / 1000;
            console.log(`--- ${label}: ${code === 0 ? 'passed' : `failed (exit ${code})`} in ${seconds.toFixed(1)} s ---`);
            if (output.trim()) console.log(output.trimEnd());
            resolve({ label, code });
          });
        }),
    ),
  );
  const failed = results.filter((r) => r.code !== 0);
  if (failed.length > 0) {
    console.error(`\nFailed: ${failed.map((r) => r.label).join(', ')}`);
    process.exit(1);
  }
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
  return missingService('postgres', 'PostgreSQL could not be started for the database tests (see above).');
}

/** The services ALLOW_SKIP names (scripts/lib/skips.mjs); the run stops when it is refused. */
function allowedSkips() {
  const parsed = parseAllowSkip(process.env.ALLOW_SKIP, ci);
  if (parsed.error !== undefined) {
    console.error(parsed.error);
    process.exit(1);
  }
  return parsed.names;
}

/** Goldens are rewritten on purpose on a developer machine only, never by CI (TESTING.md). */
function refuseGoldenUpdateUnderCi() {
  if (ci && process.env.UPDATE_GOLDEN) {
    console.error(`UPDATE_GOLDEN=${process.env.UPDATE_GOLDEN} is set under CI: goldens are rewritten on purpose on a developer machine, never by CI; unset it.`);
    process.exit(1);
  }
}

/** A service that could not be had: the run stops here unless ALLOW_SKIP names it (never under CI). */
function missingService(name, message) {
  if (!allowed.has(name)) {
    console.error(`${message}\nIts tests would fail. To run without it on purpose: ALLOW_SKIP=${name} npm test${ci ? ' (not under CI)' : ''}.`);
    process.exit(1);
  }
  console.warn(`${message} ALLOW_SKIP=${name}: its tests will be skipped.`);
  return undefined;
}

/** A free TCP port on 127.0.0.1. */
function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * Starts a throw-away Redis (no persistence) on a free port for the realtime tests (two server
 * processes sharing one Redis) and returns its URL; installs Debian's redis-server when missing and
 * root. Stopped by its pid when this script exits. TEST_REDIS_URL, when set, is used as it is.
 */
async function ensureRedis() {
  if (process.env.TEST_REDIS_URL) return process.env.TEST_REDIS_URL;
  const which = () => spawnSync('sh', ['-c', 'command -v redis-server'], { encoding: 'utf8' }).stdout.trim();
  let binary = which();
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
  if (!binary && isRoot && hasApt) {
    console.log('Installing Debian redis-server for the realtime tests (apt-get install redis-server)...');
    spawnSync('apt-get', ['install', '-y', '-qq', 'redis-server'], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
    binary = which();
  }
  const fail = (message) => missingService('redis', message);
  if (!binary) return fail('redis-server is not installed (`sudo apt-get install -y redis-server`), so Redis could not be started for the realtime tests.');
  const port = await freePort();
  const pidFile = join(tmpdir(), `clearway-test-redis-${process.pid}.pid`);
  const started = spawnSync(binary, ['--daemonize', 'yes', '--bind', '127.0.0.1', '--port', String(port), '--save', '', '--appendonly', 'no', '--pidfile', pidFile], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  if (started.status !== 0) return fail(`redis-server could not be started on port ${port}: ${started.stdout}`);
  process.on('exit', () => {
    try {
      const pid = Number(readFileSync(pidFile, 'utf8').trim());
      if (pid > 0) process.kill(pid, 'SIGTERM');
      rmSync(pidFile, { force: true });
    } catch {
      // already stopped
    }
  });
  // The server answers PING once it accepts connections (bounded wait).
  for (let attempt = 0; attempt < 50; attempt++) {
    const ping = spawnSync('redis-cli', ['-h', '127.0.0.1', '-p', String(port), 'ping'], { encoding: 'utf8' });
    if (ping.stdout?.trim() === 'PONG') return `redis://127.0.0.1:${port}`;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return fail(`redis-server on port ${port} did not answer PING.`);
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

/**
 * Fails the run on any skipped test that ALLOW_SKIP did not ask for: a skip counts as asked for when
 * one of the test's tags (postgres, redis) is named there. The asked-for ones are summed up by name.
 */
function checkSkips(label, file) {
  if (!existsSync(file)) {
    console.error(`${label}: vitest wrote no JSON report at ${file}, so skipped tests cannot be checked.`);
    process.exit(1);
  }
  const { excused, refused } = judgeSkips(skippedTests(JSON.parse(readFileSync(file, 'utf8')), repoRoot), allowed);
  if (excused > 0) console.warn(`${label}: ${excused} test(s) skipped as ALLOW_SKIP=${[...allowed].join(',')} asked.`);
  if (refused.length === 0) return;
  console.error(`\n${label}: ${refused.length} test(s) skipped without being asked for by name (ALLOW_SKIP; report ${relative(repoRoot, file)}):`);
  for (const line of refusedSkipReport(refused)) console.error(line);
  process.exit(1);
}

const startedAt = performance.now();
checkNode();
refuseGoldenUpdateUnderCi();
const allowed = allowedSkips();
step('dependencies', ensureDependencies);
const chromium = ensureChromium();
const testDatabaseUrl = ensurePostgres();
const testRedisUrl = await ensureRedis();
rmSync(resultsDir, { recursive: true, force: true });
mkdirSync(resultsDir, { recursive: true });

{
  // One step, two lanes: lint reads no types (eslint.config.js has no typed rules), so it need not
  // wait for the type check's build of the packages.
  const started = performance.now();
  console.log('\n=== type check and lint (side by side) ===');
  await runSideBySide([
    ['type check', 'npm', ['run', 'typecheck', '--silent']],
    ['lint', 'npm', ['run', 'lint', '--silent']],
  ]);
  timings.push(['type check and lint', (performance.now() - started) / 1000]);
}
step('build', build);
// Tests and their servers build nav databases from the shared publisher files (TESTING.md).
const sharedNavdata = join(repoRoot, '..', 'shared', 'data', 'navdata');
const testEnv = {
  ...process.env,
  ...(testDatabaseUrl ? { TEST_DATABASE_URL: testDatabaseUrl } : {}),
  ...(testRedisUrl ? { TEST_REDIS_URL: testRedisUrl } : {}),
  NAVDATA_SOURCE: process.env.NAVDATA_SOURCE ?? sharedNavdata,
};
step('unit, golden and database tests', () => {
  run('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile=${join(resultsDir, 'unit.json')}`], { env: testEnv });
  checkSkips('unit, golden and database tests', join(resultsDir, 'unit.json'));
});
step('end-to-end tests (Chromium)', () => {
  run(
    'npx',
    ['vitest', 'run', '--config', 'e2e/vitest.config.ts', '--reporter=default', '--reporter=json', `--outputFile=${join(resultsDir, 'e2e.json')}`],
    { env: { ...testEnv, CHROMIUM_PATH: chromium } },
  );
  checkSkips('end-to-end tests', join(resultsDir, 'e2e.json'));
});

console.log('\n=== timings ===');
for (const [name, seconds] of timings) console.log(`${name.padEnd(34)} ${seconds.toFixed(1)} s`);
console.log(`${'total'.padEnd(34)} ${((performance.now() - startedAt) / 1000).toFixed(1)} s`);
const unit = counts(join(resultsDir, 'unit.json'));
const e2e = counts(join(resultsDir, 'e2e.json'));
const skipped = unit.skipped + e2e.skipped;
console.log(`\nTests: ${unit.passed + e2e.passed} passed, ${unit.failed + e2e.failed} failed${skipped ? `, ${skipped} skipped (ALLOW_SKIP=${[...allowed].join(',')})` : ''}`);
