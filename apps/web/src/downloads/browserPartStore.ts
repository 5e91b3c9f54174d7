import { segmentedPartStore, type PartStore } from '@clearway/download';
import { DownloadsDb } from '../db/downloads';
import { indexedDbSegments } from './indexedDbSegments';
import { opfsSegments } from './opfsSegments';

let downloadsDb: DownloadsDb | null = null;

/**
 * Where download `id` keeps its bytes until it finishes: OPFS where the browser has it, else
 * IndexedDB. Already loaded once, so the download that follows starts reading its body without
 * waiting for storage (see segmentedPartStore). The finished value is the whole file.
 */
export async function openBrowserPartStore(id: string, options: { storage?: StorageManager; db?: DownloadsDb } = {}): Promise<PartStore<ArrayBuffer>> {
  const backend = (await opfsSegments(id, options.storage ?? globalThis.navigator?.storage)) ?? indexedDbSegments(options.db ?? (downloadsDb ??= new DownloadsDb()), id);
  const store = segmentedPartStore(backend);
  await store.load();
  return store;
}
