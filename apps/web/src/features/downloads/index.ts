// Front door of features/downloads (issue 18: region packs on the device, the background
// downloader, the Downloads page /app/download, which loads on demand from app/routes.tsx). Other
// features (the map) import only what is exported here (eslint.config.js feature map).
import type { PackKind, PlateAirportList } from '@clearway/protocol';
import { packStore, type StoredPack } from './packStore';
import { StoredPlates } from './platesPacks';

export type { StoredPack } from './packStore';

/** A stored chart region pack (not a plates pack). */
export type StoredChartPack = StoredPack & { kind: PackKind };

/** The verified chart region packs on this device (the plates packs are read through storedAirportPlates). */
export async function storedPacks(): Promise<StoredChartPack[]> {
  return (await packStore().list()).filter((pack): pack is StoredChartPack => pack.kind !== 'plates');
}

/** The verified file of a stored pack (an OPFS-backed Blob, or one assembled from IndexedDB segments); null when none is stored. */
export function openStoredPack(region: string, kind: PackKind): Promise<Blob | null> {
  return packStore().open(region, kind);
}

/** Calls `listener` when a pack is added, replaced or deleted, in this tab or another (BroadcastChannel). Returns the unsubscribe. */
export function subscribeStoredPacks(listener: () => void): () => void {
  return packStore().subscribe(listener);
}

let storedPlates: StoredPlates | null = null;

/** An airport's plate list from the plates packs on this device (for the plate screen offline); null when none holds it. */
export function storedAirportPlates(airport: string): Promise<PlateAirportList | null> {
  return (storedPlates ??= new StoredPlates(packStore())).airport(airport);
}

/** A plate's PDF (its URL in a stored list) from the plates packs on this device; null when none holds it. */
export function storedPlatePdf(url: string): Promise<ArrayBuffer | null> {
  return (storedPlates ??= new StoredPlates(packStore())).pdf(url);
}
