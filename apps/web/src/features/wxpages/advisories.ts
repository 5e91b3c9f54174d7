import type { AdvisoryEntry } from '@clearway/protocol';
import { hazardClass, type HazardClass } from '../map';

/**
 * The advisories of the `airmet` snapshot as the SIGMET and G-AIRMET pages list them: grouped by
 * kind or hazard, filtered by time and altitude. Each item keeps its index in the snapshot (the map's
 * features carry it). Pure.
 */

export interface Indexed<T> {
  /** Index in the snapshot's list. */
  i: number;
  item: T;
}

/** The SIGMET page's kinds, in list order. */
export const SIGMET_KINDS = ['CONVECTIVE_SIGMET', 'SIGMET', 'CONVECTIVE_OUTLOOK', 'CWA'] as const;
export type SigmetKind = (typeof SIGMET_KINDS)[number];

export const KIND_TITLES: Record<AdvisoryEntry['kind'], string> = {
  CONVECTIVE_SIGMET: 'Convective SIGMETs',
  SIGMET: 'SIGMETs',
  CONVECTIVE_OUTLOOK: 'Convective outlooks',
  CWA: 'Center weather advisories',
  G_AIRMET: 'G-AIRMETs',
};

/** One advisory's kind in the singular, e.g. `Convective SIGMET`. */
export const KIND_NAMES: Record<AdvisoryEntry['kind'], string> = {
  CONVECTIVE_SIGMET: 'Convective SIGMET',
  SIGMET: 'SIGMET',
  CONVECTIVE_OUTLOOK: 'Convective outlook',
  CWA: 'CWA',
  G_AIRMET: 'G-AIRMET',
};

/** Hazard names (the decoder's AdvisoryHazard and the G-AIRMET XML's), in the G-AIRMET page's order. */
export const HAZARD_NAMES: Record<string, string> = {
  IFR: 'IFR',
  MOUNTAIN_OBSCURATION: 'Mountain obscuration',
  TURBULENCE: 'Turbulence',
  LLWS: 'Low-level wind shear',
  SURFACE_WIND: 'Strong surface wind',
  ICING: 'Icing',
  FREEZING_LEVEL: 'Freezing level',
  CONVECTION: 'Convection',
  VOLCANIC_ASH: 'Volcanic ash',
  DUST_SAND: 'Dust or sand',
  MOUNTAIN_WAVE: 'Mountain wave',
  TROPICAL_CYCLONE: 'Tropical cyclone',
  OTHER: 'Other',
};

export function hazardName(hazard: string): string {
  return HAZARD_NAMES[hazard.toUpperCase()] ?? hazard.replace(/_/g, ' ').toLowerCase().replace(/^\w/, (c) => c.toUpperCase());
}

/**
 * Whether an advisory reaches an altitude: between its base and top, both inclusive. A missing base
 * (or one at the freezing level, whose height is not given) counts as the surface and a missing top
 * as unlimited: an advisory whose altitudes are not known is never filtered out.
 */
export function reachesAltitude(advisory: Pick<AdvisoryEntry, 'baseFt' | 'topFt' | 'baseIsFreezingLevel'>, altitudeFt: number): boolean {
  const base = advisory.baseIsFreezingLevel || advisory.baseFt === null ? -Infinity : advisory.baseFt;
  const top = advisory.topFt === null ? Infinity : advisory.topFt;
  return altitudeFt >= base && altitudeFt <= top;
}

/** Whether an advisory is valid at a time (inclusive); one without a validity always is. */
export function validAt(advisory: Pick<AdvisoryEntry, 'validFrom' | 'validTo'>, timeMs: number): boolean {
  return (advisory.validFrom === null || timeMs >= advisory.validFrom) && (advisory.validTo === null || timeMs <= advisory.validTo);
}

export interface Group<K extends string, T> {
  key: K;
  title: string;
  items: Indexed<T>[];
}

/** The SIGMET page's advisories by kind (no G-AIRMETs), in SIGMET_KINDS order, empty kinds kept (the page says "none"). */
export function sigmetGroups(advisories: readonly AdvisoryEntry[], filter: { kinds?: ReadonlySet<SigmetKind>; altitudeFt?: number | null } = {}): Group<SigmetKind, AdvisoryEntry>[] {
  return SIGMET_KINDS.filter((kind) => !filter.kinds || filter.kinds.has(kind)).map((kind) => ({
    key: kind,
    title: KIND_TITLES[kind],
    items: advisories
      .map((item, i) => ({ i, item }))
      .filter(({ item }) => item.kind === kind && (filter.altitudeFt === null || filter.altitudeFt === undefined || reachesAltitude(item, filter.altitudeFt)))
      .sort((a, b) => (a.item.validFrom ?? 0) - (b.item.validFrom ?? 0) || a.item.id.localeCompare(b.item.id)),
  }));
}

/** The distinct times of the G-AIRMETs (each is a snapshot valid at one time, every 3 hours), ascending. */
export function gairmetTimes(advisories: readonly AdvisoryEntry[]): number[] {
  const times = new Set<number>();
  for (const advisory of advisories) if (advisory.kind === 'G_AIRMET' && advisory.validFrom !== null) times.add(advisory.validFrom);
  return [...times].sort((a, b) => a - b);
}

/** The time to show first: the latest at or before now (the one in force), else the first to come; null when none. */
export function currentTime(times: readonly number[], now: number): number | null {
  let best: number | null = null;
  for (const time of times) if (time <= now) best = time;
  return best ?? times[0] ?? null;
}

/** The hazards of the G-AIRMETs, in HAZARD_NAMES order then by name. */
export function gairmetHazards(advisories: readonly AdvisoryEntry[]): string[] {
  const order = Object.keys(HAZARD_NAMES);
  const rank = (hazard: string) => {
    const at = order.indexOf(hazard.toUpperCase());
    return at < 0 ? order.length : at;
  };
  return [...new Set(advisories.filter((a) => a.kind === 'G_AIRMET').map((a) => a.hazard))].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
}

/**
 * The G-AIRMETs by hazard: those of the chosen time (null: every time), of the chosen hazards (null:
 * all), reaching the chosen altitude (null: any). Hazards without one are left out.
 */
export function gairmetGroups(
  advisories: readonly AdvisoryEntry[],
  filter: { timeMs: number | null; hazards: ReadonlySet<string> | null; altitudeFt: number | null },
): Group<string, AdvisoryEntry>[] {
  const groups: Group<string, AdvisoryEntry>[] = [];
  for (const hazard of gairmetHazards(advisories)) {
    if (filter.hazards && !filter.hazards.has(hazard)) continue;
    const items = advisories
      .map((item, i) => ({ i, item }))
      .filter(({ item }) => item.kind === 'G_AIRMET' && item.hazard === hazard
        && (filter.timeMs === null || item.validFrom === filter.timeMs)
        && (filter.altitudeFt === null || reachesAltitude(item, filter.altitudeFt)))
      .sort((a, b) => (a.item.validFrom ?? 0) - (b.item.validFrom ?? 0) || a.item.id.localeCompare(b.item.id));
    if (items.length > 0) groups.push({ key: hazard, title: hazardName(hazard), items });
  }
  return groups;
}

/**
 * The colour class of an advisory: the map layer's (features/map hazardClass), with the G-AIRMET
 * XML's hazard names it does not know placed: mountain obscuration as mountain, freezing level with
 * icing.
 */
export function hazardClassOf(advisory: Pick<AdvisoryEntry, 'kind' | 'hazard'>): HazardClass {
  const hazard = advisory.hazard.toUpperCase();
  if (hazard === 'MOUNTAIN_OBSCURATION' || hazard === 'MOUNTAIN_WAVE') return 'mountain';
  if (hazard === 'FREEZING_LEVEL') return 'icing';
  return hazardClass(advisory);
}
