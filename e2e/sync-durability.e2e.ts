// A server killed with SIGKILL in the middle of a burst of sync writes restarts with every
// acknowledged record present (issue 7, Tests). SQLite, where syncs share a group commit: a reply
// must never be sent before its records are committed.
//
// The server child is the real built server (apps/server/dist/main.js, as `npm start` runs it) with
// the database sessions sign-in makes: the customers and their sessions are written into the SQLite
// file before the first start (find_or_create + createSession, as the relying party does after the
// code exchange). Needs the built server (`npm run build` or `tsc -b apps/server`).
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { findOrCreateCustomer } from '../apps/server/src/auth/customers.js';
import { createSession, SESSION_COOKIE } from '../apps/server/src/auth/sessions.js';
import { openDatabase } from '../apps/server/src/db/connect.js';
import { migrateToLatest } from '../apps/server/src/db/migrate.js';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const CLIENTS = 50;
const CUSTOMERS = 10;
/** Kill the server once this many syncs were acknowledged; requests are still in flight then. */
const KILL_AFTER_ACKS = 400;

interface Child {
  child: ChildProcess;
  origin: string;
}

interface SignedIn {
  custId: string;
  /** Cookie header value with the customer's session. */
  cookie: string;
}

/** A port the kernel says is free on 127.0.0.1. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** Migrates the SQLite file and signs CUSTOMERS customers in, as sign-in does after the code exchange. */
async function seedCustomers(sqlitePath: string): Promise<SignedIn[]> {
  const db = openDatabase({ dialect: 'sqlite', path: sqlitePath });
  try {
    await migrateToLatest(db);
    const customers: SignedIn[] = [];
    for (let index = 0; index < CUSTOMERS; index += 1) {
      const customer = await findOrCreateCustomer(db, { email: `pilot${index}@durability.test` });
      customers.push({ custId: customer.custId, cookie: `${SESSION_COOKIE}=${await createSession(db, customer.custId, 3600_000)}` });
    }
    return customers;
  } finally {
    await db.close();
  }
}

/** Starts the built server on the SQLite file and waits until /healthz answers 200. */
async function startSyncServer(sqlitePath: string, dataDir: string): Promise<Child> {
  const main = join(repoRoot, 'apps/server/dist/main.js');
  if (!existsSync(main)) throw new Error('The server is not built: run `npm run build` first.');
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  let log = '';
  const child = spawn(process.execPath, [main], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_ORIGIN: origin,
      SQLITE_PATH: sqlitePath,
      NAVDATA_DIR: join(dataDir, 'navdata'),
      DATABASE_URL: '',
      REDIS_URL: '',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The server exited during start-up:\n${log}`);
    try {
      if ((await fetch(`${origin}/healthz`)).ok) return { child, origin };
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`The server did not answer /healthz within 20 s:\n${log}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function postSync(agent: http.Agent, origin: string, cookie: string, body: { cust_id: string } & Record<string, unknown>): Promise<{ status: number; text: string }> {
  const url = new URL('/api/sync_profile', origin);
  return new Promise((resolve) => {
    const request = http.request(
      { host: url.hostname, port: url.port, path: url.pathname, method: 'POST', agent, headers: { cookie, 'content-type': 'application/json' } },
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
    const customers = await seedCustomers(sqlitePath);
    const cookieOf = new Map(customers.map((customer) => [customer.custId, customer.cookie]));
    const first = await startSyncServer(sqlitePath, dir);
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
        const { custId, cookie } = customers[client % CUSTOMERS] as SignedIn;
        while (!killed && !exitedEarly) {
          const code = `K${client}-${next++}`;
          const reply = await postSync(agent, first.origin, cookie, { cust_id: custId, uuid: `device-${client % 3}`, since: Date.now(), key: 'fav_airports', sync_objects: [{ code, ts: Date.now(), deleted: 'F' }] });
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
    const second = await startSyncServer(sqlitePath, dir);
    children.push(second.child);
    const readAgent = new http.Agent({ keepAlive: true });
    const storedByCustomer = new Map<string, Set<string>>();
    for (const custId of new Set(acknowledged.map((record) => record.custId))) {
      const reply = await postSync(readAgent, second.origin, cookieOf.get(custId) ?? '', { cust_id: custId, uuid: 'device-0', since: 0, key: 'fav_airports', sync_objects: [] });
      expect(reply.status).toBe(200);
      storedByCustomer.set(custId, new Set((JSON.parse(reply.text) as Array<{ code: string }>).map((record) => record.code)));
    }
    readAgent.destroy();
    const missing = acknowledged.filter((record) => !storedByCustomer.get(record.custId)?.has(record.code));
    expect(missing).toEqual([]);
    second.child.kill('SIGTERM');
  });
});
