import type { NotamRecord } from './faaApi.js';
import { notamTiming } from './times.js';

/**
 * The runways a closure NOTAM's text names: `RWY 18/36 RWY11/29 RWY15/33 CLSD.` gives `18/36`,
 * `11/29` and `15/33`; `RWY 28R CLSD` gives `28R` (one end named closes the runway). Runway
 * designators are 01–36 with an optional L, C or R; helipads and other words are left out.
 */
export function runwaysNamed(text: string): string[] {
  const out: string[] = [];
  for (const match of text.toUpperCase().matchAll(/\bRWY\s*((?:0?[1-9]|[12]\d|3[0-6])[LCR]?(?:\/(?:0?[1-9]|[12]\d|3[0-6])[LCR]?)?)(?![\w/])/g)) {
    const id = match[1];
    if (id !== undefined && !out.includes(id)) out.push(id);
  }
  return out;
}

/** Runway ends of a designator, numbers two digits: `1L/19R` → [`01L`, `19R`]. */
function endsOf(id: string): string[] {
  return id.split('/').map((end) => end.replace(/^(\d)(?!\d)/, '0$1'));
}

/**
 * Which of an airport's runways (ids as the nav database writes them, `10L/28R`) a closed-runway
 * NOTAM in force at `now` (ms) closes. A runway is closed when the NOTAM names either of its ends.
 */
export function closedRunwayIds(notams: readonly NotamRecord[], runwayIds: readonly string[], now: number): Set<string> {
  const closedEnds = new Set(
    notams
      .filter((n) => n.kind === 'closed-runway' && notamTiming(n.start, n.end, now) === 'active')
      .flatMap((n) => runwaysNamed(n.text).flatMap(endsOf)),
  );
  return new Set(runwayIds.filter((id) => endsOf(id).some((end) => closedEnds.has(end))));
}
