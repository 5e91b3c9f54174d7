import type { TestContext } from 'vitest';

/**
 * Services a test run may go without, when asked for by name: `ALLOW_SKIP=postgres,redis`. Each is
 * also a vitest tag (vitest.config.ts, e2e/vitest.config.ts) on the tests that need it, so
 * scripts/test.mjs can tell an allowed skip from any other in the JSON report.
 */
export const SKIPPABLE_SERVICES = ['postgres', 'redis'] as const;
export type SkippableService = (typeof SKIPPABLE_SERVICES)[number];

/** CI runs every test: there nothing may be skipped, whatever ALLOW_SKIP says. */
const IN_CI = Boolean(process.env.CI);

/** The services ALLOW_SKIP names (comma-separated, case and spaces ignored); none under CI. */
export function allowedSkips(env: NodeJS.ProcessEnv = process.env): ReadonlySet<string> {
  if (env.CI) return new Set();
  return new Set((env.ALLOW_SKIP ?? '').split(',').map((name) => name.trim().toLowerCase()).filter((name) => name !== ''));
}

/**
 * The check at the head of a suite that needs `service`: nothing when it is there. When it is
 * missing the test fails with `reason`, unless ALLOW_SKIP names the service outside CI; then it is
 * skipped with a warning (the default reporter hides skip notes), and so are the suite's tests.
 */
export function requireService(context: TestContext, service: SkippableService, available: boolean, reason: string): void {
  if (available) return;
  if (IN_CI) throw new Error(`CI is set but ${reason}`);
  if (!allowedSkips().has(service)) throw new Error(`${reason}. To run without it on purpose, set ALLOW_SKIP=${service}.`);
  console.warn(`Skipped by ALLOW_SKIP=${service}: ${reason}`);
  context.skip(reason);
}
