/** Where the shared real data sits beside the repository (`../shared/data`), for corpus tests and local runs. */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root: four levels above this file (`packages/navimport/src/common`). */
export const repositoryRoot = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../../..');

/**
 * The folder `../shared/data/<relative>` beside the repository root. Throws, naming the expected
 * place, when it is missing (corpus tests must fail loudly, not skip).
 */
export function sharedDataPath(relative: string): string {
  const dir = join(repositoryRoot, '..', 'shared', 'data', relative);
  if (!existsSync(dir)) {
    throw new Error(`shared data not found: expected ${dir} (the ../shared folder beside the repository, see ../shared/README.md)`);
  }
  return dir;
}
