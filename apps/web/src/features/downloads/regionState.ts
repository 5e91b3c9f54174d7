/**
 * The region download states of spec part 2 §3 "Downloads", numbered as the spec numbers them, and
 * the pure machine that moves between them (§4 "Downloads": a request moves to queued, then
 * progress moves it to in progress; pause, resume, stop and delete are each a request followed by a
 * confirmation from the background downloader; completion sets downloaded; a failure sets error).
 */
export const REGION_STATE = {
  QUEUED: 0,
  IN_PROGRESS: 1,
  PAUSE_REQUESTED: 2,
  PAUSED: 3,
  RESUME_REQUESTED: 4,
  RESUME_CONFIRMED: 5,
  STOP_REQUESTED: 6,
  STOPPED: 7,
  DELETE_REQUESTED: 8,
  DELETED: 9,
  DOWNLOADED: 10,
  ERROR: 11,
  ESTIMATING: 12,
} as const;

export type RegionStateName = keyof typeof REGION_STATE;
export type RegionState = (typeof REGION_STATE)[RegionStateName];

/** A region with no download on record (never asked for): not one of the spec's numbers. */
export const NOT_DOWNLOADED = null;

/** What moves a region: the page's requests and the downloader's answers. */
export type RegionEvent =
  | 'estimate'
  | 'request'
  | 'progress'
  | 'done'
  | 'failed'
  | 'pause'
  | 'pause_confirmed'
  | 'resume'
  | 'resume_confirmed'
  | 'stop'
  | 'stop_confirmed'
  | 'delete'
  | 'delete_confirmed';

export const REGION_EVENTS: readonly RegionEvent[] = [
  'estimate',
  'request',
  'progress',
  'done',
  'failed',
  'pause',
  'pause_confirmed',
  'resume',
  'resume_confirmed',
  'stop',
  'stop_confirmed',
  'delete',
  'delete_confirmed',
];

const S = REGION_STATE;
type From = RegionState | null;

/** States a new download may start from: none yet, stopped, deleted, failed, or downloaded (an update). */
const STARTABLE: readonly From[] = [null, S.STOPPED, S.DELETED, S.ERROR, S.DOWNLOADED];
/** States in which the downloader is (or is about to be) fetching bytes. */
const RUNNING: readonly From[] = [S.QUEUED, S.IN_PROGRESS, S.RESUME_CONFIRMED];
/** States with a request the downloader has not answered yet, or bytes being fetched: a failure may end any. */
const ACTIVE: readonly From[] = [S.ESTIMATING, ...RUNNING, S.PAUSE_REQUESTED, S.RESUME_REQUESTED, S.STOP_REQUESTED, S.DELETE_REQUESTED];

/** For each event, the states that accept it and where it leads. */
const TRANSITIONS: Readonly<Record<RegionEvent, { from: readonly From[]; to: RegionState }>> = {
  // Sizing the region's packs before it is queued (the size is shown before the download starts).
  estimate: { from: STARTABLE, to: S.ESTIMATING },
  request: { from: [...STARTABLE, S.ESTIMATING], to: S.QUEUED },
  progress: { from: RUNNING, to: S.IN_PROGRESS },
  done: { from: RUNNING, to: S.DOWNLOADED },
  failed: { from: ACTIVE, to: S.ERROR },
  pause: { from: RUNNING, to: S.PAUSE_REQUESTED },
  pause_confirmed: { from: [S.PAUSE_REQUESTED], to: S.PAUSED },
  resume: { from: [S.PAUSED], to: S.RESUME_REQUESTED },
  resume_confirmed: { from: [S.RESUME_REQUESTED], to: S.RESUME_CONFIRMED },
  stop: { from: [...RUNNING, S.ESTIMATING, S.PAUSE_REQUESTED, S.PAUSED, S.RESUME_REQUESTED], to: S.STOP_REQUESTED },
  stop_confirmed: { from: [S.STOP_REQUESTED], to: S.STOPPED },
  delete: { from: [S.DOWNLOADED, S.PAUSED, S.STOPPED, S.ERROR], to: S.DELETE_REQUESTED },
  delete_confirmed: { from: [S.DELETE_REQUESTED], to: S.DELETED },
};

/** The state after `event`, or undefined when `state` does not accept it (an illegal transition). */
export function nextRegionState(state: From, event: RegionEvent): RegionState | undefined {
  const rule = TRANSITIONS[event];
  return rule.from.includes(state) ? rule.to : undefined;
}

/** The spec's name of a state number ('IN_PROGRESS'), or 'NONE' for a region never asked for. */
export function regionStateName(state: From): RegionStateName | 'NONE' {
  if (state === null) return 'NONE';
  return (Object.keys(S) as RegionStateName[]).find((name) => S[name] === state) ?? 'NONE';
}

/** True while a download of the region is under way (the page shows its progress bar). */
export function isRegionBusy(state: From): boolean {
  return ACTIVE.includes(state) || state === S.PAUSED;
}
