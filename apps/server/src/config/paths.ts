import { existsSync, readFileSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Shape of the root package.json fields this module reads. */
interface RootManifest {
  version?: unknown;
  workspaces?: unknown;
}

function readManifest(file: string): RootManifest | undefined {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as RootManifest;
  } catch {
    return undefined;
  }
}

/**
 * The monorepo root: the nearest folder above this module whose package.json declares workspaces.
 * Found from the module's own location (src/ in tests, dist/ when built) so that relative defaults
 * such as `var/clearway.db` do not depend on the directory the server was started from.
 */
export function findRepoRoot(fromDir: string = dirname(fileURLToPath(import.meta.url))): string {
  let dir = fromDir;
  for (;;) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest) && readManifest(manifest)?.workspaces !== undefined) return dir;
    const parent = dirname(dir);
    if (parent === dir) {
      throw new Error(`Cannot find the Clearway repository root (a package.json with "workspaces") above ${fromDir}`);
    }
    dir = parent;
  }
}

/** The version in the root package.json, or undefined when it is missing or not a string. */
export function readRootVersion(repoRoot: string): string | undefined {
  const version = readManifest(join(repoRoot, 'package.json'))?.version;
  return typeof version === 'string' && version.length > 0 ? version : undefined;
}

/** Resolves a configured path: absolute paths stay, relative ones are taken from the repo root. */
export function resolveFromRoot(repoRoot: string, path: string): string {
  return isAbsolute(path) ? path : resolve(repoRoot, path);
}
