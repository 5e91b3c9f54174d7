import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/**
 * Which switchable map overlays are on (layers/index.ts, those with a `toggle`), by overlay id; the
 * map toolbar's buttons switch them. Not kept across a reload (the VFR sectional starts off).
 */
export interface OverlaysState {
  shown: Record<string, boolean>;
}

export const initialOverlaysState: OverlaysState = { shown: {} };

export const overlaysSlice = createSlice({
  name: 'overlays',
  initialState: initialOverlaysState,
  reducers: {
    /** The toolbar button of an overlay: on becomes off and off becomes on. */
    overlayToggled(state, action: PayloadAction<string>) {
      state.shown[action.payload] = state.shown[action.payload] !== true;
    },
    overlayShown(state, action: PayloadAction<{ id: string; shown: boolean }>) {
      state.shown[action.payload.id] = action.payload.shown;
    },
  },
});

export const { overlayToggled, overlayShown } = overlaysSlice.actions;
