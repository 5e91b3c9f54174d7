import type { MapOverlay } from '../layers/overlay';
import { packReadStats } from './install';
import { readFigures } from './protocol';

const NO_INPUT = {};

interface IdleMap {
  on(type: 'idle', listener: () => void): unknown;
  off(type: 'idle', listener: () => void): unknown;
}

/**
 * No layers: after each idle it writes the pack protocol's figures on the view's test hooks
 * (`data-map-pack-reads` device reads as `vfr basemap terrain`, `data-map-pack-network` tiles
 * asked of the network, `data-map-pack-read-ms` median/p95 of the device reads).
 */
export const packStatsOverlay: MapOverlay = {
  id: 'pack-stats',
  style: () => ({ sources: {}, layers: {} }),
  select: () => NO_INPUT,
  add(map, out) {
    const idle = map as unknown as IdleMap;
    const write = () => {
      const stats = packReadStats();
      if (!stats) return;
      out['mapPackReads'] = `${stats.deviceByKind.vfr} ${stats.deviceByKind.basemap} ${stats.deviceByKind.terrain}`;
      out['mapPackNetwork'] = String(stats.network);
      const figures = readFigures(stats.deviceMs);
      out['mapPackReadMs'] = figures ? `${figures.medianMs.toFixed(2)}/${figures.p95Ms.toFixed(2)}` : undefined;
    };
    idle.on('idle', write);
    return () => idle.off('idle', write);
  },
  update() {},
};
