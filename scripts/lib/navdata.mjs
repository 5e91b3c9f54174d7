// The default nav database for `npm start`: built from NAVDATA_SOURCE (local publisher files) when
// set, otherwise from the FAA's current cycle downloaded now. Neither possible: the app starts without
// one and says how to add it.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { delimiter, isAbsolute, join, resolve } from 'node:path';
import { repoRoot } from './ensure.mjs';

const cli = join(repoRoot, 'packages', 'navimport', 'dist', 'cli.js');

function runCli(args) {
  const result = spawnSync(process.execPath, [cli, ...args], { cwd: repoRoot, stdio: 'inherit' });
  return result.status === 0;
}

/** The channel folder the server will serve for this environment (apps/server config rules). */
async function servedChannel(env) {
  if (env.DATA_CHANNEL) return env.DATA_CHANNEL;
  const protocol = await import(join(repoRoot, 'packages', 'protocol', 'dist', 'index.js'));
  const parsed = protocol.environmentSchema.safeParse(env.CLEARWAY_ENV || 'localhost');
  return protocol.defaultDataChannel(parsed.success ? parsed.data : 'localhost');
}

export async function ensureNavData(env = process.env) {
  const root = env.NAVDATA_DIR ? (isAbsolute(env.NAVDATA_DIR) ? env.NAVDATA_DIR : resolve(repoRoot, env.NAVDATA_DIR)) : join(repoRoot, 'var', 'navdata');
  const channel = await servedChannel(env);
  const outDir = join(root, channel);
  if (existsSync(outDir) && readdirSync(outDir).some((f) => f.endsWith('.cwnav'))) return;
  const regions = (env.NAVDATA_REGIONS || 'us').split(',').flatMap((r) => ['--region', r.trim()]);
  const howTo =
    `Add one with NAVDATA_SOURCE=/path/to/faa-files npm start, or npm run navdata -- build --from PATH --out ${outDir}, then restart.`;

  if (env.NAVDATA_SOURCE) {
    const sources = env.NAVDATA_SOURCE.split(delimiter).filter(Boolean).map((p) => resolve(repoRoot, p));
    console.log(`No nav database in ${outDir}: building one from ${sources.join(', ')} ...`);
    if (runCli(['build', ...sources.flatMap((s) => ['--from', s]), '--out', outDir, ...regions, '--quiet'])) return;
    console.warn(`The nav database build failed (see above). The app starts without one. ${howTo}`);
    return;
  }
  const faaDir = join(repoRoot, 'var', 'faa');
  console.log(`No nav database in ${outDir}: downloading the FAA's current cycle into ${faaDir} ...`);
  if (runCli(['update', '--channel', 'current', '--dest', faaDir, '--retries', '1'])) {
    const cycles = existsSync(faaDir) ? readdirSync(faaDir).filter((d) => /^\d{4}$/.test(d)).sort() : [];
    const latest = cycles.pop();
    if (latest && runCli(['build', '--from', join(faaDir, latest), '--out', outDir, ...regions, '--quiet'])) return;
  }
  console.warn(`No nav database is installed: the FAA download or build did not succeed (see above). The app starts without one. ${howTo}`);
}
