import { findChartRegion, type PackKind } from '@clearway/protocol';
import type { DevicePack } from './packTiles';

/** How a pack kind is named in the banner. */
export const PACK_KIND_NAMES: Record<PackKind, string> = { vfr: 'VFR chart', 'ifr-low': 'IFR low chart', 'ifr-high': 'IFR high chart', basemap: 'basemap', terrain: 'terrain' };

export interface ExpiredRegion {
  region: string;
  /** The region's display name (chartRegions.ts), else its code. */
  name: string;
  cycle: string;
  /** The first day it is no longer valid, YYYY-MM-DD. */
  expires: string;
  kinds: PackKind[];
  /** The banner's sentence. */
  text: string;
}

function list(words: string[]): string {
  return words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}

/**
 * The stored packs whose cycle has expired on `todayIso` (UTC, YYYY-MM-DD): valid until 00:00 UTC
 * of their `expires` day. One entry per region and cycle, earliest expiry first. Pure.
 */
export function expiredRegions(packs: readonly DevicePack[], todayIso: string): ExpiredRegion[] {
  const byRegion = new Map<string, ExpiredRegion>();
  for (const pack of packs) {
    if (pack.expires > todayIso) continue;
    const key = `${pack.region}@${pack.cycle}`;
    const entry = byRegion.get(key) ?? { region: pack.region, name: findChartRegion(pack.region)?.name ?? pack.region, cycle: pack.cycle, expires: pack.expires, kinds: [], text: '' };
    entry.kinds.push(pack.kind);
    if (pack.expires < entry.expires) entry.expires = pack.expires;
    byRegion.set(key, entry);
  }
  const order: PackKind[] = ['vfr', 'ifr-low', 'ifr-high', 'basemap', 'terrain'];
  return [...byRegion.values()]
    .map((entry) => {
      const kinds = order.filter((kind) => entry.kinds.includes(kind));
      const what = `${list(kinds.map((kind) => PACK_KIND_NAMES[kind]))} ${kinds.length === 1 ? 'pack' : 'packs'}`;
      return { ...entry, kinds, text: `${entry.name}: downloaded ${what} of cycle ${entry.cycle} expired on ${entry.expires}. Do not use for navigation; update on the Downloads page.` };
    })
    .sort((a, b) => a.expires.localeCompare(b.expires) || a.name.localeCompare(b.name));
}
