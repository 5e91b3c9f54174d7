// Lint for the whole monorepo. The layer rules below enforce the dependency direction of
// ../shared/docs/ARCHITECTURE.md: packages never import apps, pure packages never import Node
// built-ins, React or the DOM, and each package imports only the packages beneath it.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import regexp from 'eslint-plugin-regexp';
import globals from 'globals';
import { checkFeatureMap, featureFrontDoors } from './scripts/lint/featureFrontDoors.mjs';

const nodeBuiltins = [
  'fs', 'fs/promises', 'path', 'net', 'http', 'https', 'os', 'child_process', 'worker_threads',
  'stream', 'crypto', 'url', 'zlib', 'dgram', 'tls', 'readline', 'process', 'events',
];
const uiLibraries = ['react', 'react-dom', 'react-router', '@mui/*', 'dexie', 'maplibre-gl'];

/** Every workspace package, bottom layer first. */
const packages = ['geo', 'download', 'navdb', 'flightplan', 'weather', 'gdl90', 'inflight', 'protocol', 'sync', 'navimport', 'planfiles'];

/** What each package may import from the other packages (ARCHITECTURE.md "Layers"). */
const allowed = {
  geo: [],
  download: [],
  navdb: ['geo'],
  flightplan: ['navdb', 'geo'],
  weather: ['geo'],
  gdl90: ['weather', 'geo'],
  inflight: ['flightplan', 'geo'],
  protocol: ['geo'],
  sync: ['protocol', 'geo'],
  navimport: ['navdb', 'geo', 'download'],
  planfiles: ['flightplan', 'navdb', 'geo'],
};

/**
 * What each web feature (apps/web/src/features/<name>) may import from the other features, always
 * through their front doors: index.ts, components.ts for embedded components (test kits live in
 * src/test/, which production code never imports) (ARCHITECTURE.md "Web app", STYLE.md point 14; scripts/lint/featureFrontDoors.mjs). checkFeatureMap
 * refuses a cycle, so no two features import each other; a new feature gets a line here.
 */
const webFeatures = checkFeatureMap({
  welcome: [],
  navdata: [],
  weather: [],
  history: [],
  notams: [],
  afd: ['navdata', 'plates'],
  airport: ['navdata', 'weather', 'notams'],
  sim: [],
  profile: ['welcome'],
  account: ['profile'],
  help: ['account'],
  settings: ['navdata', 'profile'],
  pricing: ['account', 'settings', 'welcome'],
  plates: ['downloads'],
  route: ['profile', 'history', 'settings', 'navdata', 'weather', 'plates', 'notams'],
  search: ['route', 'history', 'navdata'],
  inflight: ['weather', 'sim'],
  map: ['navdata', 'route', 'weather', 'downloads', 'inflight'],
  sync: ['account', 'airport', 'history', 'profile', 'route'],
  clearsky: ['profile', 'weather'],
  wxpages: ['map', 'weather'],
  wximagery: ['weather'],
  alongroute: ['navdata', 'weather'],
  downloads: ['navdata', 'weather'],
  flightservice: ['profile'],
  briefing: ['profile', 'weather', 'notams'],
  sketch: [],
});

/** The restriction block for one package. */
function layerRule(pkg) {
  const forbiddenPackages = packages
    .filter((other) => other !== pkg && !allowed[pkg].includes(other))
    .map((other) => `@clearway/${other}`);
  const patterns = [
    {
      group: ['@clearway/server', '@clearway/web', '**/apps/**'],
      message: 'Layer rule: packages never import from an app.',
    },
    ...(forbiddenPackages.length > 0
      ? [{ group: forbiddenPackages, message: `Layer rule: packages/${pkg} may import only ${allowed[pkg].join(', ') || 'no other package'}.` }]
      : []),
    {
      group: uiLibraries,
      message: 'Layer rule: packages are pure TypeScript (no React, no DOM libraries).',
    },
  ];
  if (pkg !== 'navimport') {
    patterns.push({
      group: ['node:*', ...nodeBuiltins],
      message: 'Layer rule: pure packages have no Node I/O; pass time, storage and network in as interfaces.',
    });
  }
  return {
    files: [`packages/${pkg}/**/*.ts`],
    ignores: [`packages/${pkg}/**/*.test.ts`, `packages/${pkg}/**/*.bench.ts`],
    rules: { 'no-restricted-imports': ['error', { patterns }] },
  };
}

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'var/**', '.e2e-tmp/**', 'apps/web/dev-dist/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      eqeqeq: ['error', 'always'],
    },
  },
  {
    // ReDoS (issue 26 point 13): a pattern whose matching time grows faster than linearly with the
    // input, run on anything a client sends, blocks the event loop for everyone. These two rules
    // report such patterns (nested or adjacent overlapping quantifiers; an unanchored pattern whose
    // every failed start costs a scan of the rest). A justified exception is an eslint-disable line
    // saying why the input is bounded.
    files: ['**/*.{ts,tsx,js,mjs,cjs}'],
    plugins: { regexp },
    rules: {
      'regexp/no-super-linear-backtracking': 'error',
      'regexp/no-super-linear-move': 'error',
    },
  },
  ...packages.map(layerRule),
  {
    files: ['apps/server/**/*.ts'],
    languageOptions: { globals: globals.node },
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [
          { group: ['@clearway/web', '**/apps/web/**', ...uiLibraries], message: 'Layer rule: the server never imports the web app or UI libraries.' },
          { group: ['**/packages/*/src/**'], message: 'Import a package by its name, not its files.' },
          // apps/server/src/<module>/: another module only through its index.ts (test kits in testing/ excepted).
          { regex: '^(\\.\\./)+(?!testing/)[^./][^/]*/(?!index\\.js$)', message: 'Server modules import each other only through their index.ts (../<module>/index.js).' },
        ],
      }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.serviceworker } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': ['error', {
        patterns: [
          { group: ['@clearway/server', '**/apps/server/**', '@clearway/navimport', 'node:*', ...nodeBuiltins], message: 'Layer rule: the web app never imports the server, Node-only packages or Node built-ins.' },
          { group: ['**/packages/*/src/**'], message: 'Import a package by its name, not its files.' },
        ],
      }],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { clearway: { rules: { 'feature-front-doors': featureFrontDoors } } },
    rules: { 'clearway/feature-front-doors': ['error', { srcRoot: 'apps/web/src', features: webFeatures }] },
  },
  {
    files: ['scripts/**/*.{js,mjs}', 'e2e/**/*.{js,mjs,ts}', '*.config.{js,ts,mjs}', 'apps/*/*.config.{js,ts,mjs}'],
    languageOptions: { globals: globals.node },
  },
);
