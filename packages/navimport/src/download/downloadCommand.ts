import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { isReleaseChannel } from '../cycles/channels.js';
import { faaSourcesFromEnv } from './faaSources.js';
import { createProgressReporter, formatBytes, type ProgressStream } from './progressBar.js';
import { updateNavdata, type NasrPackage } from './updateNavdata.js';

/** What downloadCommand needs from its process; the CLI passes the real ones, tests their own. */
export interface DownloadCommandIo {
  stdout: NodeJS.WritableStream;
  /** Progress and errors; a terminal gets progress bars. */
  stderr: ProgressStream;
  /** Read for FAA_NASR_BASE_URL and FAA_CIFP_BASE_URL. */
  env: Readonly<Record<string, string | undefined>>;
  /** The clock, read once to pick the channel's cycle. */
  now: () => Date;
  /** Folder that a relative --dest is taken from. */
  cwd: string;
  signal?: AbortSignal;
}

export const DOWNLOAD_USAGE = `Usage: npm run navdata -- update [--channel current|next|dev] [--cycle YYNN] [--dest DIR]
                                [--nasr csv|subscription] [--force] [--retries N]
Downloads the FAA NASR CSV zip and CIFP zip of an AIRAC cycle into DIR/<cycle>/ (default var/faa).
  --channel   current: the cycle in force (default); next and dev: the following cycle
  --cycle     a cycle id such as 2509, instead of the channel's
  --nasr      csv: the CSV tables alone (default); subscription: the whole 28-day subscription
  --force     download again even if the files are there
  --retries   further attempts after a failed one (default 5)
Environment: FAA_NASR_BASE_URL, FAA_CIFP_BASE_URL move the FAA sources (a mirror, a test server).`;

/**
 * The `update` command of the navdata CLI (packages/navimport/src/cli.ts): parses `args` (the words after the command name),
 * runs updateNavdata with a progress display on stderr and prints the files on stdout.
 * @returns the exit code: 0 done, 1 the download failed, 2 bad arguments.
 */
export async function downloadCommand(args: readonly string[], io: DownloadCommandIo): Promise<number> {
  let values;
  try {
    values = parseArgs({
      args: [...args],
      options: {
        channel: { type: 'string' },
        cycle: { type: 'string' },
        dest: { type: 'string' },
        nasr: { type: 'string' },
        force: { type: 'boolean' },
        retries: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
      allowPositionals: false,
    }).values;
  } catch (error) {
    io.stderr.write(`update: ${error instanceof Error ? error.message : String(error)}\n${DOWNLOAD_USAGE}\n`);
    return 2;
  }
  if (values.help) {
    io.stdout.write(`${DOWNLOAD_USAGE}\n`);
    return 0;
  }
  const channel = values.channel ?? 'current';
  const nasr = values.nasr ?? 'csv';
  const retries = values.retries === undefined ? undefined : Number(values.retries);
  const problems = [
    ...(isReleaseChannel(channel) ? [] : [`--channel must be current, next or dev (got ${JSON.stringify(channel)})`]),
    ...(nasr === 'csv' || nasr === 'subscription' ? [] : [`--nasr must be csv or subscription (got ${JSON.stringify(nasr)})`]),
    ...(retries === undefined || (Number.isInteger(retries) && retries >= 0) ? [] : ['--retries must be a whole number']),
  ];
  if (problems.length > 0 || !isReleaseChannel(channel)) {
    io.stderr.write(`update: ${problems.join('; ')}\n${DOWNLOAD_USAGE}\n`);
    return 2;
  }

  const reporter = createProgressReporter(io.stderr);
  try {
    const result = await updateNavdata({
      channel,
      now: io.now(),
      cycle: values.cycle,
      destDir: resolve(io.cwd, values.dest ?? 'var/faa'),
      sources: faaSourcesFromEnv(io.env),
      nasrPackage: nasr as NasrPackage,
      force: values.force ?? false,
      retries,
      signal: io.signal,
      onProgress: reporter.onProgress,
    });
    reporter.stop();
    const { cycle } = result;
    io.stdout.write(`AIRAC cycle ${cycle.id}, effective ${cycle.effective} to ${cycle.expires}, in ${result.dir}\n`);
    for (const file of result.files) {
      const how = file.skipped ? 'already there' : file.resumed ? 'downloaded (resumed)' : 'downloaded';
      io.stdout.write(`  ${file.product.padEnd(5)} ${file.path} (${formatBytes(file.bytes)}, ${how})\n`);
    }
    return 0;
  } catch (error) {
    reporter.stop();
    io.stderr.write(`update: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  }
}
