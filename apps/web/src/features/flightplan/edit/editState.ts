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
}

/** No sub-mode. */
export const NO_EDIT: EditState = { edit_mode: null, edit_code: null, insert_at: null };
