import type { StationTemperatures } from '@clearway/flightplan';
import type { FboSnapshot } from '@clearway/protocol';
import { decodeFbBulletin, FB_STATION_POSITIONS, fbUseWindowMs } from '@clearway/weather';

/**
 * The winds-aloft stations whose temperatures give the profile's freezing level (issue 24): the FB
 * bulletins of the `fbo` snapshot (the ones the navlog's winds come from) in their FOR USE window at
 * `timeMs`; a station in several such bulletins counts once, from the one valid nearest `timeMs`.
 * Stations without a known position are left out. Empty without a snapshot or a bulletin in use.
 */
export function freezingStations(snapshot: Pick<FboSnapshot, 'bulletins'> | null, timeMs: number): StationTemperatures[] {
  if (!snapshot) return [];
  const byId = new Map<string, { station: StationTemperatures; offsetMs: number }>();
  for (const b of snapshot.bulletins) {
    const decoded = decodeFbBulletin(b.raw);
    const window = fbUseWindowMs(decoded.bulletin, b.year, b.month);
    if (!window || timeMs < window.startMs || timeMs > window.endMs) continue;
    const offsetMs = Math.abs(window.validMs - timeMs);
    for (const s of decoded.stations) {
      const pos = FB_STATION_POSITIONS[s.id];
      if (!pos) continue;
      const had = byId.get(s.id);
      if (!had || offsetMs < had.offsetMs) byId.set(s.id, { station: { id: s.id, lat: pos[0], lon: pos[1], levels: s.levels }, offsetMs });
    }
  }
  return [...byId.values()].map((x) => x.station);
}
