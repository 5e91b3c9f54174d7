import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { DirectToOverride, LocationFix, PositionSource, Proximity, VerticalTrend } from '@clearway/inflight';

/** One traffic target as the map draws it (a slim copy of @clearway/inflight's TrafficTarget). */
export interface TrafficMark {
  hex: string;
  /** Callsign, else the hex address. */
  label: string;
  /** A symbol at a position; null for a target drawn as a distance ring. */
  lat: number | null;
  lon: number | null;
  trackDeg: number | null;
  /** Distance ring radius, nm (a target without a position); null for a symbol. */
  ringNm: number | null;
  distanceNm: number | null;
  /** '+05' / '-12' hundreds of feet; null when unknown. */
  altitudeTag: string | null;
  trend: VerticalTrend | null;
  proximity: Proximity;
  emergency: boolean;
  onGround: boolean;
}

/** A receiver channel as the chips show it: never heard, on, or lost (was on, timed out; the last good state is kept). */
export type ChannelChip = 'off' | 'on' | 'lost';

export interface ReceiverChips {
  heartbeat: ChannelChip;
  traffic: ChannelChip;
  adsbGps: ChannelChip;
  /** The receiver's name (ForeFlight ID or Stratux), when known. */
  name: string | null;
}

/** The devices socket (server's bridge): not tried, connecting, open, or closed (no bridge, signed out, server gone). */
export type DevicesLink = 'idle' | 'connecting' | 'open' | 'closed';

export interface InflightState {
  /** The fused position (spec part 2 §4 source priority) and the rung that gave it. */
  position: { fix: LocationFix; source: PositionSource } | null;
  /** Ownship pressure altitude from the receiver, ft (relative altitudes of traffic). */
  pressureAltitudeFt: number | null;
  /** Spec "GPS status": a fix newer than 2 s. */
  gpsStatus: boolean;
  /** Moving flag by the takeoff threshold. */
  moving: boolean;
  /** The device's own GPS (watchPosition). */
  deviceGps: ChannelChip;
  deviceGpsError: string | null;
  receiver: ReceiverChips;
  link: DevicesLink;
  traffic: TrafficMark[];
  directTo: DirectToOverride | null;
  /** Follow mode: the map keeps ownship in view; panning turns it off until Resume Navigation. */
  follow: boolean;
  /** When the pilot last panned a map (ms since the epoch): the resume_nav countdown restarts from it. */
  pannedAt: number | null;
  /** Spoken traffic callouts (issue 19: off by default). */
  callouts: boolean;
}

export const initialInflightState: InflightState = {
  position: null,
  pressureAltitudeFt: null,
  gpsStatus: false,
  moving: false,
  deviceGps: 'off',
  deviceGpsError: null,
  receiver: { heartbeat: 'off', traffic: 'off', adsbGps: 'off', name: null },
  link: 'idle',
  traffic: [],
  directTo: null,
  follow: true,
  pannedAt: null,
  callouts: false,
};

export const inflightSlice = createSlice({
  name: 'inflight',
  initialState: initialInflightState,
  reducers: {
    positionChanged(state, action: PayloadAction<{ fix: LocationFix; source: PositionSource } | null>) {
      state.position = action.payload;
    },
    pressureAltitudeChanged(state, action: PayloadAction<number | null>) {
      state.pressureAltitudeFt = action.payload;
    },
    gpsChecked(state, action: PayloadAction<{ gpsStatus: boolean; moving: boolean; deviceGps: ChannelChip }>) {
      state.gpsStatus = action.payload.gpsStatus;
      state.moving = action.payload.moving;
      state.deviceGps = action.payload.deviceGps;
    },
    deviceGpsFailed(state, action: PayloadAction<string | null>) {
      state.deviceGpsError = action.payload;
    },
    receiverChanged(state, action: PayloadAction<ReceiverChips>) {
      state.receiver = action.payload;
    },
    linkChanged(state, action: PayloadAction<DevicesLink>) {
      state.link = action.payload;
    },
    trafficChanged(state, action: PayloadAction<TrafficMark[]>) {
      state.traffic = action.payload;
    },
    directToSet(state, action: PayloadAction<DirectToOverride | null>) {
      state.directTo = action.payload;
    },
    followSet(state, action: PayloadAction<boolean>) {
      state.follow = action.payload;
      if (action.payload) state.pannedAt = null;
    },
    calloutsSet(state, action: PayloadAction<boolean>) {
      state.callouts = action.payload;
    },
    /** The pilot panned a map: follow mode off until Resume Navigation (or resume_nav seconds). */
    panned(state, action: PayloadAction<number>) {
      state.follow = false;
      state.pannedAt = action.payload;
    },
  },
});

export const { positionChanged, pressureAltitudeChanged, gpsChecked, deviceGpsFailed, receiverChanged, linkChanged, trafficChanged, directToSet, followSet, panned, calloutsSet } = inflightSlice.actions;

/** A channel's chip from its status now and whether it was ever on: lost keeps the fact it was heard. */
export function chipOf(status: boolean, everOn: boolean): ChannelChip {
  return status ? 'on' : everOn ? 'lost' : 'off';
}
