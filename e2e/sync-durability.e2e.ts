// A server killed with SIGKILL in the middle of a burst of sync writes restarts with every
// acknowledged record present (issue 7, Tests). SQLite, where syncs share a group commit: a reply
// must never be sent before its records are committed.
//
// The server child is scripts/bench/sync-server.mjs (the built app plus the sync routes, with the
// stand-in session resolver of the auth edge) until sign-in wires the sync routes into app.ts; then
// this can use harness.startServer. Needs the built server (`npm run build` or `tsc -b apps/server`).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const CLIENTS = 50;
/** Kill the server once this many syncs were acknowledged; requests are still in flight then. */
const KILL_AFTER_ACKS = 400;

interface Child {
  child: ChildProcess;
  origin: string;
}

function startSyncServer(sqlitePath: string): Promise<Child> {
  const child = spawn(process.execPath, [join(repoRoot, 'scripts/bench/sync-server.mjs')], {
    cwd: repoRoot,
    env: { ...process.env, SQLITE_PATH: sqlitePath, DATABASE_URL: '', REDIS_URL: '', LOG_LEVEL: 'silent' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    createInterface({ input: child.stdout as NodeJS.ReadableStream }).once('line', (line) => resolve({ child, origin: (JSON.parse(line) as { origin: string }).origin }));
    child.once('exit', (code) => reject(new Error(`sync server exited with ${code} before listening`)));
  });
}

function postSync(agent: http.Agent, origin: string, body: { cust_id: string } & Record<string, unknown>): Promise<{ status: number; text: string }> {
  const url = new URL('/api/sync_profile', origin);
  return new Promise((resolve) => {
    const request = http.request(
      { host: url.hostname, port: url.port, path: url.pathname, method: 'POST', agent, headers: { cookie: `bench_session=${body.cust_id}`, 'content-type': 'application/json' } },
      (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
        response.on('error', () => resolve({ status: 0, text: '' }));
      },
    );
    // A request cut off by the kill is simply not acknowledged.
    request.on('error', () => resolve({ status: 0, text: '' }));
    request.end(JSON.stringify(body));
  });
}

describe('sync durability', () => {
  const dir = mkdtempSync(join(tmpdir(), 'clearway-sync-kill-'));
  const sqlitePath = join(dir, 'sync.db');
  const children: ChildProcess[] = [];
  afterAll(() => {
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  });

  it('keeps every acknowledged record when the server is killed mid-burst', async () => {
    const first = await startSyncServer(sqlitePath);
    children.push(first.child);
    const agent = new http.Agent({ keepAlive: true, maxSockets: CLIENTS });
    const acknowledged: Array<{ custId: string; code: string }> = [];
    let next = 0;
    let killed = false;
    // Bounded: the burst also ends if the server dies by itself (then too few were acknowledged).
    let exitedEarly = false;
    const exited = new Promise((resolve) => first.child.once('exit', resolve)).then(() => (exitedEarly = !killed));

    await Promise.all(
      Array.from({ length: CLIENTS }, async (_, client) => {
        const custId = `cust_${client % 10}`;
        while (!killed && !exitedEarly) {
          const code = `K${client}-${next++}`;
          const reply = await postSync(agent, first.origin, { cust_id: custId, uuid: `device-${client % 3}`, since: Date.now(), key: 'fav_airports', sync_objects: [{ code, ts: Date.now(), deleted: 'F' }] });
          if (reply.status !== 200) continue;
          acknowledged.push({ custId, code });
          if (acknowledged.length === KILL_AFTER_ACKS) {
            killed = true;
            first.child.kill('SIGKILL');
          }
        }
      }),
    );
    await exited;
    agent.destroy();
    expect(exitedEarly).toBe(false);
    expect(acknowledged.length).toBeGreaterThanOrEqual(KILL_AFTER_ACKS);

    // Restart on the same file and read every customer's favourites through the API.
    const second = await startSyncServer(sqlitePath);
    children.push(second.child);
    const readAgent = new http.Agent({ keepAlive: true });
    const storedByCustomer = new Map<string, Set<string>>();
    for (const custId of new Set(acknowledged.map((record) => record.custId))) {
      const reply = await postSync(readAgent, second.origin, { cust_id: custId, uuid: 'device-0', since: 0, key: 'fav_airports', sync_objects: [] });
      expect(reply.status).toBe(200);
      storedByCustomer.set(custId, new Set((JSON.parse(reply.text) as Array<{ code: string }>).map((record) => record.code)));
    }
    readAgent.destroy();
    const missing = acknowledged.filter((record) => !storedByCustomer.get(record.custId)?.has(record.code));
    expect(missing).toEqual([]);
    second.child.kill('SIGTERM');
  });
});
