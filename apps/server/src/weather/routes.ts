import { createHash } from 'node:crypto';
import { gunzipSync, gzipSync } from 'node:zlib';
import websocket from '@fastify/websocket';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import {
  DEFAULT_ENDPOINT_PATHS,
  WEATHER_PRODUCT_TYPES,
  parseBbox,
  type MetarEntry,
  type TafEntry,
  type WeatherChannelMessage,
  type WeatherCycles,
  type WeatherProductType,
  type WeatherStationReport,
} from '@clearway/protocol';
import type { Database } from '../db/index.js';
import { encodedEtag, sendMemory, sendTaggedJson } from '../datasets/index.js';
import { ADDRESS_LIMITS, addressLimited, type OriginPolicy } from '../http/index.js';
import { FOREIGN_ORIGIN_ERROR, originAllowed, type RealtimeHub } from '../realtime/index.js';
import { WeatherStore, type SnapshotHead } from './store.js';

/** The weather root (spec part 1 §7 "weather data root"), `/wx`. */
export const WEATHER_ROOT = DEFAULT_ENDPOINT_PATHS.weatherRoot.path;
/** The weather socket, `/ws/weather`. */
export const WEATHER_SOCKET_PATH = DEFAULT_ENDPOINT_PATHS.weatherSocket.path;
/** Snapshots change with their cycle: always revalidate (cheap with the ETag). */
export const WEATHER_CACHE_CONTROL = 'no-cache';
/** Weather sockets one client address may hold in one process. */
export const MAX_WEATHER_SOCKETS_PER_ADDRESS = 16;
const JSON_TYPE = 'application/json; charset=utf-8';

export interface WeatherRoutesOptions {
  db: Database;
  hub: RealtimeHub;
  /** Which page origins may open the weather socket (the app passes its Config). */
  origins: OriginPolicy;
  /** Ping interval of the weather sockets, ms (default 30 s). */
  pingIntervalMs?: number;
  maxSocketsPerAddress?: number;
}

/** A snapshot held in this process for one cycle: both encodings and, for metar/taf/stations, its entries. */
interface Held {
  cycle: number;
  etag: string;
  identity: Buffer;
  gzip: Buffer;
  parsed: unknown;
}

function isProductType(value: string): value is WeatherProductType {
  return (WEATHER_PRODUCT_TYPES as readonly string[]).includes(value);
}

/** Whether If-None-Match names one of the tags (weak comparison, `*` too). */
function noneMatch(request: FastifyRequest, etags: readonly string[]): boolean {
  const header = request.headers['if-none-match'];
  if (header === undefined) return false;
  const text = Array.isArray(header) ? header.join(',') : header;
  if (text.trim() === '*') return true;
  const strip = (tag: string) => (tag.startsWith('W/') ? tag.slice(2) : tag);
  const tags = (text.match(/(?:W\/)?"[^"]*"/g) ?? []).map(strip);
  return etags.some((etag) => tags.includes(strip(etag)));
}

/** Whether the client takes gzip (Accept-Encoding names gzip or `*` with a q above 0). */
function acceptsGzip(request: FastifyRequest): boolean {
  const header = request.headers['accept-encoding'];
  const text = Array.isArray(header) ? header.join(',') : (header ?? '');
  for (const part of text.split(',')) {
    const [name = '', ...params] = part.split(';').map((piece) => piece.trim().toLowerCase());
    if (name !== 'gzip' && name !== 'x-gzip' && name !== '*') continue;
    const q = params.find((param) => param.startsWith('q='));
    if (q === undefined || Number(q.slice(2)) > 0) return true;
  }
  return false;
}

/**
 * The weather below the weather root and the weather socket (packages/protocol weather.ts):
 *
 *   GET /wx/cycles.json            every type's cycle and last fetch (null when never ingested)
 *   GET /wx/{type}.json            the type's snapshot: strong ETag, gzip when accepted, 304 on If-None-Match
 *   GET /wx/metar.json?bbox=w,s,e,n  METARs inside the box (w > e crosses the antimeridian); 400 naming bbox when malformed
 *   GET /wx/station/{id}.json      one station's METAR and TAF; 404 when no snapshot knows the station
 *   GET /ws/weather                `{type:'all', cycles}` on open, `{type, cycle}` at every new cycle
 *
 * No sign-in, as for nav data downloads (navdata/routes.ts): weather is public data and the app
 * keeps it for offline use. Every answer comes from the database (weather_snapshots), so every
 * process answers the same; a process keeps the current cycle's bodies in memory.
 * Cache-Control is no-cache everywhere: a client keeps its copy and revalidates by ETag.
 */
export async function weatherRoutes(app: FastifyInstance, options: WeatherRoutesOptions): Promise<void> {
  if (!app.hasDecorator('websocketServer')) {
    await app.register(websocket, { options: { maxPayload: 4096 } });
  }
  const store = new WeatherStore(options.db);
  const held = new Map<WeatherProductType, Held>();

  /** The snapshot of a type at its stored cycle, loaded once per cycle per process. */
  const load = async (head: SnapshotHead): Promise<Held | null> => {
    const current = held.get(head.type);
    if (current !== undefined && current.cycle === head.cycle) return current;
    const stored = await store.snapshot(head.type);
    if (stored === null) return null;
    const identity = gunzipSync(stored.gzip);
    const parsed = head.type === 'metar' || head.type === 'taf' || head.type === 'stations' ? (JSON.parse(identity.toString('utf8')) as unknown) : null;
    const next: Held = { cycle: stored.cycle, etag: stored.etag, identity, gzip: stored.gzip, parsed };
    held.set(head.type, next);
    return next;
  };

  const cycles = async (): Promise<WeatherCycles> => {
    const heads = await store.heads();
    const headOf = (type: WeatherProductType) => heads.find((h) => h.type === type);
    return {
      cycles: Object.fromEntries(WEATHER_PRODUCT_TYPES.map((type) => [type, headOf(type)?.cycle ?? null])) as WeatherCycles['cycles'],
      fetchedAt: Object.fromEntries(WEATHER_PRODUCT_TYPES.map((type) => [type, headOf(type)?.fetchedAt ?? null])) as WeatherCycles['fetchedAt'],
    };
  };

  const noSnapshot = (reply: FastifyReply, type: WeatherProductType) =>
    reply.code(404).header('cache-control', WEATHER_CACHE_CONTROL).send({ error: `No ${type} weather yet: the server has not ingested this type`, type });

  app.get(`${WEATHER_ROOT}/cycles.json`, addressLimited(ADDRESS_LIMITS.weather), async (request, reply) => sendTaggedJson(request, reply, await cycles(), WEATHER_CACHE_CONTROL));

  app.get<{ Params: { file: string }; Querystring: Record<string, string | undefined> }>(`${WEATHER_ROOT}/:file`, addressLimited(ADDRESS_LIMITS.weather), async (request, reply) => {
    const match = /^([a-z]+)\.json$/.exec(request.params.file);
    const type = match?.[1];
    if (type === undefined || !isProductType(type)) {
      return reply.code(404).header('cache-control', WEATHER_CACHE_CONTROL).send({ error: `Unknown weather file "${request.params.file}"`, files: WEATHER_PRODUCT_TYPES.map((t) => `${t}.json`) });
    }
    const bboxText = request.query.bbox;
    if (bboxText !== undefined && type !== 'metar') {
      return reply.code(400).send({ error: `The bbox parameter is for metar.json only (got it on ${type}.json)`, parameter: 'bbox' });
    }
    const bbox = bboxText === undefined ? null : parseBbox(bboxText);
    if (bboxText !== undefined && bbox === null) {
      return reply.code(400).send({ error: `Malformed bbox parameter "${bboxText}": expected bbox=west,south,east,north in degrees (south <= north, within -180..180 and -90..90)`, parameter: 'bbox' });
    }
    const head = await store.head(type);
    if (head === null) return noSnapshot(reply, type);
    if (bbox === null) {
      // The tags are known without the body: answer 304 without loading it.
      const tags = [head.etag, encodedEtag(head.etag, 'gzip')];
      if (noneMatch(request, tags)) {
        return reply.code(304).header('cache-control', WEATHER_CACHE_CONTROL).header('vary', 'Accept-Encoding').header('etag', acceptsGzip(request) ? tags[1]! : tags[0]!).send();
      }
      const snapshot = await load(head);
      if (snapshot === null) return noSnapshot(reply, type);
      return sendMemory(request, reply, {
        contentType: JSON_TYPE,
        cacheControl: WEATHER_CACHE_CONTROL,
        identity: { body: snapshot.identity, etag: snapshot.etag },
        gzip: { body: snapshot.gzip, etag: encodedEtag(snapshot.etag, 'gzip') },
      });
    }
    const [w, s, e, n] = bbox;
    const key = `${w},${s},${e},${n}`;
    const etag = `${head.etag.slice(0, -1)}-bbox-${createHash('sha256').update(key).digest('hex').slice(0, 12)}"`;
    if (noneMatch(request, [etag, encodedEtag(etag, 'gzip')])) {
      return reply.code(304).header('cache-control', WEATHER_CACHE_CONTROL).header('vary', 'Accept-Encoding').header('etag', acceptsGzip(request) ? encodedEtag(etag, 'gzip') : etag).send();
    }
    const snapshot = await load(head);
    if (snapshot === null) return noSnapshot(reply, type);
    const all = (snapshot.parsed as { stations: MetarEntry[] }).stations;
    const crosses = w > e;
    const inside = all.filter((m) => m.lat >= s && m.lat <= n && (crosses ? m.lon >= w || m.lon <= e : m.lon >= w && m.lon <= e));
    const body = Buffer.from(JSON.stringify({ type: 'metar', cycle: snapshot.cycle, stations: inside }), 'utf8');
    return sendMemory(request, reply, {
      contentType: JSON_TYPE,
      cacheControl: WEATHER_CACHE_CONTROL,
      identity: { body, etag },
      ...(acceptsGzip(request) ? { gzip: { body: gzipSync(body), etag: encodedEtag(etag, 'gzip') } } : {}),
    });
  });

  app.get<{ Params: { file: string } }>(`${WEATHER_ROOT}/station/:file`, addressLimited(ADDRESS_LIMITS.weather), async (request, reply) => {
    const match = /^([A-Za-z0-9]{3,5})\.json$/.exec(request.params.file);
    if (match === null) return reply.code(404).header('cache-control', WEATHER_CACHE_CONTROL).send({ error: `Unknown weather station file "${request.params.file}": expected {ICAO id}.json` });
    const id = match[1]!.toUpperCase();
    const heads = await store.heads();
    const headOf = (type: WeatherProductType) => heads.find((h) => h.type === type) ?? null;
    const entriesOf = async <T>(type: 'metar' | 'taf' | 'stations', field: string): Promise<T[]> => {
      const head = headOf(type);
      const snapshot = head === null ? null : await load(head);
      return snapshot === null ? [] : ((snapshot.parsed as Record<string, T[]>)[field] ?? []);
    };
    const metar = (await entriesOf<MetarEntry>('metar', 'stations')).find((m) => m.id === id) ?? null;
    const taf = (await entriesOf<TafEntry>('taf', 'tafs')).find((t) => t.id === id) ?? null;
    const listed = metar !== null || taf !== null || (await entriesOf<{ id: string }>('stations', 'stations')).some((st) => st.id === id);
    if (!listed) return reply.code(404).header('cache-control', WEATHER_CACHE_CONTROL).send({ error: `Unknown weather station "${id}": no METAR, TAF or station list entry names it`, id });
    const report: WeatherStationReport = { id, metar, taf, cycles: { metar: headOf('metar')?.cycle ?? null, taf: headOf('taf')?.cycle ?? null } };
    return sendTaggedJson(request, reply, report, WEATHER_CACHE_CONTROL);
  });

  // The weather socket: cycles only, so open to any page of this server without sign-in (as the
  // weather itself); the Origin is checked as for the profile socket, and one address holds at most
  // maxSocketsPerAddress sockets in this process.
  const maxPerAddress = options.maxSocketsPerAddress ?? MAX_WEATHER_SOCKETS_PER_ADDRESS;
  const sockets = new Set<WebSocket>();
  const perAddress = new Map<string, number>();
  const alive = new WeakMap<WebSocket, boolean>();
  const send = (socket: WebSocket, message: WeatherChannelMessage) => {
    if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
  };
  const unsubscribe = options.hub.subscribe((envelope) => {
    if (!('weather' in envelope)) return;
    for (const socket of sockets) send(socket, { type: envelope.weather.type, cycle: envelope.weather.cycle });
  });
  const heartbeat = setInterval(() => {
    for (const socket of sockets) {
      if (alive.get(socket) === false) {
        socket.terminate();
        continue;
      }
      alive.set(socket, false);
      if (socket.readyState === socket.OPEN) socket.ping();
    }
  }, options.pingIntervalMs ?? 30_000);
  heartbeat.unref();
  app.addHook('onClose', async () => {
    clearInterval(heartbeat);
    unsubscribe();
    for (const socket of sockets) socket.terminate();
  });
  await options.hub.ready();

  app.get(
    WEATHER_SOCKET_PATH,
    {
      websocket: true,
      preValidation: async (request, reply) => {
        if (!originAllowed(request, options.origins)) {
          request.log.warn({ origin: request.headers.origin }, 'weather socket refused: foreign Origin');
          return reply.code(403).send({ error: FOREIGN_ORIGIN_ERROR });
        }
        if ((perAddress.get(request.ip) ?? 0) >= maxPerAddress) {
          return reply.code(429).header('retry-after', '60').send({ error: `Too many weather sockets: one address may hold ${maxPerAddress}` });
        }
        return undefined;
      },
    },
    (socket, request) => {
      const address = request.ip;
      perAddress.set(address, (perAddress.get(address) ?? 0) + 1);
      sockets.add(socket);
      alive.set(socket, true);
      socket.on('pong', () => alive.set(socket, true));
      socket.on('close', () => {
        sockets.delete(socket);
        const left = (perAddress.get(address) ?? 1) - 1;
        if (left <= 0) perAddress.delete(address);
        else perAddress.set(address, left);
      });
      socket.on('error', (error) => request.log.warn({ err: error }, 'weather socket error'));
      cycles().then(
        (all) => send(socket, { type: 'all', cycles: all.cycles }),
        (error: unknown) => request.log.error({ err: error }, 'weather cycles could not be read for a new socket'),
      );
    },
  );
}
