import { DEFAULT_PLATES_PACKS_MAX_MB, FAA_DTPP_BASE_URL, type PlatesConfig } from '../plates/index.js';
import { resolveFromRoot } from './paths.js';

export type { PlatesConfig } from '../plates/index.js';

export class PlatesConfigError extends Error {
  override readonly name = 'PlatesConfigError';
}

/**
 * Reads the approach plates settings (plates/):
 * - PLATES_DIR: where imported cycles are served from, `{dir}/{cycle}/{PDF}` (default var/plates);
 * - PLATES_SOURCE: `off` (default), `faa` (the FAA's per-cycle d-TPP at PLATES_FAA_URL, default
 *   https://aeronav.faa.gov/d-tpp) or a folder in the d-TPP layout (relative to the repo root);
 * - PLATES_SKIP_MISSING=on|off: leave out charts whose PDF the source lacks instead of refusing the
 *   cycle (default off; on for an excerpt such as ../shared/data/plates).
 * - PLATES_PACKS_MAX_MB: the served cycle's plate packs kept on disk, MiB (default 20480); the oldest
 *   past it are removed and built again when asked for.
 * - SUPPLEMENT_SOURCE: `off` (default: the app generates the chart supplement from the nav database)
 *   or a folder in the FAA d-CS layout (the `afd_*.xml` index and its PDFs; relative to the repo root).
 * @throws PlatesConfigError naming the variable and value.
 */
export function platesConfigOf(env: Record<string, string | undefined>, repoRoot: string): PlatesConfig {
  const dir = resolveFromRoot(repoRoot, env.PLATES_DIR?.trim() || 'var/plates');
  const skipText = env.PLATES_SKIP_MISSING?.trim() ?? '';
  if (!['', 'on', 'off'].includes(skipText)) throw new PlatesConfigError(`PLATES_SKIP_MISSING must be on or off (got "${skipText}")`);
  const skipMissing = skipText === 'on';
  const maxText = env.PLATES_PACKS_MAX_MB?.trim() || String(DEFAULT_PLATES_PACKS_MAX_MB);
  if (!/^\d{1,7}$/.test(maxText) || Number(maxText) < 1) throw new PlatesConfigError(`PLATES_PACKS_MAX_MB must be a whole number of MiB from 1 (got "${maxText}")`);
  const packsMaxBytes = Number(maxText) * 1024 * 1024;
  const supplement = env.SUPPLEMENT_SOURCE?.trim() || 'off';
  if (supplement === 'faa') throw new PlatesConfigError('SUPPLEMENT_SOURCE must be off or a folder in the FAA d-CS layout (got "faa": the d-CS is not downloaded by the server)');
  const supplementDir = supplement === 'off' ? {} : { supplementDir: resolveFromRoot(repoRoot, supplement) };
  const choice = env.PLATES_SOURCE?.trim() || 'off';
  if (choice === 'off') return { dir, packsMaxBytes, ...supplementDir, source: { kind: 'off' } };
  if (choice === 'faa') {
    let baseUrl = env.PLATES_FAA_URL?.trim() || FAA_DTPP_BASE_URL;
    while (baseUrl.endsWith('/')) baseUrl = baseUrl.slice(0, -1);
    if (!/^https?:\/\/[^\s/]+/.test(baseUrl)) throw new PlatesConfigError(`PLATES_FAA_URL must be an http:// or https:// URL (got "${baseUrl}")`);
    return { dir, packsMaxBytes, ...supplementDir, source: { kind: 'faa', baseUrl, skipMissing } };
  }
  return { dir, packsMaxBytes, ...supplementDir, source: { kind: 'path', dir: resolveFromRoot(repoRoot, choice), skipMissing } };
}
