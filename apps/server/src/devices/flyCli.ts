// npm run fly -- --route "KHWD OSI V25 SNS KSNS" --speed 120 [--traffic 5] [--host 127.0.0.1] [--port 4000] [--rate 1]
// The built-in flyer: flies a route and sends real GDL90 to UDP, as a Stratux would (devices/flyer.ts),
// or with --xplane plays X-Plane (beacon, RREF answers, DREF/CMND heard; devices/xplane/flyXPlane.ts).
import { createSocket } from 'node:dgram';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { openNavDb } from '@clearway/navdb';
import { findRepoRoot } from '../config/index.js';
import { fly, RouteFlight, type FlyPoint } from './flyer.js';
import { parsePoints, resolveRoutePoints } from './route.js';
import { FakeXPlane } from './xplane/fakeXPlane.js';
import { flyXPlane } from './xplane/flyXPlane.js';

const USAGE = `npm run fly -- --route "KHWD OSI V25 SNS KSNS" --speed 120 [--traffic 5] [--host 127.0.0.1] [--port 4000] [--rate 1]
  --route TEXT     points and airways, resolved with a built nav database (--navdb, else var/navdata/*/us.cwnav: npm run navdata)
  --points TEXT    or the points themselves: "lat,lon lat,lon ..." (no nav database needed)
  --navdb FILE     the .cwnav file to resolve --route with
  --speed KT       ground speed (default 120)
  --altitude FT    pressure altitude (default 4500)
  --traffic N      traffic targets circling the ownship (default 0)
  --host, --port   where to send (default 127.0.0.1:4000, the server's DEVICES_GDL90_PORT)
  --rate N         ownship reports a second (default 1; heartbeat and traffic each second)
  --duration S     stop after S seconds (default: at the route's end)
  --time-scale X   fly X route seconds per real second (default 1)
  --xplane         play X-Plane instead of a GDL90 receiver: listen on --host:--xplane-port, send the BECN
                   beacon each second to --beacon, answer RREF subscriptions at --rate (default 20), print
                   the DREF/CMND commands received (the server's simulator link: XPLANE=on)
  --xplane-port N  the UDP port X-Plane listens on (default 49000)
  --beacon A:P     where the beacon goes (default 127.0.0.1:49707; X-Plane multicasts to 239.255.1.1:49707; off: none)`;

function fail(message: string): never {
  process.stderr.write(`fly: ${message}\n\n${USAGE}\n`);
  process.exit(2);
}

function number(name: string, value: string | undefined, fallback: number, min: number, max: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isFinite(n) || n < min || n > max) fail(`--${name} must be a number from ${min} to ${max} (got "${value}")`);
  return n;
}

function defaultNavDb(): string | undefined {
  const root = join(findRepoRoot(), 'var', 'navdata');
  if (!existsSync(root)) return undefined;
  for (const channel of readdirSync(root)) {
    const file = join(root, channel, 'us.cwnav');
    if (existsSync(file)) return file;
  }
  return undefined;
}

async function main(): Promise<void> {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        route: { type: 'string' }, points: { type: 'string' }, navdb: { type: 'string' }, speed: { type: 'string' }, altitude: { type: 'string' },
        traffic: { type: 'string' }, host: { type: 'string' }, port: { type: 'string' }, rate: { type: 'string' }, duration: { type: 'string' },
        'time-scale': { type: 'string' }, help: { type: 'boolean' }, xplane: { type: 'boolean' }, 'xplane-port': { type: 'string' }, beacon: { type: 'string' },
      },
    }));
  } catch (error) {
    fail(error instanceof Error ? error.message : String(error));
  }
  if (values.help === true) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  let points: FlyPoint[];
  try {
    if (values.points !== undefined) points = parsePoints(values.points);
    else if (values.route !== undefined) {
      const file = values.navdb ?? defaultNavDb();
      if (file === undefined || !existsSync(file)) fail(`no nav database to resolve --route with${file === undefined ? ' (none built under var/navdata: npm run navdata, or pass --navdb FILE)' : ` (${file} does not exist)`}; or give --points "lat,lon lat,lon ..."`);
      points = resolveRoutePoints(values.route, openNavDb(readFileSync(file)), (note) => process.stdout.write(`fly: ${note}\n`));
    } else fail('give --route (with a nav database) or --points');
  } catch (error) {
    fail(error instanceof Error ? error.message : String(error));
  }
  const speed = number('speed', values.speed, 120, 1, 1000);
  const flight = new RouteFlight(points, speed, number('altitude', values.altitude, 4500, -1000, 60000));
  const host = values.host ?? '127.0.0.1';
  if (values.xplane === true) {
    await flyAsXPlane(flight, points, host, values);
    return;
  }
  const port = number('port', values.port, 4000, 1, 65535);
  const udp = createSocket(host.includes(':') ? 'udp6' : 'udp4');
  udp.on('error', (error) => process.stderr.write(`fly: UDP error: ${error.message}\n`));
  process.stdout.write(`fly: ${points.map((p) => p.id).join(' ')}: ${flight.totalNm.toFixed(1)} nm at ${speed} kt (${(flight.durationSeconds / 60).toFixed(1)} min), GDL90 to ${host}:${port}\n`);
  let lastTo = -1;
  const result = await fly({
    flight,
    traffic: number('traffic', values.traffic, 0, 0, 500),
    rate: number('rate', values.rate, 1, 0.1, 50),
    ...(values.duration === undefined ? {} : { durationSeconds: number('duration', values.duration, 0, 0, 86_400) }),
    timeScale: number('time-scale', values['time-scale'], 1, 0.1, 10_000),
    send: (bytes) => new Promise((resolve) => udp.send(bytes, port, host, () => resolve())),
    onStep: (state, seconds) => {
      if (state.toIndex === lastTo) return;
      lastTo = state.toIndex;
      process.stdout.write(`fly: ${Math.round(seconds)} s, ${state.flownNm.toFixed(1)} nm: to ${points[state.toIndex]?.id ?? '?'}\n`);
    },
  });
  process.stdout.write(`fly: ${result.final.done ? 'arrived' : 'stopped'} after ${Math.round(result.seconds)} s of flight at ${result.final.lat.toFixed(4)},${result.final.lon.toFixed(4)}; ${result.datagrams} datagrams sent\n`);
  udp.close();
}

/** --xplane: the flight served as X-Plane's UDP interface (flyXPlane.ts). */
async function flyAsXPlane(flight: RouteFlight, points: FlyPoint[], host: string, values: Record<string, string | boolean | undefined>): Promise<void> {
  const str = (name: string) => (typeof values[name] === 'string' ? (values[name] as string) : undefined);
  const xplanePort = number('xplane-port', str('xplane-port'), 49000, 0, 65535);
  const beaconText = str('beacon') ?? '127.0.0.1:49707';
  let beacon: { address: string; port: number } | null = null;
  if (beaconText !== 'off') {
    const match = /^(.+):(\d{1,5})$/.exec(beaconText);
    if (!match || Number(match[2]) < 1 || Number(match[2]) > 65535) fail(`--beacon must be address:port or off (got "${beaconText}")`);
    beacon = { address: match[1]!, port: Number(match[2]) };
  }
  let xplane: FakeXPlane;
  try {
    xplane = await FakeXPlane.start(host, xplanePort);
  } catch (error) {
    fail(`UDP ${host}:${xplanePort} could not be bound (${error instanceof Error ? error.message : String(error)}); is X-Plane running here? Try --xplane-port`);
  }
  process.stdout.write(`fly: ${points.map((p) => p.id).join(' ')}: ${flight.totalNm.toFixed(1)} nm at ${flight.speedKt} kt (${(flight.durationSeconds / 60).toFixed(1)} min), as X-Plane on UDP ${host}:${xplane.port}, beacon ${beacon === null ? 'off' : `to ${beacon.address}:${beacon.port}`}\n`);
  let lastTo = -1;
  let subscribed = false;
  const result = await flyXPlane({
    flight,
    xplane,
    beacon,
    rate: number('rate', str('rate'), 20, 0.1, 50),
    ...(str('duration') === undefined ? {} : { durationSeconds: number('duration', str('duration'), 0, 0, 86_400) }),
    timeScale: number('time-scale', str('time-scale'), 1, 0.1, 10_000),
    onStep: (state, seconds) => {
      const now = xplane.subscribedCount() > 0;
      if (now !== subscribed) {
        subscribed = now;
        process.stdout.write(`fly: ${Math.round(seconds)} s: ${now ? `subscribed (${xplane.subscribedCount()} datarefs)` : 'unsubscribed'}\n`);
      }
      if (state.toIndex === lastTo) return;
      lastTo = state.toIndex;
      process.stdout.write(`fly: ${Math.round(seconds)} s, ${state.flownNm.toFixed(1)} nm: to ${points[state.toIndex]?.id ?? '?'}\n`);
    },
    onCommand: (packet) => {
      if (packet.kind === 'DREF') process.stdout.write(`fly: DREF ${packet.dataref} = ${packet.value}\n`);
      else if (packet.kind === 'CMND') process.stdout.write(`fly: CMND ${packet.command}\n`);
    },
  });
  process.stdout.write(`fly: ${result.final.done ? 'arrived' : 'stopped'} after ${Math.round(result.seconds)} s of flight at ${result.final.lat.toFixed(4)},${result.final.lon.toFixed(4)}; ${result.answered} RREF answer rounds, ${result.beacons} beacons sent\n`);
  await xplane.close();
}

void main();
