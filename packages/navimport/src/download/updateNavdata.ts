import { access, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { cycleById, cycleIdProblem, type AiracCycle } from '../cycles/airac.js';
import { channelCycle, type ReleaseChannel } from '../cycles/channels.js';
import { DownloadError, downloadFile, type DownloadProgress } from './downloadFile.js';
import { extractZipEntry } from './extractZipEntry.js';
import {
  DEFAULT_FAA_SOURCES,
  cifpFileName,
  cifpUrl,
  nasrCsvFileName,
  nasrCsvUrl,
  nasrSubscriptionFileName,
  nasrSubscriptionUrl,
  type FaaSources,
} from './faaSources.js';

/** The FAA products updateNavdata fetches. */
export type FaaProduct = 'nasr' | 'cifp';

/** Progress of one of the downloads of updateNavdata. */
export interface NavdataDownloadProgress extends DownloadProgress {
  product: FaaProduct;
  /** Which AIRAC cycle is being downloaded, e.g. `2509`. */
  cycle: string;
}

/**
 * Which NASR package to fetch: `csv` (default) is the CSV tables alone (`extra/04_Sep_2025_CSV.zip`);
 * `subscription` is the full 28-day subscription, from which the same CSV zip is then extracted.
 */
export type NasrPackage = 'csv' | 'subscription';

export interface UpdateNavdataOptions {
  /** Release channel whose cycle to fetch (see channelCycle). Default `current`. */
  channel?: ReleaseChannel;
  /** The time the channel is evaluated at; this module reads no clock. */
  now: Date;
  /** Fetch this cycle (id like `2509`, or a cycle) instead of the channel's. */
  cycle?: string | AiracCycle;
  /** Files go to `${destDir}/${cycle.id}/` under the FAA's own names. */
  destDir: string;
  /** FAA base URLs; default the FAA's (see faaSourcesFromEnv for FAA_NASR_BASE_URL / FAA_CIFP_BASE_URL). */
  sources?: FaaSources;
  nasrPackage?: NasrPackage;
  /** Download again even when the files are already there. */
  force?: boolean;
  onProgress?: (progress: NavdataDownloadProgress) => void;
  signal?: AbortSignal;
  /** Passed to downloadFile. */
  retries?: number;
  retryDelayMs?: number;
  idleTimeoutMs?: number;
}

/** One file updateNavdata provided. */
export interface NavdataFile {
  product: FaaProduct;
  url: string;
  path: string;
  /** Size, bytes. */
  bytes: number;
  /** True when the file was already there and nothing was downloaded. */
  skipped: boolean;
  /** True when part of it came from an interrupted earlier download. */
  resumed: boolean;
}

export interface UpdateNavdataResult {
  /** The channel asked for, or null when a cycle was named. */
  channel: ReleaseChannel | null;
  cycle: AiracCycle;
  /** Folder holding the cycle's files. */
  dir: string;
  /** The NASR CSV zip (CSV tables at its root), ready for the NASR importer. */
  nasrCsvZip: string;
  /** The CIFP zip (holds FAACIFP18), ready for the CIFP importer. */
  cifpZip: string;
  files: NavdataFile[];
}

function describeCycle(cycle: AiracCycle): string {
  return `AIRAC cycle ${cycle.id} (effective ${cycle.effective})`;
}

async function exists(path: string): Promise<boolean> {
  try {
    await access(path);
    return true;
  } catch {
    return false;
  }
}

/** The cycle named by the options: an explicit one, else the channel's at `now`. */
export function resolveUpdateCycle(options: Pick<UpdateNavdataOptions, 'channel' | 'now' | 'cycle'>): AiracCycle {
  if (options.cycle === undefined) return channelCycle(options.channel ?? 'current', options.now);
  if (typeof options.cycle !== 'string') return options.cycle;
  const cycle = cycleById(options.cycle);
  if (cycle === null) throw new RangeError(cycleIdProblem(options.cycle) ?? `Unknown AIRAC cycle ${options.cycle}`);
  return cycle;
}

/**
 * Downloads the FAA NASR CSV zip and the CIFP zip of a cycle: the channel's at `now` (current: the
 * cycle in force; next and dev: the following one), or the one named. Files land in
 * `${destDir}/${cycleId}/` under the FAA's names (`04_Sep_2025_CSV.zip`, `CIFP_250904.zip`); files
 * already there are kept unless `force`. Downloads resume after an interruption (see downloadFile).
 * @throws DownloadError naming the product, the cycle and the URL, e.g. when the FAA has not
 *   published the cycle yet (404); RangeError for a cycle id that does not exist.
 */
export async function updateNavdata(options: UpdateNavdataOptions): Promise<UpdateNavdataResult> {
  const cycle = resolveUpdateCycle(options);
  const sources = options.sources ?? DEFAULT_FAA_SOURCES;
  const dir = join(options.destDir, cycle.id);
  const files: NavdataFile[] = [];

  const fetchProduct = async (product: FaaProduct, label: string, url: string, path: string): Promise<NavdataFile> => {
    if (!options.force && (await exists(path))) {
      return { product, url, path, bytes: (await stat(path)).size, skipped: true, resumed: false };
    }
    // A forced download starts afresh rather than resuming an earlier attempt.
    if (options.force) await Promise.all([rm(`${path}.part`, { force: true }), rm(`${path}.part.json`, { force: true })]);
    try {
      const result = await downloadFile({
        url,
        dest: path,
        signal: options.signal,
        retries: options.retries,
        retryDelayMs: options.retryDelayMs,
        idleTimeoutMs: options.idleTimeoutMs,
        onProgress: (progress) => options.onProgress?.({ ...progress, product, cycle: cycle.id }),
      });
      return { product, url, path, bytes: result.bytes, skipped: false, resumed: result.resumed };
    } catch (error) {
      if (!(error instanceof DownloadError)) throw error;
      const reason = error.status === 404
        ? `${label} for ${describeCycle(cycle)} is not published at ${url} (HTTP 404); the FAA posts a cycle about three weeks before it takes effect`
        : `${label} for ${describeCycle(cycle)} could not be downloaded: ${error.message}`;
      throw new DownloadError(reason, url, error.status, error.retryable, { cause: error });
    }
  };

  const nasrCsvZip = join(dir, nasrCsvFileName(cycle));
  if ((options.nasrPackage ?? 'csv') === 'csv') {
    files.push(await fetchProduct('nasr', 'FAA NASR CSV zip', nasrCsvUrl(cycle, sources), nasrCsvZip));
  } else {
    const subscriptionPath = join(dir, nasrSubscriptionFileName(cycle));
    const url = nasrSubscriptionUrl(cycle, sources);
    const subscription = await fetchProduct('nasr', 'FAA NASR 28-day subscription', url, subscriptionPath);
    files.push(subscription);
    if (options.force || !(await exists(nasrCsvZip))) {
      const wanted = nasrCsvFileName(cycle).toLowerCase();
      // The CSV zip sits in CSV_Data/; match on the file name so a moved folder does not break us.
      const entry = await extractZipEntry(subscriptionPath, (name) => name.toLowerCase().split('/').pop() === wanted, nasrCsvZip);
      if (entry === null) {
        throw new DownloadError(
          `FAA NASR 28-day subscription for ${describeCycle(cycle)} (${subscriptionPath}) holds no ${nasrCsvFileName(cycle)}`,
          url,
          200,
          false,
        );
      }
    }
  }
  const cifpZip = join(dir, cifpFileName(cycle));
  files.push(await fetchProduct('cifp', 'FAA CIFP zip', cifpUrl(cycle, sources), cifpZip));

  return { channel: options.cycle === undefined ? (options.channel ?? 'current') : null, cycle, dir, nasrCsvZip, cifpZip, files };
}
