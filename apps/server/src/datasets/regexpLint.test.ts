import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The repository's own eslint.config.js, as `npm run lint` runs it.
const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));

async function ruleIds(code: string): Promise<string[]> {
  const eslint = new ESLint({ cwd: repoRoot });
  const [result] = await eslint.lintText(code, { filePath: `${repoRoot}apps/server/src/datasets/lintProbe.ts` });
  return (result?.messages ?? []).map((message) => message.ruleId ?? `fatal: ${message.message}`);
}

describe('the lint refuses super-linear patterns (issue 26 point 13)', () => {
  it.each([
    ['nested quantifiers', String.raw`export const bad = /(a+)+$/.test('x');`, 'regexp/no-super-linear-backtracking'],
    ['the former Range pattern', String.raw`export const bad = /^\s*bytes\s*=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec('x');`, 'regexp/no-super-linear-backtracking'],
    ['an unanchored trailing run', String.raw`export const bad = 'x'.replace(/\s*-\s*$/, '');`, 'regexp/no-super-linear-move'],
  ])('%s', async (_name, code, rule) => {
    expect(await ruleIds(code)).toContain(rule);
  }, 60_000);

  it('passes the linear forms used instead', async () => {
    expect(await ruleIds(String.raw`export const good = 'x/'.replace(/(?<!\/)\/+$/, '') + /^(VNAV|[@+VJH])?\s*(\d{1,5})$/i.exec('x');`)).toEqual([]);
  }, 60_000);
});
