import { FAA_NOTAM_API_URL, FAA_TFR_LIST_URL, type NotamsConfig } from '../notams/index.js';
import { resolveFromRoot } from './paths.js';

export type { NotamsConfig } from '../notams/index.js';

export class NotamsConfigError extends Error {
  override readonly name = 'NotamsConfigError';
}


/**
 * Reads the NOTAM settings (notams/):
 * - NOTAM_SOURCE: `off` (default), `faa` (the FAA NOTAM API, with NOTAM_FAA_CLIENT_ID and
 *   NOTAM_FAA_CLIENT_SECRET; NOTAM_FAA_URL, default the FAA's v1 address; NOTAM_FAA_QUERY, extra query
 *   parameters such as `icaoLocation=KSFO`) or a folder of API answers and a TFR list (relative to
 *   the repo root; `../shared/data/notam` works as it is);
 * - TFR_FAA_URL: the FAA TFR list (GeoJSON) with NOTAM_SOURCE=faa; default the FAA's WFS address, `off` for none.
 * @throws NotamsConfigError naming the variable and value.
 */
export function notamsConfigOf(env: Record<string, string | undefined>, repoRoot: string): NotamsConfig {
  const choice = env.NOTAM_SOURCE?.trim() || 'off';
  if (choice === 'off') return { kind: 'off' };
  if (choice !== 'faa') return { kind: 'path', dir: resolveFromRoot(repoRoot, choice) };
  const url = (value: string | undefined, name: string, fallback: string) => {
    const text = value?.trim() || fallback;
    if (!/^https?:\/\/[^\s/]+/.test(text)) throw new NotamsConfigError(`${name} must be an http:// or https:// URL (got "${text}")`);
    return text;
  };
  const clientId = env.NOTAM_FAA_CLIENT_ID?.trim() ?? '';
  const clientSecret = env.NOTAM_FAA_CLIENT_SECRET?.trim() ?? '';
  if (clientId === '' || clientSecret === '') throw new NotamsConfigError('NOTAM_SOURCE=faa needs NOTAM_FAA_CLIENT_ID and NOTAM_FAA_CLIENT_SECRET (the FAA API portal credentials)');
  const tfrText = env.TFR_FAA_URL?.trim();
  return {
    kind: 'faa',
    apiUrl: url(env.NOTAM_FAA_URL, 'NOTAM_FAA_URL', FAA_NOTAM_API_URL),
    clientId,
    clientSecret,
    query: (env.NOTAM_FAA_QUERY?.trim() ?? '').replace(/^[?&]+/, ''),
    tfrUrl: tfrText === 'off' ? null : url(tfrText, 'TFR_FAA_URL', FAA_TFR_LIST_URL),
  };
}
