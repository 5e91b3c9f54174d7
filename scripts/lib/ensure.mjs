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
 * Installs dependencies when `node_modules` is missing or older than the lock file. `npm ci` keeps
 * the exact versions of package-lock.json; better-sqlite3 compiles from source here (about a minute).
 */
export function ensureDependencies() {
  const marker = join(repoRoot, 'node_modules', '.package-lock.json');
  const lock = join(repoRoot, 'package-lock.json');
  const fresh = existsSync(marker) && existsSync(lock) && statSync(marker).mtimeMs >= statSync(lock).mtimeMs;
  if (fresh && existsSync(join(repoRoot, 'node_modules', 'better-sqlite3', 'build', 'Release', 'better_sqlite3.node'))) return;
  console.log('Installing dependencies (npm ci)...');
  run('npm', ['ci', '--no-audit', '--no-fund']);
}

/** Builds the server (tsc, with its packages) and the web app (Vite + Workbox). */
export function build() {
  console.log('Building server and web app...');
  run('npm', ['run', 'build']);
}
