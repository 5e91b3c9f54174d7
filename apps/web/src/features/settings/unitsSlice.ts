import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import {
  isDistanceUnit,
  isTemperatureUnit,
  unitSetFor,
  type DistanceUnit,
  type FuelUnit,
  type TemperatureUnit,
  type UnitSet,
} from '@clearway/geo';
import { prefsLoaded } from '../../store/prefsActions';

/** Takeoff Speed slider bounds in knots (spec part 2 §5). */
export const TAKEOFF_THRESHOLD_MIN_KT = 10;
export const TAKEOFF_THRESHOLD_MAX_KT = 100;
export const TAKEOFF_THRESHOLD_DEFAULT_KT = 55;

/** Display units (spec part 2 §3 "Units"). Speed, altitude and their factors follow the distance unit. */
export interface UnitsState extends UnitSet {
  temp_unit: TemperatureUnit;
  fuel_unit: FuelUnit;
  /** display fuel = US gallons × fuel_factor */
  fuel_factor: number;
  /** Speed in knots above which the aircraft counts as moving. */
  takeoff_threshold: number;
  runway_extension: 'all';
  ownship_size_factor: number;
}

export const initialUnitsState: UnitsState = {
  ...unitSetFor('nm'),
  temp_unit: 'f',
  fuel_unit: 'g',
  fuel_factor: 1,
  takeoff_threshold: TAKEOFF_THRESHOLD_DEFAULT_KT,
  runway_extension: 'all',
  ownship_size_factor: 1,
};

function clampTakeoffThreshold(knots: number): number {
  return Math.min(TAKEOFF_THRESHOLD_MAX_KT, Math.max(TAKEOFF_THRESHOLD_MIN_KT, Math.round(knots)));
}

export const unitsSlice = createSlice({
  name: 'units',
  initialState: initialUnitsState,
  reducers: {
    /** Changing the distance unit also changes the speed and altitude units and factors. */
    setDistanceUnit(state, action: PayloadAction<DistanceUnit>) {
      Object.assign(state, unitSetFor(action.payload));
    },
    setTempUnit(state, action: PayloadAction<TemperatureUnit>) {
      state.temp_unit = action.payload;
    },
    setTakeoffThreshold(state, action: PayloadAction<number>) {
      if (Number.isFinite(action.payload)) state.takeoff_threshold = clampTakeoffThreshold(action.payload);
    },
  },
  extraReducers: (builder) => {
    builder.addCase(prefsLoaded, (state, { payload }) => {
      if (isDistanceUnit(payload.distance_unit)) Object.assign(state, unitSetFor(payload.distance_unit));
      if (isTemperatureUnit(payload.temp_unit)) state.temp_unit = payload.temp_unit;
      if (typeof payload.takeoff_threshold === 'number' && Number.isFinite(payload.takeoff_threshold)) {
        state.takeoff_threshold = clampTakeoffThreshold(payload.takeoff_threshold);
      }
    });
  },
});

export const { setDistanceUnit, setTempUnit, setTakeoffThreshold } = unitsSlice.actions;
