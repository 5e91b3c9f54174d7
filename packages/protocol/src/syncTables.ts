/**
 * The synchronised tables (spec part 1 §7 "Sync details", §9), in a module of their own without zod
 * so that the web app's start-up code can name them without loading the wire schemas.
 */
/** The synchronised tables, in the order of spec part 1 §9. `route` and `profile` hold one value each. */
export const SYNC_TABLES = [
  'fav_airports',
  'recent_airports',
  'searches',
  'models',
  'routes',
  'fav_plates',
  'recent_plates',
  'flight_plans',
  'route',
  'profile',
  'sketch',
] as const;
export type SyncTable = (typeof SYNC_TABLES)[number];

/**
 * The tables that hold one value (a `prefs` property) rather than rows; their record key is the table
 * name. `sketch` (issue 22, beyond spec part 1 §9's list) is the sketch pad's drawing, synced the same way.
 */
export const SYNC_SINGLETON_TABLES = ['route', 'profile', 'sketch'] as const satisfies readonly SyncTable[];
export type SyncSingletonTable = (typeof SYNC_SINGLETON_TABLES)[number];

