import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import WebSocket from 'ws';
import { SIM_SOCKET_PATH, type SimClientMessage, type SimServerMessage } from '@clearway/protocol';
import { buildApp } from '../app.js';
import { createSession, findOrCreateCustomer, SESSION_COOKIE } from '../auth/index.js';
import { loadConfig } from '../config/index.js';
import { migrateToLatest, openDatabase, type Database } from '../db/index.js';
import type { SimSettings } from '../devices/index.js';
import { makeTempDir, removeTempDir } from './testApp.js';

/** The real app with the simulator link on loopback (data port 0, no beacon unless given), a real signed-in session. */
export interface SimTestServer {
  app: FastifyInstance;
  db: Database;
  origin: string;
  cookie: string;
  dir: string;
  /** The link's UDP ports (data: where RREF answers go; beacon: null without one). */
  ports: { data: number | null; beacon: number | null };
  close: () => Promise<void>;
}

export async function startSimServer(settings: SimSettings = {}): Promise<SimTestServer> {
  const dir = await makeTempDir('clearway-sim-');
  const config = loadConfig({ HOST: '127.0.0.1', LOG_LEVEL: 'silent', SQLITE_PATH: join(dir, 'sim.db'), WEB_DIST: join(dir, 'web'), DEVICES: 'off', XPLANE: 'on' });
  const db = openDatabase(config.database);
  await migrateToLatest(db);
  let ports = { data: null as number | null, beacon: null as number | null };
  const app = await buildApp(config, { db, xplane: { listenHost: '127.0.0.1', listenPort: 0, beacon: null, webApiPort: null, ...settings, onListening: (bound) => (ports = bound) } });
  const origin = await app.listen({ host: '127.0.0.1', port: 0 });
  const customer = await findOrCreateCustomer(db, { email: 'pilot@example.com', fullName: 'Pilot' });
  const cookie = `${SESSION_COOKIE}=${await createSession(db, customer.custId, 3600_000)}`;
  return {
    app, db, origin, cookie, dir, ports,
    close: async () => {
      await app.close();
      await db.close();
      await removeTempDir(dir);
    },
  };
}

export interface SimTestSocket {
  socket: WebSocket;
  messages: SimServerMessage[];
  send: (message: SimClientMessage) => void;
  /** The first message not yet taken that passes `match`; rejects after timeoutMs. */
  next: <T extends SimServerMessage = SimServerMessage>(match: (message: SimServerMessage) => boolean, timeoutMs: number) => Promise<T>;
  close: () => Promise<void>;
}

export function openSimSocket(origin: string, cookie: string | undefined): Promise<SimTestSocket> {
  const socket = new WebSocket(`${origin.replace(/^http/, 'ws')}${SIM_SOCKET_PATH}`, cookie === undefined ? {} : { headers: { cookie } });
  const messages: SimServerMessage[] = [];
  let taken = 0;
  const waiters: Array<() => void> = [];
  socket.on('message', (data) => {
    messages.push(JSON.parse(String(data)) as SimServerMessage);
    for (const wake of waiters.splice(0)) wake();
  });
  const next = <T extends SimServerMessage>(match: (message: SimServerMessage) => boolean, timeoutMs: number) =>
    new Promise<T>((resolve, reject) => {
      const take = () => {
        while (taken < messages.length) {
          const message = messages[taken++]!;
          if (match(message)) {
            clearTimeout(timer);
            resolve(message as T);
            return true;
          }
        }
        return false;
      };
      const timer = setTimeout(() => reject(new Error(`no matching sim message within ${timeoutMs} ms (got ${messages.length}: ${messages.slice(-3).map((m) => m.type).join(', ')})`)), timeoutMs);
      const retry = (): void => {
        if (!take()) waiters.push(retry);
      };
      if (!take()) waiters.push(retry);
    });
  const close = () =>
    new Promise<void>((resolve) => {
      if (socket.readyState === WebSocket.CLOSED) return resolve();
      socket.once('close', () => resolve());
      socket.close();
    });
  return new Promise((resolve, reject) => {
    socket.once('open', () => resolve({ socket, messages, send: (message) => socket.send(JSON.stringify(message)), next, close }));
    socket.once('unexpected-response', (request, response) => {
      reject(new Error(`upgrade refused: ${response.statusCode}`));
      response.resume();
      request.destroy();
    });
    socket.on('error', reject);
  });
}
