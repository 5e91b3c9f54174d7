import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';

/** A Redis server for tests: TEST_REDIS_URL (scripts/test.mjs starts one) or one started here. */
export interface TestRedis {
  url: string;
  stop: () => Promise<void>;
}

export const REDIS_SKIP_REASON =
  'no Redis: set TEST_REDIS_URL, or install redis-server (`apt-get install -y redis-server`) so the tests can start one';

function findRedisServer(): string | undefined {
  for (const path of ['/usr/bin/redis-server', '/usr/local/bin/redis-server']) if (existsSync(path)) return path;
  const which = spawnSync('sh', ['-c', 'command -v redis-server'], { encoding: 'utf8' });
  return which.status === 0 && which.stdout.trim() !== '' ? which.stdout.trim() : undefined;
}

/** Installs Debian's redis-server when missing and this process may (root with apt-get). */
function installRedisServer(): string | undefined {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
  if (!isRoot || !hasApt) return undefined;
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  spawnSync('apt-get', ['install', '-y', '-qq', 'redis-server'], { stdio: 'ignore', env, timeout: 180_000 });
  return findRedisServer();
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

async function waitForPing(url: string): Promise<boolean> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
    client.on('error', () => undefined);
    try {
      await client.connect();
      if ((await client.ping()) === 'PONG') return true;
    } catch {
      // not up yet
    } finally {
      client.disconnect();
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return false;
}

/**
 * TEST_REDIS_URL when set; otherwise starts `redis-server` (installing it with apt-get when
 * missing and root) on a free 127.0.0.1 port without persistence, stopped by its pid file.
 * Returns undefined when no Redis can be had; the caller fails unless ALLOW_SKIP names `redis`
 * (testing/skips.ts requireService).
 */
export async function startTestRedis(): Promise<TestRedis | undefined> {
  const given = process.env.TEST_REDIS_URL || undefined;
  if (given !== undefined) return { url: given, stop: () => Promise.resolve() };
  const binary = findRedisServer() ?? installRedisServer();
  if (binary === undefined) return undefined;
  const port = await freePort();
  const pidFile = join(tmpdir(), `clearway-test-redis-${process.pid}-${port}.pid`);
  const started = spawnSync(binary, ['--daemonize', 'yes', '--bind', '127.0.0.1', '--port', String(port), '--save', '', '--appendonly', 'no', '--pidfile', pidFile], {
    encoding: 'utf8',
    timeout: 10_000,
  });
  const url = `redis://127.0.0.1:${port}`;
  const stop = async () => {
    const pid = Number((await readFile(pidFile, 'utf8').catch(() => '')).trim());
    if (Number.isInteger(pid) && pid > 0) {
      try {
        process.kill(pid, 'SIGTERM');
      } catch {
        // already gone
      }
    }
    await rm(pidFile, { force: true });
  };
  if (started.status !== 0 || !(await waitForPing(url))) {
    await stop();
    console.warn(`redis-server did not start on port ${port}: ${started.stderr || started.stdout}`);
    return undefined;
  }
  return { url, stop };
}
