import { useSyncExternalStore } from 'react';
import type { SyncTable } from '@clearway/protocol';

/**
 * How often a sync changed each table's stored rows (or the route / profile property) in this page
 * load. Screens that read a list once from the prefs database (the airport page's favourite star,
 * saved-route lists) put the table's version in their effect's dependencies, so a sync that brought
 * another device's change reads it again. Writes made on this device do not bump it.
 */
const versions = new Map<SyncTable, number>();
const listeners = new Set<() => void>();

/** Called by the sync hook when a sync applied rows to a table. */
export function tableSynced(table: SyncTable): void {
  versions.set(table, (versions.get(table) ?? 0) + 1);
  for (const listener of [...listeners]) listener();
}

/** The current version of a table (0 until a sync changes it). */
export function syncedTableVersion(table: SyncTable): number {
  return versions.get(table) ?? 0;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** A table's version, re-rendering when a sync changes the table. */
export function useSyncedTableVersion(table: SyncTable): number {
  return useSyncExternalStore(
    subscribe,
    () => syncedTableVersion(table),
    () => syncedTableVersion(table),
  );
}
