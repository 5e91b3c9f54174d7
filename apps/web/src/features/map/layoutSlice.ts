import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { prefsLoaded } from '../../store/prefsActions';

/** Map pane layout (spec part 1 §2 "Shell", part 2 §3 "Map state"); the split views come with the map. */
export interface LayoutState {
  /** Map view (1 or 2) shown in pane one. */
  viewOneId: number;
  /** Map view (1 or 2) shown in pane two. */
  viewTwoId: number;
  splitHorizontal: boolean;
  splitVertical: boolean;
  /** Pan/move synchronisation between the two views. */
  sync_map_views: boolean;
  landscape: boolean;
}

export const initialLayoutState: LayoutState = {
  viewOneId: 1,
  viewTwoId: 2,
  splitHorizontal: false,
  splitVertical: false,
  sync_map_views: false,
  landscape: false,
};

function isViewId(value: unknown): value is 1 | 2 {
  return value === 1 || value === 2;
}

export const layoutSlice = createSlice({
  name: 'layout',
  initialState: initialLayoutState,
  reducers: {
    /** Swapping views swaps the two view ids. */
    swapViews(state) {
      [state.viewOneId, state.viewTwoId] = [state.viewTwoId, state.viewOneId];
    },
    /** Choosing an explicit view pair turns off both splits. */
    setViews(state, action: PayloadAction<{ viewOneId: number; viewTwoId: number }>) {
      if (!isViewId(action.payload.viewOneId) || !isViewId(action.payload.viewTwoId)) return;
      state.viewOneId = action.payload.viewOneId;
      state.viewTwoId = action.payload.viewTwoId;
      state.splitHorizontal = false;
      state.splitVertical = false;
    },
    setSplit(state, action: PayloadAction<{ splitHorizontal: boolean; splitVertical: boolean }>) {
      state.splitHorizontal = action.payload.splitHorizontal;
      state.splitVertical = action.payload.splitVertical;
    },
    setSyncMapViews(state, action: PayloadAction<boolean>) {
      state.sync_map_views = action.payload;
    },
    setLandscape(state, action: PayloadAction<boolean>) {
      state.landscape = action.payload;
    },
    /** The device orientation changed: a split flips between horizontal and vertical (spec part 1 §2). */
    orientationChanged(state, action: PayloadAction<boolean>) {
      if (state.landscape === action.payload) return;
      state.landscape = action.payload;
      if (state.splitHorizontal !== state.splitVertical) {
        [state.splitHorizontal, state.splitVertical] = [state.splitVertical, state.splitHorizontal];
      }
    },
  },
  extraReducers: (builder) => {
    builder.addCase(prefsLoaded, (state, { payload }) => {
      if (isViewId(payload.viewOneId)) state.viewOneId = payload.viewOneId;
      if (isViewId(payload.viewTwoId)) state.viewTwoId = payload.viewTwoId;
      if (typeof payload.splitHorizontal === 'boolean') state.splitHorizontal = payload.splitHorizontal;
      if (typeof payload.splitVertical === 'boolean') state.splitVertical = payload.splitVertical;
      if (typeof payload.sync_map_views === 'boolean') state.sync_map_views = payload.sync_map_views;
      if (typeof payload.landscape === 'boolean') state.landscape = payload.landscape;
    });
  },
});

export const { swapViews, setViews, setSplit, setSyncMapViews, setLandscape, orientationChanged } = layoutSlice.actions;
