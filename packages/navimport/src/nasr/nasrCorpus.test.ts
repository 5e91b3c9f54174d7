import { describe, expect, it } from 'vitest';
import { IssueCollector } from '../common/diagnostics.js';
import { sharedDataPath } from '../common/sharedData.js';
import { readNasr } from './readNasr.js';

// The national NASR files of ../shared/data (APT_BASE 2023-04-20, NAV_BASE and FIX_BASE 2023-09-07,
// APT_RWY 2024-12-26). Counts are floors; issue counts are exact so they can only go down: when a
// change lowers one, lower the pin with it.
describe('NASR national corpus', () => {
  it('reads every national table with pinned counts and issues', async () => {
    const issues = new IssueCollector();
    const started = performance.now();
    const data = await readNasr(sharedDataPath('navdata/faa-nasr/national'), { issues });
    const millis = performance.now() - started;

    const runways = data.airports.reduce((n, a) => n + a.runways.length, 0);
    expect(data.airports.length).toBeGreaterThanOrEqual(19_958);
    // 24,043 APT_RWY rows are read; 583 belong to airports missing from the older APT_BASE.
    expect(data.tables.find((t) => t.file === 'APT_RWY.csv')?.rows).toBeGreaterThanOrEqual(24_000);
    expect(runways).toBeGreaterThanOrEqual(23_460);
    // 1,786 NAV_BASE rows less 5 shut down.
    expect(data.navaids.length).toBeGreaterThanOrEqual(1_781);
    expect(data.fixes.length).toBeGreaterThanOrEqual(67_260);
    expect(data.edition).toBe('2023-04-20');
    expect(data.files).toEqual(['NAV_BASE.csv', 'FIX_BASE.csv', 'APT_BASE.csv', 'APT_RWY.csv']);

    const kinds: [string, RegExp][] = [
      ['runway of an airport not in APT_BASE', /^runway .* of unknown airport/],
      ['duplicate SITE_NO', /^duplicate SITE_NO/],
      ['table not in the folder', /not found in/],
      ['tables of different editions', /^tables of different editions/],
    ];
    const byKind: Record<string, number> = {};
    for (const i of issues.issues) {
      const kind = `${i.file} ${i.severity}: ${kinds.find(([, re]) => re.test(i.message))?.[0] ?? i.message}`;
      byKind[kind] = (byKind[kind] ?? 0) + 1;
    }
    expect(byKind).toEqual({
      // APT_RWY is 20 months newer than APT_BASE: runways of airports opened in between.
      'APT_RWY.csv warning: runway of an airport not in APT_BASE': 583,
      'APT_BASE.csv warning: tables of different editions': 1,
      'APT_RWY_END.csv warning: table not in the folder': 1,
      'FRQ.csv warning: table not in the folder': 1,
      'ILS_BASE.csv warning: table not in the folder': 1,
      'APT_RMK.csv warning: table not in the folder': 1,
      'AWY_SEG_ALT.csv warning: table not in the folder': 1,
      'AWY_BASE.csv warning: table not in the folder': 1,
    });
    expect(issues.counts()).toEqual({ errors: 0, warnings: 590, total: 590 });
    // Informational: the whole national read, for the issue note.
    console.log(`NASR national: ${millis.toFixed(0)} ms`, data.tables.map((t) => `${t.file} ${t.rows} rows ${t.millis.toFixed(0)} ms`).join(', '));
  });
});
