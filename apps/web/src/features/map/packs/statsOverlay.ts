import type { MapOverlay } from '../layers/overlay';
import { packReadStats } from './install';
import { readFigures } from './protocol';

const NO_INPUT = {};

interface IdleMap {
  on(type: 'idle' | 'data', listener: () => void): unknown;
  off(type: 'idle' | 'data', listener: () => void): unknown;
}

/** While tiles load (3D terrain on a busy machine may not reach idle for long), the figures are written at most this often. */
const DATA_WRITE_INTERVAL_MS = 500;

/**
 * No layers: after each idle, and while tiles load at most every 500 ms, it writes the pack protocol's figures on the view's test hooks
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
    let lastData = 0;
    const onData = () => {
      const now = Date.now();
      if (now - lastData < DATA_WRITE_INTERVAL_MS) return;
      lastData = now;
      write();
    };
    idle.on('idle', write);
    idle.on('data', onData);
    return () => {
      idle.off('idle', write);
      idle.off('data', onData);
    };
  },
  update() {},
};
