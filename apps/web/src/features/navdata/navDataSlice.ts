import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { NavDbHeader } from '@clearway/navdb';
import type { RoutingWorkerState } from '../../worker/facade';

/**
 * The airport (nav) database's load state (spec part 2 §4 "Airport database": not loaded, loading with
 * percent progress, loaded), plus the two ways it can end without a database: `unavailable` (nothing
 * published and nothing stored: a plain reason for the user) and `error` (something went wrong: the
 * message). Spec part 2 §3 "Storage state" names: airport_db_loaded is `status === 'loaded'`
 * (selectAirportDbLoaded), pct and rem are below, dowloaded_once is `downloadedOnce`.
 */
export type NavDataStatus = 'not_loaded' | 'loading' | 'loaded' | 'unavailable' | 'error';

/** What a load is doing, in order. */
export type NavDataPhase = 'waiting_for_worker' | 'checking' | 'reading' | 'downloading' | 'storing' | 'opening';

/** Where the loaded bytes came from. */
export type NavDataSource = 'download' | 'cache';

export interface NavDataLoaded {
  channel: string;
  region: string;
  cycle: string;
  effective: string;
  expires: string;
  formatVersion: number;
  builtAt: string;
  counts: NavDbHeader['counts'];
  /** Artifact size, bytes. */
  bytes: number;
  source: NavDataSource;
}

export interface NavDataTimings {
  /** Waiting for the routing worker to be initialised. */
  waitWorkerMs: number | null;
  /** Getting the bytes: the download, or the IndexedDB read. */
  fetchMs: number | null;
  /** Bytes in hand -> the worker answers queries from them (the benchmark figure). */
  loadMs: number | null;
  /** The whole load. */
  totalMs: number | null;
}

export interface NavDataState {
  /** The routing worker facade's state (spec part 1 §4 "Routing worker"). */
  worker: RoutingWorkerState;
  status: NavDataStatus;
  phase: NavDataPhase | null;
  /** Download progress, whole percent 0-100; null when not downloading. */
  pct: number | null;
  /** Bytes still to download; null when not downloading. */
  rem: number | null;
  /** An artifact has been downloaded and stored in this browser at least once (spec: dowloaded_once). */
  downloadedOnce: boolean;
  channel: string | null;
  region: string | null;
  loaded: NavDataLoaded | null;
  timings: NavDataTimings;
  /** Why no database is available (status 'unavailable'), or what went wrong (status 'error'). */
  message: string | null;
  /** A remark on a successful load, e.g. that an older stored cycle is in use while offline. */
  note: string | null;
}

const noTimings: NavDataTimings = { waitWorkerMs: null, fetchMs: null, loadMs: null, totalMs: null };

export const initialNavDataState: NavDataState = {
  worker: 'not_initialized',
  status: 'not_loaded',
  phase: null,
  pct: null,
  rem: null,
  downloadedOnce: false,
  channel: null,
  region: null,
  loaded: null,
  timings: noTimings,
  message: null,
  note: null,
};

export const navDataSlice = createSlice({
  name: 'navData',
  initialState: initialNavDataState,
  reducers: {
    routingWorkerState(state, action: PayloadAction<RoutingWorkerState>) {
      state.worker = action.payload;
    },
    navDataLoadStarted(state, action: PayloadAction<{ channel: string; region: string }>) {
      state.status = 'loading';
      state.phase = 'waiting_for_worker';
      state.pct = null;
      state.rem = null;
      state.channel = action.payload.channel;
      state.region = action.payload.region;
      state.message = null;
      state.note = null;
      state.timings = noTimings;
    },
    navDataPhase(state, action: PayloadAction<NavDataPhase>) {
      state.phase = action.payload;
      if (action.payload !== 'downloading') {
        state.pct = null;
        state.rem = null;
      }
    },
    navDataProgress(state, action: PayloadAction<{ receivedBytes: number; totalBytes: number | null }>) {
      const { receivedBytes, totalBytes } = action.payload;
      state.phase = 'downloading';
      if (totalBytes && totalBytes > 0) {
        state.pct = Math.min(100, Math.floor((receivedBytes / totalBytes) * 100));
        state.rem = Math.max(0, totalBytes - receivedBytes);
      } else {
        state.pct = null;
        state.rem = null;
      }
    },
    navDataDownloadedOnce(state, action: PayloadAction<boolean>) {
      state.downloadedOnce = action.payload;
    },
    navDataLoaded(state, action: PayloadAction<{ loaded: NavDataLoaded; timings: NavDataTimings; note?: string | null }>) {
      state.status = 'loaded';
      state.phase = null;
      state.pct = null;
      state.rem = null;
      state.loaded = action.payload.loaded;
      state.region = action.payload.loaded.region;
      state.timings = action.payload.timings;
      state.message = null;
      state.note = action.payload.note ?? null;
    },
    navDataUnavailable(state, action: PayloadAction<string>) {
      state.status = 'unavailable';
      state.phase = null;
      state.pct = null;
      state.rem = null;
      state.message = action.payload;
    },
    navDataFailed(state, action: PayloadAction<string>) {
      state.status = 'error';
      state.phase = null;
      state.pct = null;
      state.rem = null;
      state.message = action.payload;
    },
  },
});

export const { routingWorkerState, navDataLoadStarted, navDataPhase, navDataProgress, navDataDownloadedOnce, navDataLoaded, navDataUnavailable, navDataFailed } =
  navDataSlice.actions;

interface WithNavData {
  navData: NavDataState;
}

export const selectNavData = (s: WithNavData): NavDataState => s.navData;
/** Spec part 2 §3 airport_db_loaded. */
export const selectAirportDbLoaded = (s: WithNavData): boolean => s.navData.status === 'loaded';
