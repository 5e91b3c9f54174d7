import type { FastifyInstance } from 'fastify';
import { parseBbox } from '@clearway/protocol';
import { distanceToRouteNm, routeBox, tfrFeatureCollection, type NotamRecord, type RoutePoint } from '@clearway/weather';
import type { Database } from '../db/index.js';
import { NotamStore } from './store.js';

/** Below `/notams`: per airport, per route corridor, per area, the TFRs, the source's status. */
export const NOTAMS_ROOT = '/notams';
/** At most `max` requests from one client address per `windowMs` (counted by @fastify/rate-limit, registered by http/). */
export interface NotamLimit {
  max: number;
  windowMs: number;
}
/** Per client address on every NOTAM route: a route screen asks once per airport and once for the corridor. */
export const NOTAM_ADDRESS_LIMIT: NotamLimit = { max: 120, windowMs: 60_000 };
/** NOTAMs change by the minute: revalidate after a minute. */
export const NOTAM_CACHE_CONTROL = 'public, max-age=60';
/** Corridor half-width: default and limits, NM. */
export const CORRIDOR_DEFAULT_NM = 10;
export const CORRIDOR_MAX_NM = 50;
export const ROUTE_MAX_POINTS = 200;
/** At most this many NOTAMs in one area or corridor answer. */
export const AREA_MAX_NOTAMS = 5000;

export interface NotamRoutesOptions {
  db: Database;
  /** Test clock. */
  now?: () => number;
  limit?: NotamLimit;
}

/** The locations an airport id names: `OSH` and `KOSH` are one airport in the NOTAMs (3-letter US ids get their K). */
export function airportLocations(id: string): string[] {
  const upper = id.toUpperCase();
  if (/^[A-Z0-9]{3}$/.test(upper)) return [upper, `K${upper}`];
  if (/^K[A-Z0-9]{3}$/.test(upper)) return [upper, upper.slice(1)];
  return [upper];
}

function parsePoints(text: string): RoutePoint[] | string {
  const points: RoutePoint[] = [];
  for (const pair of text.split(';')) {
    const [lat, lon, extra] = pair.split(',').map((p) => Number(p.trim()));
    if (lat === undefined || lon === undefined || extra !== undefined || !Number.isFinite(lat) || !Number.isFinite(lon) || Math.abs(lat) > 90 || Math.abs(lon) > 180) {
      return `points: '${pair}' is not lat,lon in degrees`;
    }
    points.push({ lat, lon });
  }
  if (points.length < 2) return 'points: a route needs at least 2 points (lat,lon;lat,lon)';
  if (points.length > ROUTE_MAX_POINTS) return `points: at most ${ROUTE_MAX_POINTS} points (got ${points.length})`;
  return points;
}

export async function notamRoutes(app: FastifyInstance, options: NotamRoutesOptions): Promise<void> {
  const store = new NotamStore(options.db);
  const now = options.now ?? Date.now;
  const limit = options.limit ?? NOTAM_ADDRESS_LIMIT;
  const limited = { config: { rateLimit: { max: limit.max, timeWindow: limit.windowMs } } };
  const fetchedAt = async () => (await store.status())?.lastSuccessAt ?? null;

  app.get<{ Params: { file: string } }>(`${NOTAMS_ROOT}/airport/:file`, limited, async (request, reply) => {
    const match = /^([A-Za-z0-9]{3,4})\.json$/.exec(request.params.file);
    if (match === null) return reply.code(404).send({ error: `Unknown NOTAM file "${request.params.file}": expected {airport id}.json, such as KOSH.json` });
    const locations = airportLocations(match[1]!);
    const notams = await store.byLocations(locations, now());
    return reply.header('cache-control', NOTAM_CACHE_CONTROL).send({ airport: match[1]!.toUpperCase(), locations, fetchedAt: await fetchedAt(), notams });
  });

  app.get<{ Querystring: { points?: string; widthNm?: string } }>(`${NOTAMS_ROOT}/route.json`, limited, async (request, reply) => {
    const points = parsePoints(request.query.points ?? '');
    if (typeof points === 'string') return reply.code(400).send({ error: points, parameter: 'points' });
    const widthNm = request.query.widthNm === undefined ? CORRIDOR_DEFAULT_NM : Number(request.query.widthNm);
    if (!Number.isFinite(widthNm) || widthNm <= 0 || widthNm > CORRIDOR_MAX_NM) {
      return reply.code(400).send({ error: `widthNm must be a number above 0 and at most ${CORRIDOR_MAX_NM} (got "${request.query.widthNm}")`, parameter: 'widthNm' });
    }
    const candidates = await store.inBox(routeBox(points, widthNm), now(), AREA_MAX_NOTAMS);
    const notams = candidates.filter((n) => n.lat !== null && n.lon !== null && distanceToRouteNm({ lat: n.lat, lon: n.lon }, points) <= widthNm);
    const byLocation: Record<string, number> = {};
    for (const n of notams) byLocation[n.location] = (byLocation[n.location] ?? 0) + 1;
    return reply.header('cache-control', NOTAM_CACHE_CONTROL).send({ widthNm, fetchedAt: await fetchedAt(), count: notams.length, byLocation, notams });
  });

  app.get<{ Querystring: { bbox?: string } }>(`${NOTAMS_ROOT}/area.json`, limited, async (request, reply) => {
    const bbox = parseBbox(request.query.bbox ?? '');
    if (bbox === null) return reply.code(400).send({ error: `bbox must be west,south,east,north in degrees (got "${request.query.bbox ?? ''}")`, parameter: 'bbox' });
    const notams: NotamRecord[] = await store.inBox(bbox, now(), AREA_MAX_NOTAMS);
    return reply.header('cache-control', NOTAM_CACHE_CONTROL).send({ bbox, fetchedAt: await fetchedAt(), truncated: notams.length >= AREA_MAX_NOTAMS, notams });
  });

  app.get(`${NOTAMS_ROOT}/tfrs.geojson`, limited, async (_request, reply) =>
    reply.header('cache-control', NOTAM_CACHE_CONTROL).type('application/geo+json; charset=utf-8').send(JSON.stringify(tfrFeatureCollection(await store.tfrs(now())))),
  );

  app.get(`${NOTAMS_ROOT}/status.json`, limited, async (_request, reply) => reply.header('cache-control', 'no-cache').send({ status: await store.status() }));
}
