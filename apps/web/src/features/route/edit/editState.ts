import type { Waypoint } from '@clearway/flightplan';

/**
 * Pending edit state of the route screen's edit mode (spec part 2 §4 "Route page"): the edit sub-mode,
 * the code of the waypoint it applies to and where an insert goes. It resets to NO_EDIT whenever the
 * route changes (new ts) and on Cancel.
 */
export type EditSubMode = 'insert' | 'insert_before' | 'vnav' | 'clear_vnav' | 'dp' | 'star' | 'approach';

export interface EditState {
  edit_mode: EditSubMode | null;
  edit_code: string | null;
  insert_at: 'after' | 'before' | 'start' | 'end' | null;
  /**
   * The exact waypoint the sub-mode applies to (a leg's end, with its original_index), so that a
   * code repeated in the route (KHWD SUNOL KHWD) edits the right one. Absent or null: the first
   * waypoint with edit_code.
   */
  edit_waypoint?: Waypoint | null;
}

/** Whether a waypoint is the one an edit state names: same code and, when known, same place in the route. */
export function isEditTarget(state: EditState, code: string | null, waypoint: Waypoint | null): boolean {
  if (state.edit_code !== code) return false;
  const a = state.edit_waypoint?.original_index ?? -1;
  const b = waypoint?.original_index ?? -1;
  return a < 0 || b < 0 || a === b;
}

/** No sub-mode. */
export const NO_EDIT: EditState = { edit_mode: null, edit_code: null, insert_at: null, edit_waypoint: null };
