import cliProgress from 'cli-progress';
import type { NavdataDownloadProgress } from './updateNavdata.js';

/** Shows download progress on a terminal; `onProgress` plugs into updateNavdata. */
export interface ProgressReporter {
  onProgress: (progress: NavdataDownloadProgress) => void;
  /** A line of text above the bars (or on its own line without a terminal). */
  log: (line: string) => void;
  /** Ends the display; call once when the downloads are over, also after a failure. */
  stop: () => void;
}

/** The part of a stream the reporter writes to (process.stderr fits). */
export interface ProgressStream extends NodeJS.WritableStream {
  isTTY?: boolean;
}

/** Bytes as `12.3 MB` (decimal megabytes, as the FAA lists its file sizes), or `kB` below 1 MB. */
export function formatBytes(bytes: number): string {
  return bytes >= 1_000_000 ? `${(bytes / 1_000_000).toFixed(1)} MB` : `${(bytes / 1000).toFixed(1)} kB`;
}

function labelOf(progress: NavdataDownloadProgress): string {
  return `${progress.product.toUpperCase()} ${progress.cycle}`.padEnd(10);
}

/**
 * A progress display for FAA downloads: one cli-progress bar per file on a terminal (percent, bytes,
 * ETA), or, when the stream is not a terminal (CI logs), one line per quarter of each file.
 */
export function createProgressReporter(stream: ProgressStream): ProgressReporter {
  if (!stream.isTTY) return lineReporter(stream);
  const multibar = new cliProgress.MultiBar(
    {
      stream,
      format: ' {label} |{bar}| {percentage}% | {done} of {size} | ETA {eta_formatted}',
      hideCursor: true,
      clearOnComplete: false,
      fps: 10,
    },
    cliProgress.Presets.shades_classic,
  );
  const bars = new Map<string, cliProgress.SingleBar>();
  return {
    onProgress: (progress) => {
      const payload = {
        label: labelOf(progress),
        done: formatBytes(progress.bytes),
        size: progress.totalBytes === null ? '?' : formatBytes(progress.totalBytes),
      };
      const total = progress.totalBytes ?? Math.max(progress.bytes, 1);
      let bar = bars.get(progress.file);
      if (bar === undefined) {
        bar = multibar.create(total, progress.bytes, payload);
        bars.set(progress.file, bar);
      } else {
        bar.setTotal(total);
        bar.update(progress.bytes, payload);
      }
    },
    log: (line) => multibar.log(`${line}\n`),
    stop: () => multibar.stop(),
  };
}

function lineReporter(stream: ProgressStream): ProgressReporter {
  // Last quarter printed per file, so a log gets 0, 25, 50, 75 and 100 % and no more.
  const printed = new Map<string, number>();
  return {
    onProgress: (progress) => {
      const quarter = progress.pct === null ? -1 : Math.floor(progress.pct / 25);
      if (printed.get(progress.file) === quarter) return;
      printed.set(progress.file, quarter);
      const size = progress.totalBytes === null ? '' : ` of ${formatBytes(progress.totalBytes)}`;
      const pct = progress.pct === null ? '' : ` ${Math.floor(progress.pct)}%`;
      stream.write(`${labelOf(progress).trim()}${pct} (${formatBytes(progress.bytes)}${size}) ${progress.url}\n`);
    },
    log: (line) => stream.write(`${line}\n`),
    stop: () => undefined,
  };
}
