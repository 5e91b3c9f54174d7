import type { WeatherProductType } from '@clearway/protocol';
import type { WeatherFile } from './files.js';
import type { SourceValidators } from './store.js';

/** What one fetch of a type brought. */
export type SourceResult =
  /** Nothing changed since `previous` (every URL answered 304, or no file changed): keep the snapshot. */
  | { status: 'not-modified'; validators: SourceValidators }
  /** The type's files, all of them (a snapshot is built from the whole set). */
  | { status: 'files'; files: WeatherFile[]; validators: SourceValidators };

/**
 * Where weather products come from: the Aviation Weather Center over HTTP (awcSource.ts) or a folder
 * of the same formats (pathSource.ts). `fetch` throws when the products could not be read (network,
 * HTTP error, missing folder); the ingester retries with back-off and keeps the previous snapshot.
 */
export interface WeatherSource {
  readonly kind: 'awc' | 'path';
  /** Where it reads, for logs. */
  readonly description: string;
  /** The types this source can give. */
  readonly types: readonly WeatherProductType[];
  /** Files found that are no known weather product (a folder's licences, notes), for the stats. */
  readonly unrecognised?: readonly string[];
  /** How often the type is polled, ms. */
  pollIntervalMs(type: WeatherProductType): number;
  /** The type's files, or not-modified when nothing changed since the validators of the last fetch. */
  fetch(type: WeatherProductType, previous: SourceValidators): Promise<SourceResult>;
}

/** Same URLs (or paths) with the same validators. */
export function sameValidators(a: SourceValidators, b: SourceValidators): boolean {
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((key) => b[key] !== undefined && a[key]?.etag === b[key]?.etag && a[key]?.lastModified === b[key]?.lastModified);
}
