// In flight (issue 19) end to end: the real server with its devices bridge listening for GDL90 on a
// free UDP port of 127.0.0.1, the built-in flyer (apps/server/src/devices/flyer.ts) sending real
// GDL90 datagrams to it at 10 ownship reports a second with 50 traffic targets, and the app in
// Chromium signed in: the devices socket brings it to the ADS-B worker, the ownship moves along the
// route on the map, the nav strip names the next waypoint and switches as the flyer passes it,
// traffic shows with its relative altitude tags, panning stops follow mode until Resume Navigation,
// and when the flyer stops the status chips turn to lost at the spec's time-outs and the traffic
// ages out. Prints the p95 from datagram to ownship drawn (figure only, no timed assertion).
// Screenshots under test-results/screenshots/inflight/.
import { spawnSync } from 'node:child_process';
import { createSocket, type Socket } from 'node:dgram';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fly, RouteFlight, type FlyPoint } from '../apps/server/src/devices/flyer.js';
import { launchChromium, signedInContext, startServer, waitNavDbLoaded, type RunningServer } from './harness.js';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const shots = join(repoRoot, 'test-results', 'screenshots', 'inflight');
const navdataDir = mkdtempSync(join(tmpdir(), 'clearway-e2e-inflight-'));

/** The small US nav database of the FAA NASR excerpts (KLAX among them): built and opened in moments. */
function buildExcerptNavData(dir: string): void {
  const result = spawnSync(
    process.execPath,
    [join(repoRoot, 'packages/navimport/dist/cli.js'), 'build', '--from', join(repoRoot, '..', 'shared', 'data', 'navdata', 'faa-nasr', 'excerpts-2025'), '--out', join(dir, 'dev'), '--region', 'us', '--quiet'],
    { cwd: repoRoot, encoding: 'utf8' },
  );
  if (result.status !== 0) throw new Error(`navdata build failed:\n${result.stdout}\n${result.stderr}`);
}

/**
 * Points due north of KLAX: the flyer first flies north toward P1 from 60 nm south of it until the
 * checks in flight are done (however slow the machine), then on P1 → P2 → P3 (3.6 nm apart) → P4,
 * and is stopped once the nav strip has switched to P3 (P4 gives a slow page time to get there).
 */
const APPROACH = { id: 'S', lat: 33.0, lon: -118.4 };
const POINTS: FlyPoint[] = [
  { id: 'P1', lat: 34.0, lon: -118.4 },
  { id: 'P2', lat: 34.06, lon: -118.4 },
  { id: 'P3', lat: 34.12, lon: -118.4 },
  { id: 'P4', lat: 34.5, lon: -118.4 },
];
const ROUTE = `KLAX ${POINTS.map((p) => `${p.lat}/${p.lon}`).join(' ')}`;
/** 240 kt flown 6 times faster than real time: about 9 s from P1 to P2, 10 ownship reports a second. */
const SPEED_KT = 240;
const TIME_SCALE = 6;
const ALTITUDE_FT = 4500;
const TRAFFIC = 50;
const RATE = 10;
/** The flyer's altitude offsets of its first targets (flyer.ts TRAFFIC_OFFSETS_FT) as the app's tags. */
const EXPECTED_TAGS: Record<string, string> = { A10000: '+05', A10001: '-10', A10002: '+20', A10003: '-03', A10004: '+12', A10005: '-25' };

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let udp: Socket;
let gdl90Port = 0;
let errors: string[] = [];
/** The page's console lines (the start-up link of the workers says whether it was made). */
const consoleLines: string[] = [];
/** The flights in the air: stopped before the UDP socket closes, also when a step failed. */
const flights: { stop: AbortController; done: Promise<unknown> }[] = [];

/** A UDP port the kernel says is free on 127.0.0.1. */
async function freeUdpPort(): Promise<number> {
  const probe = createSocket('udp4');
  await new Promise<void>((resolve, reject) => {
    probe.once('error', reject);
    probe.bind(0, '127.0.0.1', () => resolve());
  });
  const { port } = probe.address();
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

beforeAll(async () => {
  const t0 = Date.now();
  mkdirSync(shots, { recursive: true });
  buildExcerptNavData(navdataDir);
  gdl90Port = await freeUdpPort();
  server = await startServer({ NAVDATA_DIR: navdataDir, DEVICES: 'on', DEVICES_HOST: '127.0.0.1', DEVICES_GDL90_PORT: String(gdl90Port), DEVICES_ANNOUNCE: 'off' });
  udp = createSocket('udp4');
  browser = await launchChromium();
  context = await signedInContext(browser, server, { viewport: { width: 1180, height: 820 } });
  page = await context.newPage();
  errors = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => consoleLines.push(message.text()));
  await page.goto(`${server.origin}/app/map1`);
  await waitNavDbLoaded(page);
  await page.getByRole('combobox').waitFor({ state: 'visible' });
  console.log(`[inflight] server (GDL90 on UDP 127.0.0.1:${gdl90Port}), Chromium and the app up in ${Date.now() - t0} ms`);
}, 120_000);

afterAll(async () => {
  for (const flight of flights) flight.stop.abort();
  await Promise.allSettled(flights.map((flight) => flight.done));
  udp?.close();
  await context?.close();
  await browser?.close();
  await server?.stop();
  rmSync(navdataDir, { recursive: true, force: true });
});

const attr = (selector: string, name: string) => page.evaluate(([s, n]) => document.querySelector(s!)?.getAttribute(n!) ?? null, [selector, name]);
const chip = (id: string) => attr(`[data-testid="inflight-chip-${id}"]`, 'data-state');

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

/** What the page saw, recorded in the page itself (a MutationObserver), so a slow test loop misses nothing. */
interface Snapshot {
  /** The page's Date.now() (same machine clock as the test's). */
  t: number;
  own: string | null;
  next: string | null;
  heartbeat: string | null;
  traffic: string | null;
  gps: string | null;
  targets: number;
}

/** Starts the page's recorder: a snapshot each time the ownship, the next waypoint, a chip or the traffic count changes. */
async function startRecorder(): Promise<void> {
  await page.evaluate(() => {
    const log: Snapshot[] = [];
    (window as unknown as { __inflightLog: Snapshot[] }).__inflightLog = log;
    const get = (selector: string, name: string) => document.querySelector(selector)?.getAttribute(name) ?? null;
    let last = '';
    const snap = () => {
      const s = {
        own: get('[data-ownship]', 'data-ownship'),
        next: get('[data-testid="nav-strip"]', 'data-next'),
        heartbeat: get('[data-testid="inflight-chip-heartbeat"]', 'data-state'),
        traffic: get('[data-testid="inflight-chip-traffic"]', 'data-state'),
        gps: get('[data-testid="inflight-chip-adsb-gps"]', 'data-state'),
        targets: Number(get('[data-traffic]', 'data-traffic') ?? 0),
      };
      const key = JSON.stringify(s);
      if (key !== last) {
        last = key;
        log.push({ t: Date.now(), ...s });
      }
    };
    new MutationObserver(snap).observe(document.body, { subtree: true, attributes: true, attributeFilter: ['data-ownship', 'data-next', 'data-state', 'data-traffic'] });
    snap();
  });
}

const recorded = () => page.evaluate(() => (window as unknown as { __inflightLog: Snapshot[] }).__inflightLog);

/** GDL90 message ids (the byte after the opening flag). */
const HEARTBEAT_ID = 0x00;
const OWNSHIP_ID = 0x0a;
const TRAFFIC_ID = 0x14;

describe('in flight: the flyer over UDP to the app', () => {
  it('shows ownship moving along the route, the next waypoint switching, traffic with its tags; the chips go lost when the flyer stops', async () => {
    // The route, and the devices socket open (signed in, the bridge listening).
    const box = page.getByRole('combobox');
    await box.fill(ROUTE);
    await page.getByRole('option', { name: /^Select Route:/ }).first().waitFor({ timeout: 15_000 });
    await box.press('Enter');
    await page.waitForSelector('[data-map-route-points="5"]', { timeout: 15_000 });
    const codes = ((await attr('[data-map-route-points="5"]', 'data-map-route')) ?? '').split(' ');
    expect(codes).toHaveLength(5);
    await page.waitForSelector('[data-testid="inflight-chips"][data-link="open"]', { timeout: 15_000 });
    expect(await chip('heartbeat')).toBe('off');
    expect(await page.locator('[data-ownship]').count()).toBe(0);
    await startRecorder();

    // Fly: real datagrams to the bridge's UDP port, until the test has seen what it needs in flight (the
    // route's end at the latest); the time each kind of message was last sent (the test's clock).
    const lastSent: Record<number, number> = {};
    const send = (bytes: Uint8Array) => {
      lastSent[bytes[1]!] = Date.now();
      return new Promise<void>((resolve, reject) => udp.send(bytes, gdl90Port, '127.0.0.1', (error) => (error ? reject(error) : resolve())));
    };
    const inbound = new AbortController();
    const approach = fly({ flight: new RouteFlight([APPROACH, POINTS[0]!], SPEED_KT, ALTITUDE_FT), traffic: TRAFFIC, rate: RATE, timeScale: TIME_SCALE, send, signal: inbound.signal });
    flights.push({ stop: inbound, done: approach });
    let flown: Awaited<typeof approach> | null = null;
    void approach.then((result) => (flown = result));

    // In flight: the ownship from ADS-B, the chips on, all 50 targets (inside the default filter) with
    // the altitude tags of their offsets.
    // (Generous waits: on a starved machine the page runs seconds behind the datagrams.)
    await page.waitForSelector('[data-testid="ownship"][data-source="adsb"]', { timeout: 60_000 });
    await expect.poll(() => chip('heartbeat'), { timeout: 60_000, interval: 250 }).toBe('on');
    // Start-up linked the routing worker to the traffic receiver; the ADS-B worker, made on the first
    // message, took its port and the routing worker answered on it (real workers, real MessageChannel).
    expect(consoleLines.filter((line) => line.includes('traffic receiver linked to the routing worker'))).toHaveLength(1);
    await expect.poll(() => consoleLines.filter((line) => line.includes('the traffic receiver is linked to the routing worker')).length, { timeout: 10_000 }).toBe(1);
    // The test's nav data has expired: its red banner is at the bottom of the map, and the chips stay above it.
    const banner = await page.getByTestId('navdb-expiry-banner').boundingBox();
    const chips = await page.getByTestId('inflight-chips').boundingBox();
    expect(banner).not.toBeNull();
    expect(chips!.y + chips!.height).toBeLessThanOrEqual(banner!.y);
    await expect.poll(() => page.locator('[data-testid="traffic-target"]').count(), { timeout: 60_000 }).toBe(TRAFFIC);
    expect(await chip('traffic')).toBe('on');
    expect(await chip('adsb-gps')).toBe('on');
    for (const [hex, tag] of Object.entries(EXPECTED_TAGS)) {
      expect(await attr(`[data-testid="traffic-target"][data-hex="${hex}"]`, 'data-altitude-tag'), hex).toBe(tag);
    }
    expect(await page.locator('[data-testid="traffic-target"][data-hex="A10000"] .traffic-tag').textContent()).toBe('+05 CW001');
    expect(await page.locator('[data-testid="traffic-target"][data-hex="A10001"] .traffic-tag').textContent()).toBe('-10↑ CW002');
    expect(await page.getByTestId('nav-dtk').textContent()).toMatch(/^DTK \d{3}°[MT]$/);
    await page.screenshot({ path: join(shots, 'tablet-day.png') });

    // A pan ends follow mode; Resume Navigation brings it back, the ownship drawn inside the map's view.
    await page.mouse.move(600, 450);
    await page.mouse.down();
    await page.mouse.move(500, 380, { steps: 5 });
    await page.mouse.up();
    await page.getByTestId('resume-navigation').waitFor({ timeout: 15_000 });
    await page.getByTestId('resume-navigation').click();
    await page.getByTestId('resume-navigation').waitFor({ state: 'hidden', timeout: 15_000 });
    await expect
      .poll(async () => {
        const box = await page.getByTestId('ownship').boundingBox();
        return box !== null && box.x > 0 && box.y > 58 && box.x + box.width < 1180 && box.y + box.height < 820;
      }, { timeout: 15_000 })
      .toBe(true);

    // On along the route from P1 (a step north of where it was): the nav strip switches to P3 as the
    // flyer passes P2; then the flyer stops.
    expect(flown, 'the flyer reached P1 before the checks in flight were done').toBeNull();
    inbound.abort();
    await approach;
    const landing = new AbortController();
    const flying = fly({ flight: new RouteFlight(POINTS, SPEED_KT, ALTITUDE_FT), traffic: TRAFFIC, rate: RATE, timeScale: TIME_SCALE, send, signal: landing.signal });
    flights.push({ stop: landing, done: flying });
    flown = null;
    void flying.then((result) => (flown = result));
    await page.waitForFunction((p3) => (window as unknown as { __inflightLog: Snapshot[] }).__inflightLog.some((s) => s.next === p3 && s.own !== null), codes[3]!, { timeout: 60_000 });
    expect(flown, 'the flyer flew the whole route before the nav strip named P3').toBeNull();
    landing.abort();
    const result = await flying;
    const stoppedAt = Date.now();
    console.log(`[inflight] flyer: ${result.datagrams} datagrams in ${result.steps} steps over ${result.seconds.toFixed(1)} route seconds`);

    // The flyer stopped: ADS-B GPS lost after 6 s, heartbeat and traffic after 10 s, the traffic aged out,
    // ownship kept as the last fix (the last good state).
    await expect.poll(() => chip('adsb-gps'), { timeout: 20_000, interval: 250 }).toBe('lost');
    await expect.poll(() => chip('heartbeat'), { timeout: 20_000, interval: 250 }).toBe('lost');
    await expect.poll(() => chip('traffic'), { timeout: 10_000, interval: 250 }).toBe('lost');
    await expect.poll(() => page.locator('[data-testid="traffic-target"]').count(), { timeout: 10_000 }).toBe(0);
    // The ownship layer takes the lost fix on its own draw, a moment after the chips (seen once on a busy machine).
    await expect.poll(() => attr('[data-testid="ownship"]', 'data-source'), { timeout: 5_000, interval: 250 }).toBe('last');
    expect(await page.getByTestId('ownship-source').textContent()).toBe('last fix');

    const log = await recorded();
    const positions = log.filter((s) => s.own !== null && s.gps === 'on');
    // Ownship moved north along the route (from south of P1 at 34.00 N to past P2 at 34.06 N), never back.
    expect(positions.length).toBeGreaterThan(20);
    const lats = positions.map((s) => Number(s.own!.split(',')[0]));
    expect(Math.min(...lats)).toBeLessThan(34.03);
    expect(Math.max(...lats)).toBeGreaterThan(34.06); // past P2 (the flyer stops once the strip names P3)
    expect(lats.every((lat, i) => i === 0 || lat >= lats[i - 1]! - 1e-5)).toBe(true);
    // The nav strip named P2, then switched to P3 after passing it (P2 at 34.06 N), never back.
    const nexts = positions.map((s) => s.next);
    const p2 = nexts.indexOf(codes[2]!);
    const p3 = nexts.indexOf(codes[3]!);
    expect(p2, `next waypoints seen: ${[...new Set(nexts)].join(', ')}`).toBeGreaterThanOrEqual(0);
    expect(p3).toBeGreaterThan(p2);
    expect(positions.slice(p3).every((s) => s.next === codes[3] || s.next === codes[4])).toBe(true);
    expect(lats[p3]!).toBeGreaterThan(34.05);
    expect(lats[p3 - 1]!).toBeLessThan(34.07);

    // The chips' turns, as the page drew them: on while flying; ADS-B GPS lost first (6 s), while the
    // heartbeat was still on; heartbeat and traffic lost (10 s); none of them before its time-out.
    const firstAt = (pick: (s: Snapshot) => boolean) => log.find(pick);
    const gpsLost = firstAt((s) => s.gps === 'lost')!;
    const heartbeatLost = firstAt((s) => s.heartbeat === 'lost')!;
    const trafficLost = firstAt((s) => s.traffic === 'lost')!;
    // (The jump from the inbound leg to P1 leaves the old targets outside the filter for a moment: only after the last traffic sent counts.)
    const agedOut = log.find((s) => s.t > lastSent[TRAFFIC_ID]! && s.targets === 0)!;
    expect(gpsLost.heartbeat).toBe('on');
    expect(gpsLost.t - lastSent[OWNSHIP_ID]!).toBeGreaterThanOrEqual(6_000);
    expect(heartbeatLost.t - lastSent[HEARTBEAT_ID]!).toBeGreaterThanOrEqual(10_000);
    expect(trafficLost.t - lastSent[TRAFFIC_ID]!).toBeGreaterThanOrEqual(10_000);
    expect(agedOut.t - lastSent[TRAFFIC_ID]!).toBeGreaterThanOrEqual(10_000);
    console.log(
      `[inflight] after the last datagram of each kind: ADS-B GPS lost at ${gpsLost.t - lastSent[OWNSHIP_ID]!} ms (spec 6 s), heartbeat lost at ${heartbeatLost.t - lastSent[HEARTBEAT_ID]!} ms, traffic lost at ${trafficLost.t - lastSent[TRAFFIC_ID]!} ms (spec 10 s), traffic aged out at ${agedOut.t - lastSent[TRAFFIC_ID]!} ms (spec 10 s); the test is ${Date.now() - stoppedAt} ms past the flyer's stop`,
    );

    // Datagram (the server's time of reception) to ownship drawn (the frame after the marker moved): a figure.
    const latencies = ((await attr('[data-inflight-latency-ms]', 'data-inflight-latency-ms')) ?? '').split(',').filter((v) => v !== '').map(Number);
    expect(latencies.length).toBeGreaterThan(20);
    console.log(`[inflight] datagram to ownship drawn at ${RATE} reports/s with ${TRAFFIC} traffic targets: p50 ${percentile(latencies, 50)} ms, p95 ${percentile(latencies, 95)} ms, max ${Math.max(...latencies)} ms over ${latencies.length} reports (target p95 < 100 ms; npm run bench:inflight for the benchmark)`);

    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: join(shots, 'phone-after.png') });
    expect(errors).toEqual([]);
  });
});
