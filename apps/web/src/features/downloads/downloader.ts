import { download, type DownloadEnv } from '@clearway/download';
import type { PackStore } from './packStore';
import type { DownloadRequest, DownloaderReply, DownloaderRequest, PackChunk } from './protocol';
import { streamingSha256 } from './sha256';

export interface PackDownloaderDeps {
  store: PackStore;
  env: DownloadEnv;
  post: (reply: DownloaderReply) => void;
  /** Further attempts after a failed one before the region fails. Default 2. */
  retries?: number;
  retryDelayMs?: number;
  /**
   * Least time between two progress messages of a region, ms, and the period of the progress timer
   * that posts even when no bytes arrive (a stalled connection still moves `rem`). Default 250: at
   * least twice a second (issue 18's target), at most four times.
   */
  progressEveryMs?: number;
  now?: () => number;
  /** The progress timer (default setInterval/clearInterval; tests tick it by hand). */
  every?: (callback: () => void, ms: number) => () => void;
}

/** setInterval as a start function that returns its stop. */
export function intervalTimer(callback: () => void, ms: number): () => void {
  const handle = setInterval(callback, ms);
  return () => clearInterval(handle);
}

interface Job {
  request: DownloadRequest;
  status: 'queued' | 'running' | 'paused';
  controller: AbortController | null;
  /** Settles when the running download has stopped (finished, failed or aborted). */
  running: Promise<void> | null;
}

type AbortIntent = 'pause' | 'stop' | 'delete' | 'cancel';

/**
 * The background downloader: one region at a time, each pack streamed into the pack store's
 * segments (Range resume after a pause, a cut or a restart; SHA-256 checked before the pack is
 * recorded). Answers every request with its confirmation once it has taken effect. Runs in a
 * dedicated worker (downloader.worker.ts); the class itself has no transport, for tests.
 */
export class PackDownloader {
  private readonly jobs = new Map<string, Job>();
  private readonly deps: PackDownloaderDeps;
  private readonly now: () => number;

  constructor(deps: PackDownloaderDeps) {
    this.deps = deps;
    this.now = deps.now ?? Date.now;
  }

  /** Handles one request; resolves once it is confirmed (tests await it). */
  async handle(message: DownloaderRequest): Promise<void> {
    switch (message.type) {
      case 'download':
      case 'download_buffer': {
        const request: DownloadRequest = { type: 'download', chart: message.chart, root: message.root, directory: message.directory, database: message.database, chunks: message.chunks };
        const existing = this.jobs.get(message.chart);
        if (existing) {
          existing.request = request;
          if (existing.status === 'paused') existing.status = 'queued';
        } else this.jobs.set(message.chart, { request, status: 'queued', controller: null, running: null });
        this.pump();
        return;
      }
      case 'pause': {
        const job = this.jobs.get(message.chart);
        if (job) {
          await this.halt(job, 'pause');
          job.status = 'paused';
        }
        this.deps.post({ type: 'pause_confirmed', chart: message.chart });
        this.pump();
        return;
      }
      case 'resume': {
        const job = this.jobs.get(message.chart);
        if (job && job.status === 'paused') job.status = 'queued';
        this.deps.post({ type: 'resume_confirmed', chart: message.chart });
        this.pump();
        return;
      }
      case 'cancel':
        await this.cancel(message.chart, message.action);
        return;
    }
  }

  private async cancel(chart: string, action: AbortIntent): Promise<void> {
    const job = this.jobs.get(chart);
    try {
      if (job) {
        this.jobs.delete(chart);
        await this.halt(job, action);
        await this.discardParts(job.request);
      }
      if (action === 'delete') {
        const rows = await this.deps.store.rows();
        for (const row of rows.filter((r) => r.region === chart)) await this.deps.store.remove(row.region, row.kind);
      }
    } catch (error) {
      this.deps.post({ type: 'failed', chart, error: `Could not ${action} ${chart}: ${error instanceof Error ? error.message : String(error)}` });
      this.pump();
      return;
    }
    this.deps.post({ type: action === 'delete' ? 'delete_confirmed' : action === 'stop' ? 'stop_confirmed' : 'cancel_confirmed', chart });
    this.pump();
  }

  /** Aborts the job's download (if running) and waits until it has stopped. */
  private async halt(job: Job, intent: AbortIntent): Promise<void> {
    if (job.controller) job.controller.abort(intent);
    if (job.running) await job.running;
  }

  private async discardParts(request: DownloadRequest): Promise<void> {
    for (const chunk of request.chunks) await this.deps.store.discardPart(chunk.cycle, request.chart, chunk.kind);
  }

  /** Starts the next queued region when none runs. */
  private pump(): void {
    if ([...this.jobs.values()].some((job) => job.status === 'running')) return;
    const next = [...this.jobs.values()].find((job) => job.status === 'queued');
    if (!next) return;
    next.status = 'running';
    next.controller = new AbortController();
    next.running = this.run(next, next.controller.signal).finally(() => {
      next.controller = null;
      next.running = null;
      this.pump();
    });
  }

  private async run(job: Job, signal: AbortSignal): Promise<void> {
    const { chart, chunks } = job.request;
    const stored = await this.deps.store.rows();
    const isStored = (chunk: PackChunk) => stored.some((row) => row.region === chart && row.kind === chunk.kind && row.cycle === chunk.cycle && row.sha256 === chunk.sha256);
    const totalBytes = chunks.reduce((sum, chunk) => sum + chunk.bytes, 0);
    const doneBytes = chunks.filter(isStored).reduce((sum, chunk) => sum + chunk.bytes, 0);
    const startedAt = this.now();
    let fetchedThisRun = 0;
    let lastPost = -Infinity;
    const progressEveryMs = this.deps.progressEveryMs ?? 250;
    const post = (bytes: number, force: boolean) => {
      const at = this.now();
      if (!force && at - lastPost < progressEveryMs) return;
      lastPost = at;
      const seconds = (at - startedAt) / 1000;
      const rate = seconds > 0 && fetchedThisRun > 0 ? fetchedThisRun / seconds : null;
      const pct = totalBytes > 0 ? Math.min(100, (bytes / totalBytes) * 100) : 100;
      this.deps.post({ type: 'progress', chart, pct, rem: rate ? Math.max(0, (totalBytes - bytes) / rate) : null, bytes, totalBytes });
    };
    post(doneBytes, true);
    // Progress on a timer too, not only when a chunk arrives: what arrived last, its rate now.
    let latest = doneBytes;
    // The timer posts when nothing else did for half a period, so no gap passes the period much.
    const stopTimer = (this.deps.every ?? intervalTimer)(() => {
      if (this.now() - lastPost >= progressEveryMs / 2) post(latest, true);
    }, progressEveryMs);
    try {
      await this.runChunks(job, signal, { chunks, isStored, post, doneBytes, setLatest: (bytes) => (latest = bytes), fetched: (bytes) => (fetchedThisRun += bytes) });
    } finally {
      stopTimer();
    }
  }

  private async runChunks(
    job: Job,
    signal: AbortSignal,
    run: { chunks: PackChunk[]; isStored: (chunk: PackChunk) => boolean; post: (bytes: number, force: boolean) => void; doneBytes: number; setLatest: (bytes: number) => void; fetched: (bytes: number) => void },
  ): Promise<void> {
    const { chart, root } = job.request;
    const { chunks, isStored } = run;
    let { doneBytes } = run;
    const post = (bytes: number, force: boolean) => {
      run.setLatest(bytes);
      run.post(bytes, force);
    };
    const committed: PackChunk[] = [];
    for (const chunk of chunks) {
      if (isStored(chunk)) continue;
      const name = `${chart} ${chunk.kind} pack (${chunk.cycle})`;
      try {
        const part = await this.deps.store.part(chunk.cycle, chart, chunk.kind);
        const heldBefore = (await part.load())?.bytes ?? 0;
        let lastSeen = heldBefore;
        const result = await download({
          url: `${root}${chunk.url}`,
          store: part,
          env: this.deps.env,
          name,
          signal,
          etag: chunk.etag,
          totalBytes: chunk.bytes,
          sha256: chunk.sha256,
          sha256Hasher: streamingSha256,
          retries: this.deps.retries ?? 2,
          retryDelayMs: this.deps.retryDelayMs ?? 500,
          discardOnFailure: true,
          onProgress: (progress) => {
            if (progress.bytes > lastSeen) run.fetched(progress.bytes - lastSeen);
            lastSeen = progress.bytes;
            post(doneBytes + progress.bytes, false);
          },
        });
        if (result.bytes !== chunk.bytes) {
          await part.discard();
          throw new Error(`${name} is ${result.bytes} bytes, the index says ${chunk.bytes}`);
        }
        await this.deps.store.commit({ region: chart, kind: chunk.kind, cycle: chunk.cycle, bytes: result.bytes, sha256: chunk.sha256, expires: chunk.expires }, part.storage);
        committed.push(chunk);
        doneBytes += chunk.bytes;
        post(doneBytes, true);
      } catch (error) {
        if (signal.aborted) return;
        this.jobs.delete(chart);
        // A failure leaves no partial data of the region: the failed pack's part is already gone, the
        // parts of the others and the packs this run recorded go too (no half-downloaded region).
        await this.discardParts(job.request).catch(() => undefined);
        for (const done of committed) await this.deps.store.remove(chart, done.kind).catch(() => false);
        this.deps.post({ type: 'failed', chart, error: error instanceof Error ? error.message : String(error) });
        return;
      }
    }
    // An update: what is left of an older cycle of the region (a kind the new cycle has no pack of)
    // goes too, once every new pack is verified and recorded, so nothing of the old cycle remains.
    try {
      for (const row of await this.deps.store.rows()) {
        if (row.region === chart && !chunks.some((chunk) => chunk.kind === row.kind && chunk.cycle === row.cycle)) await this.deps.store.remove(row.region, row.kind);
      }
    } catch (error) {
      this.jobs.delete(chart);
      this.deps.post({ type: 'failed', chart, error: `${chart} was downloaded but its superseded packs could not be deleted: ${error instanceof Error ? error.message : String(error)}` });
      return;
    }
    this.jobs.delete(chart);
    this.deps.post({ type: 'done', chart });
  }
}
