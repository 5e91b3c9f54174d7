import { describe, expect, it } from 'vitest';
import { requireCycle } from '../cycles/airac.js';
import {
  DEFAULT_FAA_SOURCES,
  cifpUrl,
  faaSourcesFromEnv,
  nasrCsvEntryInSubscription,
  nasrCsvUrl,
  nasrSubscriptionUrl,
} from './faaSources.js';

describe('FAA URLs by cycle', () => {
  const cycle2509 = requireCycle('2509');

  it('builds the FAA URLs of a cycle from its effective date', () => {
    expect(nasrSubscriptionUrl(cycle2509)).toBe('https://nfdc.faa.gov/webContent/28DaySub/28DaySubscription_Effective_2025-09-04.zip');
    expect(nasrCsvUrl(cycle2509)).toBe('https://nfdc.faa.gov/webContent/28DaySub/extra/04_Sep_2025_CSV.zip');
    expect(cifpUrl(cycle2509)).toBe('https://aeronav.faa.gov/Upload_313-d/cifp/CIFP_250904.zip');
    expect(nasrCsvEntryInSubscription(cycle2509)).toBe('CSV_Data/04_Sep_2025_CSV.zip');
  });

  it.each([
    ['2003', '27_Feb_2020_CSV.zip', 'CIFP_200227.zip'],
    ['2513', '25_Dec_2025_CSV.zip', 'CIFP_251225.zip'],
    ['2607', '09_Jul_2026_CSV.zip', 'CIFP_260709.zip'],
  ])('names cycle %s files %s and %s', (id, csv, cifp) => {
    const cycle = requireCycle(id);
    expect(nasrCsvUrl(cycle).endsWith(`/extra/${csv}`)).toBe(true);
    expect(cifpUrl(cycle).endsWith(`/${cifp}`)).toBe(true);
  });

  it('takes base URLs from FAA_NASR_BASE_URL and FAA_CIFP_BASE_URL', () => {
    expect(faaSourcesFromEnv({})).toEqual(DEFAULT_FAA_SOURCES);
    expect(faaSourcesFromEnv({ FAA_NASR_BASE_URL: '', FAA_CIFP_BASE_URL: ' ' })).toEqual(DEFAULT_FAA_SOURCES);
    const sources = faaSourcesFromEnv({ FAA_NASR_BASE_URL: 'http://127.0.0.1:9000/nasr/', FAA_CIFP_BASE_URL: 'http://127.0.0.1:9000/cifp' });
    expect(nasrCsvUrl(cycle2509, sources)).toBe('http://127.0.0.1:9000/nasr/extra/04_Sep_2025_CSV.zip');
    expect(cifpUrl(cycle2509, sources)).toBe('http://127.0.0.1:9000/cifp/CIFP_250904.zip');
    expect(() => faaSourcesFromEnv({ FAA_CIFP_BASE_URL: 'ftp://mirror/cifp' })).toThrow(
      'FAA_CIFP_BASE_URL must be an http:// or https:// URL (got "ftp://mirror/cifp")',
    );
  });
});
