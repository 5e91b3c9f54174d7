import { describe, expect, it } from 'vitest';
import { IssueCollector } from '../common/diagnostics.js';
import { sharedDataPath } from '../common/sharedData.js';
import { readOurAirports } from './readOurAirports.js';

// OurAirports of ../shared/data (2026-08). Counts are floors; issue counts are exact so they can
// only go down: when a change lowers one, lower the pin with it.
describe('OurAirports corpus', () => {
  it('reads every file with pinned counts and issues', async () => {
    const issues = new IssueCollector();
    const started = performance.now();
    const data = await readOurAirports(sharedDataPath('navdata/ourairports'), { issues });
    const millis = performance.now() - started;

    const runways = data.airports.reduce((n, a) => n + a.runways.length, 0);
    const frequencies = data.airports.reduce((n, a) => n + a.frequencies.length, 0);
    expect(data.airports.length).toBeGreaterThanOrEqual(85_836);
    // 48,184 rows: 1,062 closed runways left out, 260 reported below.
    expect(runways).toBeGreaterThanOrEqual(46_862);
    expect(data.closedRunways).toBe(1_062);
    expect(frequencies).toBeGreaterThanOrEqual(30_333);
    expect(data.navaids.length).toBeGreaterThanOrEqual(11_008);
    expect(new Set(data.airports.map((a) => a.id)).size).toBe(data.airports.length);

    const kinds: [string, RegExp][] = [
      ['runway without end idents', /^runway of .* without end idents/],
      ['runway of an unknown airport', /^runway of unknown airport/],
      ['frequency of an unknown airport', /^frequency of unknown airport/],
      ['frequency without a valid frequency_mhz', /^frequency of .* without a valid frequency_mhz/],
      ['heading out of range', /_heading_degT out of range/],
    ];
    const byKind: Record<string, number> = {};
    for (const i of issues.issues) {
      const kind = `${i.file} ${i.severity}: ${kinds.find(([, re]) => re.test(i.message))?.[0] ?? i.message}`;
      byKind[kind] = (byKind[kind] ?? 0) + 1;
    }
    expect(byKind).toEqual({
      'runways.csv warning: runway without end idents': 232,
      'runways.csv warning: runway of an unknown airport': 28,
      'runways.csv warning: heading out of range': 1,
      'airport-frequencies.csv warning: frequency without a valid frequency_mhz': 7,
    });
    expect(issues.counts()).toEqual({ errors: 0, warnings: 268, total: 268 });
    console.log(`OurAirports: ${millis.toFixed(0)} ms`, data.tables.map((t) => `${t.file} ${t.rows} rows ${t.millis.toFixed(0)} ms`).join(', '));
  });
});
