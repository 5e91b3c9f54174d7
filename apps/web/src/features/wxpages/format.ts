import type { AdvisoryEntry } from '@clearway/protocol';
import { altitudeText } from '../map';
import { utcDayTime } from '../weather';

/** Pure text helpers of the weather pages. */

/** G-AIRMETs are issued for every 3 hours. */
export const GAIRMET_STEP_MS = 3 * 3_600_000;

/** `17 Mar 15:00Z` (UTC; features/weather utcDayTime, the one format of the weather screens). */
export const dayTime = utcDayTime;

/** `17 Mar 15:00Z to 18:55Z` (the end's date only when it differs), `17 Mar 15:00Z` for a G-AIRMET time, `Validity not given`. */
export function validityText(from: number | null, to: number | null): string {
  if (from === null && to === null) return 'Validity not given';
  if (from !== null && to !== null && from === to) return dayTime(from);
  const start = from === null ? '?' : dayTime(from);
  if (to === null) return `${start} onwards`;
  const end = dayTime(to);
  const sameDay = from !== null && new Date(from).toISOString().slice(0, 10) === new Date(to).toISOString().slice(0, 10);
  return `${start} to ${sameDay ? end.split(' ')[2] : end}`;
}

/** Whether an advisory is in force, over or still to come at `now`. */
export function advisoryTense(advisory: Pick<AdvisoryEntry, 'validFrom' | 'validTo'>, now: number): 'current' | 'expired' | 'future' {
  // A G-AIRMET is valid at one time (from = to) and stands until the next, 3 hours on.
  const end = advisory.validTo !== null && advisory.validFrom === advisory.validTo ? advisory.validTo + GAIRMET_STEP_MS : advisory.validTo;
  if (end !== null && end < now) return 'expired';
  if (advisory.validFrom !== null && advisory.validFrom > now) return 'future';
  return 'current';
}

/** `SFC to FL450`, `Freezing level to 14,000 ft`, `12,000 ft` (a freezing level line), `Altitudes not given`. */
export function altitudesText(advisory: Pick<AdvisoryEntry, 'baseFt' | 'topFt' | 'baseIsFreezingLevel'>): string {
  if (advisory.baseFt === null && advisory.topFt === null && !advisory.baseIsFreezingLevel) return 'Altitudes not given';
  if (!advisory.baseIsFreezingLevel && advisory.baseFt !== null && advisory.baseFt === advisory.topFt) return altitudeText(advisory.baseFt);
  const base = advisory.baseIsFreezingLevel ? 'Freezing level' : advisory.baseFt === null ? 'Base not given' : altitudeText(advisory.baseFt);
  return `${base} to ${advisory.topFt === null ? 'top not given' : altitudeText(advisory.topFt)}`;
}
