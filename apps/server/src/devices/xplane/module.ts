import websocket from '@fastify/websocket';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import {
  FMS_DEFAULT_CYCLE,
  SIM_FMS_DOWNLOAD_PATH,
  SIM_SOCKET_PATH,
  XPLANE_BEACON_GROUP,
  XPLANE_BEACON_PORT,
  XPLANE_WEB_API_PORT,
  simClientMessageSchema,
  type SimClientMessage,
  type SimCommand,
  type SimServerMessage,
} from '@clearway/protocol';
import { requireSession, sessionUserOf, type SessionResolver } from '../../auth/index.js';
import type { XPlaneConfig } from '../../config/index.js';
import { ADDRESS_LIMITS, addressLimited, type OriginPolicy } from '../../http/index.js';
import { systemClock, type JobClock } from '../../jobs/index.js';
import { originAllowed } from '../../realtime/index.js';
import { writeFms } from './fms.js';
import { registerFmsFolder, writeIntoFmsDir } from './fmsFolder.js';
import { XPlaneLink, type SimLogKind } from './link.js';

/** Simulator sockets one session may hold in one process. */
export const MAX_SIM_SOCKETS_PER_SESSION = 8;
export const SIM_SESSION_ENDED_CLOSE = 4401;
const LOG_INTERVAL_MS = 10_000;

/** Settings tests change (ports, beacon target, clock, time-outs). */
export interface SimSettings {
  listenHost?: string;
  listenPort?: number;
  /** null: no beacon socket. */
  beacon?: { port: number; host: string; group?: string } | null;
  hosts?: Array<{ address: string; port: number }>;
  fmsDir?: string | null;
  clock?: JobClock;
  pollMs?: number;
  staleMs?: number;
  frequency?: number;
  /** The web API's port (8086); null: UDP only. Default: 8086 when XPLANE_WEB_API is on. */
  webApiPort?: number | null;
  pingIntervalMs?: number;
  /** Told the UDP ports once bound (tests: where to send beacons and bad packets). */
  onListening?: (ports: { data: number | null; beacon: number | null }) => void;
}

export interface SimModuleOptions {
  config: XPlaneConfig;
  sessions: SessionResolver;
  origins: OriginPolicy;
  settings?: SimSettings;
}

function rateLimitedLog(log: FastifyBaseLogger, clock: JobClock): (kind: SimLogKind, text: string, detail?: Record<string, unknown>) => void {
  const last = new Map<SimLogKind, number>();
  return (kind, text, detail) => {
    const now = clock.now();
    const at = last.get(kind);
    if ((kind === 'bad' || kind === 'dropped' || kind === 'socket') && at !== undefined && now - at < LOG_INTERVAL_MS) return;
    last.set(kind, now);
    if (kind === 'connected') log.info(detail ?? {}, text);
    else log.warn(detail ?? {}, kind === 'bad' || kind === 'dropped' ? `${text} (logged at most every ${LOG_INTERVAL_MS / 1000} s)` : text);
  };
}

/** Sessions whose last .fms is kept for the download at once (the least recently sent dropped first). */
export const MAX_KEPT_PLANS = 1000;

/**
 * The simulator link (issue 20, spec part 2 §7 discoverXPlane ... sendDirectToXPlane): the X-Plane
 * UDP link (link.ts) streamed to signed-in apps on `/ws/sim`; the app's discover, subscribe,
 * unsubscribe, setHost, forceReconnect and command messages go to the link. A flight plan becomes
 * an X-Plane `.fms` (fms.ts), written into XPLANE_FMS_DIR when set and downloadable at
 * SIM_FMS_DOWNLOAD_PATH by the session that sent it.
 */
export async function simModule(app: FastifyInstance, options: SimModuleOptions): Promise<void> {
  if (!options.config.enabled) return;
  if (!app.hasDecorator('websocketServer')) await app.register(websocket, { options: { maxPayload: 64 * 1024 } });
  const settings = options.settings ?? {};
  const clock = settings.clock ?? systemClock;
  const fmsDir = settings.fmsDir === undefined ? options.config.fmsDir : settings.fmsDir;
  const sockets = new Map<WebSocket, FastifyRequest>();
  const broadcast = (message: SimServerMessage) => {
    if (sockets.size === 0) return;
    const text = JSON.stringify(message);
    for (const socket of sockets.keys()) if (socket.readyState === socket.OPEN) socket.send(text);
  };
  const beacon = settings.beacon === undefined
    ? (options.config.beacon ? { port: XPLANE_BEACON_PORT, host: '0.0.0.0', group: XPLANE_BEACON_GROUP } : null)
    : settings.beacon === null ? null : { group: XPLANE_BEACON_GROUP, ...settings.beacon };
  const link = new XPlaneLink({
    clock,
    emit: broadcast,
    log: rateLimitedLog(app.log, clock),
    listenHost: settings.listenHost ?? options.config.listenHost,
    listenPort: settings.listenPort ?? options.config.listenPort,
    beacon,
    hosts: settings.hosts ?? options.config.hosts,
    fmsDir: fmsDir !== null,
    webApiPort: settings.webApiPort === undefined ? (options.config.webApi ? XPLANE_WEB_API_PORT : null) : settings.webApiPort,
    ...(settings.pollMs === undefined ? {} : { pollMs: settings.pollMs }),
    ...(settings.staleMs === undefined ? {} : { staleMs: settings.staleMs }),
    ...(settings.frequency === undefined ? {} : { frequency: settings.frequency }),
  });
  await link.start();
  settings.onListening?.({ data: link.dataPort, beacon: link.beaconPort });
  app.log.info({ port: link.dataPort, beacon: link.beaconPort }, `xplane: the simulator link listens on UDP ${link.dataPort ?? 'none'}, beacon ${link.beaconPort ?? 'off'}`);

  /** The last .fms per session, for the download. */
  const plans = new Map<string, string>();

  const flightPlan = async (sessionId: string, command: Extract<SimCommand, { type: 'flightPlan' }>) => {
    const text = writeFms(command.waypoints, command.cycle ?? FMS_DEFAULT_CYCLE);
    // Most recent last: the bound drops the session that sent a plan longest ago.
    plans.delete(sessionId);
    plans.set(sessionId, text);
    if (plans.size > MAX_KEPT_PLANS) plans.delete(plans.keys().next().value!);
    if (fmsDir === null) return { ok: true, message: 'Flight plan ready to download (XPLANE_FMS_DIR is not set, so it was not written into X-Plane)', fms: text };
    const name = `${command.name ?? 'Clearway'}.fms`;
    try {
      await writeIntoFmsDir(fmsDir, name, text);
      return { ok: true, message: `Flight plan written to X-Plane's FMS plans as ${name}`, fms: text };
    } catch (error) {
      app.log.warn({ err: error, fmsDir }, `xplane: the flight plan could not be written into ${fmsDir}`);
      return { ok: false, message: `The flight plan could not be written into ${fmsDir}: ${(error as Error).message}; download it instead`, fms: text };
    }
  };

  const handle = async (socket: WebSocket, sessionId: string, message: SimClientMessage) => {
    switch (message.type) {
      case 'discover':
        socket.send(JSON.stringify(link.status()));
        return;
      case 'subscribe':
        link.subscribe();
        return;
      case 'unsubscribe':
        link.unsubscribe();
        return;
      case 'setHost':
        if (!link.setHost(message.host)) socket.send(JSON.stringify(link.status()));
        return;
      case 'forceReconnect':
        link.forceReconnect();
        return;
      case 'command': {
        const result = message.command.type === 'flightPlan' ? await flightPlan(sessionId, message.command) : link.command(message.command);
        socket.send(JSON.stringify({ type: 'commandResult', id: message.id, ...result }));
        return;
      }
    }
  };

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
          if (user === null || user.sessionId !== sessionUserOf(request).sessionId) {
            // The session's plan goes with it: no one can download it any more.
            plans.delete(sessionUserOf(request).sessionId);
            socket.close(SIM_SESSION_ENDED_CLOSE, 'Session ended');
          }
        },
        (error: unknown) => app.log.warn({ err: error }, 'sim socket session check failed; kept until the next beat'),
      );
    }
  }, settings.pingIntervalMs ?? 30_000);
  beat.unref();

  app.addHook('onClose', async () => {
    clearInterval(beat);
    for (const socket of sockets.keys()) socket.terminate();
    await link.stop();
  });

  const originCheck = async (request: FastifyRequest, reply: FastifyReply) => {
    if (originAllowed(request, options.origins)) return undefined;
    request.log.warn({ origin: request.headers.origin }, 'sim socket refused: foreign Origin');
    return reply.code(403).send({ error: 'Origin not allowed: the simulator socket opens only from pages of this server' });
  };

  registerFmsFolder(app, { fmsDir, sessions: options.sessions, origins: options.origins, now: () => clock.now() });

  app.get(SIM_FMS_DOWNLOAD_PATH, { preValidation: [requireSession(options.sessions, 'Sign in to download the flight plan')] }, async (request, reply) => {
    const text = plans.get(sessionUserOf(request).sessionId);
    if (text === undefined) return reply.code(404).send({ error: 'No flight plan was sent to the simulator in this session' });
    return reply.header('content-type', 'text/plain; charset=utf-8').header('content-disposition', 'attachment; filename="Clearway.fms"').send(text);
  });

  const perSession = new Map<string, number>();
  app.get(
    SIM_SOCKET_PATH,
    {
      websocket: true,
      // The same per-address limit on upgrades as the devices socket (STYLE item 17).
      ...addressLimited(ADDRESS_LIMITS.devicesSocket),
      preValidation: [
        originCheck,
        requireSession(options.sessions, 'Sign in to use the simulator socket'),
        async (request: FastifyRequest, reply: FastifyReply) => {
          if ((perSession.get(sessionUserOf(request).sessionId) ?? 0) < MAX_SIM_SOCKETS_PER_SESSION) return undefined;
          return reply.code(429).header('retry-after', '60').send({ error: `Too many simulator sockets: one session may hold ${MAX_SIM_SOCKETS_PER_SESSION}` });
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
      socket.on('error', (error) => request.log.warn({ err: error }, 'sim socket error'));
      socket.on('message', (data) => {
        let parsed: SimClientMessage;
        try {
          parsed = simClientMessageSchema.parse(JSON.parse(String(data)));
        } catch (error) {
          request.log.warn({ err: error }, 'sim socket: a message that is not a simulator command was dropped');
          socket.send(JSON.stringify({ type: 'commandResult', id: '', ok: false, message: 'Not a simulator message: dropped' }));
          return;
        }
        handle(socket, sessionId, parsed).catch((error: unknown) => request.log.warn({ err: error }, 'sim socket: a message failed'));
      });
      socket.send(JSON.stringify(link.status()));
      const data = link.flightData();
      if (data !== null) socket.send(JSON.stringify({ type: 'flightData', time: link.status().lastDataAt ?? clock.now(), data }));
    },
  );
}
