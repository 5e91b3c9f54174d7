// The skip policy of `npm test` (TESTING.md "No silent skips"): a test may be skipped only when it
// needs a service that ALLOW_SKIP names. Tests that need one carry it as a vitest tag (vitest.config.ts
// serviceTags; apps/server/src/testing/skips.ts requireService), which the JSON report keeps.

/** What ALLOW_SKIP may name: the service tags. */
export const SKIPPABLE = ['postgres', 'redis'];

/**
 * The names in ALLOW_SKIP (comma-separated, spaces and case ignored), or the reason it is refused:
 * under CI (CI runs every test) or when it names something that is not a service tag.
 */
export function parseAllowSkip(value, ci) {
  const names = (value ?? '').split(',').map((name) => name.trim().toLowerCase()).filter((name) => name !== '');
  if (names.length > 0 && ci) return { error: `ALLOW_SKIP=${value} is set under CI: CI runs every test; unset it.` };
  const unknown = names.filter((name) => !SKIPPABLE.includes(name));
  if (unknown.length > 0) {
    return { error: `ALLOW_SKIP names ${unknown.join(', ')}, which no test is tagged with; it takes a comma-separated list of ${SKIPPABLE.join(', ')}.` };
  }
  return { names: new Set(names) };
}

/** The tests a vitest JSON report shows as not run (skipped, todo, pending), with their file and tags. */
export function skippedTests(report, root) {
  return (report.testResults ?? []).flatMap((result) =>
    (result.assertionResults ?? [])
      .filter((test) => test.status !== 'passed' && test.status !== 'failed')
      .map((test) => ({ file: root && result.name.startsWith(`${root}/`) ? result.name.slice(root.length + 1) : result.name, name: test.fullName, tags: test.tags ?? [] })),
  );
}

/** Splits skipped tests into those ALLOW_SKIP asked for (one of their tags is named) and the rest. */
export function judgeSkips(skipped, allowed) {
  const refused = skipped.filter((test) => !test.tags.some((tag) => allowed.has(tag)));
  return { excused: skipped.length - refused.length, refused };
}

/** The lines that explain refused skips: up to 20 tests, then what to do. */
export function refusedSkipReport(refused) {
  const lines = refused.slice(0, 20).map((test) => `  ${test.file} > ${test.name}${test.tags.length > 0 ? ` [${test.tags.join(', ')}]` : ''}`);
  if (refused.length > 20) lines.push(`  ... and ${refused.length - 20} more`);
  const names = [...new Set(refused.flatMap((test) => test.tags).filter((tag) => SKIPPABLE.includes(tag)))];
  lines.push(
    names.length > 0
      ? `Start the missing service, or run without it on purpose: ALLOW_SKIP=${names.join(',')} npm test.`
      : `Only tests tagged with a service (${SKIPPABLE.join(', ')}) may be skipped, and only by name: remove the skip.`,
  );
  return lines;
}
