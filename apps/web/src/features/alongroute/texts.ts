/** What the Along the Route page says (issue 17). */
export const ALONG_ROUTE_TITLE = 'Along the Route';
export const NO_ROUTE_TEXT = 'No route: enter one in the search box or on the Flight Plan page to list the airports along it.';
export const NAV_DB_NOT_LOADED_TEXT = 'The nav database is not loaded on this device, so the airports along the route cannot be listed.';
export const NO_WEATHER_TEXT = 'No weather reported for this airport';
export const NO_TAF_TEXT = 'No TAF';
export const CORRIDOR_CHOICES_NM = [10, 25, 50] as const;
export const DEFAULT_CORRIDOR_CHOICE_NM = 25;

export function noAirportsText(corridorNm: number): string {
  return `No airports within ${corridorNm} nm of the route.`;
}
