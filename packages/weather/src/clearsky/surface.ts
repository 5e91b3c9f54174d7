// Surface conditions at a station at a time: the METAR (when its observation is near enough the
// time) and the TAF's conditions at that time (tafConditionsAt), the worse of the two prevailing,
// with TEMPO / PROB / BECMG groups as possible conditions.
import { tafConditionsAt } from '../taf.js';
import type { FlightCategory } from '../wxCommon.js';
import { categoryRank, METAR_USABLE_AFTER_MS, METAR_USABLE_BEFORE_MS, worseCategory } from './rules.js';
import type { ClearSkyMetar, ClearSkyTaf } from './types.js';

/**
 * "27 Jan 22:15Z"; with a `referenceMs` in another year, the year too ("6 Dec 2024 19:09Z"), so a
 * report months away from the flight cannot be read as recent.
 */
export function formatZulu(ms: number, referenceMs?: number): string {
  const d = new Date(ms);
  const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
  const pad = (n: number) => String(n).padStart(2, '0');
  const year = referenceMs !== undefined && new Date(referenceMs).getUTCFullYear() !== d.getUTCFullYear() ? ` ${d.getUTCFullYear()}` : '';
  return `${d.getUTCDate()} ${months[d.getUTCMonth()]}${year} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}Z`;
}

/** "22:15Z". */
export function formatHhmmZ(ms: number): string {
  const d = new Date(ms);
  return `${String(d.getUTCHours()).padStart(2, '0')}:${String(d.getUTCMinutes()).padStart(2, '0')}Z`;
}

export interface SurfaceAt {
  /** Worse of the usable METAR's and the TAF's prevailing category; null when neither could be used. */
  category: FlightCategory | null;
  /** Where the category came from, in words: "METAR 22:15Z", "TAF", "METAR 22:15Z and TAF". */
  source: string;
  /** The worst TEMPO / PROB / BECMG category in force at the time, when worse than `category`. */
  possible: { category: FlightCategory; group: string } | null;
  /** Why nothing could be used (reports too old, TAF not valid then); empty when something was. */
  unusable: string[];
  usedMetar: boolean;
  usedTaf: boolean;
}

/** The station's surface conditions at `timeMs` (either report may be absent). */
export function surfaceAt(metar: ClearSkyMetar | undefined, taf: ClearSkyTaf | undefined, timeMs: number): SurfaceAt {
  const unusable: string[] = [];
  let category: FlightCategory | null = null;
  const sources: string[] = [];
  let usedMetar = false;
  let usedTaf = false;
  if (metar) {
    const usable = timeMs >= metar.timeMs - METAR_USABLE_BEFORE_MS && timeMs <= metar.timeMs + METAR_USABLE_AFTER_MS;
    if (usable && metar.category !== null) {
      category = metar.category;
      sources.push(`METAR ${formatHhmmZ(metar.timeMs)}`);
      usedMetar = true;
    } else if (usable) unusable.push(`its METAR of ${formatZulu(metar.timeMs, timeMs)} gives no ceiling or visibility`);
    else unusable.push(`its METAR of ${formatZulu(metar.timeMs, timeMs)} is too ${timeMs > metar.timeMs ? 'old' : 'far ahead'} for that time`);
  }
  let possible: SurfaceAt['possible'] = null;
  if (taf) {
    const at = tafConditionsAt(taf.taf, timeMs);
    if (at && at.prevailing.flightCategory !== null) {
      category = worseCategory(category, at.prevailing.flightCategory);
      sources.push('TAF');
      usedTaf = true;
      for (const p of at.possible) {
        const c = p.conditions.flightCategory;
        if (c === null || (category !== null && categoryRank(c) <= categoryRank(category))) continue;
        if (possible === null || categoryRank(c) > categoryRank(possible.category)) {
          const group = p.kind === 'PROB' ? `PROB${p.probability ?? ''}` : p.probability !== null ? `PROB${p.probability} ${p.kind}` : p.kind;
          possible = { category: c, group };
        }
      }
    } else if (at) unusable.push('its TAF gives no ceiling or visibility then');
    else if (taf.taf.cancelled || taf.taf.nil) unusable.push('its TAF is cancelled or NIL');
    else unusable.push(`its TAF (valid ${formatZulu(taf.taf.validFromMs, timeMs)} to ${formatZulu(taf.taf.validToMs, timeMs)}) does not cover that time`);
  }
  if (!metar && !taf) unusable.push('it has no METAR or TAF');
  return { category, source: sources.join(' and '), possible, unusable: category === null ? unusable : [], usedMetar, usedTaf };
}
