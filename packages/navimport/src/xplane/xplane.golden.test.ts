import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { formatIssue, IssueCollector } from '../common/diagnostics.js';
import { readXPlane } from './readXPlane.js';
import type { XPlaneData } from './types.js';

/** Golden cases: `cases/xplane/<name>/input/*.dat` and `expected.json`; UPDATE_GOLDEN=1 rewrites. */
const casesDir = fileURLToPath(new URL('../../cases/xplane/', import.meta.url));
const update = process.env['UPDATE_GOLDEN'] === '1';

/** What a case pins: counts, every issue and the whole model, degrees to 1e-6. */
function snapshot(data: XPlaneData, issues: IssueCollector, inputDir: string): unknown {
  const text = JSON.stringify(
    {
      edition: data.edition,
      files: data.files,
      stats: data.stats,
      counts: {
        airports: data.airports.length,
        runways: data.airports.reduce((n, a) => n + a.runways.length, 0),
        navaids: data.navaids.length,
        fixes: data.fixes.length,
        airways: data.airways.length,
        ils: data.ils.length,
      },
      issues: issues.issues.map(formatIssue),
      airports: data.airports,
      navaids: data.navaids,
      fixes: data.fixes,
      airways: data.airways,
      ils: data.ils,
    },
    (key, value: unknown) => (typeof value === 'number' && key.endsWith('Deg') ? Math.round(value * 1e6) / 1e6 : value),
  );
  return JSON.parse(text.split(inputDir).join('<input>')) as unknown;
}

describe('X-Plane golden cases', () => {
  const names = readdirSync(casesDir).filter((n) => existsSync(join(casesDir, n, 'input')));
  it('has cases', () => expect(names).toEqual(expect.arrayContaining(['sf-bay', 'apt810', 'metadata-1100', 'awy-chains', 'bad-input'])));
  for (const name of names) {
    it(name, async () => {
      const input = join(casesDir, name, 'input');
      const issues = new IssueCollector();
      const data = await readXPlane(input, { issues });
      const actual = snapshot(data, issues, input);
      const expectedPath = join(casesDir, name, 'expected.json');
      if (update) writeFileSync(expectedPath, `${JSON.stringify(actual, null, 2)}\n`);
      expect(existsSync(expectedPath), `${expectedPath} is missing; run with UPDATE_GOLDEN=1 to write it`).toBe(true);
      expect(actual).toEqual(JSON.parse(readFileSync(expectedPath, 'utf8')));
    });
  }
});
