// The harness of the sync, devices and realtime security tests (issue 26 points 6, 14, 15, 16): the
// real app (buildApp, as main.ts serves it) with the database sessions of sign-in, listening on
// 127.0.0.1 so real WebSockets reach it, on a fresh SQLite file or PostgreSQL schema.
import type { FastifyInstance } from 'fastify';
import WebSocket from 'ws';
import { buildApp, type AppDependencies } from '../app.js';
import { createSession, findOrCreateCustomer, SESSION_COOKIE } from '../auth/index.js';
import { loadConfig } from '../config/index.js';
import type { Database } from '../db/index.js';
import { InProcessHub } from '../realtime/index.js';
import type { FreshDatabase } from '../testing/databaseContract.js';

/** A pilot signed in the way sign-in leaves them: one database session per call. */
export interface Pilot {
  custId: string;
  email: string;
  /** The session cookie value (the token; the database keeps its hash). */
  token: string;
  /** The Cookie header. */
  cookie: string;
}

export interface SecureSyncServer {
  app: FastifyInstance;
  db: Database;
  hub: InProcessHub;
  /** http://127.0.0.1:<port> */
  origin: string;
  /** A new session for the customer of `email` (made on first use), an hour long. */
  signIn: (email: string) => Promise<Pilot>;
  close: () => Promise<void>;
}

export async function startSecureSyncServer(
  fresh: () => Promise<FreshDatabase>,
  options: { env?: Record<string, string>; sync?: AppDependencies['sync']; realtime?: AppDependencies['realtime'] } = {},
): Promise<SecureSyncServer> {
  const { db, dispose } = await fresh();
  const hub = new InProcessHub();
  const config = loadConfig({ HOST: '127.0.0.1', LOG_LEVEL: 'silent', ...options.env });
  const app = await buildApp(config, { db, hub, ...(options.sync ? { sync: options.sync } : {}), ...(options.realtime ? { realtime: options.realtime } : {}) });
  const origin = await app.listen({ host: '127.0.0.1', port: 0 });
  const signIn = async (email: string): Promise<Pilot> => {
    const customer = await findOrCreateCustomer(db, { email, fullName: '' });
    const token = await createSession(db, customer.custId, 3600_000);
    return { custId: customer.custId, email, token, cookie: `${SESSION_COOKIE}=${token}` };
  };
  return {
    app,
    db,
    hub,
    origin,
    signIn,
    close: async () => {
      await app.close();
      await hub.close();
      await dispose();
    },
  };
}

/** POST /api/sync_profile as a device would (fetch, so the request crosses the socket). */
export async function postSync(server: SecureSyncServer, cookie: string, body: object): Promise<{ status: number; body: unknown; headers: Headers; bytes: number }> {
  const response = await fetch(`${server.origin}/api/sync_profile`, { method: 'POST', headers: { 'content-type': 'application/json', cookie }, body: JSON.stringify(body) });
  const text = await response.text();
  return { status: response.status, body: text === '' ? undefined : JSON.parse(text), headers: response.headers, bytes: Buffer.byteLength(text) };
}

/** A sync_profile body for `pilot`. */
export function syncBody(pilot: Pilot, uuid: string, records: object[], extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { cust_id: pilot.custId, uuid, since: 0, key: 'fav_airports', sync_objects: records, ...extra };
}

/** A profile socket with how it ended. */
export interface ProbeSocket {
  socket: WebSocket;
  messages: unknown[];
  /** Resolves with the close code and reason when the server (or anyone) closes it. */
  closed: Promise<{ code: number; reason: string }>;
  close: () => Promise<void>;
}

/** Opens `/ws/profile?cust_id=..&uuid=..` with these headers; rejects with `upgrade refused: <status>` when refused. */
export function openSocket(server: SecureSyncServer, pilot: Pilot, uuid: string, headers: Record<string, string> = {}): Promise<ProbeSocket> {
  const url = `${server.origin.replace(/^http/, 'ws')}/ws/profile?${new URLSearchParams({ cust_id: pilot.custId, uuid }).toString()}`;
  const socket = new WebSocket(url, { headers: { cookie: pilot.cookie, ...headers } });
  const messages: unknown[] = [];
  socket.on('message', (data) => messages.push(JSON.parse(String(data))));
  const closed = new Promise<{ code: number; reason: string }>((resolve) => socket.once('close', (code, reason) => resolve({ code, reason: String(reason) })));
  const close = async () => {
    if (socket.readyState !== WebSocket.CLOSED) {
      socket.close();
      await closed;
    }
  };
  return new Promise((resolve, reject) => {
    socket.once('open', () => resolve({ socket, messages, closed, close }));
    socket.once('unexpected-response', (request, response) => {
      let text = '';
      response.on('data', (chunk: Buffer) => (text += String(chunk)));
      response.on('end', () => {
        reject(new Error(`upgrade refused: ${response.statusCode} ${text}`));
        request.destroy();
      });
    });
    socket.on('error', (error) => reject(error));
  });
}
