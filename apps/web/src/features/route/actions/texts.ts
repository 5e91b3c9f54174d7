/** Snackbar timings (spec part 2 §9). */
export const MESSAGE_SNACKBAR_MS = 2500;
export const CLEAR_SNACKBAR_MS = 4000;

/** Messages of the route screen (spec part 2 §4). */
export const ROUTE_SAVED_TEXT = 'Route Saved!';
export const ROUTE_REVERSED_TEXT = 'Route Reversed!';
export const selectedAltitudeText = (altitude: number): string => `Selected Cruise Altitude: ${altitude}`;
export const savedProfileText = (tail: string): string => `Saved Performance Profile for ${tail}`;

/** The Clear snackbar's text (the spec names the snackbar, not its text). */
export const ROUTE_CLEARED_TEXT = 'Route Cleared';
/** Undo snackbars of the other destructive controls (issue 27: destructive controls are undoable). */
export const removedText = (what: string): string => `Removed ${what}`;
export const ROUTE_DELETED_TEXT = 'Route Deleted';
