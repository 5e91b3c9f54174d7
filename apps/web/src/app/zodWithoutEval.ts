/**
 * Makes zod parse without compiling code, before any schema exists. Zod builds fast object parsers
 * with `new Function` when it may and probes for that with `Function('')` as the first object
 * schema is made; under the app's CSP (script-src without 'unsafe-eval') the refused probe is
 * reported as a CSP violation, though zod then parses without it anyway. Its `jitless` setting
 * skips the probe, but only if set before the first schema, and zod loads in a chunk of its own
 * (with the protocol's schemas) after start. So the setting goes where zod reads its settings from:
 * `globalThis.__zod_globalConfig`, which zod (4.6, core.js) creates only when absent and shares
 * between its copies. index.html sets it first of all with public/zod-jitless.js, a classic script
 * that runs before any module: a start-up chunk that makes a schema at its top level (the nav index)
 * runs before the entry's own code, so main.tsx's import of this file alone came too late. Kept for
 * the tests and as the typed form of the setting; origin.e2e.ts fails on any CSP violation if a zod
 * upgrade stops reading it.
 */
export function parseWithoutEval(global: { __zod_globalConfig?: { jitless?: boolean } } = globalThis as never): void {
  global.__zod_globalConfig ??= {};
  global.__zod_globalConfig.jitless = true;
}

parseWithoutEval();
