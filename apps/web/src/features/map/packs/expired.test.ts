import { describe, expect, it } from 'vitest';
import { expiredRegions } from './expired';

const pack = (region: string, kind: 'vfr' | 'basemap' | 'terrain', cycle: string, expires: string) => ({ region, kind, cycle, expires, sha256: 'x' });

describe('expired packs', () => {
  it('names each region whose packs expired, with its cycle and the day, from that day on (UTC)', () => {
    const packs = [pack('New_York', 'vfr', '2026-07-09', '2026-09-03'), pack('New_York', 'terrain', '2026-07-09', '2026-09-03'), pack('Seattle', 'vfr', '2026-09-03', '2026-10-29')];
    expect(expiredRegions(packs, '2026-09-02')).toEqual([]);
    const [only, ...rest] = expiredRegions(packs, '2026-09-03');
    expect(rest).toEqual([]);
    expect(only).toMatchObject({ region: 'New_York', name: 'New York', cycle: '2026-07-09', expires: '2026-09-03', kinds: ['vfr', 'terrain'] });
    expect(only!.text).toBe('New York: downloaded VFR chart and terrain packs of cycle 2026-07-09 expired on 2026-09-03. Do not use for navigation; update on the Downloads page.');
    expect(expiredRegions(packs, '2026-11-25').map((entry) => entry.region)).toEqual(['New_York', 'Seattle']);
  });

  it('says pack for one kind and keeps an unknown region code as its name', () => {
    const [entry] = expiredRegions([pack('Nowhere', 'basemap', '2026-07-09', '2026-09-03')], '2026-11-25');
    expect(entry!.text).toBe('Nowhere: downloaded basemap pack of cycle 2026-07-09 expired on 2026-09-03. Do not use for navigation; update on the Downloads page.');
  });
});
