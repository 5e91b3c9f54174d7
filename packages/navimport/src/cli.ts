#!/usr/bin/env node
// `npm run navdata -- <command>`: build nav database artifacts from local publisher files, or
// download the FAA's current (or next) cycle.
import { mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { buildNavData, REGIONS, type Region } from './build/build.js';
import { formatReport } from './build/report.js';
import { writeFilesAtomic } from './build/writeArtifact.js';
import { downloadCommand } from './download/downloadCommand.js';

const USAGE = `Usage:
  npm run navdata -- build --from PATH [--from PATH ...] --out DIR [--region us|world ...] [--quiet]
      Builds one artifact per region (DIR/<region>.cwnav, .gz and .report.json) and prints the build
      report. A PATH may be a folder holding several sources in sub-folders; formats are recognised
      from their files (FAA NASR CSV folder or zip, FAA CIFP, X-Plane .dat, OurAirports CSV).
  npm run navdata -- update [--channel current|next] [--dest DIR] [...]
      Downloads the FAA NASR CSV and CIFP zips of the channel's cycle (resumable).
      'npm run navdata -- update --help' lists its options.`;

async function build(args: string[]): Promise<number> {
  const { values } = parseArgs({
    args,
    options: {
      from: { type: 'string', multiple: true },
      out: { type: 'string' },
      region: { type: 'string', multiple: true },
      quiet: { type: 'boolean', default: false },
    },
    strict: true,
  });
  if (!values.from?.length || !values.out) {
    console.error(`build needs --from and --out.\n\n${USAGE}`);
    return 2;
  }
  const regions = values.region?.map((r) => r.toLowerCase());
  const unknown = regions?.filter((r) => !(REGIONS as readonly string[]).includes(r)) ?? [];
  if (unknown.length > 0) {
    console.error(`Unknown region ${unknown.join(', ')}: use ${REGIONS.join(' or ')}.`);
    return 2;
  }
  const outDir = resolve(values.out);
  await mkdir(outDir, { recursive: true });
  const started = performance.now();
  const built = await buildNavData({
    from: values.from.map((p) => resolve(p)),
    outDir,
    ...(regions ? { regions: regions as Region[] } : {}),
    now: new Date(),
    log: (line) => console.log(line),
  });
  for (const artifact of built) {
    const reportPath = join(outDir, `${artifact.region}.report.json`);
    await writeFilesAtomic([{ path: reportPath, bytes: new TextEncoder().encode(JSON.stringify(artifact.report, null, 1)) }]);
    if (!values.quiet) console.log(formatReport(artifact.report));
    console.log(`${artifact.path}: ${(artifact.bytes / 1e6).toFixed(2)} MB, ${(artifact.gzipBytes / 1e6).toFixed(2)} MB gzipped; report ${reportPath}`);
  }
  console.log(`Built ${built.length} artifact(s) in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
  return 0;
}

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  switch (command) {
    case 'build':
      return build(rest);
    case 'update':
      return downloadCommand(rest, { stdout: process.stdout, stderr: process.stderr, env: process.env, now: () => new Date(), cwd: process.cwd() });
    case undefined:
    case 'help':
    case '--help':
      console.log(USAGE);
      return command === undefined ? 2 : 0;
    default:
      console.error(`Unknown command '${command}'.\n\n${USAGE}`);
      return 2;
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exitCode = 1;
  },
);
