import type { Clock } from './clock.js';
import { ADSB_GPS_TIMEOUT_MS, ADSB_HEARTBEAT_TIMEOUT_MS, ADSB_TRAFFIC_TIMEOUT_MS } from './constants.js';

/** A timestamp and status pair (spec part 2 §3 "Traffic receiver"). */
export interface ChannelStatus {
  /** Epoch ms of the last message; null before the first. */
  timestamp: number | null;
  status: boolean;
}

/**
 * The traffic receiver's state (spec part 2 §3 "Traffic receiver: location, adsb_gps_status, and a
 * timestamp and status pair for each of heartbeat, traffic, nexrad, metar and taf").
 */
export interface TrafficReceiverState {
  location: { latitude: number; longitude: number } | null;
  adsb_gps_status: boolean;
  adsb_gps_timestamp: number | null;
  heartbeat: ChannelStatus;
  traffic: ChannelStatus;
  nexrad: ChannelStatus;
  metar: ChannelStatus;
  taf: ChannelStatus;
}

export type ReceiverChannel = 'heartbeat' | 'traffic' | 'gps' | 'nexrad' | 'metar' | 'taf';

/**
 * A decoded GDL90 message as far as the status needs it (structurally `@clearway/gdl90`'s
 * `Gdl90Message`): its type, the position of an ownship report, the heartbeat's GPS bits.
 */
export interface ReceiverMessage {
  type: string;
  latitude?: number | null;
  longitude?: number | null;
  /** GDL90 heartbeat status byte 1 bit 7. */
  gpsPositionValid?: boolean;
  /** Stratux heartbeat. */
  gpsValid?: boolean;
}

/**
 * Receiver status by the spec's timeouts (part 2 §4 "ADS-B heartbeat and traffic status turn off
 * after 10 s without a message, ADS-B GPS status after 6 s"). nexrad, metar and taf have no timeout
 * in the spec: their status turns on with the first product and stays on (their timestamps give the
 * age). Read it with `state()` (the 2 s ADS-B loop); `tick()` also notifies subscribers on a change.
 */
export class ReceiverStatus {
  private readonly clock: Clock;
  private readonly last: Record<ReceiverChannel, number | null> = { heartbeat: null, traffic: null, gps: null, nexrad: null, metar: null, taf: null };
  private location: TrafficReceiverState['location'] = null;
  private readonly subscribers = new Set<(state: TrafficReceiverState) => void>();
  private lastKey = '';

  constructor(options: { clock: Clock }) {
    this.clock = options.clock;
  }

  subscribe(listener: (state: TrafficReceiverState) => void): () => void {
    this.subscribers.add(listener);
    return () => this.subscribers.delete(listener);
  }

  /** A message on one channel now; a GPS message may carry the receiver's position. */
  seen(channel: ReceiverChannel, location?: { latitude: number; longitude: number } | null): void {
    this.last[channel] = this.clock.now();
    if (channel === 'gps' && location) this.location = { latitude: location.latitude, longitude: location.longitude };
    this.tick();
  }

  /**
   * A decoded GDL90 message: heartbeats (GDL90, Stratux, ForeFlight ID) feed the heartbeat, and their
   * GPS-valid bit the ADS-B GPS; traffic and basic/long reports feed traffic; an ownship report with
   * a position feeds the ADS-B GPS and the receiver's location. Other types are ignored.
   */
  message(m: ReceiverMessage): void {
    switch (m.type) {
      case 'heartbeat':
      case 'stratuxHeartbeat':
      case 'stratuxStatus':
      case 'foreFlightId':
        this.seen('heartbeat');
        if (m.gpsPositionValid === true || m.gpsValid === true) this.seen('gps');
        break;
      case 'traffic':
      case 'basicReport':
      case 'longReport':
        this.seen('traffic');
        break;
      case 'ownship':
        if (m.latitude !== null && m.latitude !== undefined && m.longitude !== null && m.longitude !== undefined) {
          this.seen('gps', { latitude: m.latitude, longitude: m.longitude });
        }
        break;
      default:
        break;
    }
  }

  state(): TrafficReceiverState {
    const now = this.clock.now();
    const pair = (channel: ReceiverChannel, timeoutMs: number): ChannelStatus => {
      const t = this.last[channel];
      return { timestamp: t, status: t !== null && now - t < timeoutMs };
    };
    const gps = pair('gps', ADSB_GPS_TIMEOUT_MS);
    return {
      location: this.location,
      adsb_gps_status: gps.status,
      adsb_gps_timestamp: gps.timestamp,
      heartbeat: pair('heartbeat', ADSB_HEARTBEAT_TIMEOUT_MS),
      traffic: pair('traffic', ADSB_TRAFFIC_TIMEOUT_MS),
      nexrad: pair('nexrad', Infinity),
      metar: pair('metar', Infinity),
      taf: pair('taf', Infinity),
    };
  }

  /** Re-reads the state against the clock and notifies subscribers when a status changed. */
  tick(): TrafficReceiverState {
    const s = this.state();
    const key = [s.adsb_gps_status, s.heartbeat.status, s.traffic.status, s.nexrad.status, s.metar.status, s.taf.status].join();
    if (key !== this.lastKey) {
      this.lastKey = key;
      for (const listener of [...this.subscribers]) listener(s);
    }
    return s;
  }
}
