import { describe, expect, it } from 'vitest';
import type { PackIndex } from '@clearway/protocol';
import { quotaProblem } from './downloadsClient';
import { isExpired, regionRows } from './rows';

const region = { code: 'Seattle', name: 'Seattle', alaska: false, bounds: [-125, 44.5, -117, 49] as [number, number, number, number] };
const pack = (kind: 'vfr' | 'terrain', cycle: string, bytes: number) => ({
  kind,
  cycle,
  effective: cycle,
  expires: cycle === '2026-07-09' ? '2026-09-03' : '2026-10-29',
  bytes,
  sha256: 'a'.repeat(64),
  etag: '"x"',
  url: `/packs/${cycle}/Seattle.${kind}.pmtiles`,
  tiles: 1,
  minZoom: 0,
  maxZoom: 1,
});

describe('region rows', () => {
  const index: PackIndex = { version: 1, channel: 'current', cycles: ['2026-09-03', '2026-07-09'], regions: [{ ...region, packs: [pack('vfr', '2026-09-03', 300), pack('terrain', '2026-09-03', 200), pack('vfr', '2026-07-09', 100)] }] };

  it("offers the newest cycle's packs with their total size; a region without packs is not available", () => {
    const [row] = regionRows([region], index, []);
    expect(row).toMatchObject({ cycle: '2026-09-03', bytes: 500, updateAvailable: false, storedCycle: null });
    expect(row?.chunks.map((c) => c.kind)).toEqual(['vfr', 'terrain']);
    expect(regionRows([region], { ...index, regions: [{ ...region, packs: [] }] }, [])[0]).toMatchObject({ cycle: null, bytes: 0 });
  });

  it("says 'update available' when the device holds an older cycle, and marks expired packs", () => {
    const stored = [{ region: 'Seattle', kind: 'vfr' as const, cycle: '2026-07-09', bytes: 100, sha256: 'a'.repeat(64), expires: '2026-09-03' }];
    const [row] = regionRows([region], index, stored);
    expect(row).toMatchObject({ storedCycle: '2026-07-09', storedBytes: 100, updateAvailable: true, storedExpires: '2026-09-03' });
    expect(isExpired('2026-09-03', Date.parse('2026-09-02T23:59:59Z'))).toBe(false);
    expect(isExpired('2026-09-03', Date.parse('2026-09-03T00:00:00Z'))).toBe(true);
  });
});

describe('download quota', () => {
  it('refuses a download that would pass the quota, naming the sizes', () => {
    expect(quotaProblem('Seattle', 100_000_000, 350_000_000, 500)).toBeNull();
    expect(quotaProblem('Seattle', 100_000_000, 450_000_000, 500)).toBe(
      'Not downloaded: Seattle (100 MB) would pass the download quota of 500 MB (450 MB already used). Raise the quota or delete packs first.',
    );
  });
});
