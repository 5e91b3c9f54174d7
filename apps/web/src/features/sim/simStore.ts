import { useSyncExternalStore } from 'react';
import {
  SIM_FMS_DOWNLOAD_PATH,
  SIM_SOCKET_PATH,
  type SimClientMessage,
  type SimCommand,
  type SimCommandResultMessage,
  type SimDataSource,
  type SimFlightData,
  type SimFlightPlanWaypoint,
  type SimRadio,
  type SimAutopilotCommand,
  type SimServerMessage,
  type XPlaneHost,
} from '@clearway/protocol';

/**
 * The simulator store (spec part 2 §3 simulator link): flightData, connected, dataSource,
 * isSimulating, xplaneHosts, currentXplaneHost, subscribed, from the server's `/ws/sim`. The
 * commands of §7 (sendToXPlane, direct-to, radios, autopilot, flight director, the flight plan)
 * go back on the same socket; while no socket is open they are dropped with a log (§8).
 * Other features (the in-flight position fusion) read it with getSimState/subscribeSim.
 */
export interface SimState {
  /** Whether the socket to the server is open. */
  linked: boolean;
  flightData: SimFlightData | null;
  /** performance.now() when flightData arrived (the PFD's interpolation, the latency figure). */
  flightDataAt: number | null;
  /** The server's time of that flightData (ms since the epoch): the position fix's timestamp. */
  flightDataTime: number | null;
  connected: boolean;
  dataSource: SimDataSource;
  isSimulating: boolean;
  /** No data for 10 s: the link is lost and flightData is the last known (shown stale). */
  stale: boolean;
  xplaneHosts: XPlaneHost[];
  currentXplaneHost: string | null;
  subscribed: boolean;
  /** Whether the server writes flight plans into X-Plane's FMS plans folder. */
  fmsDir: boolean;
  /** The last command's answer. */
  lastResult: SimCommandResultMessage | null;
  /** The last flight plan's `.fms` text (offered as a download). */
  fms: string | null;
}

const initial: SimState = {
  linked: false, flightData: null, flightDataAt: null, flightDataTime: null, connected: false, dataSource: 'none', isSimulating: false, stale: false,
  xplaneHosts: [], currentXplaneHost: null, subscribed: false, fmsDir: false, lastResult: null, fms: null,
};

let state: SimState = initial;
const listeners = new Set<() => void>();
let socket: WebSocket | null = null;
let users = 0;
let retry: ReturnType<typeof setTimeout> | null = null;
let retryMs = 1000;
let commandSeq = 0;

function setState(patch: Partial<SimState>): void {
  state = { ...state, ...patch };
  for (const listener of listeners) listener();
}

export const getSimState = (): SimState => state;
export function subscribeSim(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The store's state, re-rendering on change; `select` narrows it (flightData changes up to 30 times a second). */
export function useSim<T>(select: (s: SimState) => T): T {
  return useSyncExternalStore(subscribeSim, () => select(state), () => select(initial));
}

/** Applies one server message (exported for tests). */
export function applySimMessage(message: SimServerMessage, at = performance.now()): void {
  switch (message.type) {
    case 'simStatus':
      setState({
        connected: message.connected, dataSource: message.dataSource, isSimulating: message.isSimulating, stale: message.stale,
        xplaneHosts: message.xplaneHosts, currentXplaneHost: message.currentXplaneHost, subscribed: message.subscribed, fmsDir: message.fmsDir,
      });
      return;
    case 'flightData':
      setState({ flightData: message.data, flightDataAt: at, flightDataTime: message.time });
      return;
    case 'commandResult':
      setState({ lastResult: message, ...(message.fms === undefined ? {} : { fms: message.fms }) });
  }
}

function socketUrl(): string {
  const { protocol, host } = window.location;
  return `${protocol === 'https:' ? 'wss' : 'ws'}://${host}${SIM_SOCKET_PATH}`;
}

function open(): void {
  if (socket !== null || users === 0) return;
  const ws = new WebSocket(socketUrl());
  socket = ws;
  ws.onopen = () => {
    retryMs = 1000;
    setState({ linked: true });
  };
  ws.onmessage = (event) => {
    try {
      applySimMessage(JSON.parse(String(event.data)) as SimServerMessage);
    } catch (error) {
      console.warn('sim: a message from the server could not be read; dropped', error);
    }
  };
  ws.onclose = () => {
    socket = null;
    setState({ linked: false, connected: false, isSimulating: false, stale: state.flightData !== null, dataSource: 'none' });
    if (users > 0) {
      retry = setTimeout(() => {
        retry = null;
        open();
      }, retryMs);
      retryMs = Math.min(retryMs * 2, 15_000);
    }
  };
}

/** Opens the socket while at least one user holds it (the Sim PFD, the in-flight view); returns the release. */
export function holdSimLink(): () => void {
  users++;
  open();
  return () => {
    users--;
    if (users > 0) return;
    if (retry !== null) clearTimeout(retry);
    retry = null;
    socket?.close();
    socket = null;
  };
}

function send(message: SimClientMessage): boolean {
  if (socket === null || socket.readyState !== WebSocket.OPEN) {
    console.warn(`sim: the simulator bridge is unavailable; ${message.type === 'command' ? message.command.type : message.type} dropped`);
    return false;
  }
  socket.send(JSON.stringify(message));
  return true;
}

// --- Actions (spec part 2 §4 simulator, §7 native bridge) ------------------------------------

export const discoverXPlane = () => send({ type: 'discover' });
export const setCurrentXPlaneHost = (host: string) => send({ type: 'setHost', host });
export const forceReconnect = () => send({ type: 'forceReconnect' });
/** §4: subscribed and unsubscribed flags toggle. */
export const toggleSubscribed = () => send({ type: state.subscribed ? 'unsubscribe' : 'subscribe' });
/** §7 sendToXPlane: one command; its answer arrives as lastResult. */
export function sendToXPlane(command: SimCommand): boolean {
  commandSeq++;
  return send({ type: 'command', id: `c${commandSeq}`, command });
}
export const sendDirectTo = (waypointId: string, lat: number, lon: number, index: number) => sendToXPlane({ type: 'directTo', waypointId, lat, lon, index });
export const setRadioFrequency = (radio: SimRadio, mhz: number) => sendToXPlane({ type: 'setRadio', radio, value: mhz });
export const sendAutopilotCommand = (command: SimAutopilotCommand, value?: number) => sendToXPlane({ type: 'autopilot', command, ...(value === undefined ? {} : { value }) });
export const sendFlightPlan = (waypoints: SimFlightPlanWaypoint[], name?: string) => sendToXPlane({ type: 'flightPlan', waypoints, ...(name === undefined ? {} : { name }) });

/** §4 flight director toggle: off to on (1 or 2 depending on request), on to off. */
export function nextFlightDirectorMode(current: 0 | 1 | 2, request: 1 | 2): 0 | 1 | 2 {
  return current === 0 ? request : 0;
}
export const toggleFlightDirector = (request: 1 | 2 = 1) => sendToXPlane({ type: 'flightDirector', mode: nextFlightDirectorMode(state.flightData?.fdActive ?? 0, request) });

export const FMS_DOWNLOAD_URL = SIM_FMS_DOWNLOAD_PATH;

/** Tests: back to the initial state. */
export function resetSimStore(): void {
  state = initial;
  for (const listener of listeners) listener();
}
