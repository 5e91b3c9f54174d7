import type { PrefsDb } from '../db/prefs';
import type { AppStore } from '../store';
import { bootFailed, bootWarning, stageReached, type BootStage } from '../store/bootSlice';
import { configLoaded } from '../store/configSlice';
import { loadPersistedPreferences } from '../store/persistence';
import { profileLoaded } from '../features/profile/profileSlice';
import { readCurrentProfile } from '../features/profile/profileStore';
import type { LoadedConfig } from './clientConfig';
import { connectReadinessSource, promiseReadinessSource } from '../platform/readiness';
import type { ServiceWorkerController } from '../sw/register';
import { ROUTING_INIT_TIMEOUT_MESSAGE, ROUTING_WORKER_BOOT_INIT_TIMEOUT_MS, type RoutingWorkerFacade } from '../worker/facade';
import { navDataFailed, routingWorkerState } from '../features/navdata/navDataSlice';
import type { NavDataLoaderDeps, NavDataOutcome } from '../features/navdata/loader';
import { signalSettled } from '../store/readinessSlice';
import { waitForSignIn, type SignInGateDeps } from './signInGate';
import { startRouteEffects, type RouteEffects } from '../features/route';
import { setPerformanceMode } from '../features/settings';
import { isLowMemory, lookupGeoip, readPlatformInfo, readUtmParams, runCpuBenchmark, type GeoipLookupOutcome, type NavigatorLike } from './deviceProbes';

/** Persistent storage the app asks for: about 4 GB (spec part 1 §4, part 2 §9). */
export const STORAGE_REQUEST_BYTES = 4_194_304_000;
/** Fonts normally settle at once; never hold start-up longer than this for them. */
export const FONT_WAIT_MS = 3000;

export interface BootDeps {
  store: AppStore;
  prefs: PrefsDb;
  /** Monotonic clock in ms (performance.now in the browser). */
  clock: () => number;
  /** document.fonts.ready */
  fontsReady?: Promise<unknown>;
  /** navigator.storage */
  storage?: Pick<StorageManager, 'persist'>;
  loadConfig: () => Promise<LoadedConfig>;
  serviceWorker: ServiceWorkerController;
  randomUUID: () => string;
  /** The routing worker (not yet initialised): boot initialises it with the 12 s limit. */
  routing: RoutingWorkerFacade;
  /**
   * Links the initialised routing worker to the traffic receiver (features/inflight receiverLink.ts:
   * a port within 7 s, else a warning and no link). Optional: without it there is no link.
   */
  linkReceiver?: () => Promise<{ state: 'linked' } | { state: 'not_linked'; reason: string }>;
  /** Where the airport database comes from and is kept (features/navdata/loader.ts). */
  navData: Pick<NavDataLoaderDeps, 'fetch' | 'store' | 'region' | 'readableFormat' | 'limits'>;
  /** The sign-in wait (signInGate.ts): fetch for /auth/me, the full navigation to login, the connection screen. */
  signIn: SignInGateDeps;
  /**
   * Resolves when the map's first picture is drawn or given up on (main.tsx: readiness.ts
   * firstPictureWait, the map readiness signal or FIRST_PICTURE_WAIT_MS, the same promise profile sync
   * waits for). The service worker, the routing worker and the airport database wait for it; without it
   * they start at once.
   */
  firstPicture?: () => Promise<void>;
  /**
   * The device probes (deviceProbes.ts): the landing URL's utm_params, platform info, low memory, the
   * CPU benchmark and the cached IP geolocation. Without it none of them runs.
   */
  device?: DeviceProbeDeps;
  log?: Pick<Console, 'info' | 'warn' | 'error'>;
}

export interface DeviceProbeDeps {
  /** `navigator` (deviceMemory, userAgentData, platform, maxTouchPoints). */
  navigator: NavigatorLike;
  /** The landing page's query string (`location.search`), read for utm_params. */
  landingSearch: string;
  /** Fetch for the server's `GET /geoip`. */
  fetch: typeof fetch;
  /** Wall clock, ms since epoch (geoip_info's timestamp). */
  now: () => number;
  /** The geolocation lookup's time-out, ms (deviceProbes.ts GEOIP_TIMEOUT_MS by default). */
  geoipTimeoutMs?: number;
}

/** What the background device probes found (for the log and tests). */
export interface DeviceProbeResult {
  cpuBenchmarkMs: number;
  lowMemory: boolean;
  geoip: GeoipLookupOutcome;
}

/** What boot leaves running in the background when it resolves. */
export interface BootResult {
  /** The routing worker's initialisation; failures are logged and recorded as boot warnings. */
  routingInit: Promise<void>;
  /** The airport database load; it settles the navDb readiness signal itself. */
  navData: Promise<NavDataOutcome>;
  /** The route's app-wide effects (restore and analysis), running from profile_init on. */
  routeEffects: RouteEffects;
  /** The device probes after `done` (null without `deps.device`); they never reject. */
  deviceProbes: Promise<DeviceProbeResult | null>;
}

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * Start-up (spec part 1 §4 "Start-up"): the named stages start, font, idb_init, profile_init, storage,
 * storage_done and done, each recorded with its time since start in the boot slice when it is reached
 * (font, idb_init and profile_init when that step has finished; storage when the persistent-storage
 * request is sent, storage_done when it is answered). Failures of
 * IndexedDB, persistent storage or the configuration request are logged and start-up continues. The
 * service worker is registered here and settles its readiness signal in the background; the root view
 * mounts when this resolves.
 *
 * Right after the prefs database is open (idb_init) boot waits for a signed-in user (signInGate.ts):
 * a stored login goes on at once; else `/auth/me` decides (signed in: go on; signed out: the page goes
 * to the hosted login and boot never resolves; no server: a Retry screen), unless the server's
 * configuration says sign-in is not required. When the stages are done and the map's first picture
 * is drawn (`firstPicture`), the service worker is registered, then the routing worker is initialised
 * (12 s limit; a time-out is logged with the spec's text and recorded as a boot warning), then the
 * airport database load starts (spec part 1 §4: boot waits for a signed-in user, registers the
 * service worker, then initialises the routing worker and the airport database). The load waits for
 * the worker (30 s), shows its progress on the loading chip over the map and settles the navDb signal
 * (features/navdata).
 *
 * At profile_init the route's app-wide effects start (features/route routeEffects.ts, store
 * listeners): the stored route is restored and analysed, and analysed again whenever it, the
 * store's profile or the worker's readiness changes, whatever page is mounted.
 */
export async function boot(deps: BootDeps): Promise<BootResult> {
  const { store, prefs, clock, log = console } = deps;
  const t0 = clock();
  const stage = (name: BootStage) => {
    const elapsedMs = Math.round(clock() - t0);
    store.dispatch(stageReached({ stage: name, elapsedMs }));
    log.info(`[boot] ${name} ${elapsedMs} ms`);
  };
  const warn = (text: string, error?: unknown) => {
    store.dispatch(bootWarning(error === undefined ? text : `${text}: ${message(error)}`));
    log.warn(`[boot] ${text}`, error ?? '');
  };

  stage('start');
  const configRequest = deps.loadConfig();
  deps.routing.onStateChange((state) => store.dispatch(routingWorkerState(state)));

  if (deps.fontsReady) await Promise.race([deps.fontsReady.catch(() => undefined), delay(FONT_WAIT_MS)]);
  stage('font');

  let prefsOpen = true;
  let storedPerformanceMode: boolean | undefined;
  try {
    await prefs.open();
  } catch (error) {
    prefsOpen = false;
    warn('IndexedDB prefs could not be opened; preferences will not be kept', error);
  }
  stage('idb_init');

  // Signed-in users access the app; signed-out users are sent to login (spec part 1 §4, §6).
  await waitForSignIn({ dispatch: store.dispatch, prefs, prefsOpen, config: configRequest, gate: deps.signIn, log });
  if (prefsOpen) {
    try {
      storedPerformanceMode = (await loadPersistedPreferences(prefs, store.dispatch)).performance_mode;
      store.dispatch(profileLoaded(await readCurrentProfile(prefs, Date.now())));
      if (!(await prefs.getProperty('uuid'))) await prefs.setProperty('uuid', deps.randomUUID());
    } catch (error) {
      warn('preferences could not be read', error);
    }
  }
  // Without readable prefs the defaults are the profile: the route screen must not wait forever.
  if (!store.getState().profile.current) store.dispatch(profileLoaded(await readCurrentProfile(undefined, Date.now())));
  // App-wide effects, whatever page is mounted: the stored route is restored and analysed (again
  // whenever it, the profile or the worker's readiness changes) from here on.
  const routeEffects = startRouteEffects({ store, routing: deps.routing, prefs: prefsOpen ? prefs : undefined });
  // Weak devices start in performance mode (spec part 1 §9 low memory) unless the pilot chose before.
  const lowMemory = deps.device ? isLowMemory(deps.device.navigator) : false;
  if (lowMemory && storedPerformanceMode === undefined) {
    store.dispatch(setPerformanceMode(true));
    log.info(`[boot] low memory (${String(deps.device?.navigator.deviceMemory)} GB): performance mode on by default`);
  }
  stage('profile_init');

  stage('storage');
  try {
    const persisted = deps.storage ? await deps.storage.persist() : false;
    log.info(`[boot] persistent storage ${persisted ? 'granted' : 'not granted'}`);
  } catch (error) {
    // Storage permission or quota failure: the app starts anyway (spec part 1 §8).
    warn('persistent storage request failed', error);
  }
  stage('storage_done');

  const loaded = await configRequest;
  if (loaded.source === 'fallback') warn(`using the built-in configuration (${loaded.error ?? 'no reason'})`);
  store.dispatch(configLoaded(loaded));

  stage('done');
  // Performance mode is sent to the service worker now and on each change (spec part 1 §4).
  let sentPerformanceMode: boolean | null = null;
  const sendPerformanceMode = () => {
    const on = store.getState().settings.performance_mode;
    if (on === sentPerformanceMode) return;
    sentPerformanceMode = on;
    deps.serviceWorker.setPerformanceMode(on);
  };
  sendPerformanceMode();
  store.subscribe(sendPerformanceMode);
  const deviceProbes = deps.device ? runDeviceProbes(deps.device, { prefs: prefsOpen ? prefs : null, clock, lowMemory, log }) : Promise.resolve(null);
  // The service worker's install (it precaches every asset), the routing worker and the airport database
  // start once the map's first picture is drawn: on a small machine they would otherwise take the CPU
  // from the map's first frames. They start in the spec's order: register, routing worker, database.
  const firstPicture = (deps.firstPicture?.() ?? Promise.resolve()).catch(() => undefined);
  void firstPicture.then(() => connectReadinessSource(store.dispatch, promiseReadinessSource('serviceWorker', () => deps.serviceWorker.start())));
  const routingInit = firstPicture
    .then(() => deps.routing.init({ timeoutMs: ROUTING_WORKER_BOOT_INIT_TIMEOUT_MS }))
    .then(
      () => log.info('[boot] routing worker initialized'),
      (error: unknown) => {
        log.error('[boot] routing worker', error);
        store.dispatch(bootWarning(`routing worker: ${message(error)}`));
        // The init time-out fails boot (spec part 1 §8, part 2 §8): the shell shows the text and a Retry.
        if (message(error) === ROUTING_INIT_TIMEOUT_MESSAGE) store.dispatch(bootFailed(ROUTING_INIT_TIMEOUT_MESSAGE));
      },
    );
  // Then the routing worker is linked to the traffic receiver (spec part 1 §4); a failure is a warning.
  if (deps.linkReceiver) {
    const link = deps.linkReceiver;
    void routingInit
      .then(() => (deps.routing.initialized ? link() : null))
      .then((outcome) => {
        if (outcome === null) return;
        if (outcome.state === 'linked') log.info('[boot] traffic receiver linked to the routing worker');
        else {
          log.warn(`[boot] ${outcome.reason}`);
          store.dispatch(bootWarning(outcome.reason));
        }
      });
  }
  // The loader (index check with zod, download, IndexedDB) is a chunk of its own, off the first paint.
  const navData = firstPicture
    .then(() => import('../features/navdata/startNavData'))
    .then(({ startNavDatabase }) =>
      startNavDatabase({ ...deps.navData, dispatch: store.dispatch, routing: deps.routing, config: loaded.config, clock, log }),
    )
    .catch((error: unknown): NavDataOutcome => {
      const reason = `The nav database loader could not start: ${message(error)}`;
      log.error(`[boot] ${reason}`);
      store.dispatch(navDataFailed(reason));
      store.dispatch(signalSettled({ signal: 'navDb', state: 'unavailable', reason }));
      return { state: 'error', reason };
    });
  return { routingInit, navData, routeEffects, deviceProbes };
}

/**
 * The probes of spec part 1 §3 and §4 that never hold start-up: utm_params (only when the landing URL
 * has some) and platform info are stored, the 50-iteration CPU benchmark's time is logged, and the
 * IP geolocation is looked up (time-out, cached as geoip_info). Failures are logged, never thrown.
 */
async function runDeviceProbes(
  device: DeviceProbeDeps,
  { prefs, clock, lowMemory, log }: { prefs: PrefsDb | null; clock: () => number; lowMemory: boolean; log: Pick<Console, 'info' | 'warn' | 'error'> },
): Promise<DeviceProbeResult> {
  const cpu = runCpuBenchmark(clock);
  log.info(`[boot] CPU benchmark: ${cpu.iterations} iterations in ${cpu.elapsedMs.toFixed(1)} ms`);
  if (!prefs) return { cpuBenchmarkMs: cpu.elapsedMs, lowMemory, geoip: { state: 'failed', reason: 'the prefs database is not open' } };
  const utm = readUtmParams(device.landingSearch);
  const stored = Promise.all([
    utm ? prefs.setProperty('utm_params', utm) : undefined,
    readPlatformInfo(device.navigator).then((info) => prefs.setProperty('platform', info)),
  ]).catch((error: unknown) => log.warn('[boot] utm_params or platform info could not be stored', error));
  const geoip = await lookupGeoip({ fetch: device.fetch, prefs, now: device.now, timeoutMs: device.geoipTimeoutMs, log });
  await stored;
  return { cpuBenchmarkMs: cpu.elapsedMs, lowMemory, geoip };
}
