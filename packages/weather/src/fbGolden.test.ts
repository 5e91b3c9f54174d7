import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { decodeFbBulletin } from './index.js';

/** Golden cases: `cases/fb/<name>/input.txt` and `expected.json`; UPDATE_GOLDEN=1 rewrites them. */
const casesDir = fileURLToPath(new URL('../cases/fb/', import.meta.url));
const update = process.env['UPDATE_GOLDEN'] === '1';

describe('FB golden cases', () => {
  const names = readdirSync(casesDir).filter((n) => existsSync(join(casesDir, n, 'input.txt')));
  it('has cases', () => expect(names).toEqual(expect.arrayContaining(['conus-excerpt', 'pacific-low-levels', 'malformed', 'strong-winds'])));
  for (const name of names) {
    it(name, () => {
      const actual = JSON.parse(JSON.stringify(decodeFbBulletin(readFileSync(join(casesDir, name, 'input.txt'), 'utf8')))) as unknown;
      const expectedPath = join(casesDir, name, 'expected.json');
      if (update) writeFileSync(expectedPath, `${JSON.stringify(actual, null, 2)}\n`);
      expect(existsSync(expectedPath), `${expectedPath} is missing; run with UPDATE_GOLDEN=1 to write it`).toBe(true);
      expect(actual).toEqual(JSON.parse(readFileSync(expectedPath, 'utf8')));
    });
  }
});
