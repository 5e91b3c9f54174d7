import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { prefsLoaded } from '../../store/prefsActions';

/**
 * Which switchable map overlays are on (layers/index.ts, those with a `toggle`), by overlay id; the
 * map toolbar's buttons switch them. The weather layers (REMEMBERED_OVERLAYS) are kept across a
 * reload in prefs (`weather_layers`, written from `remembered`); the others are not (the VFR
 * sectional starts off). Every overlay starts off.
 */
export interface OverlaysState {
  shown: Record<string, boolean>;
  /** The switches of the remembered overlays, as written to prefs. */
  remembered: Record<string, boolean>;
  /** The 3D terrain's vertical exaggeration (terrain.ts TERRAIN_EXAGGERATIONS); the `terrain` overlay is its switch. */
  terrainExaggeration: number;
}

/** Overlays whose switch is remembered: the weather layers (layers/weather.ts). */
export const REMEMBERED_OVERLAYS: readonly string[] = ['wx-metar', 'wx-pirep', 'wx-airmet'];

export const initialOverlaysState: OverlaysState = { shown: {}, remembered: {}, terrainExaggeration: 1.5 };

function show(state: OverlaysState, id: string, shown: boolean) {
  state.shown[id] = shown;
  if (REMEMBERED_OVERLAYS.includes(id)) state.remembered[id] = shown;
}

export const overlaysSlice = createSlice({
  name: 'overlays',
  initialState: initialOverlaysState,
  reducers: {
    /** The toolbar button of an overlay: on becomes off and off becomes on. */
    overlayToggled(state, action: PayloadAction<string>) {
      show(state, action.payload, state.shown[action.payload] !== true);
    },
    overlayShown(state, action: PayloadAction<{ id: string; shown: boolean }>) {
      show(state, action.payload.id, action.payload.shown);
    },
    terrainExaggerationSet(state, action: PayloadAction<number>) {
      if (Number.isFinite(action.payload) && action.payload > 0) state.terrainExaggeration = action.payload;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(prefsLoaded, (state, { payload }) => {
      const stored = payload.weather_layers;
      if (!stored || typeof stored !== 'object') return;
      for (const id of REMEMBERED_OVERLAYS) {
        if (typeof stored[id] !== 'boolean') continue;
        state.shown[id] = stored[id];
        state.remembered[id] = stored[id];
      }
    });
  },
});

export const { overlayToggled, overlayShown, terrainExaggerationSet } = overlaysSlice.actions;
