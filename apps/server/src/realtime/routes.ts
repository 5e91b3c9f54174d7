import websocket from '@fastify/websocket';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import { z } from 'zod';
import { DEFAULT_ENDPOINT_PATHS, describeIssues } from '@clearway/protocol';
import { requireSession, sessionUserOf, type SessionResolver } from '../auth/index.js';
import { originOfRequest, originOnHost, type OriginPolicy } from '../http/index.js';
import type { RealtimeEnvelope, RealtimeHub } from './hub.js';

/** The path of the profile socket (spec part 1 §7 `{ws}?cust_id=..&uuid=..`). */
export const PROFILE_SOCKET_PATH = DEFAULT_ENDPOINT_PATHS.profileSocket.path;

/** Open profile sockets one session may hold in one server process (a browser's tabs; more is a client gone wrong or an attack). */
export const MAX_SOCKETS_PER_SESSION = 8;

/** Close code of a socket whose session ended (logout, password reset, device removed, signed out elsewhere). */
export const SESSION_ENDED_CLOSE = 4401;
/** Close code of a socket over MAX_SOCKETS_PER_SESSION (when two upgrades raced past the 429). */
export const TOO_MANY_SOCKETS_CLOSE = 4429;

/** The 403 text of an upgrade from a page of another origin. */
export const FOREIGN_ORIGIN_ERROR = 'Origin not allowed: the realtime channel opens only from pages of this server';

const socketQuerySchema = z.object({
  cust_id: z.string().min(1).max(128),
  uuid: z.string().min(1).max(64),
});

/** A device's open socket. */
interface Connection {
  custId: string;
  uuid: string;
  /** SessionUser.sessionId of the upgrade. */
  sessionId: string;
  socket: WebSocket;
  /** The upgrade request: its cookie is resolved again to tell whether the session still holds. */
  request: FastifyRequest;
}

/** The sockets this process holds, by customer and by session, and the delivery of hub envelopes to them. */
export class LocalConnections {
  private readonly byCustomer = new Map<string, Set<Connection>>();
  private readonly bySession = new Map<string, Set<Connection>>();

  add(connection: Connection): () => void {
    const forCustomer = this.setOf(this.byCustomer, connection.custId);
    const forSession = this.setOf(this.bySession, connection.sessionId);
    forCustomer.add(connection);
    forSession.add(connection);
    return () => {
      forCustomer.delete(connection);
      forSession.delete(connection);
      if (forCustomer.size === 0 && this.byCustomer.get(connection.custId) === forCustomer) this.byCustomer.delete(connection.custId);
      if (forSession.size === 0 && this.bySession.get(connection.sessionId) === forSession) this.bySession.delete(connection.sessionId);
    };
  }

  private setOf(map: Map<string, Set<Connection>>, key: string): Set<Connection> {
    let set = map.get(key);
    if (set === undefined) {
      set = new Set();
      map.set(key, set);
    }
    return set;
  }

  /** How many sockets are open, all customers together. */
  get size(): number {
    let count = 0;
    for (const set of this.byCustomer.values()) count += set.size;
    return count;
  }

  /** How many sockets a session holds here. */
  countOf(sessionId: string): number {
    return this.bySession.get(sessionId)?.size ?? 0;
  }

  /** Each session with sockets here, and its sockets. */
  sessions(): Array<[string, Connection[]]> {
    return [...this.bySession].map(([sessionId, set]) => [sessionId, [...set]]);
  }

  /** Closes every socket of a session (of that customer, when given). */
  closeSession(sessionId: string, custId: string | null, code: number, reason: string): void {
    for (const connection of [...(this.bySession.get(sessionId) ?? [])]) {
      if (custId === null || connection.custId === custId) connection.socket.close(code, reason);
    }
  }

  deliver(envelope: RealtimeEnvelope): void {
    // Weather cycles go to the weather sockets (weather/routes.ts), not to profile sockets.
    if ('weather' in envelope) return;
    if ('endedSessions' in envelope) {
      for (const sessionId of envelope.endedSessions) this.closeSession(sessionId, envelope.custId, SESSION_ENDED_CLOSE, 'Session ended');
      return;
    }
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
   * Which page origins may open a socket: the origin this server makes its own links for
   * (http/requestOrigin.ts: PUBLIC_ORIGIN, else an allowed request host). The app passes its Config.
   */
  origins: OriginPolicy;
  /**
   * Every this many ms each socket is pinged, and one that has not answered the previous ping is
   * dropped (a device gone without closing, a proxy that cut it); at the same beat every session
   * holding sockets is looked up again and the sockets of one that ended are closed. Default 30 s.
   */
  pingIntervalMs?: number;
  /** Sockets one session may hold in this process (default MAX_SOCKETS_PER_SESSION). */
  maxSocketsPerSession?: number;
}

const DEFAULT_PING_INTERVAL_MS = 30_000;

/**
 * Whether a WebSocket upgrade's Origin may open the channel: none (not a browser: browsers always
 * send one), or one on the host this server makes its links for (the scheme may differ behind a
 * TLS-terminating proxy). A page of any other origin is refused (cross-site WebSocket hijacking).
 */
export function originAllowed(request: FastifyRequest, policy: OriginPolicy): boolean {
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  const own = originOfRequest(request, policy);
  return own !== undefined && originOnHost(origin, new URL(own).host);
}

/**
 * The profile socket `GET /ws/profile?cust_id=..&uuid=..` (spec part 1 §6: only signed-in users get
 * the realtime channel). The upgrade is refused with 403 from a foreign Origin, 401 without a
 * session, 400 with a bad query, 403 when cust_id is not the session's and 429 when the session
 * already holds maxSocketsPerSession sockets here. A socket is closed with SESSION_ENDED_CLOSE
 * within one ping interval of its session ending, at once when the sync routes announce it (device
 * removed, other devices signed out). Devices only listen: what they send is ignored.
 */
export async function realtimeRoutes(app: FastifyInstance, options: RealtimeRoutesOptions): Promise<void> {
  if (!app.hasDecorator('websocketServer')) {
    await app.register(websocket, { options: { maxPayload: 4096 } });
  }
  const maxPerSession = options.maxSocketsPerSession ?? MAX_SOCKETS_PER_SESSION;
  const connections = new LocalConnections();
  const unsubscribe = options.hub.subscribe((envelope) => connections.deliver(envelope));
  const alive = new WeakMap<WebSocket, boolean>();
  const sockets = new Set<WebSocket>();

  // Looks every session holding sockets up again (one lookup per session, not per socket).
  let checking = false;
  const checkSessions = async () => {
    if (checking) return;
    checking = true;
    try {
      for (const [sessionId, held] of connections.sessions()) {
        const first = held[0];
        if (first === undefined) continue;
        let user;
        try {
          user = await options.sessions.resolve(first.request);
        } catch (error) {
          app.log.warn({ err: error }, 'realtime session check failed; sockets kept until the next beat');
          continue;
        }
        if (user === null || user.sessionId !== sessionId || user.custId !== first.custId) {
          connections.closeSession(sessionId, null, SESSION_ENDED_CLOSE, 'Session ended');
        }
      }
    } finally {
      checking = false;
    }
  };

  const heartbeat = setInterval(() => {
    for (const socket of sockets) {
      // A socket being closed (its session ended) finishes its close handshake: ws ends it after 30 s at most.
      if (socket.readyState !== socket.OPEN) continue;
      if (alive.get(socket) === false) {
        socket.terminate();
        continue;
      }
      alive.set(socket, false);
      socket.ping();
    }
    void checkSessions();
  }, options.pingIntervalMs ?? DEFAULT_PING_INTERVAL_MS);
  heartbeat.unref();
  app.addHook('onClose', async () => {
    clearInterval(heartbeat);
    unsubscribe();
  });
  await options.hub.ready();

  const refuseForeignOrigin = async (request: FastifyRequest, reply: FastifyReply) => {
    if (originAllowed(request, options.origins)) return undefined;
    request.log.warn({ origin: request.headers.origin }, 'realtime upgrade refused: foreign Origin');
    return reply.code(403).send({ error: FOREIGN_ORIGIN_ERROR });
  };

  app.get<{ Querystring: Record<string, string> }>(
    PROFILE_SOCKET_PATH,
    {
      websocket: true,
      // The Origin first (403: a foreign page learns nothing), then the session (401), then the
      // query (400), then whose it is (403), then how many the session holds (429).
      preValidation: [
        refuseForeignOrigin,
        requireSession(options.sessions, 'Sign in to use the realtime channel'),
        async (request, reply) => {
          const query = socketQuerySchema.safeParse(request.query);
          if (!query.success) return reply.code(400).send({ error: 'Invalid socket query', issues: describeIssues(query.error) });
          const user = sessionUserOf(request);
          if (query.data.cust_id !== user.custId) return reply.code(403).send({ error: 'cust_id is not the signed-in customer' });
          if (connections.countOf(user.sessionId) >= maxPerSession) {
            request.log.warn({ custId: user.custId }, 'realtime upgrade refused: too many sockets for one session');
            return reply.code(429).header('retry-after', '60').send({ error: `Too many realtime sockets: one session may hold ${maxPerSession}` });
          }
          return undefined;
        },
      ],
    },
    (socket, request) => {
      const query = socketQuerySchema.parse(request.query);
      const user = sessionUserOf(request);
      // Upgrades that raced past the 429 check: the extra ones are closed at once.
      if (connections.countOf(user.sessionId) >= maxPerSession) {
        socket.close(TOO_MANY_SOCKETS_CLOSE, `Too many realtime sockets: one session may hold ${maxPerSession}`);
        return;
      }
      const remove = connections.add({ custId: query.cust_id, uuid: query.uuid, sessionId: user.sessionId, socket, request });
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
