import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** The named start-up stages of spec part 1 §4 "Start-up", in order. */
export const BOOT_STAGES = ['start', 'font', 'idb_init', 'profile_init', 'storage', 'storage_done', 'done'] as const;
export type BootStage = (typeof BOOT_STAGES)[number];

export interface BootState {
  /** Milliseconds from the start of boot to the moment each stage was reached. */
  timingsMs: Partial<Record<BootStage, number>>;
  /** The last stage reached, or null before boot starts. */
  stage: BootStage | null;
  /** Problems that did not stop start-up (e.g. IndexedDB or storage permission failures). */
  warnings: string[];
  /**
   * What made start-up fail (spec part 1 §8: the routing worker's init time-out at boot), with the
   * spec's text; the shell then shows it with a Retry. Null while nothing failed.
   */
  failure: string | null;
}

const initialState: BootState = { timingsMs: {}, stage: null, warnings: [], failure: null };

export const bootSlice = createSlice({
  name: 'boot',
  initialState,
  reducers: {
    stageReached(state, action: PayloadAction<{ stage: BootStage; elapsedMs: number }>) {
      state.timingsMs[action.payload.stage] = action.payload.elapsedMs;
      state.stage = action.payload.stage;
    },
    bootWarning(state, action: PayloadAction<string>) {
      state.warnings.push(action.payload);
    },
    bootFailed(state, action: PayloadAction<string>) {
      state.failure = action.payload;
    },
  },
});

export const { stageReached, bootWarning, bootFailed } = bootSlice.actions;
