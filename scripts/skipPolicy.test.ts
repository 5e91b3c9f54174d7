// The skip policy of `npm test` (scripts/lib/skips.mjs): ALLOW_SKIP is read strictly, and a skipped
// test passes only when one of its service tags is named. The tags are read from a real vitest JSON
// report of a small fixture run, the same report scripts/test.mjs reads.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from './lib/ensure.mjs';
import { judgeSkips, parseAllowSkip, refusedSkipReport, skippedTests, type SkippedTest } from './lib/skips.mjs';

describe('ALLOW_SKIP', () => {
  it('takes a comma-separated list of service names, spaces and case ignored', () => {
    expect(parseAllowSkip(' Postgres, redis ,', false)).toEqual({ names: new Set(['postgres', 'redis']) });
    expect(parseAllowSkip(undefined, false)).toEqual({ names: new Set() });
    expect(parseAllowSkip('', true)).toEqual({ names: new Set() });
  });

  it('is refused under CI and when it names something that is not a service', () => {
    expect(parseAllowSkip('postgres', true).error).toBe('ALLOW_SKIP=postgres is set under CI: CI runs every test; unset it.');
    expect(parseAllowSkip('postgres,chromium', false).error).toBe(
      'ALLOW_SKIP names chromium, which no test is tagged with; it takes a comma-separated list of postgres, redis.',
    );
  });
});

describe('skipped tests in a vitest JSON report', () => {
  const dir = mkdtempSync(join(tmpdir(), 'clearway-skips-'));
  let skipped: SkippedTest[] = [];

  beforeAll(() => {
    // A fixture project: a suite tagged postgres skipped as a missing server skips it, an untagged
    // it.skip, a todo and a test that runs. Plain files, globals on, so nothing needs resolving.
    writeFileSync(
      join(dir, 'vitest.config.mjs'),
      "export default { test: { globals: true, include: ['*.test.mjs'], tags: [{ name: 'postgres' }, { name: 'redis' }] } };\n",
    );
    writeFileSync(
      join(dir, 'fixture.test.mjs'),
      [
        "describe('on PostgreSQL', { tags: ['postgres'] }, () => {",
        "  describe.skipIf(true)('on TEST_DATABASE_URL', () => { it('stores', () => {}); it('reads', () => {}); });",
        '});',
        "it.skip('forgotten', () => {});",
        "it.todo('later');",
        "it('runs', () => {});",
        '',
      ].join('\n'),
    );
    const report = join(dir, 'report.json');
    const vitest = join(repoRoot, 'node_modules', 'vitest', 'vitest.mjs');
    const result = spawnSync(process.execPath, [vitest, 'run', '--root', dir, '--reporter=json', `--outputFile=${report}`], { encoding: 'utf8', timeout: 60_000 });
    if (result.status !== 0) throw new Error(`fixture vitest run failed (${result.status}): ${result.stderr}`);
    skipped = skippedTests(JSON.parse(readFileSync(report, 'utf8')), dir);
  }, 90_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('lists every test that did not run, with the tags it inherits from its suite', () => {
    expect(skipped.map((test) => [test.file, test.name, test.tags])).toEqual([
      ['fixture.test.mjs', 'on PostgreSQL on TEST_DATABASE_URL stores', ['postgres']],
      ['fixture.test.mjs', 'on PostgreSQL on TEST_DATABASE_URL reads', ['postgres']],
      ['fixture.test.mjs', 'forgotten', []],
      ['fixture.test.mjs', 'later', []],
    ]);
  });

  it('refuses every skip without ALLOW_SKIP, and only the untagged ones with ALLOW_SKIP=postgres', () => {
    expect(judgeSkips(skipped, new Set()).refused).toHaveLength(4);
    expect(judgeSkips(skipped, new Set(['redis'])).refused).toHaveLength(4);
    const withPostgres = judgeSkips(skipped, new Set(['postgres']));
    expect(withPostgres.excused).toBe(2);
    expect(withPostgres.refused.map((test) => test.name)).toEqual(['forgotten', 'later']);
  });

  it('says what to do about refused skips', () => {
    expect(refusedSkipReport(judgeSkips(skipped, new Set()).refused)).toEqual([
      '  fixture.test.mjs > on PostgreSQL on TEST_DATABASE_URL stores [postgres]',
      '  fixture.test.mjs > on PostgreSQL on TEST_DATABASE_URL reads [postgres]',
      '  fixture.test.mjs > forgotten',
      '  fixture.test.mjs > later',
      'Start the missing service, or run without it on purpose: ALLOW_SKIP=postgres npm test.',
    ]);
    expect(refusedSkipReport(judgeSkips(skipped, new Set(['postgres'])).refused).at(-1)).toBe(
      'Only tests tagged with a service (postgres, redis) may be skipped, and only by name: remove the skip.',
    );
  });
});
