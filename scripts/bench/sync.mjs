// Benchmark: POST /api/sync_profile under bounded load (issue 7 target: at least 1,500 requests/s at
// 50 concurrent clients with p99 under 25 ms on SQLite, PostgreSQL beside it). The server runs in a
// child process on 127.0.0.1; this process is the 50 clients (keep-alive HTTP/1.1), each a device of
// a customer (25 customers x 2 devices) saving favourites, recents and searches as the app does:
// every request carries 1 to 3 changed records of one table with `since` = last sync - 1000 ms.
// Baseline in the same run and under the same load: GET /healthz (a database round trip).
// Every sync request carries a real session cookie (looked up in the database as in production) and
// the server logs at LOG_LEVEL (default info) to a discarded stdout.
// BENCH_SERVER_NODE_OPTIONS (e.g. --cpu-prof --cpu-prof-dir=/tmp/prof) is passed to the server's node.
// Run after a build: npm run bench:sync [-- --requests 10000]. Adds PostgreSQL when
// TEST_DATABASE_URL is set (a scratch schema, dropped afterwards).
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { repoRoot } from '../lib/ensure.mjs';

const argValue = (name, fallback) => {
  const index = process.argv.indexOf(name);
  return index > 0 ? Number(process.argv[index + 1]) : fallback;
};
const REQUESTS = argValue('--requests', 10_000);
const CONCURRENCY = argValue('--concurrency', 50);
const WARMUP = Math.min(1000, Math.floor(REQUESTS / 10));
const TABLES = ['fav_airports', 'recent_airports', 'searches'];

// tsc -b is incremental: quick when the server is already built.
console.log('building the server (tsc -b apps/server) ...');
const built = spawnSync('npx', ['tsc', '-b', 'apps/server'], { cwd: repoRoot, stdio: 'inherit' });
if (built.status !== 0 || !existsSync(join(repoRoot, 'apps/server/dist/sync/routes.js'))) process.exit(1);

/** Starts sync-server.mjs with `env` and resolves with its origin once it listens. */
function startServer(env) {
  const child = spawn(process.execPath, [...(process.env.BENCH_SERVER_NODE_OPTIONS ?? '').split(' ').filter(Boolean), join(repoRoot, 'scripts/bench/sync-server.mjs')], {
    cwd: repoRoot,
    env: { ...process.env, BENCH_CUSTOMERS: String(Math.ceil(CONCURRENCY / 2)), ...env },
    // stdout: the server's log (discarded, but written as in production); fd 3: its ready line.
    stdio: ['ignore', 'ignore', 'inherit', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdio[3] });
    lines.once('line', (line) => resolve({ child, ...JSON.parse(line) }));
    child.once('exit', (code) => reject(new Error(`bench server exited with ${code} before listening`)));
  }).then((server) => ({
    ...server,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', resolve);
        child.kill('SIGTERM');
      }),
  }));
}

const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });

function send(origin, method, path, headers, body) {
  const url = new URL(path, origin);
  return new Promise((resolve, reject) => {
    const request = http.request(
      { host: url.hostname, port: url.port, path: url.pathname, method, agent, headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } },
      (response) => {
        const chunks = [];
        response.on('data', (chunk) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode, body: Buffer.concat(chunks).toString('utf8') }));
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

/** The state of one simulated device. */
function makeClients(sessions) {
  return Array.from({ length: CONCURRENCY }, (_, index) => {
    const session = sessions[Math.floor(index / 2) % sessions.length];
    return { custId: session.custId, uuid: `device-${index % 2}`, cookie: session.cookie, lastSync: {}, counter: 0 };
  });
}

function syncBody(client) {
  const table = TABLES[client.counter % TABLES.length];
  const now = Date.now();
  const count = 1 + (client.counter % 3);
  const records = Array.from({ length: count }, (_, i) => ({ code: `K${(client.counter * 7 + i) % 400}`, ts: now, deleted: client.counter % 5 === 0 ? 'T' : 'F' }));
  client.counter += 1;
  const since = Math.max(0, (client.lastSync[table] ?? 0) - 1000);
  client.lastSync[table] = now;
  return JSON.stringify({ cust_id: client.custId, uuid: client.uuid, since, key: table, sync_objects: records });
}

/**
 * CPU time the server process has used, ms (Linux /proc; undefined elsewhere). Per request it is a
 * figure that holds on a shared, busy machine, where requests/s depends on what else runs.
 */
function serverCpuMs(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    // utime and stime are fields 14 and 15 of the line (12 and 13 after the command name), in
    // clock ticks of 1/100 s (USER_HZ, 100 on Linux).
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return undefined;
  }
}

/** Sends `total` requests from the clients, each client one at a time; returns the figures. */
async function load(clients, total, makeRequest, pid) {
  const cpuBefore = serverCpuMs(pid);
  let issued = 0;
  const latencies = [];
  let failures = 0;
  let replyBytes = 0;
  const started = performance.now();
  await Promise.all(
    clients.map(async (client) => {
      while (issued < total) {
        issued += 1;
        const t = performance.now();
        const response = await makeRequest(client);
        latencies.push(performance.now() - t);
        replyBytes += response.body.length;
        if (response.status !== 200) {
          failures += 1;
          if (failures <= 3) console.error(`  unexpected ${response.status}: ${response.body.slice(0, 200)}`);
        }
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))];
  const cpuAfter = serverCpuMs(pid);
  const cpuPerRequest = cpuBefore === undefined || cpuAfter === undefined ? undefined : (cpuAfter - cpuBefore) / total;
  return { rps: total / seconds, p50: at(0.5), p99: at(0.99), failures, cpuPerRequest, replyBytes: replyBytes / total };
}

async function benchmark(label, env) {
  const server = await startServer(env);
  try {
    const clients = makeClients(server.sessions);
    const sync = (client) => send(server.origin, 'POST', '/api/sync_profile', { cookie: client.cookie }, syncBody(client));
    const health = () => send(server.origin, 'GET', '/healthz', {});
    const pid = server.child.pid;
    await load(clients, WARMUP, sync, pid);
    await load(clients, WARMUP, health, pid);
    const baseline = await load(clients, REQUESTS, health, pid);
    const result = await load(clients, REQUESTS, sync, pid);
    const row = (name, r) =>
      `  ${name.padEnd(26)} ${r.rps.toFixed(0).padStart(6)} req/s   p50 ${r.p50.toFixed(2).padStart(6)} ms   p99 ${r.p99.toFixed(2).padStart(6)} ms${r.cpuPerRequest === undefined ? '' : `   server CPU ${r.cpuPerRequest.toFixed(2)} ms/request`}   reply ${r.replyBytes.toFixed(0)} B${r.failures ? `   ${r.failures} failed` : ''}`;
    console.log(`\n${label} (${server.dialect}), ${REQUESTS} requests per row, ${CONCURRENCY} concurrent clients:`);
    console.log(row('GET /healthz (baseline)', baseline));
    console.log(row('POST /api/sync_profile', result));
    const cpuRatio = result.cpuPerRequest && baseline.cpuPerRequest ? `, server CPU per request ${(result.cpuPerRequest / baseline.cpuPerRequest).toFixed(2)}x` : '';
    console.log(`  sync / baseline: throughput ${(result.rps / baseline.rps).toFixed(2)}x, p99 ${(result.p99 / baseline.p99).toFixed(2)}x${cpuRatio}`);
    console.log(`  machine load average ${loadavg().map((value) => value.toFixed(1)).join(' ')} on ${availableParallelism()} CPUs`);
    return result;
  } finally {
    await server.stop();
  }
}

const dir = mkdtempSync(join(tmpdir(), 'clearway-sync-bench-'));
try {
  await benchmark('SQLite', { SQLITE_PATH: join(dir, 'bench.db'), DATABASE_URL: '', REDIS_URL: '' });
  if (process.env.TEST_DATABASE_URL) {
    const pg = (await import('pg')).default;
    const schema = `clearway_bench_${process.pid}_${randomBytes(3).toString('hex')}`;
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`create schema "${schema}"`);
    try {
      const url = new URL(process.env.TEST_DATABASE_URL);
      url.searchParams.set('options', `-c search_path=${schema}`);
      await benchmark('PostgreSQL', { DATABASE_URL: url.toString(), REDIS_URL: '' });
    } finally {
      await admin.query(`drop schema if exists "${schema}" cascade`);
      await admin.end();
    }
  } else {
    console.log('\nPostgreSQL: skipped (set TEST_DATABASE_URL, e.g. $(bash apps/server/scripts/pg-test-setup.sh))');
  }
} finally {
  agent.destroy();
  rmSync(dir, { recursive: true, force: true });
}
