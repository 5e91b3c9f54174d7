import type { Clock } from './clock.js';
import { DEFAULT_TAKEOFF_THRESHOLD_KT, FIX_FRESHNESS_MS, GPS_MIN_UPDATE_INTERVAL_MS, SIMULATOR_DATA_STALE_MS } from './constants.js';

/** Where a location fix came from: the spec's "source (gps, adsb, xplane, geoip)" (part 2 §3 "Location fix"). */
export type FixSource = 'gps' | 'adsb' | 'xplane' | 'geoip';

/** A location fix (spec part 2 §3 "Location fix"). */
export interface LocationFix {
  latitude: number;
  longitude: number;
  /** Metres; null when unknown (a re-emitted stale fix, spec part 2 §4 "A stale fix is re-emitted with accuracy unknown"). */
  accuracy: number | null;
  /** Feet; null when unknown. */
  altitude: number | null;
  /** Track over the ground, degrees true; null when unknown. */
  heading: number | null;
  /** Degrees magnetic; null when unknown. */
  magnetic_heading?: number | null;
  /** Ground speed, knots; null when unknown. */
  speed: number | null;
  /** Epoch milliseconds the fix was taken (as its source says). */
  timestamp: number;
  source: FixSource;
}

/**
 * Which rung of the priority ladder gave the current fix (spec part 2 §4 "Source priority:
 * simulator when connected and simulating; then ADS-B if fresher than 2 s; then device GPS if
 * fresher than 2 s; then the last best fix; then IP-based geolocation (requested once if none)").
 */
export type PositionSource = 'simulator' | 'adsb' | 'gps' | 'last' | 'geoip';

export interface CurrentFix {
  fix: LocationFix;
  source: PositionSource;
}

export interface PositionFusionOptions {
  clock: Clock;
  /** Knots; default 55 (spec part 2 §9 "takeoff threshold 55"). */
  takeoffThresholdKt?: number;
  /** Device GPS updates arriving within this many ms of the last accepted one are dropped; default 100 (§9). */
  gpsMinUpdateIntervalMs?: number;
  /**
   * Asked once, when no other fix exists (spec part 2 §4 "IP-based geolocation (requested once if
   * none)"). Its answer comes back through `geoip(fix)`.
   */
  requestGeolocation?: () => void;
}

interface Received {
  fix: LocationFix;
  /** Clock time it arrived: freshness is measured on the fusion's clock, not the source's. */
  atMs: number;
}

/**
 * Fuses the position sources into one current fix by the spec's priority (part 2 §4 "GPS and
 * location"). Fed by events (`simulatorStatus`, `simulator`, `adsbOwnship`, `deviceGps`, `geoip`)
 * and read against the clock (`current`, `gpsStatus`); `tick()` (the 200 ms location loop) and every
 * event recompute and notify subscribers when the chosen fix changes.
 */
export class PositionFusion {
  private readonly clock: Clock;
  private readonly gpsMinIntervalMs: number;
  private readonly requestGeolocation: (() => void) | undefined;
  private takeoffThresholdKt: number;
  private simConnected = false;
  private simSimulating = false;
  private sim: Received | null = null;
  private adsb: Received | null = null;
  private gps: Received | null = null;
  private geoipFix: Received | null = null;
  private lastBest: LocationFix | null = null;
  private geolocationAsked = false;
  private moving = false;
  private lastEmitted: CurrentFix | null = null;
  private readonly subscribers = new Set<(current: CurrentFix) => void>();
  /** Device GPS updates dropped for arriving within the minimum interval. */
  droppedGpsUpdates = 0;

  constructor(options: PositionFusionOptions) {
    this.clock = options.clock;
    this.takeoffThresholdKt = options.takeoffThresholdKt ?? DEFAULT_TAKEOFF_THRESHOLD_KT;
    this.gpsMinIntervalMs = options.gpsMinUpdateIntervalMs ?? GPS_MIN_UPDATE_INTERVAL_MS;
    this.requestGeolocation = options.requestGeolocation;
  }

  /** Subscribers are counted as a set (spec part 2 §4): the same listener twice counts once. Returns the unsubscribe. */
  subscribe(listener: (current: CurrentFix) => void): () => void {
    this.subscribers.add(listener);
    return () => this.subscribers.delete(listener);
  }

  get subscriberCount(): number {
    return this.subscribers.size;
  }

  /** The simulator link's state ("connected" and "isSimulating", spec part 2 §3 "Simulator link"). */
  simulatorStatus(connected: boolean, simulating: boolean): void {
    this.simConnected = connected;
    this.simSimulating = simulating;
    this.update();
  }

  simulator(fix: LocationFix): void {
    this.sim = { fix, atMs: this.clock.now() };
    this.update();
  }

  adsbOwnship(fix: LocationFix): void {
    this.adsb = { fix, atMs: this.clock.now() };
    this.update();
  }

  /** A device GPS (`watchPosition`) update; returns false when dropped (within 100 ms of the last one accepted). */
  deviceGps(fix: LocationFix): boolean {
    const now = this.clock.now();
    if (this.gps && now - this.gps.atMs < this.gpsMinIntervalMs) {
      this.droppedGpsUpdates++;
      return false;
    }
    this.gps = { fix, atMs: now };
    this.update();
    return true;
  }

  /** The answer to the IP geolocation request. */
  geoip(fix: LocationFix): void {
    this.geoipFix = { fix, atMs: this.clock.now() };
    this.update();
  }

  /** The takeoff threshold changed in the units settings (knots). */
  setTakeoffThreshold(kt: number): void {
    this.takeoffThresholdKt = kt;
  }

  /** The location loop (every 200 ms, spec part 2 §9): re-evaluates freshness and notifies on change. */
  tick(): CurrentFix | null {
    return this.update();
  }

  /** The fix to show now and the rung it came from; null before anything is known. Asks IP geolocation once when nothing exists. */
  current(): CurrentFix | null {
    const now = this.clock.now();
    const fresh = (r: Received | null): r is Received => r !== null && now - r.atMs < FIX_FRESHNESS_MS;
    if (this.simConnected && this.simSimulating && this.sim && now - this.sim.atMs < SIMULATOR_DATA_STALE_MS) {
      return { fix: this.sim.fix, source: 'simulator' };
    }
    if (fresh(this.adsb)) return { fix: this.adsb.fix, source: 'adsb' };
    if (fresh(this.gps)) return { fix: this.gps.fix, source: 'gps' };
    if (this.lastBest) return { fix: { ...this.lastBest, accuracy: null }, source: 'last' };
    if (this.geoipFix) return { fix: this.geoipFix.fix, source: 'geoip' };
    if (!this.geolocationAsked && this.requestGeolocation) {
      this.geolocationAsked = true;
      this.requestGeolocation();
    }
    return null;
  }

  /** GPS status: true while a simulator, ADS-B or device fix is newer than 2 s (spec part 2 §4). */
  gpsStatus(): boolean {
    const now = this.clock.now();
    return [this.sim, this.adsb, this.gps].some((r) => r !== null && now - r.atMs < FIX_FRESHNESS_MS);
  }

  /** Moving flag: true once speed rises above the takeoff threshold, false once it falls below (spec part 2 §4). */
  get isMoving(): boolean {
    return this.moving;
  }

  /** The last fix from a live source (simulator, ADS-B or device GPS), as it arrived. */
  get lastBestLocation(): LocationFix | null {
    return this.lastBest;
  }

  get geolocationRequested(): boolean {
    return this.geolocationAsked;
  }

  private update(): CurrentFix | null {
    const current = this.current();
    if (!current) return null;
    if (current.source === 'simulator' || current.source === 'adsb' || current.source === 'gps') {
      this.lastBest = current.fix;
      const speed = current.fix.speed;
      if (speed !== null && Number.isFinite(speed)) {
        if (speed > this.takeoffThresholdKt) this.moving = true;
        else if (speed < this.takeoffThresholdKt) this.moving = false;
      }
    }
    const prev = this.lastEmitted;
    const changed = !prev || prev.source !== current.source || (current.source === 'last' ? false : prev.fix !== current.fix);
    if (changed) {
      this.lastEmitted = current;
      for (const listener of [...this.subscribers]) listener(current);
    }
    return current;
  }
}
