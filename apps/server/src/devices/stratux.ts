import WebSocket from 'ws';
import type { DevicesOwnshipMessage, DeviceTrafficTarget } from '@clearway/protocol';
import type { Gdl90Bridge } from './bridge.js';

/**
 * Stratux's own websocket streams as a second input of the devices bridge (DEVICES_STRATUX_URL):
 * `/traffic` (one JSON object per target update, Stratux's TrafficInfo) and `/situation` (its GPS
 * and baro situation). Each message goes into the bridge as a GDL90 message would: targets kept and
 * batched, ownship throttled, the receiver's heartbeat and the time-outs alike. A Mode S target
 * (no position) with Stratux's DistanceEstimated goes out with `distanceNm`, the app's distance ring.
 * Bad JSON is counted (as `unknown`) and dropped; the sockets reconnect after a close.
 */

const M_PER_NM = 1852;
/** Stratux's Addr_type, as the GDL90 address types (0 ADS-B ICAO ... 3 TIS-B track file). */
const ADDRESS_TYPES = ['adsbIcao', 'adsbSelfAssigned', 'tisbIcao', 'tisbTrackFile', 'surfaceVehicle', 'groundStationBeacon'];
/** Ownship without an air/ground flag in the situation stream: airborne at or above the spec's default take-off threshold. */
const AIRBORNE_KT = 55;

const num = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);
const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);

/** The two stream URLs on the host of DEVICES_STRATUX_URL (`ws://192.168.10.1` or one of its streams). */
export function stratuxStreamUrls(url: string): { traffic: string; situation: string } {
  const base = new URL(url);
  return { traffic: new URL('/traffic', base).toString(), situation: new URL('/situation', base).toString() };
}

/** One `/traffic` message as a bridge target; null when it is not a target (no Icao_addr). */
export function stratuxTarget(json: unknown): Omit<DeviceTrafficTarget, 'time'> | null {
  if (typeof json !== 'object' || json === null) return null;
  const t = json as Record<string, unknown>;
  const address = num(t['Icao_addr']);
  if (address === null || address < 0 || address > 0xffffff) return null;
  const positioned = t['Position_valid'] === true && num(t['Lat']) !== null && num(t['Lng']) !== null;
  const estimated = num(t['DistanceEstimated']);
  const altFt = num(t['Alt']);
  const speed = t['Speed_valid'] === true ? num(t['Speed']) : null;
  const addrType = num(t['Addr_type']);
  const emitter = num(t['Emitter_category']);
  const priority = num(t['PriorityStatus']);
  return {
    address: Math.round(address).toString(16).toUpperCase().padStart(6, '0'),
    addressType: (addrType !== null ? ADDRESS_TYPES[addrType] : undefined) ?? 'adsbIcao',
    callsign: text(t['Tail']) ?? text(t['Reg']),
    lat: positioned ? (t['Lat'] as number) : null,
    lon: positioned ? (t['Lng'] as number) : null,
    altFt,
    trackDeg: positioned && num(t['Track']) !== null ? ((num(t['Track'])! % 360) + 360) % 360 : null,
    speedKt: speed !== null && speed >= 0 ? speed : null,
    verticalSpeedFpm: num(t['Vvel']),
    emitter: emitter !== null && emitter >= 0 && emitter <= 255 ? Math.round(emitter) : 0,
    emergency: priority !== null && priority >= 0 && priority <= 15 ? Math.round(priority) : 0,
    onGround: t['OnGround'] === true,
    alert: false,
    distanceNm: !positioned && estimated !== null && estimated > 0 ? estimated / M_PER_NM : null,
  };
}

/** One `/situation` message as the bridge's ownship; null without a GPS fix. */
export function stratuxOwnship(json: unknown): Omit<DevicesOwnshipMessage, 'type' | 'time'> | null {
  if (typeof json !== 'object' || json === null) return null;
  const s = json as Record<string, unknown>;
  const lat = num(s['GPSLatitude']);
  const lon = num(s['GPSLongitude']);
  const quality = num(s['GPSFixQuality']);
  if (lat === null || lon === null || quality === null || quality <= 0 || Math.abs(lat) > 90 || Math.abs(lon) > 180) return null;
  const baro = num(s['BaroPressureAltitude']);
  const baroSource = num(s['BaroSourceType']);
  const speed = num(s['GPSGroundSpeed']);
  const course = num(s['GPSTrueCourse']);
  const vs = num(s['GPSVerticalSpeed']);
  const nacp = num(s['GPSNACp']);
  return {
    address: '000000',
    callsign: null,
    lat,
    lon,
    // 99999 and a source of 0 mean no baro sensor.
    altPressureFt: baro !== null && baro < 60_000 && (baroSource === null || baroSource > 0) ? baro : null,
    altGeoFt: num(s['GPSAltitudeMSL']),
    geoAltitudeDatum: 'msl',
    trackDeg: course !== null ? ((course % 360) + 360) % 360 : null,
    groundSpeedKt: speed !== null && speed >= 0 ? speed : null,
    // Stratux's GPSVerticalSpeed is feet per second.
    verticalSpeedFpm: vs !== null ? Math.round(vs * 60) : null,
    nic: 0,
    nacp: nacp !== null && nacp >= 0 && nacp <= 15 ? Math.round(nacp) : 0,
    airborne: speed !== null && speed >= AIRBORNE_KT,
  };
}

export interface StratuxInputOptions {
  /** DEVICES_STRATUX_URL. */
  url: string;
  bridge: Pick<Gdl90Bridge, 'handleStratuxTarget' | 'handleStratuxOwnship' | 'heardStratux' | 'counts'>;
  log: { info: (message: string) => void; warn: (message: string) => void };
  /** Reconnect delays, ms: the first after a close, doubling up to the last (default 1 s to 30 s). */
  retryMs?: { first: number; max: number };
}

/** The two sockets to the Stratux host, each reconnecting by itself; `stop` closes them. */
export class StratuxInput {
  readonly #options: StratuxInputOptions;
  readonly #sockets = new Map<string, WebSocket>();
  readonly #timers = new Set<ReturnType<typeof setTimeout>>();
  #stopped = false;

  constructor(options: StratuxInputOptions) {
    this.#options = options;
  }

  start(): void {
    this.#stopped = false;
    const urls = stratuxStreamUrls(this.#options.url);
    this.#open(urls.traffic, 'traffic', this.#options.retryMs?.first ?? 1_000);
    this.#open(urls.situation, 'situation', this.#options.retryMs?.first ?? 1_000);
  }

  #open(url: string, stream: 'traffic' | 'situation', delay: number): void {
    if (this.#stopped) return;
    const { bridge, log } = this.#options;
    const from = `stratux ${new URL(url).host}`;
    const socket = new WebSocket(url, { handshakeTimeout: 5_000 });
    this.#sockets.set(stream, socket);
    let opened = false;
    socket.on('open', () => {
      opened = true;
      log.info(`devices: Stratux ${stream} stream open (${url})`);
    });
    socket.on('message', (data, isBinary) => {
      let json: unknown;
      try {
        json = JSON.parse(isBinary ? '' : String(data));
      } catch {
        bridge.counts.unknown++;
        return;
      }
      if (stream === 'traffic') {
        const target = stratuxTarget(json);
        if (target) bridge.handleStratuxTarget(target, from);
        else bridge.counts.unknown++;
      } else {
        const own = stratuxOwnship(json);
        // A situation without a GPS fix still says the receiver is there.
        if (own) bridge.handleStratuxOwnship(own, from);
        else if (typeof json === 'object' && json !== null) bridge.heardStratux(from);
        else bridge.counts.unknown++;
      }
    });
    socket.on('error', (error) => {
      if (!opened) log.warn(`devices: Stratux ${stream} stream at ${url}: ${error.message}; retrying`);
    });
    socket.on('close', () => {
      if (this.#sockets.get(stream) === socket) this.#sockets.delete(stream);
      if (this.#stopped) return;
      const max = this.#options.retryMs?.max ?? 30_000;
      const next = opened ? (this.#options.retryMs?.first ?? 1_000) : delay;
      const timer = setTimeout(() => {
        this.#timers.delete(timer);
        this.#open(url, stream, Math.min(max, next * 2));
      }, next);
      timer.unref();
      this.#timers.add(timer);
    });
  }

  stop(): void {
    this.#stopped = true;
    for (const timer of this.#timers) clearTimeout(timer);
    this.#timers.clear();
    for (const socket of this.#sockets.values()) socket.terminate();
    this.#sockets.clear();
  }
}
