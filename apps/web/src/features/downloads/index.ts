// Front door of features/downloads (issue 18: region packs on the device, the background
// downloader, the Downloads page /app/download, which loads on demand from app/routes.tsx). Other
// features (the map) import only what is exported here (eslint.config.js feature map).
import type { PackKind } from '@clearway/protocol';
import { packStore, type StoredPack } from './packStore';

export type { StoredPack } from './packStore';

/** The verified packs on this device. */
export function storedPacks(): Promise<StoredPack[]> {
  return packStore().list();
}

/** The verified file of a stored pack (an OPFS-backed Blob, or one assembled from IndexedDB segments); null when none is stored. */
export function openStoredPack(region: string, kind: PackKind): Promise<Blob | null> {
  return packStore().open(region, kind);
}

/** Calls `listener` when a pack is added, replaced or deleted, in this tab or another (BroadcastChannel). Returns the unsubscribe. */
export function subscribeStoredPacks(listener: () => void): () => void {
  return packStore().subscribe(listener);
}
