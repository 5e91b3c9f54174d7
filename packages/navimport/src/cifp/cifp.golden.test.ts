import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { formatIssue, IssueCollector } from '../common/diagnostics.js';
import { readCifp } from './readCifp.js';
import type { CifpData } from './types.js';

/** Golden cases: `cases/cifp/<name>/input/FAACIFP18` and `expected.json`; UPDATE_GOLDEN=1 rewrites. */
const casesDir = fileURLToPath(new URL('../../cases/cifp/', import.meta.url));
const update = process.env['UPDATE_GOLDEN'] === '1';

/** What a case pins: counts, every issue and the whole model, degrees to 1e-6. */
function snapshot(data: CifpData, issues: IssueCollector): unknown {
  const text = JSON.stringify(
    {
      edition: data.edition,
      effective: data.effective,
      files: data.files,
      stats: data.stats,
      counts: {
        airports: data.airports.length,
        runways: data.airports.reduce((n, a) => n + a.runways.length, 0),
        navaids: data.navaids.length,
        fixes: data.fixes.length,
        airways: data.airways.length,
        procedures: data.procedures.length,
        transitions: data.procedures.reduce((n, p) => n + p.transitions.length, 0),
        legs: data.procedures.reduce((n, p) => n + p.transitions.reduce((m, t) => m + t.legs.length, 0), 0),
      },
      issues: issues.issues.map(formatIssue),
      airports: data.airports,
      navaids: data.navaids,
      fixes: data.fixes,
      airways: data.airways,
      procedures: data.procedures,
    },
    (key, value: unknown) => (typeof value === 'number' && key.endsWith('Deg') ? Math.round(value * 1e6) / 1e6 : value),
  );
  return JSON.parse(text) as unknown;
}

describe('CIFP golden cases', () => {
  const names = readdirSync(casesDir).filter((n) => existsSync(join(casesDir, n, 'input', 'FAACIFP18')));
  it('has cases', () => expect(names).toEqual(expect.arrayContaining(['khwd', 'kjfk-ksfo', 'synthetic-sid-ndb', 'bad-input'])));
  for (const name of names) {
    it(name, async () => {
      const issues = new IssueCollector();
      const data = await readCifp(join(casesDir, name, 'input', 'FAACIFP18'), { issues });
      const actual = snapshot(data, issues);
      const expectedPath = join(casesDir, name, 'expected.json');
      if (update) writeFileSync(expectedPath, `${JSON.stringify(actual, null, 2)}\n`);
      expect(existsSync(expectedPath), `${expectedPath} is missing; run with UPDATE_GOLDEN=1 to write it`).toBe(true);
      expect(actual).toEqual(JSON.parse(readFileSync(expectedPath, 'utf8')));
    });
  }
});
