// Shared set-up steps of `npm start` and `npm test`. Node built-ins only: these run before
// `node_modules` exists.
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Runs a command in the repository root, streaming its output; exits the process on failure. */
export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: repoRoot, stdio: 'inherit', ...options });
  if (result.error) {
    console.error(`\n${command} could not be started: ${result.error.message}`);
    process.exit(1);
  }
  if (result.status !== 0) {
    console.error(`\n"${[command, ...args].join(' ')}" failed with exit code ${result.status ?? result.signal}.`);
    process.exit(result.status ?? 1);
  }
}

/** Fails early with a clear message when Node is older than what Vite 8 and the server need. */
export function checkNode() {
  const [major, minor] = process.versions.node.split('.').map(Number);
  if (major < 20 || (major === 20 && minor < 19)) {
    console.error(`Clearway needs Node.js 20.19 or newer; this is ${process.version}. Install a newer Node.js and try again.`);
    process.exit(1);
  }
}

/**
 * The install `npm start` and `npm test` run: `npm ci` keeps the exact versions of package-lock.json,
 * and `--include=dev` installs the build tools (tsc, Vite) even when NODE_ENV=production, which
 * would otherwise make npm leave out every devDependency and the build stop at `tsc: not found`.
 * The server itself still runs with the caller's NODE_ENV.
 */
export const INSTALL_COMMAND = Object.freeze(['npm', Object.freeze(['ci', '--include=dev', '--no-audit', '--no-fund'])]);

/** Programs the build runs from node_modules/.bin; an install without devDependencies lacks them. */
const BUILD_TOOLS = ['tsc', 'vite'];

/**
 * Why the dependencies under `root` need installing, or undefined when they are complete: no
 * node_modules, a lock file newer than the last install, better-sqlite3 not compiled, or the build
 * tools missing (an earlier install left out the devDependencies).
 */
export function installReason(root = repoRoot) {
  const modules = join(root, 'node_modules');
  const marker = join(modules, '.package-lock.json');
  const lock = join(root, 'package-lock.json');
  if (!existsSync(marker)) return 'node_modules is missing';
  if (existsSync(lock) && statSync(marker).mtimeMs < statSync(lock).mtimeMs) return 'package-lock.json changed since the last install';
  if (!existsSync(join(modules, 'better-sqlite3', 'build', 'Release', 'better_sqlite3.node'))) return 'better-sqlite3 is not compiled';
  const missing = BUILD_TOOLS.filter((tool) => !existsSync(join(modules, '.bin', tool)));
  if (missing.length > 0) return `the build tools (${missing.join(', ')}) are missing: an earlier install left out the devDependencies`;
  return undefined;
}

/** Installs dependencies when installReason finds them incomplete (better-sqlite3 compiles from source here, about a minute). */
export function ensureDependencies() {
  const reason = installReason();
  if (reason === undefined) return;
  const [command, args] = INSTALL_COMMAND;
  console.log(`Installing dependencies (${[command, ...args].join(' ')}): ${reason}...`);
  run(command, [...args]);
}

/** Builds the server (tsc, with its packages) and the web app (Vite + Workbox). */
export function build() {
  console.log('Building server and web app...');
  run('npm', ['run', 'build']);
}
