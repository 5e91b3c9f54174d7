import type { ClientConfig } from '@clearway/protocol';
import type { PrefsDb } from '../db/prefs';
import type { AppStore } from '../store';
import { bootWarning, stageReached, type BootStage } from '../store/bootSlice';
import { configLoaded } from '../store/configSlice';
import { loadPersistedPreferences } from '../store/persistence';
import type { LoadedConfig } from './clientConfig';
import { connectReadinessSource, navDatabaseReadinessSource, promiseReadinessSource } from './readiness';
import type { ServiceWorkerController } from '../sw/register';

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
  log?: Pick<Console, 'info' | 'warn' | 'error'>;
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
 */
export async function boot(deps: BootDeps): Promise<void> {
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
  let resolveConfig: (config: ClientConfig) => void = () => undefined;
  const configReady = new Promise<ClientConfig>((resolve) => {
    resolveConfig = resolve;
  });
  connectReadinessSource(store.dispatch, navDatabaseReadinessSource(configReady));

  if (deps.fontsReady) await Promise.race([deps.fontsReady.catch(() => undefined), delay(FONT_WAIT_MS)]);
  stage('font');

  let prefsOpen = true;
  try {
    await prefs.open();
  } catch (error) {
    prefsOpen = false;
    warn('IndexedDB prefs could not be opened; preferences will not be kept', error);
  }
  stage('idb_init');

  if (prefsOpen) {
    try {
      await loadPersistedPreferences(prefs, store.dispatch);
      if (!(await prefs.getProperty('uuid'))) await prefs.setProperty('uuid', deps.randomUUID());
    } catch (error) {
      warn('preferences could not be read', error);
    }
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
  resolveConfig(loaded.config);

  connectReadinessSource(store.dispatch, promiseReadinessSource('serviceWorker', () => deps.serviceWorker.start()));
  stage('done');
}
