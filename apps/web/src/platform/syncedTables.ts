import type { SyncTable } from '@clearway/protocol';
import { useAppSelector } from '../store/hooks';

export { devicesChanged, tableSynced } from '../store/syncSlice';

/**
 * A table's sync version (store `sync.versions`, 0 until a sync changes it), re-rendering when a
 * sync changes the table. Screens that read a list once from the prefs database (the airport page's
 * favourite star, saved-route lists) put it in their effect's dependencies.
 */
export function useSyncedTableVersion(table: SyncTable): number {
  return useAppSelector((state) => state.sync.versions[table] ?? 0);
}
