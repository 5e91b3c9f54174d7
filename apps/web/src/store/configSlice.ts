import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ClientConfig } from '@clearway/protocol';

/**
 * Where the running configuration came from: the server's /api/config (live or the service worker's
 * cached copy), or derived from location.origin when neither was available.
 */
export type ConfigSource = 'server' | 'fallback';

export interface ConfigState {
  config: ClientConfig | null;
  source: ConfigSource | null;
  /** Why the server's configuration could not be used, when source is 'fallback'. */
  error: string | null;
}

const initialState: ConfigState = { config: null, source: null, error: null };

export const configSlice = createSlice({
  name: 'config',
  initialState,
  reducers: {
    configLoaded(_state, action: PayloadAction<{ config: ClientConfig; source: ConfigSource; error?: string }>) {
      return { config: action.payload.config, source: action.payload.source, error: action.payload.error ?? null };
    },
  },
});

export const { configLoaded } = configSlice.actions;
