import { describe, expect, it } from 'vitest';
import { REGION_EVENTS, REGION_STATE, nextRegionState, regionStateName, type RegionEvent, type RegionState } from './regionState';

const S = REGION_STATE;
type From = RegionState | null;

/**
 * Every legal move, written out by hand from spec part 2 §4 "Downloads" (each request is followed by
 * the downloader's confirmation before the state settles); anything not listed must be refused.
 */
const LEGAL: ReadonlyArray<[From, RegionEvent, RegionState]> = [
  // A download starts from nothing, stopped, deleted, error or downloaded (an update).
  ...([null, S.STOPPED, S.DELETED, S.ERROR, S.DOWNLOADED] as From[]).flatMap((from): [From, RegionEvent, RegionState][] => [
    [from, 'estimate', S.ESTIMATING],
    [from, 'request', S.QUEUED],
  ]),
  [S.ESTIMATING, 'request', S.QUEUED],
  [S.ESTIMATING, 'failed', S.ERROR],
  [S.ESTIMATING, 'stop', S.STOP_REQUESTED],
  // Running: queued, in progress, or just resumed.
  ...([S.QUEUED, S.IN_PROGRESS, S.RESUME_CONFIRMED] as From[]).flatMap((from): [From, RegionEvent, RegionState][] => [
    [from, 'progress', S.IN_PROGRESS],
    [from, 'done', S.DOWNLOADED],
    [from, 'failed', S.ERROR],
    [from, 'pause', S.PAUSE_REQUESTED],
    [from, 'stop', S.STOP_REQUESTED],
  ]),
  [S.PAUSE_REQUESTED, 'pause_confirmed', S.PAUSED],
  [S.PAUSE_REQUESTED, 'failed', S.ERROR],
  [S.PAUSE_REQUESTED, 'stop', S.STOP_REQUESTED],
  [S.PAUSED, 'resume', S.RESUME_REQUESTED],
  [S.PAUSED, 'stop', S.STOP_REQUESTED],
  [S.PAUSED, 'delete', S.DELETE_REQUESTED],
  [S.RESUME_REQUESTED, 'resume_confirmed', S.RESUME_CONFIRMED],
  [S.RESUME_REQUESTED, 'failed', S.ERROR],
  [S.RESUME_REQUESTED, 'stop', S.STOP_REQUESTED],
  [S.STOP_REQUESTED, 'stop_confirmed', S.STOPPED],
  [S.STOP_REQUESTED, 'failed', S.ERROR],
  [S.STOPPED, 'delete', S.DELETE_REQUESTED],
  [S.ERROR, 'delete', S.DELETE_REQUESTED],
  [S.DOWNLOADED, 'delete', S.DELETE_REQUESTED],
  [S.DELETE_REQUESTED, 'delete_confirmed', S.DELETED],
  [S.DELETE_REQUESTED, 'failed', S.ERROR],
];

const ALL_STATES: From[] = [null, ...Object.values(S)];

describe('region download states', () => {
  it('numbers the states exactly as spec part 2 §3 does', () => {
    expect(S).toEqual({
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
    });
    expect(regionStateName(2)).toBe('PAUSE_REQUESTED');
    expect(regionStateName(null)).toBe('NONE');
  });

  for (const from of ALL_STATES) {
    for (const event of REGION_EVENTS) {
      const legal = LEGAL.find(([f, e]) => f === from && e === event);
      const name = `${regionStateName(from)} + ${event}`;
      if (legal) it(`${name} -> ${regionStateName(legal[2])}`, () => expect(nextRegionState(from, event)).toBe(legal[2]));
      else it(`${name} is refused`, () => expect(nextRegionState(from, event)).toBeUndefined());
    }
  }

  it('a request never settles by itself: pause, resume, stop and delete each wait for the confirmation', () => {
    expect(nextRegionState(S.IN_PROGRESS, 'pause')).toBe(S.PAUSE_REQUESTED);
    expect(nextRegionState(S.IN_PROGRESS, 'pause_confirmed')).toBeUndefined();
    expect(nextRegionState(S.PAUSED, 'resume_confirmed')).toBeUndefined();
    expect(nextRegionState(S.DOWNLOADED, 'delete_confirmed')).toBeUndefined();
  });
});
