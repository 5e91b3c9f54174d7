// Runs before any module of the app (a classic script ahead of the module entry in index.html): zod
// must parse without compiling code under the app's CSP (no 'unsafe-eval'), and it reads this setting
// when its first object schema is made, which can happen in a start-up chunk that the bundler runs
// before the entry's own first line. See src/app/zodWithoutEval.ts.
globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, { jitless: true });
