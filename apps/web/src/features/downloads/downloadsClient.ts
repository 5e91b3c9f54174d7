import { useSyncExternalStore } from 'react';
import { nextRegionState, REGION_STATE, type RegionEvent, type RegionState } from './regionState';
import { packStore, type PackStore, type StoredPack } from './packStore';
import type { DownloaderReply, DownloaderRequest, PackChunk } from './protocol';
import { onServiceWorkerMessage, postServiceWorkerMessage, type MessageContainer, type ServiceWorkerMessage } from '../../sw/messages';

/** Per region, what the page shows (spec part 2 §3 "Downloads": status, progress (pct, rem), cycle, info, error). */
export interface RegionDownload {
  state: RegionState | null;
  pct: number | null;
  /** Seconds remaining, null while unknown. */
  rem: number | null;
  cycle: string | null;
  error: string | null;
  /** The packs asked for (kept so a download resumes after a reload). */
  chunks: PackChunk[];
}

export type ApproachStrategy = 'all' | 'selected';

/** Spec part 2 §9 defaults: approach strategy all, region_type miles400, download quota 500 MB. */
export interface DownloadSettings {
  quotaMB: number;
  approachStrategy: ApproachStrategy;
  regionType: 'miles400';
}

export const DEFAULT_DOWNLOAD_SETTINGS: DownloadSettings = { quotaMB: 500, approachStrategy: 'all', regionType: 'miles400' };
/** Storage quota requested (spec part 2 §9): 4194304000 bytes. */
export const STORAGE_QUOTA_REQUESTED_BYTES = 4_194_304_000;
const MB = 1_000_000;

export interface DownloadsSnapshot {
  ready: boolean;
  regions: Record<string, RegionDownload>;
  settings: DownloadSettings;
  stored: StoredPack[];
}

const REGIONS_KEY = 'clearway.downloads.regions';
const SETTINGS_KEY = 'clearway.downloads.settings';

function readJson<T>(key: string, fallback: T): T {
  try {
    const text = globalThis.localStorage?.getItem(key);
    return text ? ({ ...fallback, ...(JSON.parse(text) as T) } as T) : fallback;
  } catch {
    return fallback;
  }
}

/** States in which this tab is not working on a region: another tab's download or delete may set it. */
const SETTLED: readonly (RegionState | null)[] = [null, REGION_STATE.DOWNLOADED, REGION_STATE.DELETED, REGION_STATE.STOPPED, REGION_STATE.ERROR];

export interface DownloadsClientOptions {
  /** The service worker messages' container (spec part 2 §7; default navigator.serviceWorker, null: none). */
  messages?: MessageContainer | null;
  /** The stored packs (default the app's pack store). */
  packs?: Pick<PackStore, 'list' | 'subscribe'>;
}

/** States in which the downloader was working when the page went away: after a reload they are paused (their bytes are kept). */
const INTERRUPTED: readonly (RegionState | null)[] = [
  REGION_STATE.QUEUED,
  REGION_STATE.IN_PROGRESS,
  REGION_STATE.PAUSE_REQUESTED,
  REGION_STATE.RESUME_REQUESTED,
  REGION_STATE.RESUME_CONFIRMED,
  REGION_STATE.ESTIMATING,
];

export function formatMB(bytes: number): string {
  return `${(bytes / MB).toFixed(bytes >= 100 * MB ? 0 : 1)} MB`;
}

/** The quota check (spec part 2 §9, download quota 500 MB): a message when `adding` bytes would pass it, else null. */
export function quotaProblem(regionName: string, adding: number, used: number, quotaMB: number): string | null {
  if (used + adding <= quotaMB * MB) return null;
  return `Not downloaded: ${regionName} (${formatMB(adding)}) would pass the download quota of ${quotaMB} MB (${formatMB(used)} already used). Raise the quota or delete packs first.`;
}

/**
 * The page's side of the background downloader: region states moved only through the state
 * machine, requests sent to the worker, its replies applied. One per page.
 */
export class DownloadsClient {
  private snapshot: DownloadsSnapshot;
  private readonly listeners = new Set<() => void>();
  private worker: Worker | null = null;
  private readonly messages: MessageContainer | null | undefined;
  private readonly packs: Pick<PackStore, 'list' | 'subscribe'>;
  /** Regions being downloaded over an older cycle on the device: change_cycle is told when they are done. */
  private readonly replacing = new Map<string, string>();

  constructor(options: DownloadsClientOptions = {}) {
    this.messages = options.messages;
    this.packs = options.packs ?? packStore();
    const regions = readJson<Record<string, RegionDownload>>(REGIONS_KEY, {});
    for (const region of Object.values(regions)) if (INTERRUPTED.includes(region.state)) region.state = REGION_STATE.PAUSED;
    this.snapshot = { ready: false, regions, settings: readJson(SETTINGS_KEY, DEFAULT_DOWNLOAD_SETTINGS), stored: [] };
    this.packs.subscribe(() => void this.refreshStored());
    void this.refreshStored();
    onServiceWorkerMessage((message) => this.fromOtherTab(message), this.messages);
  }

  /** Another tab downloaded or deleted a region (spec part 2 §7 service worker messages): its row follows. */
  private fromOtherTab(message: ServiceWorkerMessage): void {
    if (message.type === 'download_complete' || message.type === 'download_deleted') {
      const current = this.snapshot.regions[message.db];
      if (SETTLED.includes(current?.state ?? null)) {
        const state = message.type === 'download_complete' ? REGION_STATE.DOWNLOADED : REGION_STATE.DELETED;
        const pct = state === REGION_STATE.DOWNLOADED ? 100 : null;
        this.set({ regions: { ...this.snapshot.regions, [message.db]: { ...(current ?? { cycle: null }), state, pct, rem: null, error: null, chunks: [] } } });
      }
    }
    if (message.type !== 'airportdb_downloaded') void this.refreshStored();
  }

  /** Tells the other tabs (through the service worker) what this one's downloader finished. */
  private tell(message: ServiceWorkerMessage): void {
    postServiceWorkerMessage(message, this.messages);
  }

  getSnapshot = (): DownloadsSnapshot => this.snapshot;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    this.ensureWorker();
    return () => this.listeners.delete(listener);
  };

  private set(next: Partial<DownloadsSnapshot>): void {
    this.snapshot = { ...this.snapshot, ...next };
    try {
      globalThis.localStorage?.setItem(REGIONS_KEY, JSON.stringify(this.snapshot.regions));
      globalThis.localStorage?.setItem(SETTINGS_KEY, JSON.stringify(this.snapshot.settings));
    } catch {
      // Private mode: the states live as long as the page.
    }
    for (const listener of [...this.listeners]) listener();
  }

  private async refreshStored(): Promise<void> {
    try {
      this.set({ stored: await this.packs.list() });
    } catch {
      // No IndexedDB: nothing stored.
    }
  }

  private ensureWorker(): void {
    if (this.worker || typeof Worker !== 'function') return;
    this.worker = new Worker(new URL('./downloader.worker.ts', import.meta.url), { type: 'module', name: 'downloader' });
    this.worker.addEventListener('message', (event: MessageEvent<DownloaderReply>) => this.receive(event.data));
    this.worker.addEventListener('error', (event) => {
      for (const [code, region] of Object.entries(this.snapshot.regions)) {
        if (INTERRUPTED.includes(region.state)) this.move(code, 'failed', { error: `The background downloader stopped: ${event.message}` });
      }
    });
  }

  private post(request: DownloaderRequest): void {
    this.ensureWorker();
    this.worker?.postMessage(request);
  }

  /** Moves a region by `event` when its state accepts it; false (nothing changes) when it does not. */
  private move(code: string, event: RegionEvent, patch: Partial<RegionDownload> = {}): boolean {
    const current = this.snapshot.regions[code] ?? { state: null, pct: null, rem: null, cycle: null, error: null, chunks: [] };
    const state = nextRegionState(current.state, event);
    if (state === undefined) return false;
    this.set({ regions: { ...this.snapshot.regions, [code]: { ...current, ...patch, state } } });
    return true;
  }

  private receive(reply: DownloaderReply): void {
    switch (reply.type) {
      case 'ready':
        this.set({ ready: true });
        return;
      case 'progress': {
        const current = this.snapshot.regions[reply.chart];
        // Progress while a request waits for its confirmation updates the bar but not the state.
        if (current && !this.move(reply.chart, 'progress', { pct: reply.pct, rem: reply.rem })) {
          this.set({ regions: { ...this.snapshot.regions, [reply.chart]: { ...current, pct: reply.pct, rem: reply.rem } } });
        }
        return;
      }
      case 'done': {
        const cycle = this.snapshot.regions[reply.chart]?.cycle ?? null;
        if (this.move(reply.chart, 'done', { pct: 100, rem: 0, error: null, chunks: [] })) {
          this.tell({ type: 'download_complete', db: reply.chart });
          if (cycle !== null && this.replacing.has(reply.chart)) this.tell({ type: 'change_cycle', cycle });
        }
        this.replacing.delete(reply.chart);
        return;
      }
      case 'failed':
        this.move(reply.chart, 'failed', { error: reply.error, pct: null, rem: null, chunks: [] });
        this.replacing.delete(reply.chart);
        return;
      case 'pause_confirmed':
        this.move(reply.chart, 'pause_confirmed', { rem: null });
        return;
      case 'resume_confirmed': {
        const region = this.snapshot.regions[reply.chart];
        if (this.move(reply.chart, 'resume_confirmed') && region && region.chunks.length > 0) {
          // After a reload the downloader has no job for it: ask again (the held bytes are resumed with Range).
          this.post({ type: 'download', chart: reply.chart, root: '', directory: region.cycle ?? '', database: 'packs', chunks: region.chunks });
        }
        return;
      }
      case 'stop_confirmed':
      case 'cancel_confirmed':
        this.move(reply.chart, 'stop_confirmed', { pct: null, rem: null, chunks: [] });
        return;
      case 'delete_confirmed':
        if (this.move(reply.chart, 'delete_confirmed', { pct: null, rem: null, error: null, chunks: [], cycle: null })) this.tell({ type: 'download_deleted', db: reply.chart });
        this.replacing.delete(reply.chart);
        return;
    }
  }

  /**
   * Asks for a region's packs. Refused (the message is returned, nothing moves) when it would pass
   * the quota setting or the space the browser gives; else ESTIMATING, then QUEUED once checked.
   */
  async download(code: string, name: string, cycle: string, chunks: PackChunk[]): Promise<string | null> {
    const current = this.snapshot.regions[code];
    const storedHere = this.snapshot.stored.filter((pack) => pack.region === code && pack.cycle === cycle);
    const needed = chunks.filter((chunk) => !storedHere.some((pack) => pack.kind === chunk.kind && pack.sha256 === chunk.sha256));
    const adding = needed.reduce((sum, chunk) => sum + chunk.bytes, 0);
    if (!this.move(code, 'estimate', { cycle, error: null, pct: 0, rem: null, chunks })) return `${name} is already being downloaded`;
    const used = this.usedBytes(code);
    let problem = quotaProblem(name, adding, used, this.snapshot.settings.quotaMB);
    if (problem === null) {
      const estimate = await globalThis.navigator?.storage?.estimate?.().catch(() => null);
      if (estimate?.quota !== undefined && estimate.usage !== undefined && adding > estimate.quota - estimate.usage) {
        problem = `Not downloaded: ${name} (${formatMB(adding)}) needs more than the ${formatMB(estimate.quota - estimate.usage)} this browser has left for the app.`;
      }
    }
    if (problem !== null) {
      // Back to where it was: nothing was asked of the downloader.
      this.set({ regions: { ...this.snapshot.regions, [code]: { ...(current ?? { pct: null, rem: null, cycle: null, chunks: [] }), state: current?.state ?? null, error: null } } });
      return problem;
    }
    void globalThis.navigator?.storage?.persist?.().catch(() => false);
    if (this.snapshot.stored.some((pack) => pack.region === code && pack.cycle < cycle)) this.replacing.set(code, cycle);
    this.move(code, 'request');
    this.post({ type: 'download', chart: code, root: '', directory: cycle, database: 'packs', chunks });
    return null;
  }

  pause(code: string): void {
    if (this.move(code, 'pause')) this.post({ type: 'pause', chart: code });
  }

  resume(code: string): void {
    if (this.move(code, 'resume')) this.post({ type: 'resume', chart: code });
  }

  stop(code: string): void {
    if (this.move(code, 'stop')) this.post({ type: 'cancel', chart: code, action: 'stop' });
  }

  /** Deletes a region's packs (also one never seen by this page's states: a pack stored by another tab). */
  delete(code: string): void {
    if ((this.snapshot.regions[code]?.state ?? null) === null) {
      this.set({ regions: { ...this.snapshot.regions, [code]: { state: REGION_STATE.DOWNLOADED, pct: 100, rem: null, cycle: null, error: null, chunks: [] } } });
    }
    if (this.move(code, 'delete')) this.post({ type: 'cancel', chart: code, action: 'delete' });
  }

  setSettings(patch: Partial<DownloadSettings>): void {
    this.set({ settings: { ...this.snapshot.settings, ...patch } });
  }

  /** Bytes counted against the quota: the stored packs and the downloads asked for, apart from region `except`. */
  usedBytes(except?: string): number {
    const stored = this.snapshot.stored.filter((pack) => pack.region !== except).reduce((sum, pack) => sum + pack.bytes, 0);
    const pending = Object.entries(this.snapshot.regions)
      .filter(([code, region]) => code !== except && region.chunks.length > 0 && region.state !== REGION_STATE.DOWNLOADED)
      .reduce((sum, [code, region]) => sum + region.chunks.filter((c) => !this.snapshot.stored.some((p) => p.region === code && p.kind === c.kind && p.cycle === c.cycle)).reduce((s, c) => s + c.bytes, 0), 0);
    return stored + pending;
  }
}

let client: DownloadsClient | null = null;

export function downloadsClient(): DownloadsClient {
  return (client ??= new DownloadsClient());
}

export function useDownloads(): DownloadsSnapshot {
  const c = downloadsClient();
  return useSyncExternalStore(c.subscribe, c.getSnapshot, c.getSnapshot);
}
