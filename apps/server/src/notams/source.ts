import type { NotamRecord } from '@clearway/weather';

/** What one fetch brought: the NOTAMs (decoded), the items that were rejected, and the TFR list as published. */
export interface NotamBatch {
  notams: NotamRecord[];
  /** Items or files that could not be read, each with the reason. */
  rejected: string[];
  /** The FAA TFR list (GeoJSON FeatureCollection) as published, or null when the source has none. */
  tfrList: unknown;
  /** Where it was read (URLs or files), for the stats. */
  read: string[];
}

/**
 * Where NOTAMs and TFRs come from: the FAA NOTAM API and TFR list over HTTP (faaSource.ts) or a folder
 * of their answers (pathSource.ts, NOTAM_SOURCE=path). `fetch` throws when nothing could be read; the
 * ingester retries and keeps what is stored.
 */
export interface NotamSource {
  readonly kind: 'faa' | 'path';
  readonly description: string;
  readonly pollIntervalMs: number;
  fetch(): Promise<NotamBatch>;
}

/** A request that failed: the URL and what came back. */
export class NotamFetchError extends Error {
  override readonly name = 'NotamFetchError';
  constructor(readonly url: string, readonly status: number | null, message: string) {
    super(message);
  }
}
