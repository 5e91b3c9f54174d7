/** The server's FAA Chart Supplement (d-CS) pages of an airport (`GET /supplement/airports/{id}`, SUPPLEMENT_SOURCE). */
export interface FaaSupplement {
  airport: string;
  name: string;
  city: string;
  state: string;
  pages: { pdf: string; url: string }[];
}

export const FAA_SUPPLEMENT_PATH = '/supplement';
export const FAA_SUPPLEMENT_SOURCE_TEXT = 'FAA Chart Supplement (d-CS) pages, as published by the FAA.';

function isFaaSupplement(value: unknown): value is FaaSupplement {
  const v = value as Partial<FaaSupplement> | null;
  return v !== null && typeof v === 'object' && typeof v.airport === 'string' && typeof v.name === 'string' && Array.isArray(v.pages) && v.pages.length > 0 && v.pages.every((p) => typeof p?.url === 'string' && p.url.startsWith(`${FAA_SUPPLEMENT_PATH}/files/`));
}

/**
 * The airport's d-CS pages, or null when the server has none (no SUPPLEMENT_SOURCE, an airport the
 * d-CS lacks, the server out of reach, an answer that is not one): the page then shows the
 * supplement generated from the nav database.
 */
export async function fetchFaaSupplement(code: string, fetchFn: typeof fetch, signal?: AbortSignal): Promise<FaaSupplement | null> {
  try {
    const response = await fetchFn(`${FAA_SUPPLEMENT_PATH}/airports/${encodeURIComponent(code)}`, { signal: signal ?? null });
    if (!response.ok) return null;
    const body: unknown = await response.json();
    return isFaaSupplement(body) ? body : null;
  } catch {
    return null;
  }
}
