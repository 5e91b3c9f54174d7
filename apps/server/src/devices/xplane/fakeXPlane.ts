import { createSocket, type Socket } from 'node:dgram';
import type { Server } from 'node:http';
import type { WebSocket } from 'ws';
import { decodeCmnd, decodeDref, decodeRrefRequest, encodeBeacon, encodeRrefAnswer, packetKind } from './codec.js';

/** What the fake X-Plane received, in order. */
export type FakeXPlaneReceived =
  | { kind: 'RREF'; frequency: number; index: number; dataref: string; bytes: Buffer }
  | { kind: 'DREF'; dataref: string; value: number; bytes: Buffer }
  | { kind: 'CMND'; command: string; bytes: Buffer }
  | { kind: 'other'; bytes: Buffer };

/**
 * A stand-in X-Plane on a real UDP socket (tests, the e2e, `fly --xplane`): it answers RREF
 * subscriptions with the values set by `set` (X-Plane's "RREF," index/value packets, at each
 * `tick` or on its own timer), records DREF and CMND packets, and sends BECN beacons.
 */
export class FakeXPlane {
  readonly received: FakeXPlaneReceived[] = [];
  private readonly values = new Map<string, number>();
  /** index → dataref, per subscriber address. */
  private readonly subscriptions = new Map<string, Map<number, string>>();
  private timer: ReturnType<typeof setInterval> | null = null;
  private listeners: Array<() => void> = [];
  private constructor(readonly socket: Socket, readonly port: number, readonly address: string) {
    socket.on('message', (bytes, remote) => this.handle(bytes, `${remote.address}:${remote.port}`));
  }

  static async start(address = '127.0.0.1', port = 0): Promise<FakeXPlane> {
    const socket = createSocket('udp4');
    await new Promise<void>((resolve, reject) => {
      socket.once('error', reject);
      socket.bind(port, address, () => resolve());
    });
    return new FakeXPlane(socket, socket.address().port, address);
  }

  private handle(bytes: Buffer, from: string): void {
    const kind = packetKind(bytes);
    if (kind === 'RREF') {
      const request = decodeRrefRequest(bytes);
      if (request.ok) {
        this.received.push({ kind: 'RREF', ...request.value, bytes });
        const subs = this.subscriptions.get(from) ?? new Map<number, string>();
        if (request.value.frequency > 0) subs.set(request.value.index, request.value.dataref);
        else subs.delete(request.value.index);
        this.subscriptions.set(from, subs);
      }
    } else if (kind === 'DREF') {
      const dref = decodeDref(bytes);
      if (dref.ok) {
        this.received.push({ kind: 'DREF', ...dref.value, bytes });
        this.values.set(dref.value.dataref, dref.value.value);
      }
    } else if (kind === 'CMND') {
      const command = decodeCmnd(bytes);
      if (command.ok) this.received.push({ kind: 'CMND', command: command.value, bytes });
    } else {
      this.received.push({ kind: 'other', bytes });
    }
    for (const listener of this.listeners.splice(0)) listener();
  }

  /** Resolves when a received packet passes `match` (already received ones count); rejects after timeoutMs. */
  waitFor<T extends FakeXPlaneReceived>(match: (packet: FakeXPlaneReceived) => boolean, timeoutMs: number): Promise<T> {
    return new Promise((resolve, reject) => {
      const look = (): boolean => {
        const found = this.received.find(match);
        if (found === undefined) return false;
        clearTimeout(timer);
        resolve(found as T);
        return true;
      };
      const timer = setTimeout(() => reject(new Error(`the fake X-Plane received no matching packet within ${timeoutMs} ms (${this.received.length} received)`)), timeoutMs);
      const retry = (): void => {
        if (!look()) this.listeners.push(retry);
      };
      if (!look()) this.listeners.push(retry);
    });
  }

  set(values: Record<string, number>): void {
    for (const [dataref, value] of Object.entries(values)) this.values.set(dataref, value);
  }

  /** Number of datarefs subscribed by anyone. */
  subscribedCount(): number {
    let count = 0;
    for (const subs of this.subscriptions.values()) count += subs.size;
    return count;
  }

  /** One RREF answer to each subscriber with every subscribed dataref (in packets of at most 100 values). */
  tick(): void {
    for (const [to, subs] of this.subscriptions) {
      const [address, port] = [to.slice(0, to.lastIndexOf(':')), Number(to.slice(to.lastIndexOf(':') + 1))];
      const pairs: Array<[number, number]> = [...subs].map(([index, dataref]) => [index, this.values.get(dataref) ?? 0]);
      for (let i = 0; i < pairs.length; i += 100) this.socket.send(encodeRrefAnswer(pairs.slice(i, i + 100)), port, address);
    }
  }

  /** Sends answers at `perSecond` until stopped. */
  run(perSecond: number): void {
    this.pause();
    this.timer = setInterval(() => this.tick(), 1000 / perSecond);
  }

  pause(): void {
    if (this.timer !== null) clearInterval(this.timer);
    this.timer = null;
  }

  /** One beacon to address:port, as X-Plane multicasts it. */
  sendBeacon(port: number, address = '127.0.0.1', name = 'Fake X-Plane', version = 121100): Promise<void> {
    const bytes = encodeBeacon({ major: 1, minor: 2, hostId: 1, version, role: 1, port: this.port, name });
    return new Promise((resolve, reject) => this.socket.send(bytes, port, address, (error) => (error ? reject(error) : resolve())));
  }

  /** Raw bytes to a port (bad input tests). */
  sendRaw(bytes: Uint8Array, port: number, address = '127.0.0.1'): Promise<void> {
    return new Promise((resolve, reject) => this.socket.send(bytes, port, address, (error) => (error ? reject(error) : resolve())));
  }

  close(): Promise<void> {
    this.pause();
    return new Promise((resolve) => this.socket.close(() => resolve()));
  }
}

/**
 * A stand-in for X-Plane 12.1.1+'s web API on loopback: `/api/capabilities`, `/api/v2/datarefs` and
 * `/api/v2/commands` with `filter[name]`, and the `/api/v2` websocket (records what it gets; `push`
 * sends `dataref_update_values` for the datarefs subscribed).
 */
export class FakeXPlaneWebApi {
  readonly received: Array<{ type: string; params: unknown }> = [];
  private readonly ids = new Map<string, number>();
  private readonly clients = new Set<WebSocket>();
  private listeners: Array<() => void> = [];

  private constructor(private readonly server: Server, readonly port: number) {}

  static async start(): Promise<FakeXPlaneWebApi> {
    const { createServer } = await import('node:http');
    const { WebSocketServer } = await import('ws');
    const wss = new WebSocketServer({ noServer: true });
    let api: FakeXPlaneWebApi | null = null;
    const server = createServer((request, reply) => {
      const url = new URL(request.url ?? '/', 'http://x');
      const json = (body: unknown) => {
        reply.writeHead(200, { 'content-type': 'application/json' });
        reply.end(JSON.stringify(body));
      };
      if (url.pathname === '/api/capabilities') return json({ api: { versions: ['v1', 'v2'] }, 'x-plane': { version: '12.1.1' } });
      const kind = /^\/api\/v2\/(datarefs|commands)$/.exec(url.pathname);
      if (kind) return json({ data: url.searchParams.getAll('filter[name]').map((name) => ({ id: api!.idOf(name), name })) });
      reply.writeHead(404);
      reply.end();
    });
    server.on('upgrade', (request, socket, head) => {
      if (request.url !== '/api/v2') return socket.destroy();
      wss.handleUpgrade(request, socket, head, (ws) => {
        api!.clients.add(ws);
        ws.on('close', () => api!.clients.delete(ws));
        ws.on('message', (raw) => {
          const message = JSON.parse(String(raw)) as { type: string; params: unknown };
          api!.received.push({ type: message.type, params: message.params });
          for (const listener of api!.listeners.splice(0)) listener();
        });
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    const address = server.address();
    api = new FakeXPlaneWebApi(server, typeof address === 'object' && address !== null ? address.port : 0);
    return api;
  }

  /** The id the fake gives a dataref or command name (stable per name). */
  idOf(name: string): number {
    if (!this.ids.has(name)) this.ids.set(name, 1000 + this.ids.size);
    return this.ids.get(name)!;
  }

  waitFor(match: (message: { type: string; params: unknown }) => boolean, timeoutMs: number): Promise<{ type: string; params: unknown }> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`the fake web API received no matching message within ${timeoutMs} ms (${this.received.map((m) => m.type).join(', ')})`)), timeoutMs);
      const look = (): void => {
        const found = this.received.find(match);
        if (found === undefined) {
          this.listeners.push(look);
          return;
        }
        clearTimeout(timer);
        resolve(found);
      };
      look();
    });
  }

  /** dataref_update_values with these values (by dataref name; arrays for array datarefs). */
  push(values: Record<string, number | number[]>): void {
    const data = Object.fromEntries(Object.entries(values).map(([name, value]) => [String(this.idOf(name)), value]));
    const text = JSON.stringify({ type: 'dataref_update_values', data });
    for (const client of this.clients) client.send(text);
  }

  close(): Promise<void> {
    for (const client of this.clients) client.terminate();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
