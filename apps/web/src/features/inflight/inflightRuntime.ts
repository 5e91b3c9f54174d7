import { FIX_FRESHNESS_MS, fixFromGeolocation, GPS_STATUS_CHECK_MS, GPS_WATCH_OPTIONS, LOCATION_LOOP_MS, PositionFusion, type Clock, type GeolocationPositionLike } from '@clearway/inflight';
import type { AppStore } from '../../store';
import { feedSimulatorPosition, holdSimLink } from '../sim';
import { systemClock, type FisbProductOut } from './adsbMessages';
import { whenReceiverPort } from './receiverLink';
import { AdsbWorkerFacade, type AdsbEndpoint } from './adsbFacade';
import { DevicesSocket, type DevicesSocketLike } from './devicesSocket';
import { chipOf, deviceGpsFailed, gpsChecked, linkChanged, positionChanged, pressureAltitudeChanged, receiverChanged, trafficChanged, type ChannelChip } from './inflightSlice';

/** The part of navigator.geolocation the runtime uses. */
export interface GeolocationLike {
  watchPosition(success: (p: GeolocationPositionLike) => void, error: (e: { code: number; message: string }) => void, options: PositionOptions): number;
  clearWatch(id: number): void;
}

export interface InflightRuntimeOptions {
  store: AppStore;
  /** The page's origin, for the devices socket. */
  origin?: string;
  clock?: Clock;
  /** navigator.geolocation; null: no device GPS. */
  geolocation?: GeolocationLike | null;
  openSocket?: (url: string) => DevicesSocketLike;
  createAdsbEndpoint?: () => AdsbEndpoint;
  retryMs?: { first: number; max: number };
  /**
   * Opens the simulator socket while signed in (issue 20: the simulator is the first position source);
   * returns the release. Default: the sim store's holdSimLink, unless openSocket is faked (tests); null: never.
   */
  holdSimulatorLink?: (() => () => void) | null;
  /** Takes FIS-B products into the weather layers (default: features/weather ingestFisbProducts, loaded on first use). */
  ingestFisb?: (products: FisbProductOut[], receivedAt: number, places: Record<string, { lat: number; lon: number }>) => Promise<unknown>;
  /** Speaks a traffic callout (default: the browser's speechSynthesis, when it has one). */
  speak?: (text: string) => void;
}

/** FIS-B weather into the app's weather layers; the weather code loads on the first products. */
function ingestFisbWeather(products: FisbProductOut[], receivedAt: number, places: Record<string, { lat: number; lon: number }>): Promise<unknown> {
  return import('../weather').then(({ ingestFisbProducts }) => ingestFisbProducts(products, receivedAt, { places }));
}

/** The browser's speech, a callout at a time: a newer one replaces any still waiting. */
function speakWithSynthesis(text: string): void {
  if (typeof speechSynthesis === 'undefined' || typeof SpeechSynthesisUtterance === 'undefined') return;
  speechSynthesis.cancel();
  speechSynthesis.speak(new SpeechSynthesisUtterance(text));
}

export interface InflightRuntime {
  fusion: PositionFusion;
  adsb: AdsbWorkerFacade;
  stop(): void;
}

/**
 * The in-flight loops (spec part 2 §4 "GPS and location", "Start-up: traffic receiver"): the device
 * GPS (watchPosition, high accuracy, 3 s time-out, no cache; updates within 100 ms dropped by the
 * fusion), the devices socket while signed in, the ADS-B worker created on its first message, and
 * the fusion of the sources by the spec's priority into the store's `inflight` slice.
 */
export function startInflight(options: InflightRuntimeOptions): InflightRuntime {
  const { store } = options;
  const clock = options.clock ?? systemClock;
  const fusion = new PositionFusion({ clock, takeoffThresholdKt: store.getState().units.takeoff_threshold });
  const adsb = new AdsbWorkerFacade(options.createAdsbEndpoint);
  let pressureAltitudeFt: number | null = null;
  let lastDeviceFixAt: number | null = null;
  let deviceEverOn = false;

  const check = () => {
    const now = clock.now();
    const deviceOn = lastDeviceFixAt !== null && now - lastDeviceFixAt < FIX_FRESHNESS_MS;
    if (deviceOn) deviceEverOn = true;
    const next = { gpsStatus: fusion.gpsStatus(), moving: fusion.isMoving, deviceGps: chipOf(deviceOn, deviceEverOn) as ChannelChip };
    const s = store.getState().inflight;
    if (s.gpsStatus !== next.gpsStatus || s.moving !== next.moving || s.deviceGps !== next.deviceGps) store.dispatch(gpsChecked(next));
  };

  const unsubscribeFusion = fusion.subscribe(({ fix, source }) => {
    store.dispatch(positionChanged({ fix, source }));
    if (adsb.initialized) {
      adsb.post({ kind: 'ownship', own: { latitude: fix.latitude, longitude: fix.longitude, trackDeg: fix.heading, pressureAltitudeFt: source === 'adsb' ? pressureAltitudeFt : (pressureAltitudeFt ?? fix.altitude) } });
    }
    if (fusion.isMoving !== store.getState().inflight.moving) check();
  });

  // The ADS-B worker: created on first use (the devices socket's first message); start-up's port to
  // the routing worker (receiverLink.ts) is handed to it then, or when start-up makes it later.
  let withdrawPort: () => void = () => undefined;
  const adsbOnFirstUse = (): AdsbWorkerFacade => {
    if (adsb.initialized) return adsb;
    adsb.init();
    withdrawPort = whenReceiverPort((port) => {
      if (adsb.initialized) adsb.post({ kind: 'link', port });
      else port.close();
    });
    if (store.getState().inflight.callouts) adsb.post({ kind: 'callouts', on: true });
    adsb.subscribe((output) => {
      switch (output.kind) {
        case 'ownship':
          if (output.pressureAltitudeFt !== pressureAltitudeFt) {
            pressureAltitudeFt = output.pressureAltitudeFt;
            store.dispatch(pressureAltitudeChanged(pressureAltitudeFt));
          }
          fusion.adsbOwnship(output.fix);
          break;
        case 'traffic':
          store.dispatch(trafficChanged(output.targets));
          break;
        case 'receiver':
          store.dispatch(receiverChanged(output.chips));
          break;
        case 'bad':
          console.warn(`[inflight] ${output.reason}`);
          break;
        case 'callout':
          if (store.getState().inflight.callouts) (options.speak ?? speakWithSynthesis)(output.text);
          break;
        case 'fisb':
          // Weather over ADS-B into the weather layers (source ADS-B), placed by the airport database when linked.
          void (options.ingestFisb ?? ingestFisbWeather)(output.products, output.receivedAt, output.places);
          break;
        case 'linked':
          if (output.ok) console.info('[inflight] the traffic receiver is linked to the routing worker');
          else console.warn(`[inflight] ${output.reason ?? 'traffic receiver not linked'}`);
          break;
        default:
          break;
      }
    });
    return adsb;
  };

  // Device GPS.
  const geolocation = options.geolocation === undefined ? (typeof navigator !== 'undefined' && 'geolocation' in navigator ? (navigator.geolocation as unknown as GeolocationLike) : null) : options.geolocation;
  const watchId = geolocation?.watchPosition(
    (p) => {
      if (fusion.deviceGps(fixFromGeolocation(p))) {
        lastDeviceFixAt = clock.now();
        if (store.getState().inflight.deviceGpsError !== null) store.dispatch(deviceGpsFailed(null));
      }
    },
    (e) => {
      // A time-out is the watch waiting for a fix (3 s); the status loop turns the chip off.
      if (e.code !== 3) store.dispatch(deviceGpsFailed(e.message || `geolocation error ${e.code}`));
    },
    { ...GPS_WATCH_OPTIONS },
  );

  // The simulator (issue 20): its flightData into the fusion, its socket held while signed in.
  const stopSimulatorFeed = feedSimulatorPosition(fusion);
  const holdSimulator = options.holdSimulatorLink === undefined ? (options.openSocket ? null : holdSimLink) : options.holdSimulatorLink;
  let releaseSimulator: (() => void) | null = null;

  // The devices socket while signed in.
  let socket: DevicesSocket | null = null;
  const syncSocket = () => {
    const signedIn = store.getState().account.status === 'signedIn';
    if (signedIn && releaseSimulator === null && holdSimulator) releaseSimulator = holdSimulator();
    else if (!signedIn && releaseSimulator !== null) {
      releaseSimulator();
      releaseSimulator = null;
    }
    if (signedIn && !socket) {
      socket = new DevicesSocket({
        origin: options.origin ?? window.location.origin,
        ...(options.openSocket ? { openSocket: options.openSocket } : {}),
        ...(options.retryMs ? { retryMs: options.retryMs } : {}),
        onText: (text) => adsbOnFirstUse().post({ kind: 'devices', text }),
        onLink: (link) => {
          if (store.getState().inflight.link !== link) store.dispatch(linkChanged(link));
        },
      });
      socket.start();
    } else if (!signedIn && socket) {
      socket.stop();
      socket = null;
      store.dispatch(linkChanged('idle'));
    }
  };
  syncSocket();
  let threshold = store.getState().units.takeoff_threshold;
  let callouts = store.getState().inflight.callouts;
  const unsubscribeStore = store.subscribe(() => {
    syncSocket();
    const on = store.getState().inflight.callouts;
    if (on !== callouts) {
      callouts = on;
      if (adsb.initialized) adsb.post({ kind: 'callouts', on });
    }
    const next = store.getState().units.takeoff_threshold;
    if (next !== threshold) {
      threshold = next;
      fusion.setTakeoffThreshold(next);
    }
  });

  const locationLoop = setInterval(() => fusion.tick(), LOCATION_LOOP_MS);
  const statusLoop = setInterval(check, GPS_STATUS_CHECK_MS);

  return {
    fusion,
    adsb,
    stop() {
      clearInterval(locationLoop);
      clearInterval(statusLoop);
      unsubscribeStore();
      unsubscribeFusion();
      if (watchId !== undefined) geolocation?.clearWatch(watchId);
      socket?.stop();
      socket = null;
      stopSimulatorFeed();
      releaseSimulator?.();
      releaseSimulator = null;
      withdrawPort();
      adsb.terminate();
    },
  };
}
