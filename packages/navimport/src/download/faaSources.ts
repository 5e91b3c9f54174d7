import type { AiracCycle } from '../cycles/airac.js';

/**
 * Where the FAA publishes the data of a cycle, by the cycle's effective date:
 * - NASR 28-day subscription, the full set (legacy TXT, CSV and more):
 *   `https://nfdc.faa.gov/webContent/28DaySub/28DaySubscription_Effective_2025-09-04.zip`;
 *   the CSV tables are inside it as `CSV_Data/04_Sep_2025_CSV.zip`.
 * - NASR CSV tables alone: `https://nfdc.faa.gov/webContent/28DaySub/extra/04_Sep_2025_CSV.zip`
 *   (the same zip the subscription holds, a tenth of the download).
 * - CIFP, ARINC 424-18: `https://aeronav.faa.gov/Upload_313-d/cifp/CIFP_250904.zip` (holds FAACIFP18).
 * The FAA keeps the current cycle and, from about three weeks before it takes effect, the next one.
 */
export interface FaaSources {
  /** Root of the NASR subscription files, without a trailing slash. */
  nasrBaseUrl: string;
  /** Root of the CIFP files, without a trailing slash. */
  cifpBaseUrl: string;
}

export const DEFAULT_FAA_SOURCES: Readonly<FaaSources> = {
  nasrBaseUrl: 'https://nfdc.faa.gov/webContent/28DaySub',
  cifpBaseUrl: 'https://aeronav.faa.gov/Upload_313-d/cifp',
};

/** Environment variables that move a source elsewhere (a mirror, or a loopback server in tests). */
export const FAA_SOURCE_VARIABLES = { nasrBaseUrl: 'FAA_NASR_BASE_URL', cifpBaseUrl: 'FAA_CIFP_BASE_URL' } as const;

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

function trimSlash(url: string): string {
  return url.replace(/(?<!\/)\/+$/, '');
}

/** `2025-09-04` -> `04_Sep_2025`, the FAA's date spelling in NASR CSV file names (English, locale-free). */
export function nasrDateName(cycle: AiracCycle): string {
  const [year, month, day] = cycle.effective.split('-');
  return `${day}_${MONTHS[Number(month) - 1]}_${year}`;
}

/** File name of the NASR CSV zip of a cycle, e.g. `04_Sep_2025_CSV.zip`. */
export function nasrCsvFileName(cycle: AiracCycle): string {
  return `${nasrDateName(cycle)}_CSV.zip`;
}

/** File name of the NASR subscription of a cycle, e.g. `28DaySubscription_Effective_2025-09-04.zip`. */
export function nasrSubscriptionFileName(cycle: AiracCycle): string {
  return `28DaySubscription_Effective_${cycle.effective}.zip`;
}

/** File name of the CIFP zip of a cycle, e.g. `CIFP_250904.zip` (YYMMDD of the effective date). */
export function cifpFileName(cycle: AiracCycle): string {
  return `CIFP_${cycle.effective.slice(2).replaceAll('-', '')}.zip`;
}

/** Path of the CSV zip inside the subscription zip, e.g. `CSV_Data/04_Sep_2025_CSV.zip`. */
export function nasrCsvEntryInSubscription(cycle: AiracCycle): string {
  return `CSV_Data/${nasrCsvFileName(cycle)}`;
}

export function nasrCsvUrl(cycle: AiracCycle, sources: FaaSources = DEFAULT_FAA_SOURCES): string {
  return `${trimSlash(sources.nasrBaseUrl)}/extra/${nasrCsvFileName(cycle)}`;
}

export function nasrSubscriptionUrl(cycle: AiracCycle, sources: FaaSources = DEFAULT_FAA_SOURCES): string {
  return `${trimSlash(sources.nasrBaseUrl)}/${nasrSubscriptionFileName(cycle)}`;
}

export function cifpUrl(cycle: AiracCycle, sources: FaaSources = DEFAULT_FAA_SOURCES): string {
  return `${trimSlash(sources.cifpBaseUrl)}/${cifpFileName(cycle)}`;
}

/**
 * The FAA sources with FAA_NASR_BASE_URL and FAA_CIFP_BASE_URL applied (empty counts as unset).
 * @throws Error naming the variable when a value is not an http(s) URL.
 */
export function faaSourcesFromEnv(env: Readonly<Record<string, string | undefined>>): FaaSources {
  const sources = { ...DEFAULT_FAA_SOURCES };
  for (const key of ['nasrBaseUrl', 'cifpBaseUrl'] as const) {
    const variable = FAA_SOURCE_VARIABLES[key];
    const value = env[variable]?.trim();
    if (value === undefined || value === '') continue;
    if (!URL.canParse(value) || !/^https?:$/.test(new URL(value).protocol)) {
      throw new Error(`${variable} must be an http:// or https:// URL (got ${JSON.stringify(value)})`);
    }
    sources[key] = trimSlash(value);
  }
  return sources;
}
