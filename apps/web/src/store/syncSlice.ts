import { createAction, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { SyncTable } from '@clearway/protocol';

/**
 * What the running sync tells the screens, and they tell it (spec part 1 §9 "Sync"):
 * - `versions`: how often a sync changed each table's stored rows (or the route / profile property)
 *   in this page load. Screens that read a list once from the prefs database put the table's version
 *   in their effect's dependencies, so a sync that brought another device's change reads it again.
 *   Writes made on this device do not bump it (the database tells the sync about those itself:
 *   PrefsDb.onLocalWrite).
 * - `devicesChanged`: the customer's device list changed (a device removed on the account page), so
 *   a sync refused as one device too many may try again.
 */
export interface SyncState {
  versions: Partial<Record<SyncTable, number>>;
}

const initialState: SyncState = { versions: {} };

export const syncSlice = createSlice({
  name: 'sync',
  initialState,
  reducers: {
    tableSynced(state, action: PayloadAction<SyncTable>) {
      state.versions[action.payload] = (state.versions[action.payload] ?? 0) + 1;
    },
  },
});

export const { tableSynced } = syncSlice.actions;

/** The device list changed; the running sync (features/sync) listens and resumes. */
export const devicesChanged = createAction('sync/devicesChanged');
