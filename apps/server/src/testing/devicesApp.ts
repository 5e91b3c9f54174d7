import { createSocket, type Socket } from 'node:dgram';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import WebSocket from 'ws';
import { DEVICES_SOCKET_PATH, devicesMessageSchema, type DevicesMessage } from '@clearway/protocol';
import { buildApp } from '../app.js';
import { createSession, findOrCreateCustomer, SESSION_COOKIE } from '../auth/index.js';
import { loadConfig } from '../config/index.js';
import { migrateToLatest, openDatabase, type Database } from '../db/index.js';
import type { DevicesSettings } from '../devices/index.js';
import { makeTempDir, removeTempDir } from './testApp.js';

/** The real app with the devices bridge on a free loopback UDP port, listening on 127.0.0.1, and a real signed-in session. */
export interface DevicesTestServer {
  app: FastifyInstance;
  db: Database;
  /** http://127.0.0.1:<port> */
  origin: string;
  /** `cw_session=...` of a real database session. */
  cookie: string;
  close: () => Promise<void>;
}

export async function startDevicesServer(settings: DevicesSettings = {}): Promise<DevicesTestServer> {
  const dir = await makeTempDir('clearway-devices-');
  const config = loadConfig({ HOST: '127.0.0.1', LOG_LEVEL: 'silent', SQLITE_PATH: join(dir, 'devices.db'), WEB_DIST: join(dir, 'web'), DEVICES: 'on' });
  const db = openDatabase(config.database);
  await migrateToLatest(db);
  const app = await buildApp(config, { db, devices: { port: 0, host: '127.0.0.1', announce: false, ...settings } });
  const origin = await app.listen({ host: '127.0.0.1', port: 0 });
  const customer = await findOrCreateCustomer(db, { email: 'pilot@example.com', fullName: 'Pilot' });
  const cookie = `${SESSION_COOKIE}=${await createSession(db, customer.custId, 3600_000)}`;
  return {
    app,
    db,
    origin,
    cookie,
    close: async () => {
      await app.close();
      await db.close();
      await removeTempDir(dir);
    },
  };
}

/** An app's devices socket with every message it received (each checked against the protocol schema), in order. */
export interface DevicesTestSocket {
  socket: WebSocket;
  messages: DevicesMessage[];
  /** Resolves with the first message not yet taken that passes `match` (others before it are skipped); rejects after timeoutMs. */
  next: <T extends DevicesMessage = DevicesMessage>(match: (message: DevicesMessage) => boolean, timeoutMs: number) => Promise<T>;
  close: () => Promise<void>;
}

export function openDevicesSocket(origin: string, cookie: string | undefined, options: { onMessage?: (message: DevicesMessage, receivedAt: number) => void; origin?: string } = {}): Promise<DevicesTestSocket> {
  const socket = new WebSocket(`${origin.replace(/^http/, 'ws')}${DEVICES_SOCKET_PATH}`, { ...(cookie === undefined ? {} : { headers: { cookie } }), ...(options.origin === undefined ? {} : { origin: options.origin }) });
  const messages: DevicesMessage[] = [];
  let taken = 0;
  const waiters: Array<() => void> = [];
  socket.on('message', (data) => {
    const receivedAt = performance.now();
    const message = devicesMessageSchema.parse(JSON.parse(String(data))) as DevicesMessage;
    messages.push(message);
    options.onMessage?.(message, receivedAt);
    for (const wake of waiters.splice(0)) wake();
  });
  const next = <T extends DevicesMessage>(match: (message: DevicesMessage) => boolean, timeoutMs: number) =>
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
      const timer = setTimeout(() => reject(new Error(`no matching devices message within ${timeoutMs} ms (got ${messages.length}: ${messages.slice(-3).map((m) => m.type).join(', ')})`)), timeoutMs);
      if (!take()) waiters.push(function retry() {
        if (!take()) waiters.push(retry);
      });
    });
  const close = () =>
    new Promise<void>((resolve) => {
      if (socket.readyState === WebSocket.CLOSED) return resolve();
      socket.once('close', () => resolve());
      socket.close();
    });
  return new Promise((resolve, reject) => {
    socket.once('open', () => resolve({ socket, messages, next, close }));
    socket.once('unexpected-response', (request, response) => {
      reject(new Error(`upgrade refused: ${response.statusCode}`));
      response.resume();
      request.destroy();
    });
    socket.on('error', reject);
  });
}

/** A UDP sender on loopback, as a receiver would be. */
export async function udpSender(): Promise<{ send: (bytes: Uint8Array, port: number) => Promise<void>; socket: Socket; close: () => Promise<void> }> {
  const socket = createSocket('udp4');
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', () => resolve()));
  return {
    socket,
    send: (bytes, port) => new Promise((resolve, reject) => socket.send(bytes, port, '127.0.0.1', (error) => (error ? reject(error) : resolve()))),
    close: () => new Promise((resolve) => socket.close(() => resolve())),
  };
}
