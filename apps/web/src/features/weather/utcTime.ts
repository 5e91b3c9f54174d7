// Times on the weather screens, in UTC as pilots read them: one format for the airport page, the
// weather pages, the imagery issue times, ClearSky and Along the Route.

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const pad = (n: number): string => String(n).padStart(2, '0');

/** `22:40Z`. */
export function utcTimeOfDay(ms: number): string {
  const d = new Date(ms);
  return `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}Z`;
}

/** `27 Jan 21:56Z`. */
export function utcDayTime(ms: number): string {
  const d = new Date(ms);
  return `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${utcTimeOfDay(ms)}`;
}
