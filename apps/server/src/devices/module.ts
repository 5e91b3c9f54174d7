import { createSocket, type Socket } from 'node:dgram';
import websocket from '@fastify/websocket';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import { DEVICES_SOCKET_PATH, FOREFLIGHT_ANNOUNCE_INTERVAL_MS, FOREFLIGHT_ANNOUNCE_PORT, type DevicesCounts, type DevicesMessage } from '@clearway/protocol';
import { requireSession, sessionUserOf, type SessionResolver } from '../auth/index.js';
import type { DevicesConfig, StratuxConfig } from '../config/index.js';
import { ADDRESS_LIMITS, addressLimited, type OriginPolicy } from '../http/index.js';
import { systemClock, type JobClock } from '../jobs/index.js';
import { originAllowed } from '../realtime/index.js';
import { Gdl90Bridge, type BadInputKind, type DeviceTimeouts } from './bridge.js';
import { StratuxInput } from './stratux.js';

/** Devices sockets one session may hold in one process. */
export const MAX_DEVICES_SOCKETS_PER_SESSION = 8;
/** Close code of a socket whose session ended (as the profile socket's). */
export const DEVICES_SESSION_ENDED_CLOSE = 4401;
/** Bad input is logged at most once per this long per kind (with the counts so far). */
const BAD_INPUT_LOG_INTERVAL_MS = 10_000;

/** Settings the app's dependencies may change (tests, the benchmark). */
export interface DevicesSettings {
  /** UDP port (0: any free port, shown in the status); default config.gdl90Port. */
  port?: number;
  host?: string;
  /** The ForeFlight-style announcement: false, true (config default target), or where and how often. */
  announce?: boolean | { address: string; port: number; intervalMs?: number };
  clock?: JobClock;
  timeouts?: Partial<DeviceTimeouts>;
  maxDatagramsPerSecond?: number;
  tickMs?: number;
  /** Ping and session re-check interval of the sockets, ms (default 30 s). */
  pingIntervalMs?: number;
  /** Stratux's websocket streams (overrides config DEVICES_STRATUX_URL; null: not used). */
  stratuxUrl?: string | null;
  /** Reconnect delays of the Stratux streams, ms. */
  stratuxRetryMs?: { first: number; max: number };
}

export interface DevicesModuleOptions {
  config: DevicesConfig;
  /** Stratux's own websocket stream as a second input (DEVICES_STRATUX_URL; devices/stratux.ts). */
  stratux?: StratuxConfig;
  sessions: SessionResolver;
  /** Which page origins may open the socket (the app passes its Config). */
  origins: OriginPolicy;
  settings?: DevicesSettings;
}

/** Binds a UDP socket; resolves false (logged) when the address cannot be bound, never throws. */
function bindUdp(socket: Socket, port: number, host: string): Promise<boolean> {
  return new Promise((resolve) => {
    const onError = () => resolve(false);
    socket.once('error', onError);
    socket.bind(port, host, () => {
      socket.off('error', onError);
      resolve(true);
    });
  });
}

/** One warn line per kind of bad input per interval, with the counts so far. */
function badInputLogger(log: FastifyBaseLogger, clock: JobClock): (kind: BadInputKind, from: string, counts: DevicesCounts) => void {
  const last = new Map<BadInputKind, number>();
  return (kind, from, counts) => {
    const now = clock.now();
    const at = last.get(kind);
    if (at !== undefined && now - at < BAD_INPUT_LOG_INTERVAL_MS) return;
    last.set(kind, now);
    const { fisb: _fisb, ...totals } = counts;
    log.warn({ kind, from, counts: totals }, `devices: bad GDL90 input (${kind}) from ${from}: counted and dropped (logged at most every ${BAD_INPUT_LOG_INTERVAL_MS / 1000} s)`);
  };
}

/**
 * The devices bridge (spec part 2 §7 startADSB): GDL90 from ADS-B receivers on UDP
 * (config.gdl90Port, 4000) decoded with @clearway/gdl90 and streamed to signed-in apps on
 * `/ws/devices` (packages/protocol devices.ts). The upgrade is refused with 403 from a foreign
 * Origin, 401 without a session and 429 beyond MAX_DEVICES_SOCKETS_PER_SESSION. When
 * config.announce is on, it broadcasts `{"App":"Clearway","GDL90":{"port":..}}` to UDP 63093 every
 * 5 s (ForeFlight GDL90 extension) so receivers that unicast to announcing apps send to it.
 * A port already taken is logged and shown as `listening: false`; the server runs on.
 */
export async function devicesModule(app: FastifyInstance, options: DevicesModuleOptions): Promise<void> {
  if (!options.config.enabled) return;
  if (!app.hasDecorator('websocketServer')) {
    await app.register(websocket, { options: { maxPayload: 4096 } });
  }
  const settings = options.settings ?? {};
  const clock = settings.clock ?? systemClock;
  const sockets = new Map<WebSocket, FastifyRequest>();
  const broadcast = (message: DevicesMessage) => {
    if (sockets.size === 0) return;
    const text = JSON.stringify(message);
    for (const socket of sockets.keys()) if (socket.readyState === socket.OPEN) socket.send(text);
  };
  const bridge = new Gdl90Bridge({
    clock,
    emit: broadcast,
    onBadInput: badInputLogger(app.log, clock),
    ...(settings.timeouts === undefined ? {} : { timeouts: settings.timeouts }),
    ...(settings.maxDatagramsPerSecond === undefined ? {} : { maxDatagramsPerSecond: settings.maxDatagramsPerSecond }),
    ...(settings.tickMs === undefined ? {} : { tickMs: settings.tickMs }),
  });

  // UDP: bound while the app is built, so the status a first socket gets says whether it listens.
  const host = settings.host ?? options.config.host;
  const udp = createSocket({ type: host.includes(':') ? 'udp6' : 'udp4', reuseAddr: false });
  const wanted = settings.port ?? options.config.gdl90Port;
  if (await bindUdp(udp, wanted, host)) {
    const port = udp.address().port;
    bridge.setListening(true, port);
    app.log.info({ host, port }, `devices: listening for GDL90 on UDP ${host}:${port}`);
  } else {
    bridge.setListening(false, null);
    app.log.warn({ host, port: wanted }, `devices: UDP ${host}:${wanted} could not be bound (in use by another program?); the devices bridge is not listening, the server runs on`);
  }
  udp.on('message', (datagram, remote) => bridge.handleDatagram(datagram, `${remote.address}:${remote.port}`));
  udp.on('error', (error) => app.log.warn({ err: error }, 'devices: UDP socket error'));
  bridge.start();

  // Stratux's own websocket streams, a second input beside UDP.
  const stratuxUrl = settings.stratuxUrl !== undefined ? settings.stratuxUrl : (options.stratux?.url ?? null);
  const stratux =
    stratuxUrl === null
      ? null
      : new StratuxInput({
          url: stratuxUrl,
          bridge,
          log: { info: (m) => app.log.info(m), warn: (m) => app.log.warn(m) },
          ...(settings.stratuxRetryMs === undefined ? {} : { retryMs: settings.stratuxRetryMs }),
        });
  stratux?.start();

  // The ForeFlight-style announcement.
  const announce = settings.announce ?? options.config.announce;
  let announcer: ReturnType<typeof setInterval> | null = null;
  let announceSocket: Socket | null = null;
  if (announce !== false && bridge.status().listening) {
    const target = announce === true ? { address: '255.255.255.255', port: FOREFLIGHT_ANNOUNCE_PORT } : announce;
    const payload = Buffer.from(JSON.stringify({ App: 'Clearway', GDL90: { port: bridge.status().port } }));
    const sender = createSocket('udp4');
    announceSocket = sender;
    let warned = false;
    sender.on('error', (error) => {
      if (!warned) app.log.warn({ err: error }, 'devices: the announcement could not be sent (logged once)');
      warned = true;
    });
    if (await bindUdp(sender, 0, '0.0.0.0')) {
      sender.setBroadcast(true);
      const send = () =>
        sender.send(payload, target.port, target.address, (error) => {
          if (error && !warned) {
            warned = true;
            app.log.warn({ err: error }, `devices: the announcement to ${target.address}:${target.port} failed (logged once)`);
          }
        });
      send();
      announcer = setInterval(send, typeof announce === 'object' ? (announce.intervalMs ?? FOREFLIGHT_ANNOUNCE_INTERVAL_MS) : FOREFLIGHT_ANNOUNCE_INTERVAL_MS);
      announcer.unref();
    }
  }

  // Sockets: pinged, and dropped when their session ended, at each beat.
  const alive = new WeakMap<WebSocket, boolean>();
  const beat = setInterval(() => {
    for (const [socket, request] of sockets) {
      if (alive.get(socket) === false) {
        socket.terminate();
        continue;
      }
      alive.set(socket, false);
      if (socket.readyState === socket.OPEN) socket.ping();
      options.sessions.resolve(request).then(
        (user) => {
          if (user === null || user.sessionId !== sessionUserOf(request).sessionId) socket.close(DEVICES_SESSION_ENDED_CLOSE, 'Session ended');
        },
        (error: unknown) => app.log.warn({ err: error }, 'devices socket session check failed; kept until the next beat'),
      );
    }
  }, settings.pingIntervalMs ?? 30_000);
  beat.unref();

  app.addHook('onClose', async () => {
    clearInterval(beat);
    if (announcer !== null) clearInterval(announcer);
    stratux?.stop();
    bridge.stop();
    for (const socket of sockets.keys()) socket.terminate();
    await Promise.all([udp, announceSocket].map((socket) => new Promise<void>((resolve) => {
      if (socket === null) return resolve();
      try {
        socket.close(() => resolve());
      } catch {
        resolve(); // never bound
      }
    })));
  });

  const perSession = new Map<string, number>();
  app.get(
    DEVICES_SOCKET_PATH,
    {
      websocket: true,
      ...addressLimited(ADDRESS_LIMITS.devicesSocket),
      preValidation: [
        async (request: FastifyRequest, reply: FastifyReply) => {
          if (originAllowed(request, options.origins)) return undefined;
          request.log.warn({ origin: request.headers.origin }, 'devices socket refused: foreign Origin');
          return reply.code(403).send({ error: 'Origin not allowed: the devices socket opens only from pages of this server' });
        },
        requireSession(options.sessions, 'Sign in to use the devices socket'),
        async (request: FastifyRequest, reply: FastifyReply) => {
          const user = sessionUserOf(request);
          if ((perSession.get(user.sessionId) ?? 0) < MAX_DEVICES_SOCKETS_PER_SESSION) return undefined;
          return reply.code(429).header('retry-after', '60').send({ error: `Too many devices sockets: one session may hold ${MAX_DEVICES_SOCKETS_PER_SESSION}` });
        },
      ],
    },
    (socket, request) => {
      const sessionId = sessionUserOf(request).sessionId;
      perSession.set(sessionId, (perSession.get(sessionId) ?? 0) + 1);
      sockets.set(socket, request);
      alive.set(socket, true);
      socket.on('pong', () => alive.set(socket, true));
      socket.on('close', () => {
        sockets.delete(socket);
        const left = (perSession.get(sessionId) ?? 1) - 1;
        if (left <= 0) perSession.delete(sessionId);
        else perSession.set(sessionId, left);
      });
      socket.on('error', (error) => request.log.warn({ err: error }, 'devices socket error'));
      // What the app sends is ignored; the socket only listens.
      socket.send(JSON.stringify(bridge.status()));
      for (const message of bridge.snapshot()) socket.send(JSON.stringify(message));
    },
  );
}
