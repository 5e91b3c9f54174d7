import { createFisbCollector, createGdl90Decoder, type FisbCollector, type Gdl90Decoder, type Gdl90Message, type TargetReport } from '@clearway/gdl90';
import {
  DEVICE_GPS_TIMEOUT_MS,
  DEVICE_HEARTBEAT_TIMEOUT_MS,
  DEVICE_TRAFFIC_TIMEOUT_MS,
  OWNSHIP_MAX_PER_SECOND,
  TRAFFIC_BATCH_MS,
  type DeviceFisbProduct,
  type DeviceReceiver,
  type DevicesCounts,
  type DevicesMessage,
  type DevicesOwnshipMessage,
  type DevicesStatusMessage,
  type DeviceTrafficTarget,
} from '@clearway/protocol';
import type { JobClock } from '../jobs/index.js';

/** The receiver status time-outs (spec: heartbeat and traffic 10 s, ADS-B GPS 6 s). */
export interface DeviceTimeouts {
  heartbeatMs: number;
  trafficMs: number;
  gpsMs: number;
}

export const SPEC_DEVICE_TIMEOUTS: DeviceTimeouts = { heartbeatMs: DEVICE_HEARTBEAT_TIMEOUT_MS, trafficMs: DEVICE_TRAFFIC_TIMEOUT_MS, gpsMs: DEVICE_GPS_TIMEOUT_MS };

/** What the bridge reports as bad input, for a rate-limited log line. */
export type BadInputKind = 'badCrc' | 'truncated' | 'unknown' | 'badLength' | 'refused';

export interface BridgeOptions {
  clock: JobClock;
  /** Every message for the app sockets. */
  emit: (message: DevicesMessage) => void;
  /** Bad input seen (counted already); the module logs it at a limited rate. */
  onBadInput?: (kind: BadInputKind, from: string, counts: DevicesCounts) => void;
  timeouts?: Partial<DeviceTimeouts>;
  /** Datagrams accepted per second (all senders together); more are refused. Default 2,000 (a receiver sends about 100). */
  maxDatagramsPerSecond?: number;
  /** Largest datagram accepted, bytes (default 16 KiB). */
  maxDatagramBytes?: number;
  /** Senders with their own stream decoder (a frame may span datagrams); the oldest is dropped beyond it. Default 8. */
  maxSenders?: number;
  /** How often time-outs are looked at, ms (default 250). */
  tickMs?: number;
}

/** Traffic targets kept for new sockets and for the traffic flag, at most. */
const MAX_TARGETS = 2000;
/** FIS-B text items kept by one collector before it is replaced (a long flight would grow it without end). */
const FISB_COLLECTOR_LIMIT = 2000;
/** Ownship messages at least this far apart (with at most OWNSHIP_MAX_PER_SECOND in any second). */
const OWNSHIP_MIN_GAP_MS = 50;
/** A status with fresh counts at least this often while anything is heard. */
const STATUS_REFRESH_MS = 5000;

const hex6 = (address: number): string => address.toString(16).toUpperCase().padStart(6, '0');
const nullIfEmpty = (text: string): string | null => (text.trim() === '' ? null : text.trim());

/**
 * The GDL90 side of the devices bridge, with no socket of its own: datagrams in (handleDatagram),
 * compact messages out (emit). Keeps the receiver, its status flags with the spec's time-outs, the
 * latest ownship and the live traffic; throttles ownship to OWNSHIP_MAX_PER_SECOND and batches
 * traffic every TRAFFIC_BATCH_MS. Never throws on any input.
 */
export class Gdl90Bridge {
  private readonly clock: JobClock;
  private readonly timeouts: DeviceTimeouts;
  private readonly maxPerSecond: number;
  private readonly maxBytes: number;
  private readonly maxSenders: number;
  private readonly tickMs: number;
  private readonly decoders = new Map<string, Gdl90Decoder>();
  private fisb: FisbCollector = createFisbCollector();
  private fisbForwarded = 0;

  readonly counts: DevicesCounts = { datagrams: 0, bytes: 0, messages: 0, badCrc: 0, truncated: 0, unknown: 0, badLength: 0, refused: 0, fisb: {} };
  private receiver: DeviceReceiver | null = null;
  private geoDatum: DeviceReceiver['geoAltitudeDatum'] = null;
  private lastHeartbeatAt: number | null = null;
  private lastTrafficAt: number | null = null;
  private lastGpsAt: number | null = null;
  private lastMessageAt: number | null = null;
  private geoAltitude: { ft: number; at: number } | null = null;
  private ownship: DevicesOwnshipMessage | null = null;
  private readonly targets = new Map<string, DeviceTrafficTarget>();
  private readonly pendingTargets = new Map<string, DeviceTrafficTarget>();

  private listening = false;
  private port: number | null = null;
  private windowStart = 0;
  private windowCount = 0;
  /** When the last OWNSHIP_MAX_PER_SECOND ownship messages went out, oldest first. */
  private readonly ownshipSentAt: number[] = [];
  private ownshipTimer: unknown = null;
  private pendingOwnship: DevicesOwnshipMessage | null = null;
  private trafficTimer: unknown = null;
  private tickTimer: unknown = null;
  private lastFlags = '';
  private lastStatusAt = Number.NEGATIVE_INFINITY;
  private countsAtLastStatus = '';
  private stopped = false;

  constructor(private readonly options: BridgeOptions) {
    this.clock = options.clock;
    this.timeouts = { ...SPEC_DEVICE_TIMEOUTS, ...options.timeouts };
    this.maxPerSecond = options.maxDatagramsPerSecond ?? 2000;
    this.maxBytes = options.maxDatagramBytes ?? 16 * 1024;
    this.maxSenders = options.maxSenders ?? 8;
    this.tickMs = options.tickMs ?? 250;
  }

  /** Starts the time-out checks. */
  start(): void {
    this.stopped = false;
    this.scheduleTick();
  }

  stop(): void {
    this.stopped = true;
    for (const timer of [this.tickTimer, this.ownshipTimer, this.trafficTimer]) if (timer !== null) this.clock.clearTimer(timer);
    this.tickTimer = this.ownshipTimer = this.trafficTimer = null;
  }

  /** The UDP socket's state, shown in the status. */
  setListening(listening: boolean, port: number | null): void {
    this.listening = listening;
    this.port = port;
    this.emitStatus();
  }

  /** The status now, as a new socket gets it first. */
  status(): DevicesStatusMessage {
    const now = this.clock.now();
    const fresh = (at: number | null, ms: number) => at !== null && now - at < ms;
    return {
      type: 'status',
      time: now,
      listening: this.listening,
      port: this.port,
      receiver: this.receiver === null ? null : { ...this.receiver, geoAltitudeDatum: this.geoDatum },
      heartbeat: fresh(this.lastHeartbeatAt, this.timeouts.heartbeatMs),
      traffic: fresh(this.lastTrafficAt, this.timeouts.trafficMs),
      gps: fresh(this.lastGpsAt, this.timeouts.gpsMs),
      lastMessageAt: this.lastMessageAt,
      counts: { ...this.counts, fisb: { ...this.counts.fisb } },
    };
  }

  /** What a socket opened now is sent after the status: the latest ownship and the live targets, when fresh. */
  snapshot(): DevicesMessage[] {
    const now = this.clock.now();
    const out: DevicesMessage[] = [];
    if (this.ownship !== null && this.lastGpsAt !== null && now - this.lastGpsAt < this.timeouts.gpsMs) out.push(this.ownship);
    const live = [...this.targets.values()].filter((t) => now - t.time < this.timeouts.trafficMs);
    if (live.length > 0) out.push({ type: 'traffic', time: now, targets: live });
    return out;
  }

  /** One UDP datagram from `from` (`ip:port`). */
  handleDatagram(datagram: Uint8Array, from: string): void {
    try {
      this.handle(datagram, from);
    } catch (error) {
      // The decoder never throws; this guards the bridge's own code so a datagram can never end the process.
      this.counts.refused++;
      this.options.onBadInput?.('refused', `${from} (${error instanceof Error ? error.message : String(error)})`, this.counts);
    }
  }

  private handle(datagram: Uint8Array, from: string): void {
    const now = this.clock.now();
    if (now - this.windowStart >= 1000) {
      this.windowStart = now;
      this.windowCount = 0;
    }
    this.windowCount++;
    if (this.windowCount > this.maxPerSecond || datagram.length > this.maxBytes || datagram.length === 0) {
      this.counts.refused++;
      this.options.onBadInput?.('refused', from, this.counts);
      return;
    }
    this.counts.datagrams++;
    this.counts.bytes += datagram.length;
    const decoder = this.decoderFor(from);
    const before = { badCrc: decoder.stats.badCrc, truncated: decoder.stats.truncated, unknown: decoder.stats.unknownIds, badLength: decoder.stats.badLength };
    decoder.pushEach(datagram, (message) => this.onMessage(message, from, now));
    const delta = {
      badCrc: decoder.stats.badCrc - before.badCrc,
      truncated: decoder.stats.truncated - before.truncated,
      unknown: decoder.stats.unknownIds - before.unknown,
      badLength: decoder.stats.badLength - before.badLength,
    };
    for (const kind of ['badCrc', 'truncated', 'unknown', 'badLength'] as const) {
      if (delta[kind] === 0) continue;
      this.counts[kind] += delta[kind];
      this.options.onBadInput?.(kind, from, this.counts);
    }
  }

  private decoderFor(from: string): Gdl90Decoder {
    let decoder = this.decoders.get(from);
    if (decoder !== undefined) return decoder;
    if (this.decoders.size >= this.maxSenders) {
      const oldest = this.decoders.keys().next().value;
      if (oldest !== undefined) this.decoders.delete(oldest);
    }
    decoder = createGdl90Decoder();
    this.decoders.set(from, decoder);
    return decoder;
  }

  private detect(kind: DeviceReceiver['kind'], from: string, now: number, details: Partial<Pick<DeviceReceiver, 'name' | 'longName' | 'firmware'>> = {}): void {
    const rank = { gdl90: 0, foreflight: 1, stratux: 2 } as const;
    const current = this.receiver;
    if (current === null || current.from !== from) {
      this.receiver = { kind, name: null, longName: null, firmware: null, from, geoAltitudeDatum: null, detectedAt: now, ...details };
      this.emitStatus();
      return;
    }
    const next: DeviceReceiver = { ...current, ...details, kind: rank[kind] > rank[current.kind] ? kind : current.kind };
    if (JSON.stringify(next) !== JSON.stringify(current)) {
      this.receiver = next;
      this.emitStatus();
    }
  }

  private onMessage(message: Gdl90Message, from: string, now: number): void {
    this.counts.messages++;
    this.lastMessageAt = now;
    switch (message.type) {
      case 'heartbeat':
      case 'stratuxHeartbeat': {
        const wasOn = this.lastHeartbeatAt !== null && now - this.lastHeartbeatAt < this.timeouts.heartbeatMs;
        this.lastHeartbeatAt = now;
        const before = this.receiver;
        this.detect(message.type === 'heartbeat' ? 'gdl90' : 'stratux', from, now);
        // Back after a silence: the flag turns on at once, not at the next look.
        if (!wasOn && this.receiver === before) this.emitStatus();
        break;
      }
      case 'stratuxStatus': {
        const f = message.firmware;
        this.detect('stratux', from, now, { firmware: `${f.major}.${f.minor}.${f.build}` });
        break;
      }
      case 'foreFlightId':
        this.geoDatum = message.geometricAltitudeDatum;
        this.detect(this.receiver?.kind === 'stratux' ? 'stratux' : 'foreflight', from, now, { name: nullIfEmpty(message.deviceName), longName: nullIfEmpty(message.deviceLongName) });
        break;
      case 'ownshipGeoAltitude':
        this.geoAltitude = { ft: message.altitudeFt, at: now };
        break;
      case 'ownship':
        this.onOwnship(message, now);
        break;
      case 'traffic':
        this.onTraffic(message, now);
        break;
      case 'uplink':
        this.onUplink(message.payload, now);
        break;
      default:
        break;
    }
  }

  private onOwnship(report: TargetReport, now: number): void {
    if (report.latitude === null || report.longitude === null) return;
    const geo = this.geoAltitude !== null && now - this.geoAltitude.at < this.timeouts.gpsMs ? this.geoAltitude.ft : null;
    this.acceptOwnship({
      type: 'ownship',
      time: now,
      address: hex6(report.address),
      callsign: nullIfEmpty(report.callsign),
      lat: report.latitude,
      lon: report.longitude,
      altPressureFt: report.pressureAltitudeFt,
      altGeoFt: geo,
      geoAltitudeDatum: this.geoDatum,
      trackDeg: report.trackDeg,
      groundSpeedKt: report.horizontalVelocityKt,
      verticalSpeedFpm: report.verticalVelocityFpm,
      nic: report.nic,
      nacp: report.nacp,
      airborne: report.airborne,
    }, now);
  }

  private acceptOwnship(message: DevicesOwnshipMessage, now: number): void {
    const wasGps = this.lastGpsAt !== null && now - this.lastGpsAt < this.timeouts.gpsMs;
    this.lastGpsAt = now;
    this.ownship = message;
    if (!wasGps) this.emitStatus();
    this.sendOwnship(message);
  }

  /**
   * Another input than GDL90 (Stratux's own websocket stream, devices/stratux.ts) heard from `from`:
   * a message from the receiver is its heartbeat (the stream has none of its own); it is the
   * receiver shown unless a GDL90 one was detected first.
   */
  heardStratux(from: string): void {
    const now = this.clock.now();
    this.counts.messages++;
    this.lastMessageAt = now;
    const wasOn = this.lastHeartbeatAt !== null && now - this.lastHeartbeatAt < this.timeouts.heartbeatMs;
    this.lastHeartbeatAt = now;
    if (this.receiver === null) this.detect('stratux', from, now);
    else if (!wasOn) this.emitStatus();
  }

  /** A traffic target from Stratux's websocket stream (its time the bridge's): kept and batched as a GDL90 report is. */
  handleStratuxTarget(target: Omit<DeviceTrafficTarget, 'time'>, from: string): void {
    this.heardStratux(from);
    const now = this.clock.now();
    this.acceptTarget({ ...target, time: now }, now);
  }

  /** Ownship from Stratux's situation stream (GPS position; its time the bridge's). */
  handleStratuxOwnship(ownship: Omit<DevicesOwnshipMessage, 'type' | 'time'>, from: string): void {
    this.heardStratux(from);
    const now = this.clock.now();
    this.acceptOwnship({ type: 'ownship', time: now, ...ownship }, now);
  }

  /**
   * At most OWNSHIP_MAX_PER_SECOND in any second, and no two closer than OWNSHIP_MIN_GAP_MS: a report
   * goes out at once when both allow it, else the newest waiting one goes out as soon as they do. A
   * receiver's 10 reports a second pass unchanged despite jitter (a strict 100 ms gap would hold one
   * back whenever two arrive a little closer).
   */
  private sendOwnship(message: DevicesOwnshipMessage): void {
    this.pendingOwnship = message;
    if (this.ownshipTimer !== null) return;
    const wait = this.ownshipWait(this.clock.now());
    if (wait <= 0) {
      this.emitPendingOwnship();
      return;
    }
    if (this.stopped) return;
    this.ownshipTimer = this.clock.setTimer(() => {
      this.ownshipTimer = null;
      this.emitPendingOwnship();
    }, wait);
  }

  /** ms until another ownship may go out. */
  private ownshipWait(now: number): number {
    const last = this.ownshipSentAt.at(-1);
    const gap = last === undefined ? 0 : last + OWNSHIP_MIN_GAP_MS - now;
    const window = this.ownshipSentAt.length < OWNSHIP_MAX_PER_SECOND ? 0 : this.ownshipSentAt[0]! + 1000 - now;
    return Math.max(gap, window);
  }

  private emitPendingOwnship(): void {
    const pending = this.pendingOwnship;
    this.pendingOwnship = null;
    if (pending === null) return;
    this.ownshipSentAt.push(this.clock.now());
    if (this.ownshipSentAt.length > OWNSHIP_MAX_PER_SECOND) this.ownshipSentAt.shift();
    this.options.emit(pending);
  }

  private onTraffic(report: TargetReport, now: number): void {
    this.acceptTarget({
      address: hex6(report.address),
      addressType: report.addressType,
      callsign: nullIfEmpty(report.callsign),
      lat: report.latitude,
      lon: report.longitude,
      altFt: report.pressureAltitudeFt,
      trackDeg: report.trackDeg,
      speedKt: report.horizontalVelocityKt,
      verticalSpeedFpm: report.verticalVelocityFpm,
      emitter: report.emitterCategory,
      emergency: report.emergencyCode,
      onGround: !report.airborne,
      alert: report.trafficAlert,
      time: now,
    }, now);
  }

  private acceptTarget(target: DeviceTrafficTarget, now: number): void {
    const wasTraffic = this.lastTrafficAt !== null && now - this.lastTrafficAt < this.timeouts.trafficMs;
    this.lastTrafficAt = now;
    const key = `${target.addressType}:${target.address}`;
    this.targets.delete(key);
    this.targets.set(key, target);
    if (this.targets.size > MAX_TARGETS) {
      const oldest = this.targets.keys().next().value;
      if (oldest !== undefined) this.targets.delete(oldest);
    }
    this.pendingTargets.set(key, target);
    if (!wasTraffic) this.emitStatus();
    if (this.trafficTimer === null && !this.stopped) this.trafficTimer = this.clock.setTimer(() => this.flushTraffic(), TRAFFIC_BATCH_MS);
  }

  private flushTraffic(): void {
    this.trafficTimer = null;
    if (this.pendingTargets.size === 0) return;
    const targets = [...this.pendingTargets.values()];
    this.pendingTargets.clear();
    this.options.emit({ type: 'traffic', time: this.clock.now(), targets });
  }

  private onUplink(payload: Uint8Array, now: number): void {
    this.fisb.addUplink(payload);
    const texts = this.fisb.texts;
    if (texts.length <= this.fisbForwarded) return;
    const products: DeviceFisbProduct[] = texts.slice(this.fisbForwarded).map((item) => ({
      productId: item.productId,
      kind: item.type,
      location: item.location,
      text: item.text,
      station: { lat: item.station.latitude, lon: item.station.longitude },
    }));
    this.fisbForwarded = texts.length;
    if (texts.length >= FISB_COLLECTOR_LIMIT) {
      this.fisb = createFisbCollector();
      this.fisbForwarded = 0;
    }
    for (const product of products) this.counts.fisb[product.kind] = (this.counts.fisb[product.kind] ?? 0) + 1;
    this.options.emit({ type: 'fisb', time: now, source: 'ADS-B', products });
  }

  private scheduleTick(): void {
    if (this.stopped) return;
    this.tickTimer = this.clock.setTimer(() => {
      this.tickTimer = null;
      this.tick();
      this.scheduleTick();
    }, this.tickMs);
  }

  /** Looks at the time-outs: a status goes out when a flag changed, or every 5 s when the counts moved. */
  tick(): void {
    const status = this.status();
    const flags = `${status.heartbeat}${status.traffic}${status.gps}`;
    const counts = JSON.stringify(status.counts);
    if (flags !== this.lastFlags || (counts !== this.countsAtLastStatus && status.time - this.lastStatusAt >= STATUS_REFRESH_MS)) this.emitStatus(status);
  }

  private emitStatus(status: DevicesStatusMessage = this.status()): void {
    this.lastFlags = `${status.heartbeat}${status.traffic}${status.gps}`;
    this.lastStatusAt = status.time;
    this.countsAtLastStatus = JSON.stringify(status.counts);
    this.options.emit(status);
  }
}
