import { createGdl90Decoder, type Gdl90Message } from '@clearway/gdl90';
import { fixFromOwnship, ReceiverStatus, TrafficCalloutScheduler, TrafficTable, type Clock, type TrafficOwnship, type TrafficReportInput, type TrafficTarget } from '@clearway/inflight';
import type { DeviceTrafficTarget, DevicesMessage, DevicesStatusMessage } from '@clearway/protocol';
import { chipOf, type ReceiverChips, type TrafficMark } from './inflightSlice';
import type { AdsbInput, AdsbOutput, FisbProductOut, StationPlace as Place } from './adsbMessages';

/** The reporting station of a METAR, SPECI or TAF text ('METAR KHWD 061753Z ...' -> 'KHWD'). */
export function stationOf(text: string): string | null {
  const m = /^\s*(?:(?:METAR|SPECI|TAF)(?:\s+(?:AMD|COR))?\s+)?([A-Z][A-Z0-9]{2,3})\s+\d{6}Z/.exec(text);
  return m ? m[1]! : null;
}

export { ADSB_WORKER_LOOP_MS, systemClock } from './adsbMessages';
export type { AdsbInput, AdsbOutput } from './adsbMessages';

/** Traffic views are sent at most this often (the table changes with every report batch). */
export const TRAFFIC_VIEW_INTERVAL_MS = 250;

/** A bridge's traffic target as the table's report: the address (hex) as the key. */
export function trafficReportOf(t: DeviceTrafficTarget): TrafficReportInput {
  const report: TrafficReportInput = {
    address: Number.parseInt(t.address, 16) >>> 0,
    latitude: t.lat,
    longitude: t.lon,
    pressureAltitudeFt: t.altFt,
    trackDeg: t.trackDeg,
    horizontalVelocityKt: t.speedKt,
    verticalVelocityFpm: t.verticalSpeedFpm,
    emergencyCode: t.emergency,
    airborne: !t.onGround,
    trafficAlert: t.alert,
  };
  if (t.callsign !== null) report.callsign = t.callsign;
  if (t.distanceNm !== undefined && t.distanceNm !== null) report.distanceNm = t.distanceNm;
  return report;
}

export function markOf(t: TrafficTarget): TrafficMark {
  const symbol = t.display.kind === 'symbol' ? t.display : null;
  return {
    hex: t.hex,
    label: t.label,
    lat: symbol ? symbol.latitude : null,
    lon: symbol ? symbol.longitude : null,
    trackDeg: symbol ? symbol.trackDeg : null,
    ringNm: t.display.kind === 'ring' ? t.display.distanceNm : null,
    distanceNm: t.distanceNm,
    altitudeTag: t.altitudeTag,
    trend: t.trend,
    proximity: t.proximity,
    emergency: t.emergency,
    onGround: t.onGround,
  };
}

/**
 * The ADS-B worker's state (spec part 2 §4 "Start-up: traffic receiver"): decodes what the devices
 * socket (or a raw GDL90 stream) brings, keeps the ownship, the traffic table (ageing, filter,
 * proximity) and the receiver status with the spec's time-outs, and says what changed through `emit`.
 * Runs in the worker (adsb.worker.ts) or, without Worker support and in tests, on the page.
 */
export class AdsbCore {
  readonly traffic: TrafficTable;
  readonly receiver: ReceiverStatus;
  readonly #clock: Clock;
  readonly #emit: (output: AdsbOutput) => void;
  readonly #decoder = createGdl90Decoder();
  #own: TrafficOwnship = { latitude: null, longitude: null, trackDeg: null, pressureAltitudeFt: null };
  /** What the bridge last said (its own time-outs): a channel is on only when both sides say so. */
  #bridge: Pick<DevicesStatusMessage, 'heartbeat' | 'traffic' | 'gps'> = { heartbeat: true, traffic: true, gps: true };
  #name: string | null = null;
  readonly #everOn = { heartbeat: false, traffic: false, adsbGps: false };
  #lastChips = '';
  #lastTraffic = '';
  #trafficDue = false;
  #lastTrafficAt = -Infinity;
  /** Spoken callouts: off by default (issue 19), on with the page's `callouts` input. */
  #callouts: TrafficCalloutScheduler | null = null;
  #placesLookup: ((idents: string[]) => Promise<Record<string, Place>>) | null = null;
  readonly #places = new Map<string, Place | null>();

  constructor(options: { clock: Clock; emit: (output: AdsbOutput) => void }) {
    this.#clock = options.clock;
    this.#emit = options.emit;
    this.traffic = new TrafficTable({ clock: options.clock });
    this.receiver = new ReceiverStatus({ clock: options.clock });
  }

  handle(input: AdsbInput): void {
    switch (input.kind) {
      case 'devices':
        this.#devices(input.text);
        break;
      case 'gdl90':
        for (const m of this.#decoder.push(input.bytes)) this.#gdl90(m);
        break;
      case 'ownship':
        this.#own = input.own;
        this.#trafficDue = true;
        break;
      case 'tick':
        this.#trafficDue = true;
        break;
      case 'callouts':
        this.#callouts = input.on ? (this.#callouts ?? new TrafficCalloutScheduler()) : null;
        break;
      case 'link':
        // Taken by the worker's host (adsb.worker.ts, directEndpoint.ts), which makes the client.
        break;
    }
    this.#flush();
  }

  /** Decoder counts of the raw GDL90 input (bad CRCs, truncated frames, unknown ids). */
  get gdl90Stats() {
    return this.#decoder.stats;
  }

  #devices(text: string): void {
    let message: DevicesMessage;
    try {
      message = JSON.parse(text) as DevicesMessage;
    } catch {
      this.#emit({ kind: 'bad', reason: `devices socket: a message that is not JSON (${text.slice(0, 40)})` });
      return;
    }
    switch (message.type) {
      case 'status':
        this.#bridge = { heartbeat: message.heartbeat, traffic: message.traffic, gps: message.gps };
        this.#name = message.receiver?.longName ?? message.receiver?.name ?? message.receiver?.firmware ?? (message.receiver ? message.receiver.kind : null);
        if (message.heartbeat) this.receiver.message({ type: 'heartbeat', gpsPositionValid: message.gps });
        break;
      case 'ownship': {
        const report = { latitude: message.lat, longitude: message.lon, pressureAltitudeFt: message.altPressureFt, trackDeg: message.trackDeg, horizontalVelocityKt: message.groundSpeedKt };
        // Geometric MSL when the receiver says its geometric altitude is MSL; else the pressure altitude.
        const msl = message.geoAltitudeDatum === 'msl' ? message.altGeoFt : null;
        const fix = fixFromOwnship(report, message.time, msl);
        this.receiver.message({ type: 'ownship', latitude: message.lat, longitude: message.lon });
        this.#bridge.gps = true;
        if (fix) this.#emit({ kind: 'ownship', fix, pressureAltitudeFt: message.altPressureFt });
        break;
      }
      case 'traffic':
        for (const t of message.targets) this.#report(trafficReportOf(t));
        if (message.targets.length > 0) {
          this.receiver.message({ type: 'traffic' });
          this.#bridge.traffic = true;
        }
        this.#trafficDue = true;
        break;
      case 'fisb': {
        const stations = new Set<string>();
        const products: FisbProductOut[] = [];
        for (const p of message.products) {
          const kind = p.kind.startsWith('TAF') ? 'taf' : p.kind === 'METAR' || p.kind === 'SPECI' ? 'metar' : null;
          if (kind) this.receiver.seen(kind);
          products.push({ productId: p.productId, kind: p.kind, location: p.location, text: p.text });
          const station = kind ? stationOf(p.text) : null;
          if (station) stations.add(station);
        }
        if (products.length > 0) this.#fisb(products, [...stations]);
        break;
      }
      default:
        this.#emit({ kind: 'bad', reason: `devices socket: unknown message type "${String((message as { type?: unknown }).type)}"` });
    }
  }

  #gdl90(m: Gdl90Message): void {
    this.receiver.message(m as Parameters<ReceiverStatus['message']>[0]);
    if (m.type === 'heartbeat') this.#bridge.heartbeat = true;
    if (m.type === 'foreFlightId') this.#name = m.deviceLongName || m.deviceName || this.#name;
    if (m.type === 'ownship') {
      const fix = fixFromOwnship(m, this.#clock.now());
      if (fix) this.#emit({ kind: 'ownship', fix, pressureAltitudeFt: m.pressureAltitudeFt });
    }
    if (m.type === 'traffic') {
      this.#report(m);
      this.#bridge.traffic = true;
      this.#trafficDue = true;
    }
  }

  /**
   * Where stations are, by the routing worker's airport database over start-up's link (receiverLink.ts);
   * null while not linked. Answers are kept (found or not), so each ident is asked once.
   */
  setStationPlaces(lookup: ((idents: string[]) => Promise<Record<string, Place>>) | null): void {
    this.#placesLookup = lookup;
  }

  #fisb(products: FisbProductOut[], stations: string[]): void {
    const receivedAt = this.#clock.now();
    const lookup = this.#placesLookup;
    const unknown = stations.filter((s) => !this.#places.has(s));
    const emit = () => {
      const places: Record<string, Place> = {};
      for (const s of stations) {
        const at = this.#places.get(s);
        if (at) places[s] = at;
      }
      this.#emit({ kind: 'fisb', products, receivedAt, places });
    };
    if (lookup === null || unknown.length === 0) {
      emit();
      return;
    }
    lookup(unknown).then(
      (found) => {
        for (const s of unknown) this.#places.set(s, found[s] ?? null);
        emit();
      },
      (error: unknown) => {
        // Not kept: the next batch asks again (the database may not be loaded yet).
        this.#emit({ kind: 'bad', reason: `station places from the routing worker: ${error instanceof Error ? error.message : String(error)}` });
        emit();
      },
    );
  }

  /** A traffic report into the table, and its callout when they are on. */
  #report(report: TrafficReportInput): void {
    this.traffic.report(report);
    const text = this.#callouts?.onReport(this.#own, report, this.#clock.now()) ?? null;
    if (text !== null) this.#emit({ kind: 'callout', text });
  }

  #flush(): void {
    const s = this.receiver.tick();
    const on = { heartbeat: s.heartbeat.status && this.#bridge.heartbeat, traffic: s.traffic.status && this.#bridge.traffic, adsbGps: s.adsb_gps_status && this.#bridge.gps };
    for (const key of ['heartbeat', 'traffic', 'adsbGps'] as const) if (on[key]) this.#everOn[key] = true;
    const chips: ReceiverChips = {
      heartbeat: chipOf(on.heartbeat, this.#everOn.heartbeat),
      traffic: chipOf(on.traffic, this.#everOn.traffic),
      adsbGps: chipOf(on.adsbGps, this.#everOn.adsbGps),
      name: this.#name,
    };
    const chipsKey = JSON.stringify(chips);
    if (chipsKey !== this.#lastChips) {
      this.#lastChips = chipsKey;
      this.#emit({ kind: 'receiver', chips });
    }
    const now = this.#clock.now();
    if (this.#trafficDue && now - this.#lastTrafficAt >= TRAFFIC_VIEW_INTERVAL_MS) {
      this.#trafficDue = false;
      this.#lastTrafficAt = now;
      const targets = this.traffic.view(this.#own).map(markOf);
      const key = JSON.stringify(targets);
      if (key !== this.#lastTraffic) {
        this.#lastTraffic = key;
        this.#emit({ kind: 'traffic', targets });
      }
    }
  }
}
