import type { Clock, LocationFix, TrafficOwnship } from '@clearway/inflight';
import type { DeviceFisbProduct } from '@clearway/protocol';
import type { ReceiverChips, TrafficMark } from './inflightSlice';

// The ADS-B worker's messages (kept apart from its code, so the page's bundle holds only the facade).

/** The worker's own loop: time-outs, ageing and the throttled traffic view are re-checked this often. */
export const ADSB_WORKER_LOOP_MS = 250;

/** The clock of the page and the worker. */
export const systemClock: Clock = { now: () => Date.now() };

/** What the page sends the ADS-B worker. */
export type AdsbInput =
  /** One text message of the devices socket (JSON, packages/protocol devices.ts). */
  | { kind: 'devices'; text: string }
  /** Raw GDL90 bytes (a receiver stream the app reads itself, tests). */
  | { kind: 'gdl90'; bytes: Uint8Array }
  /** The fused ownship the traffic is placed against. */
  | { kind: 'ownship'; own: TrafficOwnship }
  /** Re-check the time-outs and ageing now (the worker's own loop does it every ADSB_WORKER_LOOP_MS). */
  | { kind: 'tick' }
  /** Spoken traffic callouts on or off (off until the pilot turns them on). */
  | { kind: 'callouts'; on: boolean }
  /** Start-up's port to the routing worker (receiverLink.ts), transferred. */
  | { kind: 'link'; port: MessagePort };

/** What the worker sends back. */
export type AdsbOutput =
  | { kind: 'ready' }
  /** An ADS-B ownship fix (timestamp: the server's time of reception of the datagram) and its pressure altitude. */
  | { kind: 'ownship'; fix: LocationFix; pressureAltitudeFt: number | null }
  | { kind: 'traffic'; targets: TrafficMark[] }
  | { kind: 'receiver'; chips: ReceiverChips }
  /** A message that could not be read (counted; the last good state is kept). */
  | { kind: 'bad'; reason: string }
  /** A traffic callout to speak now ("Traffic, 2 o'clock, 2 miles, 500 feet below"), as its report arrived. */
  | { kind: 'callout'; text: string }
  /**
   * FIS-B text products as received (for the weather layers), with where their METAR and TAF stations
   * are by the airport database when the routing worker is linked ({} otherwise).
   */
  | { kind: 'fisb'; products: FisbProductOut[]; receivedAt: number; places: Record<string, StationPlace> }
  /** The link to the routing worker: answered on the port within the port wait, or not. */
  | { kind: 'linked'; ok: boolean; reason: string | null };

/** A FIS-B text product as the devices socket has it, less the station's position (the worker sends those in `places`). */
export type FisbProductOut = Omit<DeviceFisbProduct, 'station'>;

/** Where a METAR or TAF station is. */
export type StationPlace = DeviceFisbProduct['station'];

