import { NAVDB_FORMAT_VERSION, readNavDbHeader, type NavDbHeader } from '@clearway/navdb';
import type { ClientConfig, NavdataArtifact } from '@clearway/protocol';
import type { NavDatabaseRow } from '../../db/airport';
import type { RoutingWorkerFacade } from '../../worker/facade';
import type { ArtifactStore } from './artifactStore';
import { downloadArtifact } from './download';
import { openBrowserPartStore } from '../../downloads';
import { postServiceWorkerMessage, type MessageContainer } from '../../sw/messages';
import { artifactUrl, chooseArtifact, navIndexUrl, parseNavIndex, type NavIndex } from './navIndex';
import { DEFAULT_NAV_REGION } from './navRegion';
import {
  navDataDownloadedOnce,
  navDataFailed,
  navDataLoaded,
  navDataLoadStarted,
  navDataPhase,
  navDataProgress,
  navDataUnavailable,
  type NavDataLoaded,
  type NavDataPhase,
  type NavDataSource,
  type NavDataTimings,
} from './navDataSlice';
import { NAV_DATABASE_STALLED, NO_NAV_DATABASE_OFFLINE, NO_NAV_DATABASE_ON_SERVER, usingStoredNote } from './texts';
import type { AppDispatch } from '../../store';

/** Spec part 1 §4 "Start-up" and part 2 §4 "Airport database". */
export const NAV_DATA_LIMITS = {
  /** Wait for the routing worker to be initialised ... */
  workerWaitMs: 30_000,
  /** ... checking this often. */
  workerPollMs: 500,
  /** Abort with an error when nothing moves for this long. */
  stallMs: 60_000,
} as const;

export type NavDataLimits = typeof NAV_DATA_LIMITS;

export interface NavDataLoaderDeps {
  dispatch: AppDispatch;
  routing: Pick<RoutingWorkerFacade, 'waitUntilInitialized' | 'call'>;
  store: ArtifactStore;
  fetch: typeof fetch;
  config: ClientConfig;
  /** Default 'us' (a setting in a later issue). */
  region?: string;
  /** Monotonic ms (performance.now in the browser). */
  clock: () => number;
  /** Whether this app reads an artifact format version (default: the one @clearway/navdb reads). */
  readableFormat?: (formatVersion: number) => boolean;
  log?: Pick<Console, 'info' | 'warn' | 'error'>;
  limits?: Partial<NavDataLimits>;
  /** The service worker messages' container (spec part 2 §7 airportdb_downloaded; default navigator.serviceWorker, null: none). */
  messages?: MessageContainer | null;
}

/** How a load ended: the nav database signal's outcome. */
export type NavDataOutcome = { state: 'loaded'; header: NavDbHeader } | { state: 'unavailable'; reason: string } | { state: 'error'; reason: string };

type IndexAnswer = { kind: 'published'; index: NavIndex; url: string } | { kind: 'none' } | { kind: 'unreachable'; why: string };

interface Bytes {
  bytes: ArrayBuffer;
  region: string;
  cycle: string;
  source: NavDataSource;
  note: string | null;
}

class StallError extends Error {
  override name = 'StallError';
  constructor() {
    super(NAV_DATABASE_STALLED);
  }
}

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function megabytes(bytes: number): string {
  return `${(bytes / 1_048_576).toFixed(1)} MB`;
}

async function fetchIndex(fetchFn: typeof fetch, url: string, signal: AbortSignal, log: Pick<Console, 'warn'>): Promise<IndexAnswer> {
  let response: Response;
  try {
    response = await fetchFn(url, { signal, cache: 'no-cache', credentials: 'same-origin', headers: { accept: 'application/json' } });
  } catch (error) {
    if (signal.aborted) throw signal.reason;
    return { kind: 'unreachable', why: message(error) };
  }
  if (response.status === 404) return { kind: 'none' };
  if (!response.ok) return { kind: 'unreachable', why: `the server answered ${response.status}` };
  try {
    const { index, skipped } = parseNavIndex(await response.json());
    if (skipped.length > 0) log.warn(`[navdata] index entries left out: ${skipped.join('; ')}`);
    return index.artifacts.length > 0 ? { kind: 'published', index, url } : { kind: 'none' };
  } catch (error) {
    if (signal.aborted) throw signal.reason;
    return { kind: 'unreachable', why: message(error) };
  }
}

/**
 * Loads the airport (nav) database into the routing worker, driving the navData slice:
 * not_loaded -> loading (waiting_for_worker, checking, reading | downloading with pct/rem, storing,
 * opening) -> loaded | unavailable (a plain reason) | error (a message).
 *
 * 1. Waits up to 30 s (polling 500 ms) for the routing worker, else the spec's error text.
 * 2. Asks the channel's index.json and, meanwhile, reads the stored artifact from IndexedDB.
 * 3. Same cycle and ETag stored: loads that (no download). Otherwise downloads with progress, stores
 *    it, then loads it. Unreachable server, no artifact published or a failed download: the stored
 *    one if there is one (with a note), else 'unavailable' / 'error'.
 * 4. Transfers the bytes to the worker (loadDatabase), then waits for a query to be answered;
 *    that span is `loadMs`.
 * Anything that makes no progress for 60 s is aborted with an error. Never throws.
 */
export async function loadNavDatabase(deps: NavDataLoaderDeps): Promise<NavDataOutcome> {
  const { dispatch, routing, store, config, clock, log = console } = deps;
  const limits = { ...NAV_DATA_LIMITS, ...deps.limits };
  const channel = config.dataChannel;
  const region = deps.region ?? DEFAULT_NAV_REGION;
  const readable = deps.readableFormat ?? ((version: number) => version === NAVDB_FORMAT_VERSION);
  const t0 = clock();
  const timings: NavDataTimings = { waitWorkerMs: null, fetchMs: null, loadMs: null, totalMs: null };
  /** Why the last download failed. */
  let lastDownloadError = '';
  /** Size of the artifact handed to the worker. */
  let byteLength = 0;
  dispatch(navDataLoadStarted({ channel, region }));

  const controller = new AbortController();
  const { signal } = controller;
  let stallTimer: ReturnType<typeof setTimeout> | undefined;
  /** Something moved: restart the 60 s no-progress clock. */
  const moved = () => {
    clearTimeout(stallTimer);
    stallTimer = setTimeout(() => controller.abort(new StallError()), limits.stallMs);
  };
  const phase = (next: NavDataPhase) => {
    moved();
    dispatch(navDataPhase(next));
  };

  try {
    await routing.waitUntilInitialized({ timeoutMs: limits.workerWaitMs, pollMs: limits.workerPollMs });
    timings.waitWorkerMs = Math.round(clock() - t0);

    phase('checking');
    const indexUrl = navIndexUrl(config);
    const tRead = clock();
    let readMs = 0;
    const storedRead = readStored(store, channel, region, log).then((row) => {
      readMs = clock() - tRead;
      return row;
    });
    const answer = await fetchIndex(deps.fetch, indexUrl, signal, log);
    const stored = await storedRead;
    if (signal.aborted) throw signal.reason;
    if (stored) dispatch(navDataDownloadedOnce(true));

    const artifact = answer.kind === 'published' ? chooseArtifact(answer.index, region, readable) : null;
    const tFetch = clock();
    let got: Bytes | null;
    if (answer.kind === 'published' && artifact) {
      const current = stored && stored.region === artifact.region && stored.cycle === artifact.cycle && stored.etag === artifact.etag;
      if (current && stored) {
        got = fromStored(stored, null);
      } else {
        got = await downloadAndStore(artifact, artifactUrl(artifact, answer.url));
        if (!got && stored) got = fromStored(stored, usingStoredNote(stored.cycle, lastDownloadError));
        if (!got) throw new Error(lastDownloadError);
      }
    } else if (stored) {
      const why = answer.kind === 'unreachable' ? `the server cannot be reached (${answer.why})` : 'the server publishes no nav database now';
      got = fromStored(stored, usingStoredNote(stored.cycle, why));
    } else if (answer.kind === 'unreachable') {
      log.warn(`[navdata] ${indexUrl}: ${answer.why}`);
      return finish({ state: 'unavailable', reason: NO_NAV_DATABASE_OFFLINE });
    } else {
      return finish({ state: 'unavailable', reason: NO_NAV_DATABASE_ON_SERVER });
    }
    // The IndexedDB read ran beside the index request: its own duration is the cost of the bytes.
    timings.fetchMs = Math.round(got.source === 'cache' ? readMs : clock() - tFetch);

    phase('opening');
    const tBytes = clock();
    let header: NavDbHeader;
    try {
      header = await open(got.bytes);
    } catch (error) {
      // An artifact the worker cannot open is not kept; a stored one (older format, damaged) is
      // downloaded afresh when the server offers one.
      await store.remove(channel, got.region).catch(() => undefined);
      if (got.source !== 'cache' || !artifact || answer.kind !== 'published') throw error;
      log.warn(`[navdata] the stored cycle ${got.cycle} cannot be opened (${message(error)}); downloading it again`);
      const fresh = await downloadAndStore(artifact, artifactUrl(artifact, answer.url));
      if (!fresh) throw new Error(lastDownloadError);
      got = fresh;
      phase('opening');
      header = await open(got.bytes);
    }
    timings.loadMs = Math.round(clock() - tBytes);
    timings.totalMs = Math.round(clock() - t0);

    const loaded: NavDataLoaded = {
      channel,
      region: header.region || got.region,
      cycle: header.cycle,
      effective: header.effective,
      expires: header.expires,
      formatVersion: header.formatVersion,
      builtAt: header.builtAt,
      counts: header.counts,
      bytes: byteLength,
      source: got.source,
    };
    dispatch(navDataLoaded({ loaded, timings: { ...timings }, note: got.note }));
    log.info(
      `[navdata] ${loaded.region} cycle ${loaded.cycle} from ${got.source === 'cache' ? 'IndexedDB' : 'the server'}: ${megabytes(byteLength)}, ` +
        `bytes ${timings.fetchMs} ms, load ${timings.loadMs} ms (bytes in hand -> queries answered), total ${timings.totalMs} ms`,
    );
    if (got.note) log.warn(`[navdata] ${got.note}`);
    // A new artifact was downloaded and stored: the other open tabs load it too (startNavData.ts).
    if (got.source !== 'cache') postServiceWorkerMessage({ type: 'airportdb_downloaded', cycle: loaded.cycle }, deps.messages);
    return finish({ state: 'loaded', header });
  } catch (error) {
    const reason = signal.aborted && signal.reason instanceof StallError ? NAV_DATABASE_STALLED : message(error);
    log.error(`[navdata] ${reason}`, error);
    return finish({ state: 'error', reason });
  } finally {
    clearTimeout(stallTimer);
  }

  // ---- steps (function declarations, hoisted; they share the state above) ----

  function finish(outcome: NavDataOutcome): NavDataOutcome {
    if (outcome.state === 'unavailable') dispatch(navDataUnavailable(outcome.reason));
    if (outcome.state === 'error') dispatch(navDataFailed(outcome.reason));
    return outcome;
  }

  function fromStored(row: NavDatabaseRow, note: string | null): Bytes {
    return { bytes: row.bytes, region: row.region, cycle: row.cycle, source: 'cache', note };
  }

  /** Downloads, checks and stores an artifact; null (with lastDownloadError set) when that fails. */
  async function downloadAndStore(artifact: NavdataArtifact, url: string): Promise<Bytes | null> {
    // Opened before the phase changes, so the download reads its body without waiting for storage;
    // what an interrupted download left there is resumed.
    const part = await openBrowserPartStore(`navdata/${channel}/${artifact.region}`).catch((error: unknown) => {
      log.warn('[navdata] no storage for the download in progress; it cannot resume after a restart', error);
      return undefined;
    });
    phase('downloading');
    let lastPct = -1;
    let bytes: ArrayBuffer;
    try {
      bytes = await downloadArtifact(deps.fetch, url, {
        signal,
        store: part,
        etag: artifact.etag,
        expectedBytes: artifact.bytes > 0 ? artifact.bytes : null,
        onProgress: ({ receivedBytes, totalBytes }) => {
          moved();
          const pct = totalBytes ? Math.floor((receivedBytes / totalBytes) * 100) : -1;
          if (pct !== lastPct || pct < 0) dispatch(navDataProgress({ receivedBytes, totalBytes }));
          lastPct = pct;
        },
      });
      const header = readNavDbHeader(bytes);
      if (header.cycle !== artifact.cycle) log.warn(`[navdata] the index says cycle ${artifact.cycle}, the artifact says ${header.cycle}`);
    } catch (error) {
      if (signal.aborted) throw signal.reason;
      lastDownloadError = message(error);
      log.warn(`[navdata] download of ${url} failed: ${lastDownloadError}`);
      return null;
    }
    phase('storing');
    try {
      // Written (and committed) before the buffer is transferred to the worker, which detaches it here.
      await store.write({ channel, region: artifact.region, cycle: artifact.cycle, etag: artifact.etag, formatVersion: artifact.formatVersion, bytes });
      dispatch(navDataDownloadedOnce(true));
    } catch (error) {
      // Quota or a blocked database: this session still gets its nav database, the next start downloads again.
      log.warn('[navdata] the nav database could not be stored for offline use', error);
    }
    return { bytes, region: artifact.region, cycle: artifact.cycle, source: 'download', note: null };
  }

  /** Bytes in hand -> the worker has opened them and answers queries. */
  async function open(bytes: ArrayBuffer): Promise<NavDbHeader> {
    byteLength = bytes.byteLength;
    const header = await routing.call('loadDatabase', { bytes }, { signal });
    const status = await routing.call('status', {}, { signal });
    if (!status.loaded) throw new Error('The routing worker did not keep the nav database');
    // A first real query: the database answers, not just holds the bytes.
    await routing.call('search', { query: 'A', limit: 1 }, { signal });
    return header;
  }
}

async function readStored(store: ArtifactStore, channel: string, region: string, log: Pick<Console, 'warn'>): Promise<NavDatabaseRow | null> {
  try {
    const wanted = await store.read(channel, region);
    if (wanted) return wanted;
    // A server that published only another region earlier: that one is better than none offline.
    const [other] = await store.regions(channel);
    return other === undefined ? null : await store.read(channel, other);
  } catch (error) {
    log.warn('[navdata] the stored nav database could not be read', error);
    return null;
  }
}
