/** What the nav database loader tells the user and the log. */

/** The server publishes no artifact for the channel (index empty or 404) and nothing is stored. */
export const NO_NAV_DATABASE_ON_SERVER = 'No nav database is installed on this server';

/** For the server's operator (README, the settings drawer's status under the message above). */
export const NAV_DATABASE_OPERATOR_HINT =
  'Build one with `npm run navdata -- build --from PATH --out var/navdata/<channel>` on the server (the channel this server serves: dev for localhost), or set NAVDATA_SOURCE before `npm start`.';

/** Offline (or the server is failing) and nothing is stored in this browser. */
export const NO_NAV_DATABASE_OFFLINE = 'No nav database is stored on this device, and the server cannot be reached';

/** Spec part 1 §4 / part 2 §4: aborts with an error if no progress for 60 s. */
export const NAV_DATABASE_STALLED = 'Loading the nav database made no progress for 60 seconds';

/** Spec part 2 §8: the 120 s database load time-out is logged and start-up continues. */
export const NAV_DATABASE_SLOW = 'The nav database is taking more than 120 seconds to load; it keeps loading in the background';

export function usingStoredNote(cycle: string, why: string): string {
  return `Using the stored cycle ${cycle}: ${why}`;
}

/** Spec part 1 §2 "Shell": the top bar's text until the airport database is loaded; the search box says it where a route needs the database. */
export const NAV_DB_LOADING = 'Nav Database is Loading...';
