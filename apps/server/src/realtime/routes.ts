import websocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import { z } from 'zod';
import { DEFAULT_ENDPOINT_PATHS, describeIssues } from '@clearway/protocol';
import { requireSession, sessionUserOf, type SessionResolver } from '../auth/index.js';
import type { RealtimeEnvelope, RealtimeHub } from './hub.js';

/** The path of the profile socket (spec part 1 §7 `{ws}?cust_id=..&uuid=..`). */
export const PROFILE_SOCKET_PATH = DEFAULT_ENDPOINT_PATHS.profileSocket.path;

const socketQuerySchema = z.object({
  cust_id: z.string().min(1).max(128),
  uuid: z.string().min(1).max(64),
});

/** A device's open socket. */
interface Connection {
  custId: string;
  uuid: string;
  socket: WebSocket;
}

/** The sockets this process holds, by customer, and the delivery of hub envelopes to them. */
export class LocalConnections {
  private readonly byCustomer = new Map<string, Set<Connection>>();

  add(connection: Connection): () => void {
    let set = this.byCustomer.get(connection.custId);
    if (set === undefined) {
      set = new Set();
      this.byCustomer.set(connection.custId, set);
    }
    set.add(connection);
    return () => {
      set.delete(connection);
      if (set.size === 0 && this.byCustomer.get(connection.custId) === set) this.byCustomer.delete(connection.custId);
    };
  }

  /** How many sockets are open, all customers together. */
  get size(): number {
    let count = 0;
    for (const set of this.byCustomer.values()) count += set.size;
    return count;
  }

  deliver(envelope: RealtimeEnvelope): void {
    const text = JSON.stringify(envelope.message);
    const targets = envelope.custId === null ? [...this.byCustomer.values()].flatMap((set) => [...set]) : [...(this.byCustomer.get(envelope.custId) ?? [])];
    for (const connection of targets) {
      if (connection.uuid === envelope.exceptUuid) continue;
      if (connection.socket.readyState === connection.socket.OPEN) connection.socket.send(text);
    }
  }
}

export interface RealtimeRoutesOptions {
  hub: RealtimeHub;
  sessions: SessionResolver;
  /**
   * Every this many ms each socket is pinged, and one that has not answered the previous ping is
   * dropped (a device gone without closing, a proxy that cut it). Default 30 s.
   */
  pingIntervalMs?: number;
}

const DEFAULT_PING_INTERVAL_MS = 30_000;

/**
 * The profile socket `GET /ws/profile?cust_id=..&uuid=..` (spec part 1 §6: only signed-in users get
 * the realtime channel). The upgrade is refused with 401 without a session, 400 with a bad query and
 * 403 when cust_id is not the session's. Devices only listen: what they send is ignored.
 */
export async function realtimeRoutes(app: FastifyInstance, options: RealtimeRoutesOptions): Promise<void> {
  if (!app.hasDecorator('websocketServer')) {
    await app.register(websocket, { options: { maxPayload: 4096 } });
  }
  const connections = new LocalConnections();
  const unsubscribe = options.hub.subscribe((envelope) => connections.deliver(envelope));
  const alive = new WeakMap<WebSocket, boolean>();
  const sockets = new Set<WebSocket>();
  const heartbeat = setInterval(() => {
    for (const socket of sockets) {
      if (alive.get(socket) === false) {
        socket.terminate();
        continue;
      }
      alive.set(socket, false);
      socket.ping();
    }
  }, options.pingIntervalMs ?? DEFAULT_PING_INTERVAL_MS);
  heartbeat.unref();
  app.addHook('onClose', async () => {
    clearInterval(heartbeat);
    unsubscribe();
  });
  await options.hub.ready();

  app.get<{ Querystring: Record<string, string> }>(
    PROFILE_SOCKET_PATH,
    {
      websocket: true,
      // The session first (401), then the query (400), then whose it is (403).
      preValidation: [
        requireSession(options.sessions, 'Sign in to use the realtime channel'),
        async (request, reply) => {
          const query = socketQuerySchema.safeParse(request.query);
          if (!query.success) return reply.code(400).send({ error: 'Invalid socket query', issues: describeIssues(query.error) });
          if (query.data.cust_id !== sessionUserOf(request).custId) return reply.code(403).send({ error: 'cust_id is not the signed-in customer' });
          return undefined;
        },
      ],
    },
    (socket, request) => {
      const query = socketQuerySchema.parse(request.query);
      const remove = connections.add({ custId: query.cust_id, uuid: query.uuid, socket });
      sockets.add(socket);
      alive.set(socket, true);
      socket.on('pong', () => alive.set(socket, true));
      socket.on('close', () => {
        remove();
        sockets.delete(socket);
      });
      socket.on('error', (error) => request.log.warn({ err: error }, 'profile socket error'));
    },
  );
}
